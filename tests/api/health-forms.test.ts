/** docs/product.md §13: the health form through the booking's private link, her reading of it, and its red flags. */
import { describe, expect, it } from 'vitest';
import { HEALTH_CONSENT } from '../../src/shared/health-form';
import type { AdminBooking, Booking, PendingBooking } from '../../src/shared/schemas/booking';
import type { AccessLogEntry, AdminClientHealth, HealthFormPage } from '../../src/shared/schemas/health';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { linkMatch } from '../helpers/client-match';
import { expectRejected } from '../helpers/expect-rejected';
import { QUIET_HEALTH_ANSWERS } from '../helpers/health-answers';

const t = useTestApp({ signedIn: true });

/** Each booking of this file gets its own free slot: three a day, on days running forward. */
let slots = 0;
function nextSlot(): { date: string; time: string } {
  const n = slots++;
  return { date: openDay(Math.floor(n / 3)), time: ['09:00', '12:00', '15:00'][n % 3]! };
}

let people = 0;
/** A booking by a new person (own e-mail and phone) unless `over` names them. */
async function bookAs(over: Record<string, unknown> = {}): Promise<Booking> {
  const n = ++people;
  const res = await book(
    t,
    bookingRequest({
      ...nextSlot(),
      email: `health${n}@example.nz`,
      phone: `021 8${String(n).padStart(6, '0')}`,
      ...over,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

/** 30 weeks pregnant, on warfarin (named under medication, the blood-thinner question answered yes). */
const FLAGGED = {
  ...QUIET_HEALTH_ANSWERS,
  pregnant: true,
  pregnancyWeeks: 30,
  takingMedication: true,
  medicationNames: 'warfarin 5 mg',
  bloodThinners: true,
};
const consent = (fullName = 'Ana Smith') => ({ version: HEALTH_CONSENT.version, fullName });

const formUrl = (b: Booking) => `/api/bookings/token/${b.cancelToken}/health-form`;
const submit = (b: Booking, answers: Record<string, unknown>, c: unknown = consent()) =>
  t.post(formUrl(b), { answers, consent: c });
async function page(b: Booking): Promise<HealthFormPage> {
  const res = await t.get(formUrl(b));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<HealthFormPage>();
}
async function clientOf(b: Booking): Promise<number> {
  const [row] = await t.sql<{ client_id: number }>('SELECT client_id FROM bookings WHERE id = $1', [b.id]);
  return row!.client_id;
}
const accessLog = (clientId: number) => t.admin.getJson<AccessLogEntry[]>(`/api/admin/clients/${clientId}/access-log`);

describe('the health form through the private link', () => {
  it('a new client: missing, the questions without red-flag phrases, no previous answers', async () => {
    const b = await bookAs();
    const form = await page(b);
    expect(form.status).toBe('missing');
    expect(form.previous).toBeUndefined();
    expect(form.submittedAt).toBeNull();
    expect(form.consent).toEqual({ version: HEALTH_CONSENT.version, text: HEALTH_CONSENT.text });
    expect(form.visit).toEqual({ date: b.date, time: b.time, serviceName: b.serviceName, firstName: b.firstName });
    expect(form.questions.map((q) => q.id)).toContain('pregnancyWeeks');
    expect(JSON.stringify(form.questions)).not.toContain('"flag"');
    expect(await accessLog(await clientOf(b))).toEqual([]);
  });

  it('takes a valid form (201), stores it sealed, logs the write, and the page then reads current', async () => {
    const b = await bookAs();
    const res = await submit(b, FLAGGED);
    expect(res.statusCode, res.body).toBe(201);
    const { submittedAt } = res.json<{ submittedAt: string }>();
    expect(Date.parse(submittedAt)).not.toBeNaN();

    const rows = await t.sql<{ answers_encrypted: string; consent_name_encrypted: string; consent_version: string }>(
      'SELECT answers_encrypted, consent_name_encrypted, consent_version FROM health_forms WHERE booking_id = $1',
      [b.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.answers_encrypted).not.toMatch(/warfarin|pregnan/i);
    expect(rows[0]!.consent_name_encrypted).not.toContain('Ana');
    expect(rows[0]!.consent_version).toBe(HEALTH_CONSENT.version);

    const form = await page(b);
    expect(form.status).toBe('current');
    expect(form.submittedAt).toBe(submittedAt);
    expect(form.previous).toEqual({ canReconfirm: true, consentedAt: submittedAt });

    const log = await accessLog(await clientOf(b));
    // The private link never reads the answers back, so only the write is logged.
    expect(log.map((l) => [l.actor, l.action])).toEqual([['client', 'health-form:write']]);
    expect(log[0]!.detail).toMatch(/^Health form of \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(JSON.stringify(log)).not.toMatch(/warfarin|pregnan/i);
  });

  it('refuses a missing required answer, no consent, an old consent version and an unknown question (400)', async () => {
    const b = await bookAs();
    const { pregnant: _p, ...noPregnant } = QUIET_HEALTH_ANSWERS;
    expectRejected(await submit(b, noPregnant), 400, 'Please answer: Are you pregnant?');
    expectRejected(
      await t.post(formUrl(b), { answers: QUIET_HEALTH_ANSWERS }),
      400,
      'Please type your full name to give consent',
    );
    expectRejected(
      await submit(b, QUIET_HEALTH_ANSWERS, { version: HEALTH_CONSENT.version, fullName: ' ' }),
      400,
      'Please type your full name to give consent',
    );
    expectRejected(
      await submit(b, QUIET_HEALTH_ANSWERS, { version: '2020-1-1', fullName: 'Ana Smith' }),
      400,
      'This consent is out of date: please reload the form',
    );
    expectRejected(
      await submit(b, { ...QUIET_HEALTH_ANSWERS, favouriteColour: 'blue' }),
      400,
      'Unknown question "favouriteColour": please reload the form',
    );
    expect(await t.sql('SELECT id FROM health_forms WHERE booking_id = $1', [b.id])).toEqual([]);
  });

  it('an unknown token is a 404 with the booking lookup message; a cancelled booking a 409', async () => {
    const lookup = await t.get('/api/bookings/token/no-such-token');
    const expected = lookup.json<{ message: string }>().message;
    expectRejected(await t.get('/api/bookings/token/no-such-token/health-form'), 404, expected);
    expectRejected(
      await t.post('/api/bookings/token/no-such-token/health-form', {
        answers: QUIET_HEALTH_ANSWERS,
        consent: consent(),
      }),
      404,
      expected,
    );

    const b = await bookAs();
    expect((await t.post(`/api/bookings/cancel/${b.cancelToken}`)).statusCode).toBe(200);
    const closed = 'This booking was cancelled or declined, so no health form is needed';
    expectRejected(await t.get(formUrl(b)), 409, { code: 'HEALTH_FORM_CLOSED', message: closed });
    expectRejected(await submit(b, QUIET_HEALTH_ANSWERS), 409, { code: 'HEALTH_FORM_CLOSED', message: closed });
  });

  it('re-confirms an outdated form in one step: a new form with the same answers, now current', async () => {
    const email = 'reconfirm@example.nz';
    const first = await bookAs({ email });
    expectRejected(await t.post(formUrl(first), { reconfirm: true, consent: consent() }), 409, {
      code: 'HEALTH_RECONFIRM_REFUSED',
      message: 'There is no earlier health form to confirm: please fill in the form',
    });
    expect((await submit(first, FLAGGED)).statusCode).toBe(201);
    await t.sql(`UPDATE health_forms SET consented_at = now() - interval '13 months' WHERE client_id = $1`, [
      await clientOf(first),
    ]);
    const second = await bookAs({ email });
    // Her e-mail proves nothing (docs/decisions/034): until she links the request, it has no form to re-confirm.
    const unlinked = await page(second);
    expect(unlinked).toMatchObject({ status: 'missing', submittedAt: null });
    expect(unlinked.previous).toBeUndefined();
    expectRejected(await t.post(formUrl(second), { reconfirm: true, consent: consent() }), 409, {
      code: 'HEALTH_RECONFIRM_REFUSED',
      message: 'There is no earlier health form to confirm: please fill in the form',
    });
    // The same person: she links it, and the request now has her outdated form to re-confirm.
    expect((await linkMatch(t, second)).id).toBe(await clientOf(first));
    const before = await page(second);
    expect(before.status).toBe('outdated');
    expect(before.submittedAt).toBeNull();
    expect(before.previous).toMatchObject({ canReconfirm: true });
    expect(before.previous).not.toHaveProperty('answers');

    const res = await t.post(formUrl(second), { reconfirm: true, consent: consent('Ana M Smith') });
    expect(res.statusCode, res.body).toBe(201);
    expect((await page(second)).status).toBe('current');

    const clientId = await clientOf(second);
    const rows = await t.sql<{ id: number; reconfirmed_from: number | null; booking_id: number }>(
      'SELECT id, reconfirmed_from, booking_id FROM health_forms WHERE client_id = $1 ORDER BY id',
      [clientId],
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ reconfirmed_from: rows[0]!.id, booking_id: second.id });
    const her = await t.admin.getJson<AdminClientHealth>(`/api/admin/clients/${clientId}/health-form`);
    expect(her.current).toMatchObject({ reconfirmed: true, status: 'current', consentName: 'Ana M Smith' });
    expect(her.current!.answers).toMatchObject({ medicationNames: 'warfarin 5 mg', pregnancyWeeks: 30 });
    expect(her.history.map((h) => h.reconfirmed)).toEqual([true, false]);
  });

  it('a second booking with the same e-mail learns nothing of her form; linked, only that one exists', async () => {
    const email = 'again@example.nz';
    const first = await bookAs({ email });
    expect((await submit(first, QUIET_HEALTH_ANSWERS)).statusCode).toBe(201);
    const second = await bookAs({ email, phone: '022 999 0001' });
    expect(second.id).not.toBe(first.id);
    // Whoever typed her e-mail into a booking is answered as a stranger (docs/decisions/034).
    const stranger = await page(second);
    expect(stranger.status).toBe('missing');
    expect(stranger.previous).toBeUndefined();
    expect(JSON.stringify(stranger)).not.toContain('Mere Taylor');
    // Once she links it, the request shows that a form exists, and still never its answers.
    await linkMatch(t, second);
    const form = await page(second);
    expect(form.status).toBe('current');
    expect(form.previous).toEqual({ consentedAt: expect.any(String), canReconfirm: true });
    expect(JSON.stringify(form)).not.toContain('Mere Taylor');
  });

  it('hostile text in an answer comes back as the same text', async () => {
    const b = await bookAs();
    const hostile = `<script>alert("x")</script> ' OR 1=1; -- {{7*7}} \${x}`;
    expect((await submit(b, { ...QUIET_HEALTH_ANSWERS, otherConditions: hostile })).statusCode).toBe(201);
    const her = await t.admin.getJson<AdminClientHealth>(`/api/admin/clients/${await clientOf(b)}/health-form`);
    expect(her.current!.answers.otherConditions).toBe(hostile);
  });
});

describe('her reading of a client health form', () => {
  it('answers the summary, flags and consent, and logs the read with her name', async () => {
    const b = await bookAs();
    const clientId = await clientOf(b);
    const empty = await t.admin.getJson<AdminClientHealth>(`/api/admin/clients/${clientId}/health-form`);
    expect(empty).toEqual({ current: null, history: [] });
    expect(await accessLog(clientId)).toEqual([]);

    expect((await submit(b, FLAGGED, consent('Ana Smith'))).statusCode).toBe(201);
    const her = await t.admin.getJson<AdminClientHealth>(`/api/admin/clients/${clientId}/health-form`);
    expect(her.current).toMatchObject({
      bookingId: b.id,
      consentVersion: HEALTH_CONSENT.version,
      consentName: 'Ana Smith',
      reconfirmed: false,
      status: 'current',
      flags: ['blood thinners', '30 weeks pregnant'],
    });
    expect(her.current!.summary).toContainEqual({
      id: 'pregnancyWeeks',
      label: 'How many weeks pregnant are you?',
      answer: '30 weeks',
    });
    expect(her.history).toHaveLength(1);
    const [latest] = await accessLog(clientId);
    expect(latest).toMatchObject({ actor: 'admin', action: 'health-form:read' });
    expect(latest!.detail).toMatch(/^Health form of /);
  });

  it('is 404 for an unknown client and 401 without a session', async () => {
    expectRejected(await t.admin.get('/api/admin/clients/999999/health-form'), 404, 'Client not found');
    expectRejected(await t.get('/api/admin/clients/1/health-form'), 401);
  });
});

describe('red flags on her screens and approving', () => {
  it('the pending list and details show the flags; approving needs confirmHealth, then goes through', async () => {
    const b = await bookAs();
    const before = await t.admin.getJson<PendingBooking[]>('/api/admin/bookings/pending');
    expect(before.find((p) => p.id === b.id)).toMatchObject({ healthFlags: [], healthForm: 'missing' });
    expect((await submit(b, FLAGGED)).statusCode).toBe(201);

    const pending = await t.admin.getJson<PendingBooking[]>('/api/admin/bookings/pending');
    expect(pending.find((p) => p.id === b.id)).toMatchObject({
      healthFlags: ['blood thinners', '30 weeks pregnant'],
      healthForm: 'current',
    });
    const all = await t.admin.getJson<AdminBooking[]>('/api/admin/bookings');
    expect(all.find((x) => x.id === b.id)?.healthFlags).toEqual(['blood thinners', '30 weeks pregnant']);
    // Showing the flags is a summary, not a read of the form: only the client's write is logged.
    expect((await accessLog(await clientOf(b))).map((l) => l.action)).toEqual(['health-form:write']);

    const refused = await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status: 'confirmed' });
    expectRejected(refused, 409, {
      code: 'HEALTH_NOT_CONFIRMED',
      message:
        'Health: blood thinners, 30 weeks pregnant. Please confirm you have read the health answers before approving.',
    });
    expect((await t.get(`/api/bookings/token/${b.cancelToken}`)).json<Booking>().status).toBe('pending');
    const calendar = await t.admin.patch(`/api/bookings/${b.id}/status`, { status: 'confirmed' });
    expectRejected(calendar, 409, {
      code: 'HEALTH_NOT_CONFIRMED',
      message: refused.json<{ message: string }>().message,
    });

    const approved = await t.admin.patch(`/api/admin/bookings/${b.id}/status`, {
      status: 'confirmed',
      confirmHealth: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Booking>().status).toBe('confirmed');
  });

  it('a request without flags is approved without confirmHealth', async () => {
    const b = await bookAs();
    expect((await submit(b, QUIET_HEALTH_ANSWERS)).statusCode).toBe(201);
    const res = await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status: 'confirmed' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the public booking answer says where the client stands: missing, current, null once cancelled', async () => {
    const b = await bookAs();
    const read = async () => (await t.get(`/api/bookings/token/${b.cancelToken}`)).json<Booking>().healthForm;
    expect(await read()).toBe('missing');
    expect((await submit(b, QUIET_HEALTH_ANSWERS)).statusCode).toBe(201);
    expect(await read()).toBe('current');
    expect((await t.post(`/api/bookings/cancel/${b.cancelToken}`)).statusCode).toBe(200);
    expect(await read()).toBeNull();
  });
});

describe('the request e-mail', () => {
  const bodies = (b: Booking) =>
    t.sql<{ kind: string; text_body: string; html_body: string }>(
      'SELECT kind, text_body, html_body FROM email_outbox WHERE booking_id = $1 ORDER BY id',
      [b.id],
    );

  it('links the health form for every request, even with the e-mail of a client who has one, and holds no answer', async () => {
    const email = 'mailed@example.nz';
    const first = await bookAs({ email });
    const [toClient] = (await bodies(first)).filter((m) => m.kind === 'booking_received');
    expect(toClient!.text_body).toContain('Please fill in a short health form before your visit.');
    expect(toClient!.text_body).toContain(`/booking/health/${first.cancelToken}`);

    expect((await submit(first, FLAGGED)).statusCode).toBe(201);
    const second = await bookAs({ email });
    // A request with her e-mail is a client of its own until she links it (docs/decisions/034): it is asked the
    // form like a stranger's, so the e-mail tells nothing about her record.
    const [toSecond] = (await bodies(second)).filter((m) => m.kind === 'booking_received');
    expect(toSecond!.text_body).toContain('Please fill in a short health form before your visit.');
    expect(toSecond!.text_body).toContain(`/booking/health/${second.cancelToken}`);
    for (const m of await bodies(second)) {
      expect(m.text_body).not.toMatch(/warfarin|pregnan|blood thinner|Mere Taylor/i);
      expect(m.html_body).not.toMatch(/warfarin|pregnan|blood thinner|Mere Taylor/i);
    }
  });
});
