/**
 * Load a piece of UI after the first paint: the header's theme menu and mobile drawer pull in
 * Radix menu/dialog code (positioning, focus trapping, scroll locking) that the first render
 * does not need. The module is fetched when the browser is idle, or at once when the visitor
 * reaches for the control first; a plain look-alike button stands in until then.
 */
import { useCallback, useEffect, useState } from 'react';

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

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

/** The loaded module (null until then) and a function that loads it now. */
export function useDeferred<T>(d: Deferred<T>): [T | null, () => void] {
  const [module, setModule] = useState<T | null>(d.loaded);

  useEffect(() => {
    if (module) return;
    let live = true;
    const cancel = whenIdle(() => {
      d.load().then(
        (m) => live && setModule(() => m),
        () => {},
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [d, module]);

  const loadNow = useCallback(() => {
    d.load().then(
      (m) => setModule(() => m),
      () => {},
    );
  }, [d]);

  return [module, loadNow];
}
