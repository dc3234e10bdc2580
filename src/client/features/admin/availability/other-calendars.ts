/**
 * What the 'Other calendars' section says about one calendar, pure: the shortened address, the
 * sync summary, when it last synced and why it last failed. Every time on the Auckland wall clock.
 * Relative imports only: its unit test imports this file (vitest knows only the @shared alias).
 */
import { format } from 'date-fns';
import type { OtherCalendar } from '@shared/schemas/other-calendar';
import { toNz } from '@shared/time';

/**
 * The address as host + '…': the secret path of an ICS address works like a password, so the
 * list never shows it unless she asks. Not a URL: the first 24 characters and '…'.
 */
export function shortCalendarUrl(url: string): string {
  try {
    const { host } = new URL(url);
    if (host) return `${host}…`;
  } catch {
    // Not a URL: fall through.
  }
  return url.length > 24 ? `${url.slice(0, 24)}…` : url;
}

/** 'Tue 3 Dec 3:00 PM' in Auckland. */
export function formatNzShort(iso: string): string {
  return format(toNz(new Date(iso)), 'EEE d MMM h:mm a');
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** '2 skipped: free (transparent)'; with several reasons '3 skipped: 2 free (transparent), 1 cancelled'; else null. */
export function skippedText(skipped: Record<string, number>): string | null {
  const entries = Object.entries(skipped).filter(([, n]) => n > 0);
  if (entries.length === 0) return null;
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  if (entries.length === 1) return `${total} skipped: ${entries[0]![0]}`;
  return `${total} skipped: ${entries.map(([why, n]) => `${n} ${why}`).join(', ')}`;
}

/** '42 events, next: Tue 3 Dec 3:00 PM' or '42 events, no busy times ahead', then the skipped ones. */
export function syncSummary(calendar: Pick<OtherCalendar, 'eventCount' | 'nextBusyAt' | 'skipped'>): string {
  const next = calendar.nextBusyAt ? `next: ${formatNzShort(calendar.nextBusyAt)}` : 'no busy times ahead';
  const skipped = skippedText(calendar.skipped);
  return [`${plural(calendar.eventCount, 'event')}, ${next}`, skipped].filter(Boolean).join('; ');
}

/** 'just now', '3 min ago', '2 h ago', '5 days ago'. */
export function timeAgo(iso: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${plural(Math.floor(hours / 24), 'day')} ago`;
}

/** 'Last synced: 3 min ago (Tue 3 Dec 3:00 PM)' or 'Not synced yet'. */
export function lastSyncedText(lastSyncedAt: string | null, now: Date): string {
  if (!lastSyncedAt) return 'Not synced yet';
  return `Last synced: ${timeAgo(lastSyncedAt, now)} (${formatNzShort(lastSyncedAt)})`;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** 'Last sync failed 3 min ago: <message>. The busy times from the last good sync still block bookings.' */
export function lastErrorText(calendar: Pick<OtherCalendar, 'lastError' | 'lastErrorAt' | 'lastSyncedAt'>, now: Date) {
  if (!calendar.lastError) return null;
  const when = calendar.lastErrorAt ? ` ${timeAgo(calendar.lastErrorAt, now)}` : '';
  // Before any good sync there are no busy times to keep.
  const kept = calendar.lastSyncedAt
    ? ' The busy times from the last good sync still block bookings.'
    : ' No busy times from it block bookings yet.';
  return `Last sync failed${when}: ${sentence(calendar.lastError)}${kept}`;
}

/** 'iCal' or 'CalDAV'. */
export function calendarKindLabel(kind: OtherCalendar['kind']): string {
  return kind === 'ics' ? 'iCal' : 'CalDAV';
}

/** '42 events · 7 busy times · next: Tue 3 Dec 3:00 PM' for the list. */
export function countsText(calendar: Pick<OtherCalendar, 'eventCount' | 'busyCount' | 'nextBusyAt'>): string {
  const next = calendar.nextBusyAt ? ` · next: ${formatNzShort(calendar.nextBusyAt)}` : '';
  return `${plural(calendar.eventCount, 'event')} · ${plural(calendar.busyCount, 'busy time')}${next}`;
}
