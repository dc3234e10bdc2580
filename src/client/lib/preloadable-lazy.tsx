import { lazy, type ComponentType } from 'react';

export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * React.lazy that can be loaded ahead. A page whose chunk is already in memory renders at once instead of suspending
 * for a turn (React.lazy always does on its first render): main.tsx preloads the chunks of a server-rendered route,
 * so hydration takes over the whole page in one pass, with no Suspense boundary left dehydrated, where a press would
 * be lost. The server's render (entry-server.tsx) renders again once a chunk has loaded, for the same reason.
 */
export function preloadableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
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
