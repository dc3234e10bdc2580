/**
 * 'Tell me if a time opens' (docs/product.md §4 "Waitlist"): on a day with no time, the visitor leaves
 * the days they could do (up to 14), the earliest and latest start, and their contact details; the service, length
 * and address come from the wizard. One zod schema with the server (src/shared/schemas/waitlist.ts).
 */
import { BellRing, CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { formatTime12, minutesToTime } from '@shared/clock-time';
import { WAITLIST_MAX_DAYS } from '@shared/constants';
import type { WaitlistJoin, WaitlistJoinInput } from '@shared/schemas/waitlist';
import { addDaysToDate } from '@shared/time';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { dayLabel } from '@/lib/format';
import { lazyResolver } from '@/lib/lazy-resolver';
import { toast } from '@/lib/toast';
import { useJoinWaitlist } from '../api/join-waitlist';
import { describedBy, fieldIds, FormField } from './form-field';

// The form's schema (and zod) load when the form opens: the date step's first load carries none of it (issue 42).
const validation = lazyResolver<WaitlistJoinInput, WaitlistJoin>(() =>
  import('../waitlist-resolver').then((m) => m.waitlistResolver),
);

/** Start times the form offers: 07:00 to 19:00 by half hours. */
const START_CHOICES = Array.from({ length: 25 }, (_, i) => minutesToTime(7 * 60 + i * 30));

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm';

interface WaitlistJoinProps {
  serviceId: number;
  duration: number;
  /** The day the visitor chose: the first of the days offered, ticked. */
  firstDate: string;
  /** The address given in the wizard, if any. */
  address: string;
}

export function WaitlistJoin(props: WaitlistJoinProps) {
  const [open, setOpen] = useState(false);
  const [joinedAs, setJoinedAs] = useState<string | null>(null);
  if (joinedAs) {
    return (
      <div role="status" className="mt-4 flex gap-3 rounded-md border border-primary/40 bg-primary/5 p-4 text-sm">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <p>
          <strong className="block">You are on the waitlist.</strong>
          If a time opens on one of your days, we will e-mail {joinedAs} a link to book it. The e-mail we just sent has
          a link to leave the list.
        </p>
      </div>
    );
  }
  if (!open) {
    return (
      <Button type="button" variant="outline" className="mt-2 w-full sm:w-auto" onClick={() => setOpen(true)}>
        <BellRing aria-hidden />
        Tell me if a time opens
      </Button>
    );
  }
  return <WaitlistJoinForm {...props} onJoined={setJoinedAs} />;
}

function WaitlistJoinForm({
  serviceId,
  duration,
  firstDate,
  address,
  onJoined,
}: WaitlistJoinProps & { onJoined: (email: string) => void }) {
  const join = useJoinWaitlist();
  useEffect(() => validation.preload(), []);
  const days = Array.from({ length: WAITLIST_MAX_DAYS }, (_, i) => addDaysToDate(firstDate, i));
  const form = useForm<WaitlistJoinInput, unknown, WaitlistJoin>({
    resolver: validation.resolver,
    defaultValues: {
      serviceId,
      duration,
      dates: [firstDate],
      earliest: '09:00',
      latest: '16:00',
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      address,
    },
  });
  const { register, control, handleSubmit, formState } = form;
  const errors = formState.errors;

  const submit = async (values: WaitlistJoin) => {
    try {
      await join.mutateAsync(values);
      onJoined(values.email);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : [];
      for (const f of fields) form.setError(f.path as keyof WaitlistJoinInput, { type: 'server', message: f.message });
      if (fields.length === 0) {
        toast({
          title: 'Could not join the waitlist',
          description: error instanceof ApiError && error.body?.message ? error.body.message : 'Please try again.',
          variant: 'destructive',
        });
      }
    }
  };

  const textField = (name: 'firstName' | 'lastName' | 'email' | 'phone' | 'address', label: string, type = 'text') => (
    <FormField name={`waitlist-${name}`} label={label} error={errors[name]?.message}>
      <Input
        id={fieldIds(`waitlist-${name}`).input}
        type={type}
        autoComplete={
          { firstName: 'given-name', lastName: 'family-name', email: 'email', phone: 'tel', address: 'street-address' }[
            name
          ]
        }
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(`waitlist-${name}`, { error: Boolean(errors[name]) })}
        {...register(name)}
      />
    </FormField>
  );

  return (
    <form
      noValidate
      aria-labelledby="waitlist-heading"
      className="mt-4 space-y-5 rounded-md border p-4"
      onSubmit={(e) => void handleSubmit(submit)(e)}
    >
      <div>
        <h4 id="waitlist-heading" className="font-semibold">
          Tell me if a time opens
        </h4>
        <p className="mt-1 text-sm text-muted-foreground">
          Choose the days you could do and the start times that suit you. If a time frees up that fits, we will e-mail
          you a link to book it.
        </p>
      </div>

      <fieldset aria-describedby={errors.dates ? fieldIds('waitlist-dates').error : undefined}>
        <legend className="mb-2 text-sm font-medium">Days (up to {WAITLIST_MAX_DAYS})</legend>
        <Controller
          control={control}
          name="dates"
          render={({ field }) => (
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {days.map((d) => {
                const id = `waitlist-day-${d}`;
                const checked = field.value.includes(d);
                return (
                  <label key={d} htmlFor={id} className="flex items-center gap-2 text-sm">
                    <Checkbox
                      id={id}
                      checked={checked}
                      onCheckedChange={(on) =>
                        field.onChange(on ? [...field.value, d].sort() : field.value.filter((x) => x !== d))
                      }
                    />
                    {dayLabel(d)}
                  </label>
                );
              })}
            </div>
          )}
        />
        {errors.dates && (
          <p id={fieldIds('waitlist-dates').error} className="mt-2 text-sm font-medium text-destructive">
            {errors.dates.message ?? errors.dates.root?.message}
          </p>
        )}
      </fieldset>

      <div className="grid grid-cols-2 gap-4">
        {(['earliest', 'latest'] as const).map((name) => (
          <FormField
            key={name}
            name={`waitlist-${name}`}
            label={name === 'earliest' ? 'Earliest start' : 'Latest start'}
            error={errors[name]?.message}
          >
            <select
              id={fieldIds(`waitlist-${name}`).input}
              className={selectClass}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={describedBy(`waitlist-${name}`, { error: Boolean(errors[name]) })}
              {...register(name)}
            >
              {START_CHOICES.map((t) => (
                <option key={t} value={t}>
                  {formatTime12(t)}
                </option>
              ))}
            </select>
          </FormField>
        ))}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        {textField('firstName', 'First name')}
        {textField('lastName', 'Last name')}
        {textField('email', 'Email', 'email')}
        {textField('phone', 'Phone', 'tel')}
      </div>
      {textField('address', 'Massage address')}

      <Button type="submit" className="w-full" disabled={join.isPending}>
        {join.isPending && <Loader2 className="animate-spin" aria-hidden />}
        Join the waitlist
      </Button>
    </form>
  );
}
