/**
 * Step 2's 'Your suburb or address' (docs/product.md §10): what the visitor types, and the address the
 * availability calls are asked with once typing pauses.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { trackEvent } from '@/lib/analytics';
import { routeAddressParam } from './route-fit';
import { useDebouncedValue } from './use-debounced-value';

const ROUTE_DEBOUNCE_MS = 500;

export function useRouteAddress() {
  const [text, setText] = useState('');
  // An address carried in from step 3 was not typed here: it applies at once, no debounce.
  const [carried, setCarried] = useState<string | null>(null);
  const debounced = useDebouncedValue(text, ROUTE_DEBOUNCE_MS);
  const address = routeAddressParam(carried !== null && carried === text ? text : debounced);

  const tracked = useRef(false);
  useEffect(() => {
    if (address === null || tracked.current || carried === text) return;
    tracked.current = true;
    trackEvent('route_address_entered');
  }, [address, carried, text]);

  const carry = useCallback((next: string) => {
    setText(next);
    setCarried(next);
  }, []);

  /** text: the field; address: what the times are asked for (null: none given). */
  return { text, setText, address, carry };
}
