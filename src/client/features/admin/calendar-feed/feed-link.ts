/**
 * Pure helpers of the calendar feed dialog (only '@shared' and relative imports: unit-tested in
 * feed-link.test.ts).
 */
import { formatLongDate, nzDateOf } from '@shared/time';

/** The same feed as a webcal:// link, which phones and desktop calendar apps open as a subscription. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//i, 'webcal://');
}

/** 'Your private feed link was created on November 24, 2026.' (the date in New Zealand). */
export function createdOnText(createdAt: string | null): string {
  const instant = createdAt ? new Date(createdAt) : null;
  if (!instant || Number.isNaN(instant.getTime())) return 'Your private feed link is active.';
  return `Your private feed link was created on ${formatLongDate(nzDateOf(instant))}.`;
}
