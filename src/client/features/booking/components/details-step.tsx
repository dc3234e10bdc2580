import { ArrowLeft, Loader2 } from 'lucide-react';
import { useCallback, useRef, type KeyboardEvent } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { manualAddressHint } from '@shared/messages';
import type { DurationOption } from '@shared/schemas/service';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';
import { useAddressAutocomplete } from '../google-maps';
import { useAddressSuggestions } from '../use-address-suggestions';
import { useRouteAlert } from '../use-route-alert';
import type { TimesFor } from '../use-route-check';
import { useTravelQuote } from '../use-travel-quote';
import type { WizardForm, WizardFormInput, WizardFormValues } from '../wizard-form';
import { AddressSuggestionList } from './address-suggestion-list';
import { BookingSummary } from './booking-summary';
import { describedBy, fieldIds, FormField } from './form-field';
import { RouteMisfitAlert, RoutePickedNote } from './route-misfit-alert';
import { SmsOptIn } from './sms-opt-in';
import { TravelResult } from './travel-result';

interface DetailsStepProps {
  form: WizardForm;
  serviceName: string;
  option: DurationOption;
  date: string | null;
  time: string | null;
  /** Step 2's time and the address its times were asked for (docs/product.md §10). */
  timesFor: TimesFor | null;
  onTimeChange: (time: string) => void;
  /** Back to step 2, asking with this address. */
  onChooseAnotherDate: (address: string) => void;
  submitting: boolean;
  onSubmit: (values: WizardFormValues) => void | Promise<void>;
  onBack: () => void;
}

/** Google's suggestion list is open: Enter picks a suggestion and must not submit the form. */
function suggestionsOpen(): boolean {
  return Array.from(document.querySelectorAll<HTMLElement>('.pac-container')).some(
    (el) => el.offsetParent !== null && el.childElementCount > 0,
  );
}

/** Step 3: contact details, the massage address with its travel result (and route check, docs/product.md §10), and the
 * summary. */
export function DetailsStep(props: DetailsStepProps) {
  const {
    form,
    serviceName,
    option,
    date,
    time,
    timesFor,
    onTimeChange,
    onChooseAnotherDate,
    submitting,
    onSubmit,
    onBack,
  } = props;
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const [hasInjuries, address] = useWatch({ control, name: ['hasInjuries', 'address'] });
  const travel = useTravelQuote(address ?? '');
  const { data: practice } = usePracticeInfo();
  const addressRef = useRef<HTMLInputElement | null>(null);
  const onPlace = useCallback(
    (address: string) => setValue('address', address, { shouldDirty: true, shouldTouch: true, shouldValidate: true }),
    [setValue],
  );
  const autocomplete = useAddressAutocomplete(addressRef, onPlace);
  // Without a Google key: the server's OpenStreetMap suggestions (decision 035).
  const osm = useAddressSuggestions(address ?? '', onPlace);
  const routeAlert = useRouteAlert({
    date,
    time,
    duration: option.duration,
    address: address ?? '',
    timesFor,
    refused: travel.kind === 'ready' && travel.quote.refused,
    onTimeChange,
  });

  const err = (name: keyof WizardFormInput) => errors[name]?.message;
  const inputProps = (name: 'firstName' | 'lastName' | 'email' | 'phone') => ({
    id: fieldIds(name).input,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(name, { error: Boolean(errors[name]) }),
    ...register(name),
  });
  // Registered in the order shown, so a failed submit focuses the first field in error.
  const contact = {
    firstName: inputProps('firstName'),
    lastName: inputProps('lastName'),
    email: inputProps('email'),
    phone: inputProps('phone'),
  };
  const addressField = register('address');
  // The configured fee; the generic wording until the practice info is known.
  const manualHint = manualAddressHint(practice?.travelFeeCents ?? 0, practice?.localTowns);
  const formError = err('serviceLengthId') ?? err('duration') ?? err('date') ?? err('time');

  const onAddressKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (osm.onKeyDown(event)) return;
    if (event.key === 'Enter' && autocomplete === 'ready' && suggestionsOpen()) event.preventDefault();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(routeAlert.guard(onSubmit))(event)}
      className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <div className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField name="firstName" label="First name" error={err('firstName')}>
            <Input autoComplete="given-name" {...contact.firstName} />
          </FormField>
          <FormField name="lastName" label="Last name" error={err('lastName')}>
            <Input autoComplete="family-name" {...contact.lastName} />
          </FormField>
          <FormField name="email" label="Email" error={err('email')}>
            <Input type="email" inputMode="email" autoComplete="email" spellCheck={false} {...contact.email} />
          </FormField>
          <div className="flex flex-col gap-3">
            <FormField name="phone" label="Phone" error={err('phone')}>
              <Input type="tel" inputMode="tel" autoComplete="tel" {...contact.phone} />
            </FormField>
            <SmsOptIn control={control} />
          </div>
        </div>

        <FormField
          name="address"
          label="Address for the massage"
          error={err('address')}
          hint={
            autocomplete === 'ready' || osm.enabled
              ? 'Start typing, then choose your address from the suggestions.'
              : manualHint
          }
        >
          <div className="relative">
            <Input
              id={fieldIds('address').input}
              autoComplete={autocomplete === 'ready' || osm.enabled ? 'off' : 'street-address'}
              placeholder="Street address, town"
              aria-invalid={errors.address ? true : undefined}
              aria-describedby={[
                describedBy('address', { hint: true, error: Boolean(errors.address) }),
                'booking-travel-result',
              ].join(' ')}
              {...osm.inputProps}
              {...addressField}
              ref={(element) => {
                addressField.ref(element);
                addressRef.current = element;
              }}
              onKeyDown={onAddressKeyDown}
              onBlur={(event) => {
                osm.close();
                void addressField.onBlur(event);
              }}
            />
            <AddressSuggestionList state={osm} />
          </div>
        </FormField>
        <TravelResult
          id="booking-travel-result"
          state={travel}
          practiceEmail={practice?.email}
          maxKm={practice?.serviceArea.maxKm}
        />
        {routeAlert.fitting !== null && date && time && (
          <RouteMisfitAlert
            ref={routeAlert.alertRef}
            therapistName={practice?.therapistName}
            date={date}
            time={time}
            fitting={routeAlert.fitting}
            cause={routeAlert.cause}
            onPick={routeAlert.pick}
            onChooseAnotherDate={() => onChooseAnotherDate(address ?? '')}
          />
        )}
        {routeAlert.pickedTime && <RoutePickedNote ref={routeAlert.noteRef} time={routeAlert.pickedTime} />}

        <div className="flex flex-col gap-3 rounded-md border p-4">
          <div className="flex items-start gap-3">
            <Controller
              control={control}
              name="hasInjuries"
              render={({ field }) => (
                <Checkbox
                  id={fieldIds('hasInjuries').input}
                  checked={field.value === true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  aria-controls={hasInjuries ? fieldIds('injuryDetails').input : undefined}
                  className="mt-0.5"
                />
              )}
            />
            <label htmlFor={fieldIds('hasInjuries').input} className="text-sm leading-snug">
              <span className="font-medium">I have injuries or medical conditions</span>
              <span className="block text-muted-foreground">
                Tick this so the massage can be adapted safely for you.
              </span>
            </label>
          </div>
          {hasInjuries && (
            <FormField name="injuryDetails" label="Injury details" error={err('injuryDetails')} optional>
              <Textarea
                id={fieldIds('injuryDetails').input}
                rows={3}
                placeholder="For example: lower back strain, recent shoulder surgery"
                aria-invalid={errors.injuryDetails ? true : undefined}
                aria-describedby={describedBy('injuryDetails', { error: Boolean(errors.injuryDetails) })}
                {...register('injuryDetails')}
              />
            </FormField>
          )}
        </div>

        <FormField name="notes" label="Notes" error={err('notes')} optional>
          <Textarea
            id={fieldIds('notes').input}
            rows={3}
            placeholder="Parking, access, pets or anything else to know before I arrive"
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={describedBy('notes', { error: Boolean(errors.notes) })}
            {...register('notes')}
          />
        </FormField>
      </div>

      <div className="flex flex-col gap-5 lg:sticky lg:top-24 lg:self-start">
        <BookingSummary serviceName={serviceName} option={option} date={date} time={time} travel={travel} />
        {formError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {formError}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between lg:flex-col-reverse">
          <Button type="button" variant="outline" onClick={onBack} disabled={submitting}>
            <ArrowLeft aria-hidden />
            Back
          </Button>
          <Button type="submit" size="lg" disabled={submitting} className="sm:min-w-44">
            {submitting ? (
              <>
                <Loader2 className="animate-spin" aria-hidden />
                Submitting...
              </>
            ) : (
              'Complete Booking'
            )}
          </Button>
        </div>
      </div>
    </form>
  );
}
