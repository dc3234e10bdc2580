/**
 * Analytics (docs/product.md §2: route changes are reported; docs/product.md §2: booking events too). The provider
 * comes from the site settings (GET /api/site -> SiteConfig.analytics): Plausible or GA4.
 *
 * - With no provider (null) nothing is loaded and nothing is sent; calls are dropped.
 * - Until the settings are known, calls wait in a small queue.
 * - The provider's script is added after the first render, when the browser is idle, with
 *   async: it never blocks rendering. Calls made before it has loaded go to the provider's own
 *   command queue (plausible.q / dataLayer) and are sent when it arrives.
 * - No inline script (the CSP forbids it): the plausible stub and gtag live here.
 * - This module is a chunk of its own, loaded once the page is hydrated (route-analytics.ts, decision 040): the first
 *   bundle carries only the hook that feeds it the settings and the route.
 * - Booking tokens never leave the site: /booking/confirm/{token} is reported as
 *   /booking/confirm/:token (and the same for cancel, change and health); query strings are not reported.
 */
import type { AnalyticsConfig } from '@shared/site';

export type AnalyticsProps = Record<string, string | number | boolean>;

type Command = { kind: 'pageview'; path: string } | { kind: 'event'; name: string; props?: AnalyticsProps };

type PlausibleFn = ((event: string, options?: { u?: string; props?: AnalyticsProps }) => void) & { q?: unknown[] };

declare global {
  interface Window {
    plausible?: PlausibleFn;
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

const MAX_PENDING = 50;
const GA_SCRIPT = 'https://www.googletagmanager.com/gtag/js';

/** undefined: settings not known yet; null: analytics off. */
let provider: AnalyticsConfig | null | undefined;
let pending: Command[] = [];
let lastPageview: string | null = null;

/** The path as reported: private tokens replaced by a placeholder, no query or hash. */
export function analyticsPath(path: string): string {
  const bare = path.split(/[?#]/)[0] || '/';
  return bare
    .replace(/^\/booking\/(confirm|cancel|change|health)\/[^/]+/, '/booking/$1/:token')
    .replace(/^\/waitlist\/(offer|leave)\/[^/]+/, '/waitlist/$1/:token');
}

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 3000 });
  else window.setTimeout(run, 1);
}

function addScript(src: string, attributes: Record<string, string> = {}): void {
  whenIdle(() => {
    const script = document.createElement('script');
    script.async = true;
    script.defer = true;
    script.src = src;
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    document.head.appendChild(script);
  });
}

function startPlausible(config: Extract<AnalyticsConfig, { provider: 'plausible' }>): void {
  if (!window.plausible) {
    // Plausible's documented command queue: calls wait in plausible.q until the script runs.
    const stub: PlausibleFn = (...args: unknown[]) => {
      (stub.q = stub.q || []).push(args);
    };
    window.plausible = stub;
  }
  addScript(config.scriptUrl, { 'data-domain': config.domain });
}

function startGa4(config: Extract<AnalyticsConfig, { provider: 'ga4' }>): void {
  window.dataLayer = window.dataLayer || [];
  if (!window.gtag) {
    // gtag.js reads Arguments objects from dataLayer, exactly as its snippet pushes them.
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params -- an Arguments object, not an array, is what gtag.js reads
      window.dataLayer!.push(arguments);
    };
  }
  window.gtag('js', new Date());
  // Page views are sent by hand (with the token-free path), never automatically.
  window.gtag('config', config.measurementId, { send_page_view: false });
  addScript(`${GA_SCRIPT}?id=${encodeURIComponent(config.measurementId)}`);
}

function send(command: Command): void {
  if (!provider) return;
  const url = command.kind === 'pageview' ? `${window.location.origin}${command.path}` : undefined;
  if (provider.provider === 'plausible') {
    if (command.kind === 'pageview') window.plausible?.('pageview', { u: url });
    else window.plausible?.(command.name, command.props ? { props: command.props } : undefined);
  } else if (command.kind === 'pageview') {
    window.gtag?.('event', 'page_view', { page_location: url, page_path: command.path });
  } else {
    window.gtag?.('event', command.name, command.props ?? {});
  }
}

function dispatch(command: Command): void {
  if (provider === null) return;
  if (provider === undefined) {
    if (pending.length < MAX_PENDING) pending.push(command);
    return;
  }
  send(command);
}

/** Tell analytics which provider to use (once: later calls are ignored). */
export function configureAnalytics(config: AnalyticsConfig | null): void {
  if (provider !== undefined) return;
  provider = config;
  const queued = pending;
  pending = [];
  if (!config) return;
  if (config.provider === 'plausible') startPlausible(config);
  else startGa4(config);
  queued.forEach(send);
}

/** Report a page view of an in-app path. The same path twice in a row counts once. */
export function trackPageview(path: string): void {
  const reported = analyticsPath(path);
  if (reported === lastPageview) return;
  lastPageview = reported;
  dispatch({ kind: 'pageview', path: reported });
}

/** Report an event, e.g. trackEvent('booking_submitted', { serviceId: 2 }). */
export function trackEvent(name: string, props?: AnalyticsProps): void {
  dispatch({ kind: 'event', name, props });
}
