/**
 * Address suggestions (docs/product.md §2): the Google Maps JS API with the Places library, loaded only when
 * the site has a maps key, restricted to New Zealand. The script calls back a function defined
 * here on window (no inline script: the CSP forbids it). Any failure (no key, blocked script,
 * timeout, rejected key) leaves the plain input for manual entry.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useSiteConfig } from '@/lib/queries/get-site-config';
import { useGoogleMapsKey } from './api/get-google-maps-key';

interface MapsListener {
  remove(): void;
}

interface PlaceResult {
  formatted_address?: string;
  name?: string;
}

interface AutocompleteInstance {
  addListener(event: 'place_changed', handler: () => void): MapsListener;
  getPlace(): PlaceResult;
}

interface PlacesLibrary {
  Autocomplete: new (
    input: HTMLInputElement,
    options: { componentRestrictions: { country: string | string[] }; fields: string[]; types?: string[] },
  ) => AutocompleteInstance;
}

interface GoogleMapsNamespace {
  maps?: {
    places?: PlacesLibrary;
    importLibrary?: (name: string) => Promise<unknown>;
    event?: { clearInstanceListeners(instance: unknown): void };
  };
}

declare global {
  interface Window {
    google?: GoogleMapsNamespace;
    /** Google calls this when the key is refused (after the script has loaded). */
    gm_authFailure?: () => void;
    __homevisitMapsReady?: () => void;
  }
}

const SCRIPT_URL = 'https://maps.googleapis.com/maps/api/js';
const CALLBACK_NAME = '__homevisitMapsReady';
const LOAD_TIMEOUT_MS = 10_000;

let placesPromise: Promise<PlacesLibrary> | null = null;
let authFailed = false;
const authFailureListeners = new Set<() => void>();

async function placesFromWindow(): Promise<PlacesLibrary> {
  const maps = window.google?.maps;
  if (maps?.importLibrary) {
    const lib = (await maps.importLibrary('places')) as Partial<PlacesLibrary>;
    if (lib?.Autocomplete) return lib as PlacesLibrary;
  }
  if (maps?.places?.Autocomplete) return maps.places;
  throw new Error('Google Places library unavailable');
}

/** Loads the script once per page; later calls share the same promise (and its failure). */
export function loadPlacesLibrary(apiKey: string): Promise<PlacesLibrary> {
  if (placesPromise) return placesPromise;
  placesPromise = new Promise<PlacesLibrary>((resolve, reject) => {
    if (window.google?.maps) {
      placesFromWindow().then(resolve, reject);
      return;
    }
    const timer = window.setTimeout(() => reject(new Error('Google Maps took too long to load')), LOAD_TIMEOUT_MS);
    window[CALLBACK_NAME] = () => {
      window.clearTimeout(timer);
      placesFromWindow().then(resolve, reject);
    };
    window.gm_authFailure = () => {
      authFailed = true;
      authFailureListeners.forEach((listener) => listener());
    };
    const script = document.createElement('script');
    script.async = true;
    script.src = `${SCRIPT_URL}?key=${encodeURIComponent(apiKey)}&libraries=places&loading=async&callback=${CALLBACK_NAME}`;
    script.onerror = () => {
      window.clearTimeout(timer);
      reject(new Error('Google Maps failed to load'));
    };
    document.head.appendChild(script);
  });
  return placesPromise;
}

export type AutocompleteStatus = 'off' | 'loading' | 'ready' | 'failed';

/**
 * Attaches Places Autocomplete to the input when maps are enabled. onPlace receives the chosen
 * address. Answers 'ready' while suggestions work; 'off' or 'failed' mean manual entry.
 */
export function useAddressAutocomplete(
  inputRef: RefObject<HTMLInputElement | null>,
  onPlace: (address: string) => void,
): AutocompleteStatus {
  const { data: site } = useSiteConfig();
  const mapsEnabled = site?.mapsEnabled === true;
  const key = useGoogleMapsKey({ enabled: mapsEnabled });
  const [status, setStatus] = useState<AutocompleteStatus>(mapsEnabled ? 'loading' : 'off');
  const onPlaceRef = useRef(onPlace);
  onPlaceRef.current = onPlace;
  const apiKey = key.data?.apiKey;

  useEffect(() => {
    if (!mapsEnabled) {
      setStatus('off');
      return;
    }
    if (key.isError || (key.isSuccess && !apiKey) || authFailed) {
      setStatus('failed');
      return;
    }
    if (!apiKey) {
      setStatus('loading');
      return;
    }
    let cancelled = false;
    let listener: MapsListener | null = null;
    let instance: AutocompleteInstance | null = null;
    const input = inputRef.current;
    const placeholder = input?.getAttribute('placeholder') ?? null;

    const teardown = () => {
      listener?.remove();
      if (instance) window.google?.maps?.event?.clearInstanceListeners(instance);
      listener = null;
      instance = null;
    };
    // A refused key: Google greys the input out; give it back for manual entry.
    const onAuthFailure = () => {
      teardown();
      if (input) {
        input.disabled = false;
        input.style.backgroundImage = '';
        input.classList.remove('gm-err-autocomplete');
        if (placeholder === null) input.removeAttribute('placeholder');
        else input.setAttribute('placeholder', placeholder);
      }
      if (!cancelled) setStatus('failed');
    };
    authFailureListeners.add(onAuthFailure);

    setStatus('loading');
    loadPlacesLibrary(apiKey).then(
      (places) => {
        if (cancelled || !input || authFailed) return;
        instance = new places.Autocomplete(input, {
          componentRestrictions: { country: 'nz' },
          fields: ['formatted_address', 'name'],
          types: ['address'],
        });
        const current = instance;
        listener = current.addListener('place_changed', () => {
          const place = current.getPlace();
          const address = place.formatted_address || place.name;
          if (address) onPlaceRef.current(address);
        });
        setStatus('ready');
      },
      () => {
        if (!cancelled) setStatus('failed');
      },
    );
    return () => {
      cancelled = true;
      authFailureListeners.delete(onAuthFailure);
      teardown();
    };
  }, [mapsEnabled, apiKey, key.isError, key.isSuccess, inputRef]);

  return status;
}
