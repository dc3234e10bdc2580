/**
 * The wizard's state (docs/product.md §2, §4): the step, and the react-hook-form form that holds
 * every choice (service, length, date, time and the details of step 3).
 */
import { useCallback, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { DurationOption, Service } from '@shared/schemas/service';
import { serviceOptions } from '@shared/service-options';
import { lazyResolver } from '@/lib/lazy-resolver';
import { toast } from '@/lib/toast';
import { useRouteAddress } from './use-route-address';
import type { TimesFor } from './use-route-check';
import { useSubmitBooking } from './use-submit-booking';
import { emptyWizardForm, type WizardFormInput, type WizardFormValues } from './wizard-form';
import { initialWizardState, parseWizardParams, serviceChoice, type WizardStep } from './wizard-state';

/**
 * The form's schema (with zod and the phone parser of the SMS opt-in) loads when step 3 shows, before the first check
 * (the submit): step 1's first load carries none of it (issue 42).
 */
const validation = lazyResolver<WizardFormInput, WizardFormValues>(() =>
  import('./wizard-resolver').then((m) => m.wizardResolver),
);

function requiredToast(description: string) {
  toast({ variant: 'destructive', title: 'Required', description });
}

export function useBookingWizard(services: Service[], search: string) {
  const [initial] = useState(() => initialWizardState(parseWizardParams(search), services));
  const [step, setStep] = useState<WizardStep>(initial.step);
  const form = useForm<WizardFormInput, unknown, WizardFormValues>({
    resolver: validation.resolver,
    defaultValues: emptyWizardForm(initial.service?.id, initial.option?.duration),
  });
  const { control, setValue, getValues } = form;
  useEffect(() => {
    if (step === 3) validation.preload();
  }, [step]);
  const route = useRouteAddress();
  // The address step 2's times were asked for when the visitor moved on: step 3 checks another one.
  const [timesFor, setTimesFor] = useState<TimesFor | null>(null);

  const [serviceId, duration, date, time] = useWatch({
    control,
    name: ['serviceLengthId', 'duration', 'date', 'time'],
  });
  const service = services.find((s) => s.id === serviceId) ?? null;
  const option = (service && serviceOptions(service).find((o) => o.duration === duration)) ?? null;

  const chooseService = (next: Service, nextOption: DurationOption) => {
    const choice = serviceChoice(
      { serviceId: service?.id ?? null, duration: option?.duration ?? null },
      { serviceId: next.id, duration: nextOption.duration },
    );
    if (choice.changed) {
      setValue('serviceLengthId', next.id);
      setValue('duration', nextOption.duration);
      setValue('date', '');
      setValue('time', '');
    }
    if (choice.advance) setStep(2);
  };

  // Stable: the date step's automatic first pick depends on them.
  const chooseDate = useCallback(
    (next: string) => {
      setValue('date', next);
      setValue('time', '');
    },
    [setValue],
  );
  const chooseTime = useCallback((next: string | null) => setValue('time', next ?? ''), [setValue]);

  const continueFromService = () => {
    if (!service || !option) requiredToast('Please select a service to continue');
    else setStep(2);
  };

  const continueFromDateTime = () => {
    if (!date || !time) {
      requiredToast('Please select both date and time to continue');
      return;
    }
    setTimesFor({ address: route.address, time });
    // docs/product.md §10: step 2's address is where the massage is, unless step 3 already says otherwise.
    const typed = route.text.trim();
    if (typed && !getValues('address')?.trim()) setValue('address', typed);
    setStep(3);
  };

  /** Back to step 2 with step 3's address, so the calendar and times fit it (docs/product.md §10). */
  const chooseWithAddress = (address: string) => {
    route.carry(address.trim());
    setStep(2);
  };

  const submit = useSubmitBooking({
    form,
    service,
    option,
    onServiceMissing: () => setStep(1),
    onSlotTaken: () => {
      setValue('time', '');
      setStep(2);
    },
    onRouteDoesNotFit: () => {
      setValue('time', '');
      chooseWithAddress(getValues('address') ?? '');
    },
  });

  return {
    step,
    goTo: setStep,
    form,
    service,
    option,
    date: date || null,
    time: time || null,
    chooseService,
    chooseDate,
    chooseTime,
    continueFromService,
    continueFromDateTime,
    chooseWithAddress,
    route,
    timesFor,
    submit,
  };
}
