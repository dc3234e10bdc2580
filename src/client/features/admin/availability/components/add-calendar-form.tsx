/**
 * 'Add a calendar' (docs/product.md §11): a name, an iCal address or a CalDAV account (username and app
 * password), and whether all-day events block the day. Validated by the schema the server parses
 * with; the server then reads the calendar once, and a failure shows its message as is (it says
 * why: the address, the password, the answer). On success, what it found.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, CheckCircle2, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { calendarInputSchema, type CalendarKind } from '@shared/schemas/other-calendar';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { ApiError, errorCode } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useAddCalendar } from '../api/add-calendar';
import { syncSummary } from '../other-calendars';
import { CALENDAR_TEXTS as T, CALENDAR_TOASTS } from '../texts';
import { CalendarKindChoice } from './calendar-kind-choice';

type FormInput = z.input<typeof calendarInputSchema>;
type FormOutput = z.output<typeof calendarInputSchema>;
type FieldName = keyof FormInput;

const EMPTY: FormInput = { name: '', url: '', username: '', password: '', allDayBlocks: true };
const FIELDS: readonly FieldName[] = ['name', 'url', 'username', 'password', 'allDayBlocks'];
/** The server read the calendar and says why it could not: shown as is, above the button. */
const EXPLAINED_FAILURES = new Set(['CALENDAR_UNREACHABLE', 'CALENDAR_UNREADABLE', 'CALENDAR_AUTH_FAILED']);

export function AddCalendarForm() {
  const id = useId();
  const [kind, setKind] = useState<CalendarKind>('ics');
  const [failure, setFailure] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const add = useAddCalendar();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(calendarInputSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const chooseKind = (next: CalendarKind) => {
    setKind(next);
    // An iCal address has no account: nothing typed for CalDAV is sent with it.
    if (next === 'ics') {
      form.setValue('username', '');
      form.setValue('password', '');
      form.clearErrors(['username', 'password']);
    }
  };

  const showServerErrors = (error: unknown) => {
    const code = errorCode(error);
    if (code === 'UNAUTHENTICATED') return;
    const message = error instanceof ApiError ? error.body?.message : undefined;
    if (code === 'VALIDATION_FAILED' && error instanceof ApiError && error.fieldErrors.length > 0) {
      for (const { path, message: text } of error.fieldErrors) {
        const field = FIELDS.find((f) => f === path);
        if (field) form.setError(field, { message: text }, { shouldFocus: true });
        else setFailure(text);
      }
    } else if (code === 'CALENDAR_URL_REFUSED' && message) {
      form.setError('url', { message }, { shouldFocus: true });
    } else if (code && EXPLAINED_FAILURES.has(code) && message) {
      setFailure(message);
    } else {
      toast({ title: 'Error', description: message ?? CALENDAR_TOASTS.addFailed, variant: 'destructive' });
    }
  };

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    setAdded(null);
    add.mutate(values, {
      onSuccess: (calendar) => {
        toast(CALENDAR_TOASTS.added(calendar.name));
        setAdded(`${calendar.name}: ${syncSummary(calendar)}`);
        form.reset(EMPTY);
        setKind('ics');
      },
      onError: showServerErrors,
    });
  });

  const pending = add.isPending;
  const field = (name: FieldName) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-base font-semibold">
        {T.addTitle}
      </h3>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>{T.name}</Label>
        <Input {...field('name')} placeholder={T.namePlaceholder} autoComplete="off" {...form.register('name')} />
        <FieldError id={`${id}-name-error`} message={errors.name?.message} />
      </div>
      <CalendarKindChoice name={`${id}-kind`} value={kind} onChange={chooseKind} disabled={pending} />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-url`}>{T.address}</Label>
        <Input
          {...field('url')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={kind === 'ics' ? T.icsPlaceholder : T.caldavPlaceholder}
          aria-describedby={[`${id}-url-help`, errors.url && `${id}-url-error`].filter(Boolean).join(' ')}
          {...form.register('url')}
        />
        <FieldError id={`${id}-url-error`} message={errors.url?.message} />
        <div id={`${id}-url-help`} className="text-xs text-muted-foreground">
          <p>{T.helpIntro}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 break-words">
            <li>{T.helpGoogle}</li>
            <li>{T.helpICloud}</li>
            <li>{T.helpOutlook}</li>
            {kind === 'caldav' && <li>{T.helpCaldav}</li>}
          </ul>
        </div>
      </div>
      {kind === 'caldav' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-username`}>{T.username}</Label>
            <Input {...field('username')} autoComplete="username" spellCheck={false} {...form.register('username')} />
            <FieldError id={`${id}-username-error`} message={errors.username?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-password`}>{T.password}</Label>
            <Input {...field('password')} type="password" autoComplete="new-password" {...form.register('password')} />
            <FieldError id={`${id}-password-error`} message={errors.password?.message} />
          </div>
        </div>
      )}
      <div className="flex items-center gap-3">
        <Controller
          control={form.control}
          name="allDayBlocks"
          render={({ field: { value, onChange } }) => (
            <Switch id={`${id}-allday`} checked={value ?? true} onCheckedChange={onChange} />
          )}
        />
        <Label htmlFor={`${id}-allday`}>{T.allDayBlocks}</Label>
      </div>
      {failure && (
        <p
          role="alert"
          className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm break-words"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-red-700 dark:text-red-300" aria-hidden />
          {failure}
        </p>
      )}
      <Button
        type="submit"
        disabled={pending}
        aria-busy={pending || undefined}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {pending && <Loader2 className="animate-spin" aria-hidden />}
        {pending ? T.checking : T.add}
      </Button>
      <div role="status" aria-live="polite">
        {added && (
          <p className="flex gap-2 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
            {added}
          </p>
        )}
      </div>
    </form>
  );
}
