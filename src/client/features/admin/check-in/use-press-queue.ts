/**
 * Starts the check-in queue on the dashboard (docs/product.md §16): sends the presses kept on the phone at start, on
 * the browser's 'online' event, and before sign-out; refreshes the day's check-ins after a flush that settled a press.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { registerBeforeSignOut } from '../shared/before-sign-out';
import { postCheckIn } from './api/press-check-in';
import { flushQueued, queuedPresses, refusalsByBooking, subscribe } from './press-queue';

export function usePressQueue(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // The day's check-ins are asked for again only when a press was settled (at start the queue is mostly empty,
    // and Today has just asked for them).
    const flush = () =>
      flushQueued(postCheckIn).then((settled) =>
        settled > 0
          ? queryClient.invalidateQueries({
              predicate: ({ queryKey }) => String(queryKey[0]).startsWith('/api/admin/check-ins'),
            })
          : undefined,
      );
    // At start in a task of its own (IndexedDB, then a request per press): not in the effects of Today's hydration.
    const atStart = setTimeout(() => void flush().catch(() => undefined));
    const onOnline = () => void flush().catch(() => undefined);
    window.addEventListener('online', onOnline);
    const unregister = registerBeforeSignOut(flush);
    return () => {
      clearTimeout(atStart);
      window.removeEventListener('online', onOnline);
      unregister();
    };
  }, [queryClient]);
}

/** The presses still on the phone, and the last refusals, for the buttons. */
export function useQueuedPresses() {
  const queued = useSyncExternalStore(subscribe, queuedPresses, queuedPresses);
  const refusals = useSyncExternalStore(subscribe, refusalsByBooking, refusalsByBooking);
  return { queued, refusals };
}
