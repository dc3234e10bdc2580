/**
 * Load a piece of UI on first use: the header's theme menu and mobile drawer pull in Radix
 * menu/dialog code (positioning, focus trapping, scroll locking) that the first load does not
 * need (decision 010: not even when idle, which would still cost a phone the download and the
 * parse). A plain look-alike button stands in; hovering or focusing it fetches the module, and
 * pressing it (mouse, touch, Enter or Space) shows the real control, open.
 */
import { useCallback, useState } from 'react';

export interface Deferred<T> {
  load: () => Promise<T>;
  loaded: () => T | null;
}

export function deferred<T>(loader: () => Promise<T>): Deferred<T> {
  let promise: Promise<T> | null = null;
  let value: T | null = null;
  return {
    load: () =>
      (promise ??= loader().then(
        (v) => (value = v),
        (err: unknown) => {
          promise = null; // let a later attempt retry
          throw err;
        },
      )),
    loaded: () => value,
  };
}

/**
 * The loaded module (null until then), a function that loads it and then shows it, and one that
 * only fetches it (on hover or focus, so the press that follows finds it in memory; the control is
 * swapped only on the press, never under a pointer in the middle of a click).
 */
export function useDeferred<T>(d: Deferred<T>): [T | null, () => void, () => void] {
  const [module, setModule] = useState<T | null>(d.loaded);

  const loadNow = useCallback(() => {
    d.load().then(
      (m) => setModule(() => m),
      () => {},
    );
  }, [d]);

  const prefetch = useCallback(() => {
    d.load().catch(() => {});
  }, [d]);

  return [module, loadNow, prefetch];
}
