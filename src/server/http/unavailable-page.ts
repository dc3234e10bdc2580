/**
 * What a browser gets for a page while the database cannot be reached: a short HTML page that
 * says so and tries again by itself (no script: it needs nothing the server cannot give now),
 * instead of the API's JSON 503. A 503 with Retry-After, so crawlers and proxies come back.
 */
import { isDatabaseUnavailable } from '../db/errors';
import { escapeHtml } from '../escape-html';
import { DATABASE_UNAVAILABLE_MESSAGE } from './error-handler';

export const PAGE_RETRY_SECONDS = 30;

export function unavailablePage(practiceName: string): string {
  const name = escapeHtml(practiceName);
  return `<!doctype html><html lang="en-NZ"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${PAGE_RETRY_SECONDS}"><meta name="robots" content="noindex"><title>${name}: back in a moment</title>
<style>:root{color-scheme:light dark}body{font:17px/1.5 system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.25rem}h1{font-size:1.4rem}</style></head>
<body><main><h1>${name} will be back in a moment</h1><p>${escapeHtml(DATABASE_UNAVAILABLE_MESSAGE)}</p><p>This page tries again by itself every ${PAGE_RETRY_SECONDS} seconds.</p></main></body></html>`;
}

/**
 * Renders the page, or the unavailable page (503) when the database is away; other errors go on to the error handler.
 */
export async function pageOrUnavailable(
  render: () => Promise<string>,
  practiceName: string,
): Promise<{ status: number; html: string }> {
  try {
    return { status: 200, html: await render() };
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    return { status: 503, html: unavailablePage(practiceName) };
  }
}
