/**
 * The wizard form's validation (wizard-form.ts), loaded on its first use (use-booking-wizard.ts, lib/lazy-resolver.ts):
 * zod, the booking schemas and the SMS opt-in's phone parser stay out of /booking's first load (decision 040).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { bookingFormSchema } from '@shared/schemas/booking';

export const wizardFormSchema = z.intersection(
  bookingFormSchema,
  z.object({ duration: z.number({ error: 'Please select a service' }) }),
);

export const wizardResolver = zodResolver(wizardFormSchema);
