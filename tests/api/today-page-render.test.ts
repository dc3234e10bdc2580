/**
 * Decision 033: Today, /admin/today, comes from the server already drawn for a valid session (issue 26's performance
 * target), with the answers it was drawn from embedded for hydration (the admin worker keeps this page: it holds no
 * health data); without a session it is the empty shell. Rendered here by the client's real renderer
 * (src/client/entry-server.tsx), as tests/api/client-page-render.test.ts does for her client's page.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_RENDERED_HEADER } from '../../src/shared/admin-app';
import type { AdminPageData } from '../../src/shared/admin-page';
import { ADMIN_PAGE_DATA_ELEMENT_ID, INITIAL_DATA_ELEMENT_ID } from '../../src/shared/constants';
import { HEALTH_CONSENT } from '../../src/shared/health-form';
import type { CheckInState } from '../../src/shared/schemas/check-in';
import type { DaySheet } from '../../src/shared/schemas/day-sheet';
import type { ReceiptSummary } from '../../src/shared/schemas/receipts';
import { formatTime12 } from '../../src/shared/clock-time';
import { nzInstant, nzTimeOf, nzToday } from '../../src/shared/time';
import { paintFirstLoader } from '../../src/server/http/server-render';
import { expectScriptsByNonce } from '../helpers/csp';
import { useTestApp } from '../helpers/app';
import { isShielded } from '../helpers/hydration-shield';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { ON_WARFARIN_ANSWERS } from '../helpers/health-answers';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>x</title><meta name="description" content="" />' +
  '<script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index.css"></head>' +
  '<body><div id="root"></div></body></html>';
const RENDERER = path.resolve(__dirname, '../../src/client/entry-server.tsx');

const t = useTestApp({
  signedIn: true,
  client: { 'index.html': INDEX_HTML, 'assets/index.css': '.x{color:red}' },
  besideClient: { 'ssr/entry-server.js': `export { render } from ${JSON.stringify(RENDERER)};\n` },
});

const HOSTILE = '</script><script>alert(1)</script>';
const HEALTH_WORDS = ['warfarin', 'Mere Taylor', 'blood thinners', 'Blood thinners'];

const todayPage = (cookie?: string) =>
  t.get('/admin/today', { headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });

function parts(res: LightMyRequestResponse) {
  const doc = parseDocument(res.body);
  const byId = (id: string) => DomUtils.findOne((el) => el.attribs.id === id, doc.children);
  const root = byId('root');
  const data = byId(ADMIN_PAGE_DATA_ELEMENT_ID);
  return {
    root,
    shielded: isShielded(doc.children, root),
    rootText: root ? DomUtils.textContent(root) : '',
    links: DomUtils.findAll((el) => el.name === 'a', root ? [root] : []).map((a) => a.attribs.href),
    scripts: DomUtils.findAll((el) => el.name === 'script', doc.children),
    adminData: data ? (JSON.parse(DomUtils.textContent(data)) as AdminPageData) : null,
  };
}

/** A confirmed visit today at 10:00 (NZ), its client with a hostile alert and a health form with red flags. */
async function visitToday(): Promise<number> {
  const res = await book(
    t,
    bookingRequest({
      date: openDay(0),
      time: '10:00',
      firstName: 'Aroha',
      lastName: 'Ngata',
      address: '12 Bow Street, Raglan',
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const { id, cancelToken } = res.json<{ id: number; cancelToken: string }>();
  const form = await t.post(`/api/bookings/token/${cancelToken}/health-form`, {
    answers: ON_WARFARIN_ANSWERS,
    consent: { version: HEALTH_CONSENT.version, fullName: 'Aroha Ngata' },
  });
  expect(form.statusCode, form.body).toBe(201);
  const [row] = await t.sql<{ client_id: number }>('SELECT client_id FROM bookings WHERE id = $1', [id]);
  const alert = await t.admin.post(`/api/admin/clients/${row!.client_id}/alerts`, { text: `Dog ${HOSTILE}` });
  expect(alert.statusCode, alert.body).toBe(201);
  // Moved to today in the database: the public form (rightly) books no earlier than its notice allows.
  const today = nzToday();
  const startsAt = nzInstant(today, '10:00').toISOString();
  await t.sql(
    `UPDATE bookings SET status = 'confirmed', date = $2, time = '10:00', starts_at = ($3)::timestamptz,
       ends_at = ($3)::timestamptz + duration * interval '1 minute',
       buffer_ends_at = ($3)::timestamptz + (duration + 15) * interval '1 minute' WHERE id = $1`,
    [id, today, startsAt],
  );
  return id;
}

describe('Today, rendered by the server for her session (decision 033)', () => {
  let bookingId = 0;
  beforeAll(async () => {
    bookingId = await visitToday();
  });

  it('holds the day sheet: times, name, address, Navigate and phone links, the data it came from; no-store', async () => {
    const res = await todayPage(t.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store, private');
    expect(res.headers[SERVER_RENDERED_HEADER]).toBe('1');
    const page = parts(res);
    expect(page.shielded).toBe(true);
    expect(page.root?.attribs).toEqual({ id: 'root' });
    expect(page.rootText).toMatch(/Welcome back, /);
    expect(page.rootText).toContain('10:00 AM – 11:00 AM');
    expect(page.rootText).toContain('Aroha Ngata');
    expect(page.rootText).toContain('12 Bow Street, Raglan');
    expect(page.rootText).toContain(`Dog ${HOSTILE}`);
    expect(page.rootText).toMatch(/1 visit · [\d.]+ km/);
    expect(page.rootText).toMatch(/Last updated \d{1,2}:\d{2} [AP]M/);
    expect(page.links).toContain(
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('12 Bow Street, Raglan')}`,
    );
    expect(page.links).toContain('tel:0211234567');
    // The embedded data are what the page would have asked for, less the health red flags.
    const sheet = await t.admin.getJson<DaySheet>('/api/admin/day-sheet');
    expect(sheet.visits.map((v) => [v.bookingId, v.healthFlags])).toEqual([[bookingId, ['blood thinners']]]);
    expect(page.adminData?.me).toEqual(await t.admin.getJson('/api/auth/me'));
    expect({ ...page.adminData?.daySheet, generatedAt: '' }).toEqual({
      ...sheet,
      generatedAt: '',
      visits: sheet.visits.map((v) => ({ ...v, healthFlags: [] })),
    });
  });

  it("holds the day's check-ins and the visit's receipts, drawn as they stand and embedded as their routes answer", async () => {
    const arrived = await t.admin.post(`/api/admin/bookings/${bookingId}/check-in`, {
      kind: 'arrived',
      at: new Date().toISOString(),
      pressId: randomUUID(),
    });
    expect(arrived.statusCode, arrived.body).toBe(201);
    const paid = await t.admin.post(`/api/admin/bookings/${bookingId}/payments`, { amountCents: 5000, method: 'cash' });
    expect(paid.statusCode, paid.body).toBe(201);
    const issued = await t.admin.post(`/api/admin/bookings/${bookingId}/receipt`);
    expect(issued.statusCode, issued.body).toBe(201);

    const page = parts(await todayPage(t.cookie));
    const checkIns = await t.admin.getJson<CheckInState[]>(`/api/admin/check-ins?date=${nzToday()}`);
    const receipts = await t.admin.getJson<ReceiptSummary[]>(`/api/admin/bookings/${bookingId}/receipts`);
    expect(checkIns).toHaveLength(1);
    expect(receipts).toHaveLength(1);
    expect(page.adminData?.checkIns).toEqual(checkIns);
    expect(page.adminData?.receipts).toEqual({ [bookingId]: receipts });
    // Drawn from them: 'Arrived' at her time (NZ), 'Leaving' to press, the receipt with its PDF.
    expect(page.rootText).toContain(`Arrived ${formatTime12(nzTimeOf(new Date(checkIns[0]!.arrivedAt!)))}`);
    expect(page.rootText).toContain('Leaving');
    expect(page.links).toContain(receipts[0]!.url);
  });

  it('holds no health detail or hostile markup; its only scripts are its own', async () => {
    const res = await todayPage(t.cookie);
    for (const word of HEALTH_WORDS) expect(res.body).not.toContain(word);
    expect(res.body).not.toContain('<script>alert(1)');
    const page = parts(res);
    // The entry's loader (after the first paint) and the two data blocks; no kept-sheet paint (the sheet is drawn).
    expect(page.scripts.map((s) => s.attribs.id ?? s.attribs.src ?? 'inline')).toEqual([
      'inline',
      INITIAL_DATA_ELEMENT_ID,
      ADMIN_PAGE_DATA_ELEMENT_ID,
    ]);
    expect(DomUtils.textContent(page.scripts[0]!)).toContain('"/assets/index.js"');
  });

  it('carries its whole stylesheet inline and asks for the entry alone after the paint, by a loader the CSP allows', async () => {
    const res = await todayPage(t.cookie);
    const doc = parseDocument(res.body);
    const styles = DomUtils.findAll((el) => el.name === 'style', doc.children).map((el) => DomUtils.textContent(el));
    // The built sheet itself (not the rules of the page's classes only): no sheet arrives after the first paint.
    expect(styles).toContain('.x{color:red}');
    expect(DomUtils.findAll((el) => el.name === 'link' && el.attribs.rel === 'stylesheet', doc.children)).toEqual([]);
    const loader = paintFirstLoader('/assets/index.js');
    expect(loader).not.toContain('index.css');
    expect(res.body).toContain(`<script nonce="${expectScriptsByNonce(res)}">${loader}</script>`);
  });

  it('is the empty shell without a valid session, and never a rendered one', async () => {
    const shells = [await todayPage(), await todayPage('hv_session=not-a-session')];
    // A session that ended (she signed out) is no session either. (The file's last test: it ends the file's session.)
    expect((await t.admin.post('/api/auth/logout', {})).statusCode).toBe(200);
    shells.push(await todayPage(t.cookie));
    for (const res of shells) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers[SERVER_RENDERED_HEADER]).toBeUndefined();
      const page = parts(res);
      expect(page.root?.children ?? []).toEqual([]);
      expect(page.adminData).toBeNull();
      expect(res.body).not.toContain('Ngata');
      // The shell any page gets: the entry from the head; offline, the app draws the sheet kept on her phone.
      expect(res.body).toContain('<div id="root"></div></body>');
      expect(res.body).toContain(
        `<script nonce="${expectScriptsByNonce(res)}" type="module" crossorigin src="/assets/index.js"></script>`,
      );
    }
  });
});
