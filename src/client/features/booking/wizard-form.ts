/**
 * The wizard's one form: the booking form of docs/product.md §5 plus the chosen session length.
 * Every choice of the three steps lives here, so nothing is kept twice.
 */
import type { DefaultValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { wizardFormSchema } from './wizard-resolver';

// Its schema is in wizard-resolver.ts, loaded when the form is first checked (decision 040).

export type WizardFormInput = z.input<typeof wizardFormSchema>;
export type WizardFormValues = z.output<typeof wizardFormSchema>;
export type WizardForm = UseFormReturn<WizardFormInput, unknown, WizardFormValues>;

export function emptyWizardForm(
  serviceId: number | undefined,
  duration: number | undefined,
): DefaultValues<WizardFormInput> {
  return {
    serviceLengthId: serviceId,
    duration,
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
    smsOptIn: false,
  };
}
