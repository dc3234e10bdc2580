/**
 * Feeds analytics (lib/analytics.ts) the provider from GET /api/site and every route change. Issue 42: analytics is a
 * chunk of its own, asked for once the page is hydrated (a task of its own, lib/hydrated.ts), so the first bundle
 * carries only this hook. Its calls are made in the order of the route changes (one module promise, whose callbacks
 * run in the order they were added); the same path twice in a row still counts once (trackPageview).
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

/** Reads the provider from GET /api/site and reports every route change. Use once, in App. */
export function useRouteAnalytics(): void {
  const { data: site, isError } = useSiteConfig();
  const [location] = useLocation();

  useEffect(() => {
    if (site) withAnalytics((a) => a.configureAnalytics(site.analytics ?? null));
    else if (isError) withAnalytics((a) => a.configureAnalytics(null));
  }, [site, isError]);

  // Not cancelled when the route changes meanwhile: every route reached is reported.
  useEffect(() => {
    withAnalytics((a) => a.trackPageview(location));
  }, [location]);
}
