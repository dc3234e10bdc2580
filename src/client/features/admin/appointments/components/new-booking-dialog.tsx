/**
 * 'New booking' (docs/product.md §4 "Bookings she takes herself"): a client from her list or a new one,
 * service, duration, date, time (the day's free times offered, any time typed), address, confirmed or pending, and
 * whether the client is e-mailed. A visitor's refusal is shown as the server words it, with 'Book anyway…', which she
 * confirms; another visit in the way is shown without it (no booking ever overlaps another).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, Loader2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { formatTime12 } from '@shared/clock-time';
import { adminBookingRequestSchema } from '@shared/schemas/admin-booking';
import type { AdminBooking } from '@shared/schemas/booking';
import { displayServiceName } from '@shared/service-options';
import { isValidDateString, nzToday } from '@shared/time';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ChoiceCard } from '@/components/ui/choice-card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LabelledField } from '@/components/ui/labelled-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ApiError, errorCode } from '@/lib/api';
import { formatAppointment } from '@/lib/format';
import { useServices } from '@/lib/queries/get-services';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { serverMessage } from '../../shared/action-errors';
import type { BookingSource } from '../../shared/admin-paths';
import { ConfirmFooter } from '../../shared/components/confirm-footer';
import { useCreateBooking } from '../api/create-booking';
import { useBookingClient } from '../api/get-booking-client';
import { useBookingWaitlistEntry } from '../api/get-booking-waitlist';
import { useFreeTimes } from '../api/get-free-times';
import { durationChoices } from '../explain-view';
import {
  bookingBody,
  canOverride,
  emptyBooking,
  NEW_BOOKING_TEXTS as T,
  valuesFromClient,
  valuesFromWaitlist,
  type NewBookingValues,
} from '../new-booking';
import { BookingClientPicker } from './booking-client-picker';

/** The form checks what the server checks, with its messages (the client and the override are hers to add). */
const formSchema = adminBookingRequestSchema.omit({ clientId: true, override: true });
const FIELDS = new Set<string>(Object.keys(formSchema.shape));

interface NewBookingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The day chosen on her calendar: the form's first date. */
  date: string;
  /** 'Book again' from a client's page or 'Book' on a waitlist entry. */
  source: BookingSource | null;
  onBooked: (booking: AdminBooking) => void;
}

export function NewBookingDialog({ open, onOpenChange, date, source, onBooked }: NewBookingDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="flex max-h-[92dvh] max-w-2xl flex-col gap-0 overflow-hidden p-0">
        <DialogHeader className="border-b px-4 pb-4 pt-6 pr-12 sm:px-6">
          <DialogTitle>{T.title}</DialogTitle>
          <DialogDescription>{T.description}</DialogDescription>
        </DialogHeader>
        {open && (
          <NewBookingForm
            date={date}
            source={source}
            onBusy={setBusy}
            onClose={() => onOpenChange(false)}
            onBooked={onBooked}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface Refusal {
  message: string;
  overridable: boolean;
}

function NewBookingForm({
  date,
  source,
  onBusy,
  onClose,
  onBooked,
}: {
  date: string;
  source: BookingSource | null;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
  onBooked: (booking: AdminBooking) => void;
}) {
  const id = useId();
  const { data: services = [] } = useServices();
  const [clientId, setClientId] = useState<number | null>(source?.kind === 'client' ? source.id : null);
  const client = useBookingClient(clientId);
  const entry = useBookingWaitlistEntry(source?.kind === 'waitlist' ? source.id : null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [confirming, setConfirming] = useState(false);
  const create = useCreateBooking();
  const form = useForm<NewBookingValues>({
    resolver: zodResolver(formSchema) as never,
    defaultValues: emptyBooking(date),
  });
  const { errors } = form.formState;
  const busy = create.isPending;
  useEffect(() => onBusy(busy), [busy, onBusy]);

  // A chosen client's details (and their last service and address) fill the form once they arrive.
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  useEffect(() => {
    const fill = (key: string, values: Partial<NewBookingValues>) => {
      if (filledFrom === key) return;
      setFilledFrom(key);
      for (const [name, value] of Object.entries(values))
        form.setValue(name as keyof NewBookingValues, value, { shouldValidate: false });
    };
    if (client.data && clientId === client.data.id && services.length > 0)
      fill(`client-${client.data.id}`, valuesFromClient(client.data, services));
    else if (entry.data && services.length > 0)
      fill(`waitlist-${entry.data.id}`, valuesFromWaitlist(entry.data, services, nzToday()));
  }, [client.data, clientId, entry.data, services, filledFrom, form]);

  const serviceId = form.watch('serviceLengthId');
  const service = services.find((s) => String(s.id) === serviceId);
  const durations = useMemo(() => durationChoices(service), [service]);
  const [watchedDate, watchedDuration, watchedAddress, watchedTime] = form.watch([
    'date',
    'duration',
    'address',
    'time',
  ]);
  const free = useFreeTimes(watchedDate, Number(watchedDuration) || null, watchedAddress);

  const send = (values: NewBookingValues, override: boolean) => {
    create.mutate(bookingBody(values, clientId, override, entry.data?.id ?? null), {
      onSuccess: (booking) => {
        setConfirming(false);
        toast({
          title: T.saved,
          description: `${booking.firstName} ${booking.lastName}, ${formatAppointment(booking.date, booking.time)}`,
        });
        onBooked(booking);
      },
      onError: (error) => {
        setConfirming(false);
        if (errorCode(error) === 'UNAUTHENTICATED') return;
        const code = errorCode(error);
        const message = serverMessage(error) ?? T.failed;
        if (canOverride(code) || code === 'BOOKING_OVERLAP') {
          setRefusal({ message, overridable: canOverride(code) });
          return;
        }
        let placed = false;
        if (error instanceof ApiError) {
          for (const { path, message: fieldMessage } of error.fieldErrors) {
            if (!FIELDS.has(path)) continue;
            form.setError(path as keyof NewBookingValues, { message: fieldMessage }, { shouldFocus: !placed });
            placed = true;
          }
        }
        if (!placed) setRefusal({ message, overridable: false });
      },
    });
  };
  const submit = form.handleSubmit((values) => {
    setRefusal(null);
    send(values, false);
  });

  const chooseService = (value: string) => {
    form.setValue('serviceLengthId', value, { shouldValidate: true });
    const found = services.find((s) => String(s.id) === value);
    form.setValue('duration', durationChoices(found)[0]?.value ?? '', { shouldValidate: true });
  };
  const chosenName = client.data && client.data.id === clientId ? client.data.name : null;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-col">
      <div className="grid min-h-0 gap-5 overflow-y-auto px-4 py-4 sm:px-6">
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-semibold">{T.clientLegend}</legend>
          {entry.data && (
            <p className="text-sm text-muted-foreground">
              {T.fromWaitlist(`${entry.data.firstName} ${entry.data.lastName}`.trim())}
            </p>
          )}
          <BookingClientPicker
            chosen={clientId === null ? null : { id: clientId, name: chosenName }}
            onChoose={(chosen) => {
              setRefusal(null);
              setClientId(chosen);
            }}
            onClear={() => {
              setClientId(null);
              setFilledFrom(null);
            }}
            disabled={busy}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <LabelledField label={T.firstName} error={errors.firstName?.message}>
              {(control) => <Input {...control} autoComplete="off" disabled={busy} {...form.register('firstName')} />}
            </LabelledField>
            <LabelledField label={T.lastName} error={errors.lastName?.message}>
              {(control) => <Input {...control} autoComplete="off" disabled={busy} {...form.register('lastName')} />}
            </LabelledField>
            <LabelledField label={T.email} error={errors.email?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  spellCheck={false}
                  disabled={busy}
                  {...form.register('email')}
                />
              )}
            </LabelledField>
            <LabelledField label={T.phone} error={errors.phone?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  disabled={busy}
                  {...form.register('phone')}
                />
              )}
            </LabelledField>
          </div>
        </fieldset>

        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-service`}>{T.service}</Label>
            <Select value={serviceId} onValueChange={chooseService} disabled={busy}>
              <SelectTrigger
                id={`${id}-service`}
                aria-invalid={errors.serviceLengthId ? true : undefined}
                aria-describedby={errors.serviceLengthId ? `${id}-service-error` : undefined}
              >
                <SelectValue placeholder={T.chooseService} />
              </SelectTrigger>
              <SelectContent>
                {services.map((s) => (
                  <SelectItem key={s.id} value={String(s.id)}>
                    {displayServiceName(s.name)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FieldError id={`${id}-service-error`} message={errors.serviceLengthId?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-duration`}>{T.duration}</Label>
            <Controller
              control={form.control}
              name="duration"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} disabled={busy || durations.length === 0}>
                  <SelectTrigger
                    id={`${id}-duration`}
                    aria-invalid={errors.duration ? true : undefined}
                    aria-describedby={errors.duration ? `${id}-duration-error` : undefined}
                  >
                    <SelectValue placeholder="—" />
                  </SelectTrigger>
                  <SelectContent>
                    {durations.map((d) => (
                      <SelectItem key={d.value} value={d.value}>
                        {d.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <FieldError id={`${id}-duration-error`} message={errors.duration?.message} />
          </div>
        </div>

        <LabelledField label={T.address} error={errors.address?.message}>
          {(control) => <Input {...control} autoComplete="off" disabled={busy} {...form.register('address')} />}
        </LabelledField>

        <div className="grid gap-3 sm:grid-cols-2">
          <LabelledField label={T.date} error={errors.date?.message}>
            {(control) => <Input {...control} type="date" disabled={busy} {...form.register('date')} />}
          </LabelledField>
          <LabelledField label={T.time} error={errors.time?.message}>
            {(control) => <Input {...control} type="time" step={300} disabled={busy} {...form.register('time')} />}
          </LabelledField>
        </div>
        {watchedDuration && isValidDateString(watchedDate) && (
          <div className="grid gap-2" aria-live="polite">
            <p className="text-sm font-medium">{T.freeTimes}</p>
            {free.isPending && free.fetchStatus !== 'idle' ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />…
              </p>
            ) : (free.data?.timeSlots.length ?? 0) === 0 ? (
              <p className="text-sm text-muted-foreground">{T.noFreeTimes}</p>
            ) : (
              <ul aria-label={T.freeTimes} className="flex flex-wrap gap-2">
                {free.data!.timeSlots.map((slot) => (
                  <li key={slot}>
                    <button
                      type="button"
                      aria-pressed={watchedTime === slot}
                      onClick={() => form.setValue('time', slot, { shouldValidate: true })}
                      disabled={busy}
                      className={cn(
                        'rounded-md border px-3 py-1.5 text-sm tabular-nums hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        watchedTime === slot && 'border-primary bg-primary/10 font-medium',
                      )}
                    >
                      {formatTime12(slot)}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}

        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-semibold">{T.statusLegend}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                <ChoiceCard
                  name={`${id}-status`}
                  value="confirmed"
                  checked={field.value === 'confirmed'}
                  onChoose={() => field.onChange('confirmed')}
                  label={T.confirmed}
                  hint={T.confirmedHint}
                  strong
                />
                <ChoiceCard
                  name={`${id}-status`}
                  value="pending"
                  checked={field.value === 'pending'}
                  onChoose={() => field.onChange('pending')}
                  label={T.pending}
                  hint={T.pendingHint}
                  strong
                />
              </div>
            </fieldset>
          )}
        />

        <Controller
          control={form.control}
          name="notifyClient"
          render={({ field }) => (
            <div className="flex items-start gap-3">
              <Checkbox
                id={`${id}-notify`}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                aria-describedby={`${id}-notify-hint`}
                disabled={busy}
                className="mt-0.5"
              />
              <div className="grid gap-0.5">
                <Label htmlFor={`${id}-notify`}>{T.notify}</Label>
                <p id={`${id}-notify-hint`} className="text-xs text-muted-foreground">
                  {T.notifyHint}
                </p>
              </div>
            </div>
          )}
        />

        {refusal && (
          <div
            role="alert"
            className="grid gap-3 rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm dark:bg-amber-950/40"
          >
            <p className="flex gap-2 break-words">
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
              {refusal.message}
            </p>
            {refusal.overridable && (
              <Button
                type="button"
                variant="outline"
                className="justify-self-start"
                onClick={() => setConfirming(true)}
                disabled={busy}
              >
                {T.bookAnyway}
              </Button>
            )}
          </div>
        )}
      </div>
      <DialogFooter className="border-t px-4 py-4 sm:px-6">
        <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
          {T.cancel}
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy && !confirming && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />}
          {busy && !confirming ? T.booking : T.book}
        </Button>
      </DialogFooter>

      <Dialog open={confirming} onOpenChange={(next) => !busy && setConfirming(next)}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <AlertTriangle className="size-5 text-amber-600 dark:text-amber-400" aria-hidden />
              {T.anywayTitle}
            </DialogTitle>
            <DialogDescription className="break-words">{refusal?.message}</DialogDescription>
          </DialogHeader>
          <p className="text-sm text-muted-foreground">{T.anywayAdvice}</p>
          <ConfirmFooter
            pending={busy}
            backLabel={T.goBack}
            confirmLabel={T.anywayConfirm}
            onBack={() => setConfirming(false)}
            onConfirm={() => void form.handleSubmit((values) => send(values, true))()}
          />
        </DialogContent>
      </Dialog>
    </form>
  );
}
