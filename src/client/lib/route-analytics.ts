/**
 * Feeds analytics (lib/analytics.ts) the provider from GET /api/site and every route change. Decision 040: analytics
 * is a chunk of its own, asked for once the page is hydrated (a task of its own, lib/hydrated.ts) and only when a
 * provider is set, so the first bundle carries only this hook. Its calls are made in the order of the route changes
 * (one module promise, whose callbacks run in the order they were added); the same path twice in a row counts once.
 */
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { afterHydration } from '@/lib/hydrated';
import { useSiteConfig } from '@/lib/queries/get-site-config';

let analytics: Promise<typeof import('./analytics')> | null = null;

/** Runs `use` with the analytics module once the page is hydrated; none is lost if it is still loading. */
function withAnalytics(use: (module: typeof import('./analytics')) => void): void {
  afterHydration(() => {
    (analytics ??= import('./analytics')).then(use, () => {
      analytics = null; // let a later call retry
    });
  });
}

/**
 * Reads the provider from GET /api/site and reports every route change. Use once, in App. With no provider (or no
 * settings) the analytics chunk is not even loaded: nothing would be sent (lib/analytics.ts drops every call then).
 */
export function useRouteAnalytics(): void {
  const { data: site } = useSiteConfig();
  const [location] = useLocation();
  const config = site?.analytics ?? null;

  useEffect(() => {
    if (config) withAnalytics((a) => a.configureAnalytics(config));
  }, [config]);

  // Not cancelled when the route changes meanwhile: every route reached is reported. Once the settings arrive, the
  // route shown then is reported (the same path twice in a row counts once).
  useEffect(() => {
    if (config) withAnalytics((a) => a.trackPageview(location));
  }, [config, location]);
}
