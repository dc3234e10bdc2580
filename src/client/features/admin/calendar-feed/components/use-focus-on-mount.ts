import { useEffect, useRef } from 'react';

/**
 * Focus for a step of the dialog that replaces the one holding the focused button (so focus is
 * not lost to the page): the element gets it when it appears, if `enabled`.
 */
export function useFocusOnMount<T extends HTMLElement>(enabled: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}
