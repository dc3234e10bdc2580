// @both-databases: push workers race to claim the queue (row locks)
/**
 * docs/product.md §15, Web Push to her phone: a push service on 127.0.0.1 receives each push, decrypts it with the
 * subscriber's keys (aes128gcm, RFC 8291) and checks the VAPID JWT against the stored public key (RFC 8292). Pushes
 * come from the real booking, cancellation and waitlist flows, through the outbox: a 500 is retried and nothing lost, a
 * 410 removes the subscription, a kind she turned off is not queued, two workers send each push once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPushWorker, type PushWorker } from '../../src/server/modules/push/worker';
import type { Booking } from '../../src/shared/schemas/booking';
import type { PushSettings } from '../../src/shared/schemas/push';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { eventually } from '../helpers/eventually';
import { expectRejected } from '../helpers/expect-rejected';
import { browser, startPushService, verifiedVapidClaims, type PushService } from '../helpers/push-service';
import { joinRequest, linkIn, parsedMails, runOffers, tokenOf } from '../helpers/waitlist';

const t = useTestApp({ signedIn: true, env: { PUSH_ALLOW_LOOPBACK: 'true' } });
let service: PushService;

beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
});
beforeEach(async () => {
  await t.sql('DELETE FROM push_subscriptions');
  await t.sql('DELETE FROM push_outbox');
  await t.sql(
    'UPDATE push_preferences SET new_request = true, client_cancellation = true, waitlist_acceptance = true, check_in = true',
  );
  service.requests.length = 0;
});

const silent = { info() {}, warn() {}, error() {}, debug() {} };
const worker = (now?: () => Date): PushWorker =>
  createPushWorker({ database: t.database, box: t.app.secretBox, config: t.config, log: silent, now });

async function subscribe(name: string) {
  const b = browser(service, name);
  const res = await t.admin.post('/api/admin/push/subscriptions', { ...b.subscription, label: `Phone ${name}` });
  expect(res.statusCode, res.body).toBe(201);
  return b;
}

const settings = async () => (await t.admin.get('/api/admin/push')).json<PushSettings>();
const pushRows = () =>
  t.sql<{ kind: string; status: string; attempts: number; title: string; body: string }>(
    'SELECT kind, status, attempts, title, body FROM push_outbox ORDER BY id',
  );

let people = 0;
async function request(over: Record<string, unknown>): Promise<Booking> {
  const res = await book(t, bookingRequest({ email: `push${++people}@example.nz`, ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

describe('the settings API', () => {
  it('answers 401 without a session on every push route', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/push'],
      ['POST', '/api/admin/push/subscriptions'],
      ['POST', '/api/admin/push/unsubscribe'],
      ['PUT', '/api/admin/push/preferences'],
      ['POST', '/api/admin/push/test'],
    ] as const) {
      expectRejected(await t.app.inject({ method, url, payload: {} }), 401);
    }
  });

  it('makes one VAPID key pair, keeps the private key sealed, and lists her phones and switches', async () => {
    const first = await settings();
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await settings()).publicKey).toBe(first.publicKey);
    const [row] = await t.sql<{ private_key_encrypted: string }>('SELECT private_key_encrypted FROM push_vapid');
    expect(row!.private_key_encrypted).toMatch(/^v2\./);
    await subscribe('a');
    const after = await settings();
    expect(after.subscriptions).toEqual([expect.objectContaining({ label: 'Phone a' })]);
    expect(after.preferences).toEqual({
      newRequest: true,
      clientCancellation: true,
      waitlistAcceptance: true,
      checkIn: true,
    });
  });

  it('upserts by endpoint, removes on unsubscribe, and refuses bad input with 400', async () => {
    const b = await subscribe('same');
    await t.admin.post('/api/admin/push/subscriptions', { ...b.subscription, label: 'Renamed' });
    expect((await settings()).subscriptions.map((s) => s.label)).toEqual(['Renamed']);

    expectRejected(
      await t.admin.post('/api/admin/push/subscriptions', { endpoint: 'not a url', keys: b.subscription.keys }),
      400,
    );
    expectRejected(
      await t.admin.post('/api/admin/push/subscriptions', {
        endpoint: b.subscription.endpoint,
        keys: { p256dh: 'x', auth: 'y' },
      }),
      400,
    );
    expectRejected(
      await t.admin.post('/api/admin/push/subscriptions', { ...b.subscription, endpoint: 'http://push.example.com/x' }),
      400,
      {
        message: 'The push endpoint must be an https address',
        errors: [{ path: 'endpoint', message: 'The push endpoint must be an https address' }],
      },
    );
    expectRejected(
      await t.admin.post('/api/admin/push/subscriptions', { ...b.subscription, endpoint: 'https://10.0.0.1/x' }),
      400,
    );
    expectRejected(await t.admin.put('/api/admin/push/preferences', { newRequest: 'yes' }), 400);

    const off = await t.admin.post('/api/admin/push/unsubscribe', { endpoint: b.subscription.endpoint });
    expect(off.statusCode).toBe(200);
    expect((await settings()).subscriptions).toEqual([]);
  });
});

describe('delivery', () => {
  it('a new request reaches her phone, encrypted, signed with the stored key, with no name or health details', async () => {
    const phone = await subscribe('new');
    const date = openDay(3);
    const booking = await request({
      date,
      time: '14:00',
      address: '12 Bow Street, Raglan',
      firstName: 'Moana',
      lastName: 'Secretname',
      hasInjuries: true,
      injuryDetails: 'Torn rotator cuff',
      notes: 'Gate code 1234',
    });
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0, removed: 0 });
    expect(service.requests).toHaveLength(1);
    const [req] = service.requests;
    expect(req!.path).toBe('/push/new');
    expect(req!.headers['content-encoding']).toBe('aes128gcm');
    expect(req!.headers.urgency).toBe('high');
    expect(Number(req!.headers.ttl)).toBeGreaterThan(0);
    const claims = verifiedVapidClaims(req!.headers.authorization, (await settings()).publicKey);
    expect(claims).toMatchObject({ aud: service.origin, sub: 'mailto:' + t.config.practice.email });

    const text = phone.decrypt(req!.body);
    const payload = JSON.parse(text) as Record<string, string>;
    expect(payload.title).toMatch(/^New request: Swedish Massage 60 min, \w{3} \d{1,2} \w{3} 2 PM, Raglan$/);
    expect(payload.body).toContain('NZ time');
    expect(payload).toMatchObject({ kind: 'new-request', url: '/admin' });
    for (const secret of ['Moana', 'Secretname', 'rotator', 'Gate code', booking.email, booking.phone])
      expect(text).not.toContain(secret);
    expect((await pushRows())[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a cancellation by the client and a waitlist acceptance each push their own kind', async () => {
    const phone = await subscribe('kinds');
    const date = openDay(5);
    const taken = await request({ date, time: '10:00' });
    await t.sql(`DELETE FROM rate_limits WHERE key LIKE 'waitlist:%'`);
    const joined = await t.post(
      '/api/waitlist',
      joinRequest({ dates: [date], earliest: '10:00', latest: '10:00', email: 'wl-push@example.nz' }),
    );
    expect(joined.statusCode, joined.body).toBe(201);
    expect((await t.post(`/api/bookings/cancel/${taken.cancelToken}`)).statusCode).toBe(200);
    await runOffers(t);
    const [mail] = await parsedMails(t, 'waitlist_offer', 'wl-push@example.nz');
    const accepted = await t.post(`/api/waitlist/offers/${tokenOf(linkIn(mail!, '/waitlist/offer/'))}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(201);

    await worker().runOnce();
    const kinds = service.requests.map((r) => JSON.parse(phone.decrypt(r.body)) as { kind: string; title: string });
    expect(kinds.map((k) => k.kind)).toEqual(['new-request', 'client-cancellation', 'waitlist-acceptance']);
    expect(kinds[1]!.title).toMatch(/^Cancelled: Swedish Massage 60 min, .* 10 AM, Raglan$/);
    expect(kinds[2]!.title).toMatch(/^Waitlist booked: Swedish Massage 60 min, .* 10 AM, Raglan$/);
  });

  it('a kind she turned off is not queued; the test push always goes', async () => {
    await subscribe('prefs');
    const off = { newRequest: false, clientCancellation: true, waitlistAcceptance: true, checkIn: true };
    expect((await t.admin.put('/api/admin/push/preferences', off)).json()).toEqual(off);
    await request({ date: openDay(6), time: '11:00' });
    expect(await pushRows()).toEqual([]);
    const test = await t.admin.post('/api/admin/push/test');
    expect(test.statusCode).toBe(202);
    expect(test.json()).toMatchObject({ queued: 1 });
    expect((await pushRows()).map((r) => r.kind)).toEqual(['test']);
  });

  it('a 500 is retried with backoff and nothing is lost; a 410 removes the subscription', async () => {
    const phone = await subscribe('flaky');
    await subscribe('gone');
    service.answerNext(500, 410);
    await t.admin.post('/api/admin/push/test');
    const start = Date.now();
    expect(await worker(() => new Date(start)).runOnce()).toEqual({ sent: 0, failed: 1, removed: 1 });
    expect((await settings()).subscriptions.map((s) => s.label)).toEqual(['Phone flaky']);
    expect(await pushRows()).toEqual([expect.objectContaining({ status: 'pending', attempts: 1 })]);

    // Not due again yet; after the backoff it goes.
    expect((await worker(() => new Date(start + 1000)).runOnce()).sent).toBe(0);
    expect(await worker(() => new Date(start + 60_000)).runOnce()).toEqual({ sent: 1, failed: 0, removed: 0 });
    const last = service.requests.at(-1)!;
    expect(last.path).toBe('/push/flaky');
    expect(JSON.parse(phone.decrypt(last.body))).toMatchObject({ kind: 'test', title: 'Test notification' });
    expect(await pushRows()).toEqual([expect.objectContaining({ status: 'sent', attempts: 2 })]);
  });

  it('two workers on one database send each push once', async () => {
    for (let i = 0; i < 4; i++) await subscribe(`two-${i}`);
    for (let i = 0; i < 5; i++) await t.admin.post('/api/admin/push/test');
    const [a, b] = [worker(), worker()];
    const results = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(20);
    expect(service.requests).toHaveLength(20);
    const seen = service.requests.map((r) => `${r.path} ${r.body.toString('base64')}`);
    expect(new Set(seen).size).toBe(20);
    expect((await pushRows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('a started worker is woken by a queued push and delivers it within seconds', async () => {
    await subscribe('wake');
    const w = createPushWorker({
      database: t.database,
      box: t.app.secretBox,
      config: { ...t.config, push: { ...t.config.push, pollMs: 60_000 } },
      log: silent,
    });
    await w.start();
    try {
      await new Promise((r) => setTimeout(r, 200)); // its first run (nothing due) is over
      const queuedAt = Date.now();
      await t.admin.post('/api/admin/push/test');
      const got = await eventually(
        async () => service.requests.length,
        (n) => n === 1,
        5000,
      );
      expect(got).toBe(1);
      expect(Date.now() - queuedAt).toBeLessThan(5000);
    } finally {
      await w.stop();
    }
  });
});
