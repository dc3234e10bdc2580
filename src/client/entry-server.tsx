/**
 * Server rendering of the public pages (decision 010) and of her client's page for a valid session (decision 022): the
 * server (src/server/http/static-client.ts) calls render() with the page's URL and the same data it inlines, and puts
 * the HTML into #root, so the first paint already holds the page and main.tsx hydrates it. Built by
 * scripts/build.mjs into dist/ssr with Vite's SSR build; never part of the browser bundle.
 */
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import type { AdminPageData } from '@shared/admin-page';
import type { InitialData } from '@shared/site';
import App from './app/App';
import { preloadRoutePage } from './app/route-pages';
import { seedAdminPageData } from './app/admin-page-data';
import { seedQueryCache } from './lib/initial-data';
import { createQueryClient } from './lib/query-client';
import { tidyHtml } from './lib/tidy-html';

/** A lazy chunk per level (the admin area, then nothing deeper today): one render more than the levels. */
const MAX_RENDERS = 3;

/** One render: React's HTML, which holds inline scripts when a Suspense boundary had to wait. */
async function renderOnce(client: QueryClient, path: string, search: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath={path} ssrSearch={search}>
        <App client={client} />
      </Router>
    </StrictMode>,
    // Never outline a large boundary to be revealed by an inline script: one whole document.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/**
 * The HTML of the page at `url` (path and query) as the browser's first render will produce it. `admin`: her session
 * and client, for her client's page (the browser seeds the same before hydrating).
 */
export async function render(url: string, data: InitialData, admin: AdminPageData | null = null): Promise<string> {
  const [path = '/', search = ''] = url.split('?');
  // A client per render, holding exactly this request's data: renders run concurrently (each awaits), and one
  // session's data must never be seen by another's render.
  const client = createQueryClient();
  seedQueryCache(client, data);
  seedAdminPageData(client, admin, false);
  // The route's chunks (an admin page's: the admin chunk and its tab) are loaded first: one render is usually enough.
  await preloadRoutePage(path);
  // The first render of a route waits for its lazy chunk, and React then reveals the page with an
  // inline script (which the CSP forbids). A chunk once loaded renders at once: render again.
  for (let attempt = 0; attempt < MAX_RENDERS; attempt++) {
    const html = await renderOnce(client, path, search);
    // Attribute names in lower case, booleans bare: the markup html-validate expects (docs/product.md §17).
    if (!html.includes('<script')) return tidyHtml(html);
  }
  throw new Error(`${path} still suspends on the server`);
}
