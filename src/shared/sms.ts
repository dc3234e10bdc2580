/**
 * Texts (docs/decisions/038-text-messages.md): who may get them (a New Zealand mobile, as E.164, is
 * nz-mobile.ts's), when (never between 8 PM and 8 AM New Zealand time), the day-before reminder's time, and the kinds
 * the Outbox labels.
 * Shared: the booking form and her Settings check with the server's own words.
 */
import { minutesToTime, TIME_RE, timeToMinutes } from './clock-time';
import { addDaysToDate, nzDateOf, nzInstant, nzTimeOf } from './time';

export const SMS_MESSAGES = {
  optInLabel: 'Text me a reminder and updates',
  optInHint: 'A New Zealand mobile only. Reply STOP at any time to stop the texts.',
  notNzMobile:
    'Texts go to New Zealand mobile numbers only (such as 021 123 4567): untick the box or enter a NZ mobile',
  reminderTime: 'Choose a time from 8:00 AM to 8:00 PM',
  signatureInvalid: 'The request was not signed by the SMS provider',
  notConfigured: 'Texts are not set up',
} as const;

/** Texts go out from 8:00 AM up to 8:00 PM New Zealand time; one due at night waits for 8 AM. */
export const SMS_DAY_STARTS = '08:00';
export const SMS_DAY_ENDS = '20:00';
export const DEFAULT_REMINDER_TIME = '09:00';

/** Whether an instant is in the quiet hours (8 PM to 8 AM in New Zealand), when no text is sent. */
export function isQuietHours(instant: Date): boolean {
  const minutes = timeToMinutes(nzTimeOf(instant));
  return minutes < timeToMinutes(SMS_DAY_STARTS) || minutes >= timeToMinutes(SMS_DAY_ENDS);
}

/** The instant itself, or the next 8:00 AM in New Zealand when it falls in the quiet hours. */
export function nextSendableAt(instant: Date): Date {
  if (!isQuietHours(instant)) return instant;
  const date = nzDateOf(instant);
  const morning = timeToMinutes(nzTimeOf(instant)) < timeToMinutes(SMS_DAY_STARTS);
  return nzInstant(morning ? date : addDaysToDate(date, 1), SMS_DAY_STARTS);
}

/** A reminder time she may choose: 'HH:MM' from 08:00 to 20:00 New Zealand time. */
export function isAllowedReminderTime(time: string): boolean {
  if (!TIME_RE.test(time)) return false;
  const m = timeToMinutes(time);
  return m >= timeToMinutes(SMS_DAY_STARTS) && m <= timeToMinutes(SMS_DAY_ENDS);
}

/**
 * When the day-before reminder of a visit on `visitDate` is due: the day before at her reminder time, NZ time. A time
 * in the quiet hours (only 8:00 PM itself) waits for 8 AM, which is then the visit's own day.
 */
export function reminderDueAt(visitDate: string, reminderTime: string): Date {
  return nextSendableAt(nzInstant(addDaysToDate(visitDate, -1), reminderTime));
}

/** The reminder times her Settings offer: every quarter hour from 8:00 AM to 8:00 PM. */
export const REMINDER_TIME_CHOICES: readonly string[] = Array.from({ length: 49 }, (_, i) =>
  minutesToTime(timeToMinutes(SMS_DAY_STARTS) + i * 15),
);

/** Stored in the outbox, so the values never change. */
export const SMS_KINDS = {
  confirmed: 'sms_confirmed',
  reminder: 'sms_reminder',
  moved: 'sms_moved',
  cancelled: 'sms_cancelled',
} as const;
export type SmsKind = (typeof SMS_KINDS)[keyof typeof SMS_KINDS];

/** Each kind in her words (the Outbox's 'Kind' column). */
export const SMS_KIND_LABELS: Record<SmsKind, string> = {
  sms_confirmed: 'Text: booking confirmed',
  sms_reminder: 'Text: reminder',
  sms_moved: 'Text: visit moved',
  sms_cancelled: 'Text: visit cancelled',
};

/** The New Zealand month of an instant, 'yyyy-MM' (the monthly cap counts by it). */
export const nzMonthOf = (instant: Date): string => nzDateOf(instant).slice(0, 7);
/** The instant the New Zealand month 'yyyy-MM' starts. */
export const nzMonthStart = (month: string): Date => nzInstant(`${month}-01`);
