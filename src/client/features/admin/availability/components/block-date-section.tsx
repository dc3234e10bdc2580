/**
 * 'Block Specific Dates' (docs/product.md §2, §5 Block date, §8): the month calendar is the date
 * picker (today or later, NZ); a click on a whole-day block unblocks it. Then an optional reason,
 * 'Block entire day' (on by default) or start and end times, and 'Block Date' ('Adding...').
 * Validated by the schema the server parses with. A block over active bookings warns first.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarOff, Loader2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { blockedDateInputSchema, type BlockedDate } from '@shared/schemas/blocked-date';
import { formatTime12 } from '@shared/clock-time';
import { formatLongDate } from '@shared/time';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { serverMessage } from '../../shared/action-errors';
import { endChoices, findBlockConflicts, fullDayBlocks, timeChoices } from '../availability-rules';
import { useBlockDate } from '../api/block-date';
import { useRemoveBlockedDate } from '../api/remove-blocked-date';
import { TEXTS, TOASTS } from '../texts';
import { useConflictGuard } from '../use-conflict-guard';
import { ConflictDialog } from './conflict-dialog';
import { TimeSelect } from './time-select';

type FormInput = z.input<typeof blockedDateInputSchema>;
type FormOutput = z.output<typeof blockedDateInputSchema>;

const EMPTY: FormInput = { date: '', reason: '', isFullDay: true, startTime: null, endTime: null };
const START_CHOICES = timeChoices();

interface BlockDateSectionProps {
  today: string;
  blocked: BlockedDate[];
  loading: boolean;
}

export function BlockDateSection({ today, blocked, loading }: BlockDateSectionProps) {
  const id = useId();
  const [month, setMonth] = useState(today.slice(0, 7));
  const block = useBlockDate();
  const remove = useRemoveBlockedDate();
  const { held, checking, guard, confirm, cancel } = useConflictGuard();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(blockedDateInputSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const [date, isFullDay, startTime] = form.watch(['date', 'isFullDay', 'startTime']);
  const fullDays = useMemo(() => fullDayBlocks(blocked), [blocked]);
  const partDays = useMemo(() => new Set(blocked.filter((b) => !b.isFullDay).map((b) => b.date)), [blocked]);

  const unblock = (entry: BlockedDate) =>
    remove.mutate(entry.id, {
      onSuccess: () => toast(TOASTS.removed),
      onError: (error) =>
        toast({ title: 'Error', description: serverMessage(error) ?? TOASTS.removeFailed, variant: 'destructive' }),
    });

  const pick = (day: string) => {
    const whole = fullDays.get(day);
    if (whole) unblock(whole);
    else form.setValue('date', day, { shouldValidate: form.formState.isSubmitted });
  };

  const save = (values: FormOutput) =>
    block.mutate(values, {
      onSuccess: () => {
        toast(TOASTS.blocked);
        form.reset(EMPTY);
      },
      onError: (error) =>
        toast({ title: 'Error', description: serverMessage(error) ?? TOASTS.blockFailed, variant: 'destructive' }),
    });

  const submit = form.handleSubmit((values) =>
    guard(
      `Blocking ${formatLongDate(values.date)}${values.isFullDay ? '' : ` from ${formatTime12(values.startTime!)} to ${formatTime12(values.endTime!)}`} covers these bookings.`,
      (bookings) => findBlockConflicts(bookings, values, today),
      () => save(values),
    ),
  );
  const pending = block.isPending || checking;

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight">
          <CalendarOff className="size-5 text-primary" aria-hidden />
          {TEXTS.blockTitle}
        </h2>
        <CardDescription>
          Choose a day on the calendar. Choosing a day that is blocked for the whole day unblocks it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(16rem,20rem)]"
        >
          <div
            role="group"
            aria-labelledby={`${id}-date-label`}
            aria-describedby={errors.date ? `${id}-date-error` : undefined}
            className="flex min-w-0 flex-col gap-2"
          >
            <span id={`${id}-date-label`} className="text-sm font-medium">
              Date
            </span>
            <Calendar
              month={month}
              onMonthChange={setMonth}
              minMonth={today.slice(0, 7)}
              selected={date || null}
              onSelect={pick}
              isDisabled={(d) => d < today}
              today={today}
              busy={loading || remove.isPending}
              busyLabel="Loading blocked dates"
              describeDay={(d) =>
                fullDays.has(d) ? 'blocked, choose to unblock' : partDays.has(d) ? 'partly blocked' : undefined
              }
              renderDay={(d) => (
                <span className="flex h-3 items-center justify-center">
                  {fullDays.has(d) ? (
                    <span className="rounded-full bg-red-700 px-1 text-[10px] font-semibold leading-3 text-white">
                      Off
                    </span>
                  ) : partDays.has(d) ? (
                    <span className="size-2 rounded-full bg-amber-500" />
                  ) : null}
                </span>
              )}
              dayClassName="aspect-auto h-11 flex-col justify-center gap-0.5 sm:h-12"
            />
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Calendar key">
              <li className="flex items-center gap-1.5">
                <span
                  className="rounded-full bg-red-700 px-1 text-[10px] font-semibold leading-3 text-white"
                  aria-hidden
                >
                  Off
                </span>
                Blocked all day
              </li>
              <li className="flex items-center gap-1.5">
                <span className="size-2 rounded-full bg-amber-500" aria-hidden />
                Partly blocked
              </li>
            </ul>
          </div>

          <div className="flex flex-col gap-4">
            <div className="flex flex-col gap-1.5">
              <span className="text-sm font-medium">Selected date</span>
              <p
                className="rounded-md border bg-muted/40 px-3 py-2 text-sm"
                aria-live="polite"
                data-testid="block-selected-date"
              >
                {date ? formatLongDate(date) : 'No date selected'}
              </p>
              <FieldError id={`${id}-date-error`} message={errors.date?.message} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-reason`}>Reason (optional)</Label>
              <Input id={`${id}-reason`} placeholder="e.g. Public holiday" {...form.register('reason')} />
            </div>
            <div className="flex items-center gap-2">
              <Controller
                control={form.control}
                name="isFullDay"
                render={({ field }) => (
                  <Checkbox
                    id={`${id}-full`}
                    checked={field.value ?? true}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                  />
                )}
              />
              <Label htmlFor={`${id}-full`}>{TEXTS.fullDay}</Label>
            </div>
            {isFullDay === false && (
              <div className="flex flex-col gap-1.5">
                <div className="flex gap-3">
                  <Controller
                    control={form.control}
                    name="startTime"
                    render={({ field }) => (
                      <TimeSelect
                        id={`${id}-start`}
                        label="Start time"
                        value={field.value ?? undefined}
                        choices={START_CHOICES}
                        onChange={field.onChange}
                        invalid={!!errors.startTime}
                        describedBy={errors.startTime ? `${id}-start-error` : undefined}
                      />
                    )}
                  />
                  <Controller
                    control={form.control}
                    name="endTime"
                    render={({ field }) => (
                      <TimeSelect
                        id={`${id}-end`}
                        label="End time"
                        value={field.value ?? undefined}
                        choices={startTime ? endChoices(startTime) : START_CHOICES}
                        onChange={field.onChange}
                        invalid={!!errors.endTime}
                        describedBy={errors.endTime ? `${id}-end-error` : undefined}
                      />
                    )}
                  />
                </div>
                <FieldError id={`${id}-start-error`} message={errors.startTime?.message} />
                <FieldError id={`${id}-end-error`} message={errors.endTime?.message} />
              </div>
            )}
            <Button
              type="submit"
              disabled={pending}
              aria-busy={pending || undefined}
              className="w-full sm:w-auto sm:self-start"
            >
              {pending && <Loader2 className="animate-spin" aria-hidden />}
              {pending ? TEXTS.adding : TEXTS.blockDate}
            </Button>
          </div>
        </form>
      </CardContent>
      <ConflictDialog held={held} onConfirm={confirm} onCancel={cancel} />
    </Card>
  );
}
