import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/**
 * The component, `preload()`, which answers the loaded module (its other exports included), and `isLoaded()`, true
 * once its chunk is in memory.
 */
export type Preloadable<P, M = unknown> = ComponentType<P> & { preload: () => Promise<M>; isLoaded: () => boolean };

/**
 * React.lazy that can be loaded ahead. A page whose chunk is already in memory renders at once instead of suspending
 * for a turn (React.lazy always does on its first render): main.tsx preloads the chunks of a server-rendered route,
 * so hydration takes over the whole page in one pass, with no Suspense boundary left dehydrated, where a press would
 * be lost. The server's render (entry-server.tsx) renders again once a chunk has loaded, for the same reason.
 */
export function preloadableLazy<
  P extends object,
  M extends { default: ComponentType<P> } = { default: ComponentType<P> },
>(load: () => Promise<M>): Preloadable<P, M> {
  let loaded: ComponentType<P> | null = null;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadAndKeep) as unknown as ComponentType<P>;
  function Page(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { preload: loadAndKeep, isLoaded: () => loaded !== null });
}

/**
 * The Suspense boundary of a lazy page, left out when its chunk was in memory as this mounted (decided once, at mount:
 * a later render never adds or removes it). A server-rendered page's chunk is loaded before the server's render and
 * before hydration, so both render it without the boundary and hydration takes the page in one pass. With it, React
 * leaves a boundary's server HTML for its lowest priority, and the first update that reaches the boundary before then
 * (a query's answer, a store's change) makes React hydrate all of it at once, in one task: ~190 ms of a phone's main
 * thread on Today with three visits (decision 033).
 */
export function LazyBoundary({
  page,
  fallback,
  children,
}: {
  page: Pick<Preloadable<never>, 'isLoaded'>;
  fallback: ReactNode;
  children: ReactNode;
}) {
  const [loadedAtMount] = useState(page.isLoaded);
  return loadedAtMount ? children : <Suspense fallback={fallback}>{children}</Suspense>;
}
