/**
 * What each text says (decision 038): short, one SMS where it can be, her practice's short name first, the visit's NZ
 * date and time, and how to stop. Never a health detail, an address, a price or a link (docs/decisions/038).
 */
import { format } from 'date-fns';
import { SMS_KINDS, type SmsKind } from '@shared/sms';
import { formatNzTime, nzInstant, toNz } from '@shared/time';

export interface TextVisit {
  date: string;
  time: string;
}

const STOP_LINE = 'Reply STOP to stop texts.';

/** 'Tue 14 Jan, 10:00 AM (NZ time)' */
export function textWhen(visit: TextVisit): string {
  return `${format(toNz(nzInstant(visit.date, '12:00')), 'EEE d MMM')}, ${formatNzTime(visit.time)}`;
}

export function textBody(kind: SmsKind, practiceShortName: string, visit: TextVisit): string {
  const when = textWhen(visit);
  switch (kind) {
    case SMS_KINDS.confirmed:
      return `${practiceShortName}: your visit on ${when} is confirmed. ${STOP_LINE}`;
    case SMS_KINDS.reminder:
      return `${practiceShortName}: a reminder of your visit on ${when}. ${STOP_LINE}`;
    case SMS_KINDS.moved:
      return `${practiceShortName}: your visit has moved to ${when}. ${STOP_LINE}`;
    case SMS_KINDS.cancelled:
      return `${practiceShortName}: your visit on ${when} has been cancelled. ${STOP_LINE}`;
  }
}
