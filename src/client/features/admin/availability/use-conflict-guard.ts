/**
 * Before a change that takes time away (closing a day, narrowing hours, blocking a date) the tab
 * asks for the current bookings and, when active ones would fall outside, holds the change until
 * the therapist confirms it in the warning dialog. Saving never cancels those bookings.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booking } from '@shared/schemas/booking';
import { allBookingsQueryOptions } from '../shared/api/get-all-bookings';

export interface HeldChange {
  title: string;
  bookings: Booking[];
  proceed: () => void;
  /** The therapist went back: the change is dropped. */
  drop?: () => void;
}

export function useConflictGuard() {
  const queryClient = useQueryClient();
  const [held, setHeld] = useState<HeldChange | null>(null);
  const [checking, setChecking] = useState(false);

  /** Runs proceed at once when nothing conflicts (or the check itself failed: the server still keeps every booking). */
  const guard = async (
    title: string,
    find: (bookings: Booking[]) => Booking[],
    proceed: () => void,
    drop?: () => void,
  ) => {
    setChecking(true);
    let conflicts: Booking[];
    try {
      conflicts = find(await queryClient.fetchQuery(allBookingsQueryOptions()));
    } catch {
      conflicts = [];
    } finally {
      setChecking(false);
    }
    if (conflicts.length === 0) proceed();
    else setHeld({ title, bookings: conflicts, proceed, drop });
  };

  const confirm = () => {
    held?.proceed();
    setHeld(null);
  };
  const cancel = () => {
    held?.drop?.();
    setHeld(null);
  };
  return { held, checking, guard, confirm, cancel };
}
