/** A stored form as her screens read it: summary lines, red flags and the consent (docs/product.md §13). */
import { HEALTH_QUESTIONS, healthFlags, healthSummary } from '@shared/health-form';
import type { HealthFormStatus } from '@shared/constants';
import type { AdminHealthForm } from '@shared/schemas/health';
import type { StoredHealthForm } from './repository';

export const adminHealthForm = (form: StoredHealthForm, status: HealthFormStatus): AdminHealthForm => ({
  id: form.id,
  bookingId: form.bookingId,
  submittedAt: form.consentedAt.toISOString(),
  consentVersion: form.consentVersion,
  consentName: form.consentName,
  reconfirmed: form.reconfirmedFrom !== null,
  status,
  flags: healthFlags(form.answers),
  summary: healthSummary(HEALTH_QUESTIONS, form.answers),
  answers: form.answers,
});
