import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import App from './app/App';
import { readInitialData, seedQueryCache } from './lib/initial-data';
import { queryClient } from './lib/query-client';
import './index.css';

seedQueryCache(queryClient, readInitialData());

/**
 * The lazy page of a server-rendered route (the same chunks App.tsx loads): in memory before
 * hydration, so a click on the page is never dropped while React waits for its code.
 */
function loadRoutePage(path: string): Promise<unknown> {
  if (path === '/booking') return import('./pages/booking');
  if (path === '/review') return import('./pages/reviews');
  return Promise.resolve();
}

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (root.firstElementChild) {
  // Public pages arrive server-rendered (entry-server.tsx) and `inert` (static-client.ts): take over
  // that HTML rather than redraw it, and let it take input once React listens to it.
  void loadRoutePage(window.location.pathname)
    .catch(() => {})
    .then(() => {
      hydrateRoot(root, app);
      root.removeAttribute('inert');
    });
} else {
  createRoot(root).render(app);
}
