/**
 * The booking wizard (/booking, SPEC §2, §4, §5, §8): 1 Select Service, 2 Choose Date & Time,
 * 3 Your Information; step 4 'Confirmation' is the confirmation page. The query parameters
 * serviceId, duration, price and step preselect the service, duration and step. Wizard state
 * lives here; a new search string (another link to /booking) starts the wizard afresh.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Pencil } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import { OUTSIDE_SERVICE_AREA, OUTSIDE_SERVICE_AREA_TITLE, SLOT_TAKEN } from '@shared/messages';
import { formatCents } from '@shared/money';
import type { PracticeInfo } from '@shared/practice';
import { bookingFormSchema } from '@shared/schemas/booking';
import type { DurationOption, Service } from '@shared/schemas/service';
import { displayServiceName } from '@shared/service-options';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { bookingByTokenKey, createBooking } from '@/features/booking/api';
import { parseApiError } from '@/features/booking/api-error';
import {
  attemptFor,
  buildBookingRequest,
  newIdempotencyKey,
  type BookingFormInput,
  type BookingFormValues,
  type BookingRequestBody,
  type SubmissionAttempt,
} from '@/features/booking/booking-request';
import { DateTimeStep } from '@/features/booking/components/date-time-step';
import { DetailsStep } from '@/features/booking/components/details-step';
import { ServiceStep } from '@/features/booking/components/service-step';
import { StepIndicator, WIZARD_STEPS } from '@/features/booking/components/step-indicator';
import { formatDuration } from '@/features/booking/format';
import { quoteNow, useTravelQuote } from '@/features/booking/use-travel-quote';
import { initialWizardState, parseWizardParams, type WizardStep } from '@/features/booking/wizard-params';
import { trackEvent } from '@/lib/analytics';
import { dismiss, toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';

const STEP_DESCRIPTIONS: Record<WizardStep, string> = {
  1: 'Choose a massage and the length of your session.',
  2: 'Pick a day, then a start time that suits you.',
  3: 'Tell me where to come and how to reach you.',
};

const FORM_FIELDS = new Set<string>(['firstName', 'lastName', 'email', 'phone', 'address', 'injuryDetails', 'notes']);

export default function BookingPage() {
  useDocumentTitle('Book a Session');
  const search = useSearch();
  const services = useQuery<Service[]>({ queryKey: ['/api/services'] });

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Book Your Massage</h1>
        <p className="mx-auto mt-2 max-w-xl text-muted-foreground text-pretty">
          A relaxing session in the comfort of your own home. Three short steps and your request is on its way.
        </p>
      </header>
      {services.isPending ? (
        <div aria-busy="true" aria-label="Loading services" className="space-y-6">
          <Skeleton className="mx-auto h-14 max-w-2xl" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-64" />
            <Skeleton className="h-64" />
          </div>
        </div>
      ) : services.isError ? (
        <div role="alert" className="rounded-lg border border-destructive/40 p-6 text-center">
          <p className="font-medium text-destructive">Unable to load services.</p>
          <Button className="mt-4" variant="outline" onClick={() => void services.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <BookingWizard key={search} services={services.data} search={search} />
      )}
    </div>
  );
}

function BookingWizard({ services, search }: { services: Service[]; search: string }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [initial] = useState(() => initialWizardState(parseWizardParams(search), services));
  const [step, setStep] = useState<WizardStep>(initial.step);
  const [service, setService] = useState<Service | null>(initial.service);
  const [option, setOption] = useState<DurationOption | null>(initial.option);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const { data: practice } = useQuery<PracticeInfo>({ queryKey: ['/api/practice'] });

  const form = useForm<BookingFormInput, unknown, BookingFormValues>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: {
      serviceLengthId: initial.service?.id,
      date: '',
      time: '',
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      address: '',
      hasInjuries: false,
      injuryDetails: '',
      notes: '',
      travelCost: 0,
    },
  });
  const { setValue } = form;

  // The choices of steps 1 and 2 are part of the §5 form.
  useEffect(() => {
    setValue('serviceLengthId', service?.id);
    setValue('date', date ?? '');
    setValue('time', time ?? '');
  }, [service, date, time, setValue]);

  const address = form.watch('address');
  const travel = useTravelQuote(step === 3 ? (address ?? '') : '');

  // Focus the step's heading when the step changes (not on the first render).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef(step);
  useEffect(() => {
    if (previousStep.current === step) return;
    previousStep.current = step;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [step]);

  const chooseService = (next: Service, nextOption: DurationOption) => {
    const sameService = service?.id === next.id;
    const sameOption = option?.duration === nextOption.duration;
    if (!sameService || !sameOption) {
      setService(next);
      setOption(nextOption);
      // Another length has other slots: choose the date and time again.
      setDate(null);
      setTime(null);
    }
    // A duration switch on the already selected card only updates it; a Select advances.
    if (sameService && !sameOption) return;
    setStep(2);
  };

  const onDateChange = useCallback((next: string) => {
    setDate(next);
    setTime(null);
  }, []);
  const onTimeChange = useCallback((next: string | null) => setTime(next), []);

  const continueFromService = () => {
    if (!service || !option) {
      toast({ variant: 'destructive', title: 'Required', description: 'Please select a service to continue' });
      return;
    }
    setStep(2);
  };

  const continueFromDateTime = () => {
    if (!date || !time) {
      toast({ variant: 'destructive', title: 'Required', description: 'Please select both date and time to continue' });
      return;
    }
    setStep(3);
  };

  const attempt = useRef<SubmissionAttempt | null>(null);
  const submitBooking = useMutation({
    mutationFn: ({ body, key }: { body: BookingRequestBody; key: string }) => createBooking(body, key),
  });

  const onSubmit = async (values: BookingFormValues) => {
    if (!service || !option) {
      toast({ variant: 'destructive', title: 'Error', description: 'Please select a service' });
      setStep(1);
      return;
    }
    // The quote of exactly the submitted address (usually already known from typing).
    const quote = await quoteNow(queryClient, values.address);
    if (quote?.refused) {
      toast({ variant: 'destructive', title: OUTSIDE_SERVICE_AREA_TITLE, description: OUTSIDE_SERVICE_AREA });
      return;
    }
    const body = buildBookingRequest(values, option, quote);
    // One key per submission attempt, reused when the same request is sent again.
    attempt.current = attemptFor(attempt.current, JSON.stringify(body), newIdempotencyKey);
    try {
      const booking = await submitBooking.mutateAsync({ body, key: attempt.current.key });
      queryClient.setQueryData(bookingByTokenKey(booking.cancelToken), booking);
      dismiss();
      trackEvent('booking_submitted', { serviceId: service.id, duration: option.duration });
      navigate(`/booking/confirm/${encodeURIComponent(booking.cancelToken)}`);
    } catch (error) {
      const parsed = parseApiError(error);
      if (parsed.status === 409) {
        // The slot was just taken: back to step 2 with fresh availability.
        setTime(null);
        setStep(2);
        void queryClient.invalidateQueries({
          predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/availability'),
        });
        toast({ variant: 'destructive', title: 'Time no longer available', description: parsed.message ?? SLOT_TAKEN });
        return;
      }
      if (parsed.message === OUTSIDE_SERVICE_AREA) {
        toast({ variant: 'destructive', title: OUTSIDE_SERVICE_AREA_TITLE, description: OUTSIDE_SERVICE_AREA });
        return;
      }
      for (const fieldError of parsed.fieldErrors) {
        if (FORM_FIELDS.has(fieldError.path)) {
          form.setError(fieldError.path as keyof BookingFormInput, { type: 'server', message: fieldError.message });
        }
      }
      toast({ variant: 'destructive', title: 'Error', description: parsed.message ?? 'Failed to create booking' });
    }
  };

  const title = WIZARD_STEPS[step - 1];
  const serviceName = service ? displayServiceName(service.name) : '';

  return (
    <>
      <StepIndicator current={step} className="mx-auto mb-8 max-w-2xl sm:mb-10" />
      <section aria-labelledby="booking-step-heading">
        <div className="mb-5">
          <h2 id="booking-step-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold tracking-tight focus:outline-none sm:text-2xl">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{STEP_DESCRIPTIONS[step]}</p>
        </div>

        {step === 1 && (
          <>
            <ServiceStep
              services={services}
              selectedId={service?.id ?? null}
              selectedDuration={option?.duration ?? null}
              onSelect={chooseService}
            />
            <StepActions>
              <span />
              <Button type="button" size="lg" onClick={continueFromService}>
                Continue
                <ArrowRight aria-hidden />
              </Button>
            </StepActions>
          </>
        )}

        {step === 2 && service && option && (
          <Card>
            <CardContent className="p-5 pt-5 sm:p-6 sm:pt-6">
              <ChosenService name={serviceName} option={option} onChange={() => setStep(1)} />
              <DateTimeStep duration={option.duration} date={date} time={time} onDateChange={onDateChange} onTimeChange={onTimeChange} />
              <StepActions>
                <Button type="button" variant="outline" onClick={() => setStep(1)}>
                  <ArrowLeft aria-hidden />
                  Back
                </Button>
                <Button type="button" size="lg" onClick={continueFromDateTime}>
                  Continue
                  <ArrowRight aria-hidden />
                </Button>
              </StepActions>
            </CardContent>
          </Card>
        )}

        {step === 3 && service && option && (
          <Card>
            <CardContent className="p-5 pt-5 sm:p-6 sm:pt-6">
              <DetailsStep
                form={form}
                travel={travel}
                practiceEmail={practice?.email}
                serviceName={serviceName}
                option={option}
                date={date}
                time={time}
                submitting={form.formState.isSubmitting || submitBooking.isPending}
                onSubmit={onSubmit}
                onBack={() => setStep(2)}
              />
            </CardContent>
          </Card>
        )}
      </section>
    </>
  );
}

function StepActions({ children }: { children: ReactNode }) {
  return <div className="mt-8 flex items-center justify-between gap-3 border-t pt-6">{children}</div>;
}

function ChosenService({ name, option, onChange }: { name: string; option: DurationOption; onChange: () => void }) {
  return (
    <div className="mb-6 flex items-center justify-between gap-3 rounded-md bg-muted/60 py-2.5 pr-2 pl-4">
      <p className="min-w-0 text-sm">
        <span className="block font-semibold">{name}</span>
        <span className="block text-muted-foreground">
          {formatDuration(option.duration)}
          {' · '}
          {formatCents(option.price)}
        </span>
      </p>
      <Button type="button" variant="ghost" size="sm" onClick={onChange} aria-label={`Change service (${name})`}>
        <Pencil aria-hidden />
        Change
      </Button>
    </div>
  );
}
