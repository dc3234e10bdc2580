/**
 * docs/product.md §17, "found from outside": every page the server sends passes html-validate (.htmlvalidate.json, the
 * recommended rules; the few turned off are listed with their reasons in CONTRIBUTING.md). The server runs with
 * the real index.html and the client's real renderer (src/client/entry-server.tsx, as client-page-render.test.ts
 * loads it), so the landing pages are checked as drawn on the server; the pages the browser draws (token pages,
 * privacy, the 404) are checked as sent, and once more as the renderer draws them, which is what the browser's
 * first render produces.
 */
import fs from 'node:fs';
import path from 'node:path';
import { HtmlValidate, type Message } from 'html-validate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RenderPage } from '../../src/server/http/server-render';
import type { Booking } from '../../src/shared/schemas/booking';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';

const ROOT = path.resolve(__dirname, '../..');
const RENDERER = path.join(ROOT, 'src/client/entry-server.tsx');

const t = useTestApp({
  signedIn: true,
  client: { 'index.html': fs.readFileSync(path.join(ROOT, 'src/client/index.html'), 'utf8') },
  besideClient: { 'ssr/entry-server.js': `export { render } from ${JSON.stringify(RENDERER)};\n` },
});

const validator = new HtmlValidate(JSON.parse(fs.readFileSync(path.join(ROOT, '.htmlvalidate.json'), 'utf8')));

/** Each error as one readable line: rule, message, and the markup around it. */
async function errorsOf(html: string, name: string): Promise<string[]> {
  const report = await validator.validateString(html, name);
  const lines = html.split('\n');
  return report.results.flatMap((r) =>
    r.messages.map((m: Message) => {
      const line = lines[m.line - 1] ?? '';
      return `${m.ruleId}: ${m.message} @ ${line.slice(Math.max(0, m.column - 60), m.column + 60)}`;
    }),
  );
}

/** Whether #root came with the page drawn in it (not the empty shell the browser fills). */
const drawn = (html: string) => /<div id="root">(?:<!--\$-->)?<[a-z]/.test(html);

let booking: Booking;
let clientId: number;

beforeAll(async () => {
  const res = await book(t, bookingRequest({ date: openDay(1), time: '10:00', email: 'html@example.nz' }));
  expect(res.statusCode, res.body).toBe(201);
  booking = res.json<Booking>();
  const [row] = await t.sql<{ client_id: number }>('SELECT client_id FROM bookings WHERE id = $1', [booking.id]);
  clientId = row!.client_id;
});

const publicPages = () => [
  '/',
  '/booking',
  '/review',
  '/privacy',
  '/gift-vouchers',
  `/booking/confirm/${booking.cancelToken}`,
  `/booking/cancel/${booking.cancelToken}`,
  `/booking/change/${booking.cancelToken}`,
  `/booking/health/${booking.cancelToken}`,
  '/waitlist/offer/no-such-offer-token-000000',
  '/waitlist/leave/no-such-entry-token-000000',
  '/no-such-page',
];

describe('html-validate on every page the server sends (issue 26)', () => {
  it('the public pages, the token pages and the 404, as sent', async () => {
    const errors: Record<string, string[]> = {};
    for (const url of publicPages()) {
      const res = await t.get(url, { headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      errors[url] = await errorsOf(res.body, url);
    }
    expect(errors).toEqual(Object.fromEntries(publicPages().map((url) => [url, []])));
  });

  it('the landing pages come drawn (so the check reads real components, not an empty shell)', async () => {
    for (const url of ['/', '/booking', '/review']) {
      const res = await t.get(url, { headers: { 'accept-encoding': 'identity' } });
      expect(drawn(res.body), url).toBe(true);
    }
  });

  it('her client page for her session, drawn on the server', async () => {
    const res = await t.get(`/admin/clients/${clientId}`, {
      headers: { cookie: t.cookie, 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(drawn(res.body)).toBe(true);
    expect(await errorsOf(res.body, 'admin client page')).toEqual([]);
  });

  it('Today for her session, drawn on the server, and its shell with the kept-sheet paint (decision 033)', async () => {
    const res = await t.get('/admin/today', { headers: { cookie: t.cookie, 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(drawn(res.body)).toBe(true);
    expect(await errorsOf(res.body, 'admin today')).toEqual([]);
    const shell = await t.get('/admin/today', { headers: { 'accept-encoding': 'identity' } });
    expect(drawn(shell.body)).toBe(false);
    expect(await errorsOf(shell.body, 'admin today shell')).toEqual([]);
  });

  it("the browser-drawn pages as the client's renderer draws them", async () => {
    const { render } = (await import(RENDERER)) as { render: RenderPage };
    const shell = await t.get('/privacy', { headers: { 'accept-encoding': 'identity' } });
    const data = JSON.parse(/<script id="[^"]+" type="application\/json">([^<]*)<\/script>/.exec(shell.body)![1]!);
    const errors: Record<string, string[]> = {};
    for (const url of publicPages()) {
      const body = await render(url, data);
      expect(body.length, url).toBeGreaterThan(0);
      const page = shell.body.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
      errors[url] = await errorsOf(page, `rendered ${url}`);
    }
    expect(errors).toEqual(Object.fromEntries(publicPages().map((url) => [url, []])));
  });
});
