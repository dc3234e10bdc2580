/**
 * The one Approve/Reject dialog of the Pending Requests tab: which request and decision it shows,
 * the note, and what happens on submit (docs/product.md §4 Admin actions: analytics event,
 * toast, lists refreshed, dialog and note reset). Approving a request that clashes with her other
 * calendars (docs/product.md §11), known from the list or from a 409 CALENDAR_CLASH, is sent with confirmClash.
 * Approving one whose client has health red flags (docs/product.md §13), known from the list or from a 409
 * HEALTH_NOT_CONFIRMED, waits for her to tick that she has read them, and is sent with confirmHealth.
 * Approving one whose client may be an existing client (decision 034) waits for her answer, sent as clientMatch.
 */
import { useCallback, useRef, useState } from 'react';
import type { MatchDecision } from '@shared/client-match';
import type { PendingBooking } from '@shared/schemas/booking';
import { trackEvent } from '@/lib/analytics';
import { ApiError, errorCode } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useReviewPendingBooking } from './api/review-pending-booking';
import {
  DECISION_WORDS,
  decisionBody,
  decisionFailure,
  decisionSuccessText,
  matchAnswerMissing,
  type Decision,
} from './review-decision';
import { CLASH_SYNCED } from './calendar-clash';

const HEALTH_SYNCED = 'The client has health red flags: read them before approving.';

export interface ReviewTarget {
  booking: PendingBooking;
  decision: Decision;
}

export function useReviewDialog() {
  // The target stays set while the dialog closes, so its content does not vanish mid-close.
  const [target, setTarget] = useState<ReviewTarget | null>(null);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  /** The server's 409 CALENDAR_CLASH message: a clash synced after the list loaded. */
  const [clashNotice, setClashNotice] = useState<string | null>(null);
  /** The server's 409 HEALTH_NOT_CONFIRMED message: red flags that came after the list loaded. */
  const [healthNotice, setHealthNotice] = useState<string | null>(null);
  const [healthRead, setHealthRead] = useState(false);
  /** Her answer on the request's possible match: the same person ('link') or someone else ('separate'). */
  const [matchChoice, setMatchChoice] = useState<MatchDecision | null>(null);
  /**
   * Where focus returns on close. The dialog has no Radix trigger (one dialog serves every row),
   * so the button that opened it is remembered here; when its row is gone, focus goes to the list.
   */
  const opener = useRef<HTMLElement | null>(null);
  const rowGone = useRef(false);
  const mutation = useReviewPendingBooking();

  const start = useCallback((booking: PendingBooking, decision: Decision) => {
    rowGone.current = false;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setTarget({ booking, decision });
    setNote('');
    setClashNotice(null);
    setHealthNotice(null);
    setHealthRead(false);
    setMatchChoice(null);
    setOpen(true);
  }, []);

  const finish = useCallback((gone: boolean) => {
    rowGone.current = gone;
    setOpen(false);
    setNote('');
    setClashNotice(null);
    setHealthNotice(null);
    setHealthRead(false);
    setMatchChoice(null);
  }, []);

  /** Closing by Cancel, Escape or the X; ignored while the call runs. */
  const onOpenChange = useCallback(
    (next: boolean) => {
      if (!next && !mutation.isPending) finish(false);
    },
    [finish, mutation.isPending],
  );

  const submit = useCallback(() => {
    if (!target || mutation.isPending) return;
    const { booking, decision } = target;
    // The dialog showed the clash and its button read 'Approve anyway': pressing it is her confirmation.
    const confirmClash = decision === 'confirmed' && (booking.clashes.length > 0 || clashNotice !== null);
    const healthFlagged = decision === 'confirmed' && (booking.healthFlags.length > 0 || healthNotice !== null);
    // The button stays disabled until she ticks the box; this guards a submit by Enter.
    if (healthFlagged && !healthRead) return;
    // Likewise for the possible match: Confirm stays disabled until she answers.
    if (matchAnswerMissing(decision, booking.clientMatch !== null, matchChoice)) return;
    mutation.mutate(
      { id: booking.id, body: decisionBody(decision, note, confirmClash, healthFlagged, matchChoice) },
      {
        onSuccess: () => {
          trackEvent(DECISION_WORDS[decision].analyticsEvent, { bookingId: booking.id });
          toast({ title: DECISION_WORDS[decision].toastTitle, description: decisionSuccessText(decision) });
          finish(true);
        },
        onError: (error) => {
          // UNAUTHENTICATED sends her to sign-in (the shell's session-expiry redirect): no toast on top.
          const code = errorCode(error);
          if (code === 'UNAUTHENTICATED') return;
          if (code === 'CALENDAR_CLASH') {
            setClashNotice((error instanceof ApiError ? error.body?.message : undefined) ?? CLASH_SYNCED);
            return;
          }
          if (code === 'HEALTH_NOT_CONFIRMED') {
            setHealthNotice((error instanceof ApiError ? error.body?.message : undefined) ?? HEALTH_SYNCED);
            setHealthRead(false);
            return;
          }
          const failure = decisionFailure(code, error instanceof ApiError ? error.body?.message : undefined);
          toast({ title: 'Error', description: failure.description, variant: 'destructive' });
          if (failure.stale) finish(true);
        },
      },
    );
  }, [clashNotice, finish, healthNotice, healthRead, matchChoice, mutation, note, target]);

  /** The element to focus once the dialog has closed: the opener, or `fallback` when its row is gone. */
  const focusAfterClose = useCallback((fallback: HTMLElement | null): HTMLElement | null => {
    const back = opener.current;
    return !rowGone.current && back?.isConnected ? back : fallback;
  }, []);

  return {
    target,
    open,
    start,
    note,
    setNote,
    clashNotice,
    healthNotice,
    healthRead,
    setHealthRead,
    matchChoice,
    setMatchChoice,
    onOpenChange,
    submit,
    isPending: mutation.isPending,
    focusAfterClose,
  };
}
