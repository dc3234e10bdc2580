/**
 * Where a client stands with the health form (docs/product.md §13): no form, one to check again
 * (older than HEALTH_FORM_MONTHS, given under another consent version, or no longer a valid form
 * for the current questions), or a current one. Pure: the caller reads the latest form.
 */
import { canReconfirm, HEALTH_CONSENT, HEALTH_QUESTIONS, type HealthQuestion } from '@shared/health-form';
import type { HealthFormStatus } from '@shared/constants';

export interface LatestForm {
  consentedAt: Date;
  consentVersion: string;
  answers: Readonly<Record<string, unknown>>;
}

/** The instant `months` calendar months after `at` (31 Jan + 1 month is 3 Mar, as Date counts). */
export function addMonths(at: Date, months: number): Date {
  const next = new Date(at.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

export function healthFormStatus(
  latest: LatestForm | null,
  now: Date,
  months: number,
  questions: readonly HealthQuestion[] = HEALTH_QUESTIONS,
  consentVersion: string = HEALTH_CONSENT.version,
): HealthFormStatus {
  if (!latest) return 'missing';
  if (addMonths(latest.consentedAt, months) <= now) return 'outdated';
  if (latest.consentVersion !== consentVersion) return 'outdated';
  if (!canReconfirm(latest.answers, questions)) return 'outdated';
  return 'current';
}
