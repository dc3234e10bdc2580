/**
 * Decision 022: her client's page, /admin/clients/{id}, comes from the server already drawn for a valid session (issue
 * 24's "renders on a phone in under 1 s"), with the answers it was drawn from embedded for hydration. Rendered here by
 * the client's real renderer (src/client/entry-server.tsx, loaded through Vitest as the built one is through Node).
 * What it must hold: her page for her session only, no-store, nothing health-related, hostile text inert, and New
 * Zealand dates whatever the server's zone (this project runs under TZ=UTC).
 */
import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_DATA_ELEMENT_ID, INITIAL_DATA_ELEMENT_ID } from '../../src/shared/constants';
import { HEALTH_CONSENT } from '../../src/shared/health-form';
import type { Booking } from '../../src/shared/schemas/booking';
import { nzInstant } from '../../src/shared/time';
import { paintFirstLoader } from '../../src/server/http/server-render';
import { useTestApp } from '../helpers/app';
import { expectScriptsByNonce } from '../helpers/csp';
import { isShielded } from '../helpers/hydration-shield';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { linkMatch } from '../helpers/client-match';
import { ON_WARFARIN_ANSWERS } from '../helpers/health-answers';

const STYLESHEET_LINK = '<link rel="stylesheet" crossorigin href="/assets/index.css">';
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>x</title><meta name="description" content="" />' +
  `<script type="module" crossorigin src="/assets/index.js"></script>${STYLESHEET_LINK}</head>` +
  '<body><div id="root"></div></body></html>';
const RENDERER = path.resolve(__dirname, '../../src/client/entry-server.tsx');

/** The built sheet's stand-in. */
const STYLESHEET = '@layer utilities{.text-2xl{font-size:1.5rem}.absent{color:red}}';

const t = useTestApp({
  signedIn: true,
  client: { 'index.html': INDEX_HTML, 'assets/index.css': STYLESHEET },
  besideClient: { 'ssr/entry-server.js': `export { render } from ${JSON.stringify(RENDERER)};\n` },
});

const HOSTILE = '</script><script>alert(1)</script>';
const PAST_DATE = '2025-03-04'; // a Tuesday in Auckland; 08:00 there is the day before in UTC and Los Angeles
const HEALTH_WORDS = ['warfarin', 'Mere Taylor', 'pregnan', 'Blood thinners'];
const NOTE_WORDS = ['Trapezius knotted', 'Stretch twice daily'];

const pageOf = (id: number, cookie?: string) =>
  t.get(`/admin/clients/${id}`, { headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });

function parts(res: LightMyRequestResponse) {
  const doc = parseDocument(res.body);
  const byId = (id: string) => DomUtils.findOne((el) => el.attribs.id === id, doc.children);
  const root = byId('root');
  const data = byId(ADMIN_PAGE_DATA_ELEMENT_ID);
  return {
    root,
    shielded: isShielded(doc.children, root),
    rootText: root ? DomUtils.textContent(root) : '',
    heading: (name: string) => DomUtils.findAll((el) => el.name === name, root ? [root] : []).map(DomUtils.textContent),
    adminData: data ? (JSON.parse(DomUtils.textContent(data)) as unknown) : null,
    hasInitialData: byId(INITIAL_DATA_ELEMENT_ID) !== null,
  };
}

async function accessLogRows(): Promise<number> {
  const [row] = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM client_access_log');
  return row!.n;
}

/** A client with a hostile first name, a completed visit with notes, an upcoming one, a health form and an alert. */
async function hostileClient(): Promise<{ clientId: number; upcoming: Booking }> {
  const request = (date: string, time: string) =>
    bookingRequest({ date, time, firstName: HOSTILE, lastName: 'Ngata', email: 'hostile@example.nz' });
  const past = await book(t, request(openDay(0), '09:00'));
  expect(past.statusCode, past.body).toBe(201);
  const upcoming = await book(t, request(openDay(1), '14:30'));
  expect(upcoming.statusCode, upcoming.body).toBe(201);
  // The same person booked again: she links it to her client (docs/decisions/034).
  await linkMatch(t, upcoming.json<Booking>());
  const pastBooking = past.json<Booking>();
  const start = nzInstant(PAST_DATE, '08:00').toISOString();
  await t.sql(
    `UPDATE bookings SET status = 'confirmed', date = $2, time = '08:00', starts_at = ($3)::timestamptz,
       ends_at = ($3)::timestamptz + duration * interval '1 minute',
       buffer_ends_at = ($3)::timestamptz + (duration + 15) * interval '1 minute' WHERE id = $1`,
    [pastBooking.id, PAST_DATE, start],
  );
  expect(
    (await t.admin.post(`/api/admin/bookings/${pastBooking.id}/outcome`, { outcome: 'completed' })).statusCode,
  ).toBe(200);
  const note = await t.admin.post(`/api/admin/bookings/${pastBooking.id}/notes`, {
    subjective: NOTE_WORDS[0],
    objective: '',
    treatment: '',
    plan: NOTE_WORDS[1],
  });
  expect(note.statusCode, note.body).toBe(201);
  const form = await t.post(`/api/bookings/token/${upcoming.json<Booking>().cancelToken}/health-form`, {
    answers: { ...ON_WARFARIN_ANSWERS, pregnant: true, pregnancyWeeks: 30 },
    consent: { version: HEALTH_CONSENT.version, fullName: 'Ana Ngata' },
  });
  expect(form.statusCode, form.body).toBe(201);
  const [row] = await t.sql<{ client_id: number }>('SELECT client_id FROM bookings WHERE id = $1', [pastBooking.id]);
  const alert = await t.admin.post(`/api/admin/clients/${row!.client_id}/alerts`, {
    text: `Dog at the gate ${HOSTILE}`,
  });
  expect(alert.statusCode, alert.body).toBe(201);
  return { clientId: row!.client_id, upcoming: upcoming.json<Booking>() };
}

describe('her client page, rendered by the server (decision 022)', () => {
  let clientId = 0;
  let upcoming: Booking;
  beforeAll(async () => {
    ({ clientId, upcoming } = await hostileClient());
  });

  it('holds her page for her session: name, visits with New Zealand dates, the data it came from; no-store', async () => {
    const res = await pageOf(clientId, t.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store, private');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const page = parts(res);
    expect(page.shielded).toBe(true);
    expect(page.root?.attribs).toEqual({ id: 'root' });
    expect(page.heading('h1')).toEqual([expect.stringMatching(/^Welcome back, /)]);
    // Her name as text, drawn and inert; the alert too.
    expect(page.heading('h2')).toEqual([`${HOSTILE} Ngata`]);
    expect(page.rootText).toContain(`Dog at the gate ${HOSTILE}`);
    // Auckland's calendar: the past visit at 08:00 on Tuesday 4 March (UTC: the 3rd), and the upcoming one.
    expect(page.rootText).toContain('Tue 4 Mar 2025');
    expect(page.rootText).toContain('8:00 AM');
    const [y, m, d] = upcoming.date.split('-').map(Number) as [number, number, number];
    const upcomingDay = new Intl.DateTimeFormat('en-NZ', { timeZone: 'UTC', weekday: 'short' }).format(
      new Date(Date.UTC(y, m - 1, d)),
    );
    expect(page.rootText).toContain(`${upcomingDay} ${d} `);
    expect(page.rootText).toContain('2:30 PM');
    // The embedded data are exactly what the page would have asked for.
    expect(page.adminData).toEqual({
      me: await t.admin.getJson('/api/auth/me'),
      client: await t.admin.getJson(`/api/admin/clients/${clientId}`),
    });
    expect(page.hasInitialData).toBe(true);
  });

  it('holds no health answer, note or hostile markup, and writes no access-log entry', async () => {
    const before = await accessLogRows();
    const res = await pageOf(clientId, t.cookie);
    expect(res.statusCode).toBe(200);
    expect(await accessLogRows()).toBe(before);
    for (const word of [...HEALTH_WORDS, ...NOTE_WORDS]) expect(res.body).not.toContain(word);
    // The only script elements are the page's own: its two data blocks and the loader that asks for the entry after
    // the first paint, which the CSP allows by its nonce (no text of hers became a script).
    const doc = parseDocument(res.body);
    const scripts = DomUtils.findAll((el) => el.name === 'script', doc.children);
    expect(scripts.map((s) => s.attribs.id ?? s.attribs.src ?? 'inline')).toEqual([
      'inline',
      INITIAL_DATA_ELEMENT_ID,
      ADMIN_PAGE_DATA_ELEMENT_ID,
    ]);
    const loader = DomUtils.textContent(scripts[0]!);
    expect(loader).toContain('"/assets/index.js"');
    expectScriptsByNonce(res);
    expect(res.body).not.toContain('<script>alert(1)');
  });

  it('carries its whole stylesheet inline and asks for the entry alone after the paint (decision 033)', async () => {
    const res = await pageOf(clientId, t.cookie);
    const doc = parseDocument(res.body);
    const styles = DomUtils.findAll((el) => el.name === 'style', doc.children).map(DomUtils.textContent);
    // The built sheet itself, rules the page's HTML does not use included: no sheet arrives after the first paint.
    expect(styles).toContain(STYLESHEET);
    expect(DomUtils.findAll((el) => el.name === 'link' && el.attribs.rel === 'stylesheet', doc.children)).toEqual([]);
    expect(res.body).toContain(
      `<script nonce="${expectScriptsByNonce(res)}">${paintFirstLoader('/assets/index.js')}</script>`,
    );
  });

  it('is the same empty shell as today without a valid session, for a client not found and an id refused', async () => {
    const shells = [
      await pageOf(987654321, t.cookie),
      await t.get('/admin/clients/12345678901234', { headers: { cookie: t.cookie, 'accept-encoding': 'identity' } }),
      await pageOf(clientId),
      await pageOf(clientId, 'hv_session=not-a-session'),
    ];
    // A session that ended (she signed out) is no session either. (The file's last test: it ends the file's session.)
    expect((await t.admin.post('/api/auth/logout', {})).statusCode).toBe(200);
    shells.push(await pageOf(clientId, t.cookie));
    for (const res of shells) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const page = parts(res);
      expect(page.root?.children ?? []).toEqual([]);
      expect(page.adminData).toBeNull();
      expect(res.body).not.toContain('Ngata');
      const nonce = expectScriptsByNonce(res);
      expect(res.body).toContain(`<script nonce="${nonce}" type="module" crossorigin src="/assets/index.js"></script>`);
      expect(res.body).toContain(STYLESHEET_LINK);
      expect(res.body).not.toContain('<style>');
    }
  });
});
