import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HYDRATION_SHIELD_ID } from '@shared/constants';
import App from './app/App';
import { preloadRoutePage } from './app/route-pages';
import { readInitialData, seedQueryCache } from './lib/initial-data';
import { markHydrated } from './lib/hydrated';
import { nextTask } from './lib/next-task';
import { queryClient } from './lib/query-client';
import './index.css';

// An admin page's start (its server-rendered answers, its early requests) is a chunk of its own, asked for at once on
// /admin/ paths only: the public pages' bundle carries no admin code (decision 040, scripts/chunk-sides.ts).
const adminBoot = /^\/admin(\/|$)/.test(window.location.pathname) ? import('./app/admin-boot') : null;

// The page's data after this bundle's evaluation, a task for each part; the admin page's requests are sent then.
const seeded = nextTask()
  .then(() => seedQueryCache(queryClient, readInitialData()))
  .then(nextTask)
  .then(() => adminBoot?.then((boot) => boot.startAdminPage(queryClient, window.location.pathname)))
  .catch(() => {});

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
/**
 * Lets the page take input once hydration has committed (its effects run then): takes the server's shield off
 * (HYDRATION_SHIELD_ID). Not sooner: a press on a link while React was still taking over (now in slices, with the
 * tab's chunk loaded first) changed the route under the hydration, and the page then no longer matched the server's
 * HTML. Removing one empty layer restyles nothing else (`inert` on #root, taken off, restyled the whole page).
 * Renders nothing, on the server's side neither.
 */
function WhenHydrated() {
  useEffect(() => {
    document.getElementById(HYDRATION_SHIELD_ID)?.remove();
    // What waits for the first render (lib/hydrated.ts) starts in a task of its own.
    const later = setTimeout(markHydrated);
    return () => clearTimeout(later);
  }, []);
  return null;
}

if (root.firstElementChild) {
  // Public pages and her client's page (decision 022) arrive server-rendered (entry-server.tsx) under a shield
  // (static-client.ts): take over that HTML rather than redraw it, and let it take input once that is done.
  // Each step in its own task: this bundle's evaluation, the page's data, asking for the page's chunks (a link per
  // chunk), their evaluation and the work they queue (admin-routes.tsx: the first NZ date), then hydration in slices.
  void seeded
    .then(nextTask)
    .then(() => preloadRoutePage(window.location.pathname))
    .catch(() => {})
    .then(nextTask)
    .then(() => {
      // As a transition, React hydrates in slices of a few milliseconds and lets the browser
      // paint between them (a phone's main thread is never blocked for long).
      startTransition(() => {
        hydrateRoot(
          root,
          <>
            {app}
            <WhenHydrated />
          </>,
        );
      });
    });
} else {
  markHydrated();
  void seeded.then(() => createRoot(root).render(app));
}
