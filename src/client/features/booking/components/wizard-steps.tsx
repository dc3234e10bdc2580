import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { Service } from '@shared/schemas/service';
import { displayServiceName } from '@shared/service-options';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useBookingWizard } from '../use-booking-wizard';
import type { WizardStep } from '../wizard-state';
import { DateTimeStep } from './date-time-step';
import { DetailsStep } from './details-step';
import { ServiceStep } from './service-step';
import { StepIndicator, WIZARD_STEPS } from './step-indicator';
import { ChosenService, StepActions } from './wizard-parts';

const STEP_DESCRIPTIONS: Record<WizardStep, string> = {
  1: 'Choose a massage and the length of your session.',
  2: 'Pick a day, then a start time that suits you.',
  3: 'Tell me where to come and how to reach you.',
};

/** Moves focus to the step's heading when the step changes (not on the first render). */
function useFocusOnStepChange(step: WizardStep) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef(step);
  useEffect(() => {
    if (previousStep.current === step) return;
    previousStep.current = step;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [step]);
  return headingRef;
}

/** The step indicator, the current step's heading and the step itself. */
export function WizardSteps({ services, search }: { services: Service[]; search: string }) {
  const wizard = useBookingWizard(services, search);
  const { step, service, option } = wizard;
  const headingRef = useFocusOnStepChange(step);
  const serviceName = service ? displayServiceName(service.name) : '';

  return (
    <>
      <StepIndicator current={step} className="mx-auto mb-8 max-w-2xl sm:mb-10" />
      <section aria-labelledby="booking-step-heading">
        <div className="mb-5">
          <h2
            id="booking-step-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-semibold tracking-tight focus:outline-none sm:text-2xl"
          >
            {WIZARD_STEPS[step - 1]}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{STEP_DESCRIPTIONS[step]}</p>
        </div>

        {step === 1 && (
          <>
            <ServiceStep
              services={services}
              selectedId={service?.id ?? null}
              selectedDuration={option?.duration ?? null}
              onSelect={wizard.chooseService}
            />
            <StepActions>
              <span />
              <Button type="button" size="lg" onClick={wizard.continueFromService}>
                Continue
                <ArrowRight aria-hidden />
              </Button>
            </StepActions>
          </>
        )}

        {step === 2 && service && option && (
          <Card>
            <CardContent className="p-5 pt-5 sm:p-6 sm:pt-6">
              <ChosenService name={serviceName} option={option} onChange={() => wizard.goTo(1)} />
              <DateTimeStep
                serviceId={service.id}
                duration={option.duration}
                date={wizard.date}
                time={wizard.time}
                onDateChange={wizard.chooseDate}
                onTimeChange={wizard.chooseTime}
                addressText={wizard.route.text}
                onAddressTextChange={wizard.route.setText}
                address={wizard.route.address}
              />
              <StepActions>
                <Button type="button" variant="outline" onClick={() => wizard.goTo(1)}>
                  <ArrowLeft aria-hidden />
                  Back
                </Button>
                <Button type="button" size="lg" onClick={wizard.continueFromDateTime}>
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
                form={wizard.form}
                serviceName={serviceName}
                option={option}
                date={wizard.date}
                time={wizard.time}
                timesFor={wizard.timesFor}
                onTimeChange={wizard.chooseTime}
                onChooseAnotherDate={wizard.chooseWithAddress}
                submitting={wizard.submit.submitting}
                onSubmit={wizard.submit.onSubmit}
                onBack={() => wizard.goTo(2)}
              />
            </CardContent>
          </Card>
        )}
      </section>
    </>
  );
}
