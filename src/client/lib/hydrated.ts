/**
 * Whether the page's first render is done: a task after a server-rendered page's hydration committed, at once for a
 * page drawn by the browser alone (main.tsx). What a rendered page only refreshes waits for it (Today's day sheet, the
 * pending badge): started in the hydration's passive effects, their requests made that one task ~30% longer on a
 * phone's main thread (decision 033 step 8), while the page already shows what they will refresh.
 */
import { useSyncExternalStore } from 'react';

let hydrated = false;
const listeners = new Set<() => void>();

export function markHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  for (const listener of [...listeners]) listener();
}

export const isHydrated = (): boolean => hydrated;

/**
 * Runs `work` in a task of its own once the page is hydrated (each caller its own task); the returned function
 * cancels it.
 */
export function afterHydration(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    listeners.delete(schedule);
    timer = setTimeout(work);
  };
  if (hydrated) schedule();
  else listeners.add(schedule);
  return () => {
    listeners.delete(schedule);
    clearTimeout(timer);
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** The server renders the state before hydration, and the browser's hydration reads it too (getServerSnapshot). */
const notYet = () => false;

export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, isHydrated, notYet);
}
