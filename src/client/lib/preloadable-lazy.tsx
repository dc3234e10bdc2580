import { lazy, type ComponentType } from 'react';

/** The component, and `preload()`, which answers the loaded module (its other exports included). */
export type Preloadable<P, M = unknown> = ComponentType<P> & { preload: () => Promise<M> };

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
  return Object.assign(Page, { preload: loadAndKeep });
}
