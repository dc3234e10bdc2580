/**
 * Server rendering of the public pages (issue 14): the server (src/server/http/static-client.ts)
 * calls render() with the page's URL and the same initial data it inlines, and puts the HTML
 * into #root, so the first paint already holds the page and main.tsx hydrates it. Built by
 * scripts/build.mjs into dist/ssr with Vite's SSR build; never part of the browser bundle.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import type { InitialData } from '@shared/site';
import App from './app/App';
import { seedQueryCache } from './lib/initial-data';
import { queryClient } from './lib/query-client';

/** One render: React's HTML, which holds inline scripts when a Suspense boundary had to wait. */
async function renderOnce(path: string, search: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath={path} ssrSearch={search}>
        <App />
      </Router>
    </StrictMode>,
    // Never outline a large boundary to be revealed by an inline script: one whole document.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/** The HTML of the page at `url` (path and query) as the browser's first render will produce it. */
export async function render(url: string, data: InitialData): Promise<string> {
  const [path = '/', search = ''] = url.split('?');
  // One client per process (App imports it): start each render from exactly this request's data.
  queryClient.clear();
  seedQueryCache(queryClient, data);
  // The first render of a route waits for its lazy chunk, and React then reveals the page with an
  // inline script (which the CSP forbids). A chunk once loaded renders at once: render again.
  for (let attempt = 0; attempt < 2; attempt++) {
    const html = await renderOnce(path, search);
    if (!html.includes('<script')) return html;
  }
  throw new Error(`${path} still suspends on the server`);
}
