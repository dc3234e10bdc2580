/**
 * Chromium pages for the e2e tests: the worker's browser (tests/e2e/setup.ts), a fresh context per page
 * (phone 360x740 by default, the browser's time zone away from New Zealand), and every
 * console error or uncaught page error fails the test that opened the page.
 */
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { HYDRATION_SHIELD_ID } from '../../src/shared/constants';
import { shiftDate } from '../helpers/fake-clock.mjs';

export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1366, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
export type Theme = 'light' | 'dark' | 'system';

/** The browser's zone: far from Pacific/Auckland, so a date shown in the browser's zone is caught. */
export const BROWSER_TIME_ZONE = 'America/Los_Angeles';
/** Where the client keeps the theme choice (the inline bootstrap in index.html reads it). */
export const THEME_STORAGE_KEY = 'homevisit-theme';

/**
 * The shared server of this worker (tests/e2e/setup.ts starts one per worker; VITEST_POOL_ID numbers the workers
 * from 1): a file that starts no server of its own runs on it.
 */
export const baseUrl = (): string => ofThisWorker(inject('e2eBaseUrls'));

function ofThisWorker<T>(perWorker: T[]): T {
  return perWorker[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % perWorker.length]!;
}

export interface OpenOptions {
  viewport?: ViewportName;
  /** A stored theme choice, written before any page script runs (unless one is stored already). */
  theme?: Theme;
  /** The operating system's colour scheme; light unless told. */
  colorScheme?: 'light' | 'dark';
  /** Console errors this test provokes on purpose. */
  allowConsoleErrors?: RegExp[];
  /**
   * Whether page.goto and page.reload wait until a server-rendered page is hydrated (true unless told). A person
   * cannot tap or type into it before (the shield, decision 033 step 5), but Playwright's fill writes into the input
   * directly, and the form, once hydrated, would start from its own empty values.
   */
  untilHydrated?: boolean;
}

/**
 * Console errors every page may show: the session check answers 401 to a visitor who is
 * not signed in (docs/product.md §4: the user is then cleared), which Chromium logs as a failed load.
 */
const ALWAYS_ALLOWED = [/status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/auth\/me:/];

interface Opened {
  context: BrowserContext;
  problems: string[];
}

let browser: Browser | undefined;
const opened: Opened[] = [];

/** Registers the browser's lifecycle hooks in the calling test file: connects to the worker's browser. */
export function useBrowser(): void {
  beforeAll(async () => {
    browser = await chromium.connect(ofThisWorker(inject('e2eBrowserEndpoints')));
  });
  afterEach(async () => {
    const problems: string[] = [];
    for (const { context, problems: p } of opened.splice(0)) {
      await context.close().catch(() => {});
      problems.push(...p);
    }
    if (problems.length > 0) throw new Error(`The page reported errors:\n  ${problems.join('\n  ')}`);
  });
  afterAll(async () => {
    // Disconnects; the browser goes on for the worker's next file.
    await browser?.close();
    browser = undefined;
  });
}

/** Opens `path` (relative to the server) in a new context and waits for the page to load. */
export async function openPage(path: string | null = '/', options: OpenOptions = {}): Promise<Page> {
  if (!browser) throw new Error('useBrowser() was not called in this test file');
  const context = await browser.newContext({
    viewport: VIEWPORTS[options.viewport ?? 'phone'],
    timezoneId: BROWSER_TIME_ZONE,
    locale: 'en-US',
    baseURL: baseUrl(),
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  // Under tests/helpers/fake-clock.mjs the page lives on the same shifted day as the test and its servers (not
  // Playwright's clock.install: its Date made date-fns' format drop TZDate's zone, and it counts from this process's
  // Date.now, shifted already). Workers (the admin service worker) keep the real time.
  const offsetMs = Number(process.env.HV_FAKE_CLOCK_OFFSET_MS ?? 0);
  if (offsetMs !== 0) await context.addInitScript(shiftDate, offsetMs);
  const entry: Opened = { context, problems: [] };
  opened.push(entry);
  const allowed = [...ALWAYS_ALLOWED, ...(options.allowConsoleErrors ?? [])];
  if (options.theme) {
    await context.addInitScript(
      `try { if (!localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})) localStorage.setItem(${JSON.stringify(THEME_STORAGE_KEY)}, ${JSON.stringify(options.theme)}); } catch (e) {}`,
    );
  }
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const location = msg.location();
    const text = `console error: ${msg.text()}${location.url ? ` (${location.url}:${location.lineNumber})` : ''}`;
    if (!allowed.some((re) => re.test(text))) entry.problems.push(text);
  });
  page.on('pageerror', (err) => entry.problems.push(`page error at ${page.url()}: ${err.stack ?? err.message}`));
  if (options.untilHydrated !== false) waitForHydrationOnLoad(page);
  if (path !== null) await page.goto(path);
  return page;
}

/** Makes page.goto and page.reload resolve once the page is hydrated (no shield; a client-drawn page has none). */
function waitForHydrationOnLoad(page: Page): void {
  const hydrated = () => page.locator(`#${HYDRATION_SHIELD_ID}`).waitFor({ state: 'detached' });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}

/** A call to the test server from Node, with the Origin header the CSRF check wants. */
export async function api(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: baseUrl() };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  return fetch(new URL(path, baseUrl()), {
    method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
}

/**
 * Waits until `expression` is truthy in the page. Playwright's waitForFunction evaluates a
 * string predicate with eval() on its later polls, which the app's CSP (no 'unsafe-eval')
 * rightly refuses; page.evaluate goes through the DevTools protocol, which CSP does not govern.
 */
export async function waitInPage(page: Page, expression: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A download's bytes (the browser is connected, not launched, so Playwright keeps no local file to read by path). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
