/**
 * Check-in presses kept on the phone (docs/decisions/025-check-in.md). Every press gets a uuid and the
 * phone's time and is written to IndexedDB (idb-keyval, keys `check-in:<pressId>`) before it is sent, so a press
 * made without coverage survives a closed tab and is sent on reconnect with its real time. The server answers a
 * press it already has with the same state (the uuid), so sending twice is harmless. Only ids and times are kept:
 * nothing about the client.
 */
import { del, entries, set } from 'idb-keyval';
import type { CheckInKind, CheckInState } from '@shared/schemas/check-in';
import { ApiError } from '@/lib/api';

export const KEY_PREFIX = 'check-in:';

export interface QueuedPress {
  pressId: string;
  bookingId: number;
  kind: CheckInKind;
  /** The phone's time of the press (ISO). */
  at: string;
  /** The visit's NZ date (which day's check-ins to refresh). */
  date: string;
}

export type SendPress = (press: QueuedPress) => Promise<CheckInState>;

/** The presses not yet accepted by the server, in memory (mirrors IndexedDB) for the buttons to show. */
let queued: readonly QueuedPress[] = [];
/** The last refusal per booking (the server said no: e.g. the visit was cancelled). */
let refusals: Readonly<Record<number, string>> = {};
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
export const queuedPresses = () => queued;
export const refusalsByBooking = () => refusals;

const keyOf = (pressId: string) => `${KEY_PREFIX}${pressId}`;

/** Records a press on the phone now (its uuid and time), before any sending. */
export async function queuePress(p: Omit<QueuedPress, 'pressId' | 'at'>): Promise<QueuedPress> {
  const press: QueuedPress = { ...p, pressId: crypto.randomUUID(), at: new Date().toISOString() };
  queued = [...queued, press];
  const { [p.bookingId]: _dropped, ...rest } = refusals;
  refusals = rest;
  emit();
  await set(keyOf(press.pressId), press);
  return press;
}

async function forget(press: QueuedPress): Promise<void> {
  queued = queued.filter((q) => q.pressId !== press.pressId);
  emit();
  await del(keyOf(press.pressId));
}

/**
 * Sends one press. Accepted, or refused by the server for good (a 4xx other than 401): removed from the phone.
 * No network, a 401 (sent again after she signs in) or a server error: kept for the next try. Answers whether
 * the press is settled.
 */
export async function sendQueued(press: QueuedPress, send: SendPress): Promise<boolean> {
  try {
    await send(press);
    await forget(press);
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401) {
      refusals = { ...refusals, [press.bookingId]: err.body?.message ?? err.message };
      await forget(press);
      return true;
    }
    return false;
  }
}

/** Loads the presses kept on the phone (after a restart) into memory. */
export async function loadQueued(): Promise<void> {
  const kept = (await entries<string, QueuedPress>())
    .filter(([key]) => typeof key === 'string' && key.startsWith(KEY_PREFIX))
    .map(([, press]) => press);
  const known = new Set(queued.map((q) => q.pressId));
  const added = kept.filter((k) => !known.has(k.pressId));
  // Nothing new (the usual start: an empty queue): the buttons keep the same list and do not render again.
  if (added.length === 0) return;
  queued = [...queued, ...added];
  emit();
}

let flushing: Promise<number> | null = null;

/**
 * Sends every queued press, oldest first ('Arrived' before its 'Leaving'), one at a time. Answers how many were
 * settled (accepted or refused for good): with none, the day's check-ins have not changed.
 */
export function flushQueued(send: SendPress): Promise<number> {
  flushing ??= (async () => {
    let settled = 0;
    try {
      await loadQueued();
      for (const press of [...queued].sort((a, b) => a.at.localeCompare(b.at))) {
        if (!(await sendQueued(press, send))) break; // still offline: the rest wait too
        settled += 1;
      }
    } finally {
      flushing = null;
    }
    return settled;
  })();
  return flushing;
}
