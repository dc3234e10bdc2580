/**
 * Texts (docs/decisions/038): the booking's 'Text me' box and its number checks, the confirmation and the
 * day-before reminder at her time (never 8 PM to 8 AM NZ time) through Twilio's library against a loopback server
 * speaking its Messages API, retries with nothing lost and nothing sent twice, STOP through the signed webhook, a
 * forged webhook refused, delivery reports in the Outbox, her monthly cap, and her settings' secret kept.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxPage } from '../../src/shared/schemas/outbox';
import type { SmsSettings } from '../../src/shared/schemas/sms';
import { SMS_MESSAGES } from '../../src/shared/sms';
import { addDaysToDate, nzInstant } from '../../src/shared/time';
import { createSmsWorker, type SmsLogger } from '../../src/server/modules/sms/worker';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { expectRejected, expectUnchanged } from '../helpers/expect-rejected';
import {
  postWebhook,
  startTwilio,
  TEST_ACCOUNT_SID,
  TEST_AUTH_TOKEN,
  type TwilioServer,
} from '../helpers/twilio-server';

let twilio: TwilioServer;
beforeAll(async () => {
  twilio = await startTwilio();
});
afterAll(async () => {
  await twilio.close();
});

const PUBLIC_URL = 'http://localhost:3000';
const t = useTestApp(() => ({
  signedIn: true,
  env: {
    PUBLIC_URL,
    TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: TEST_AUTH_TOKEN,
    SMS_FROM: 'KapitiMassg',
    SMS_API_BASE: twilio.url,
  },
}));
const silent = { info() {}, warn() {}, error() {} } as unknown as SmsLogger;

/** A worker whose clock reads `at` (an NZ date and time). */
const workerAt = (date: string, time: string) =>
  createSmsWorker({
    db: t.database.db,
    box: t.app.secretBox,
    config: t.config,
    log: silent,
    now: () => nzInstant(date, time),
  });

type TextRow = {
  id: number;
  kind: string;
  to_number: string;
  body: string;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  booking_id: number | null;
};
const texts = () => t.sql<TextRow>('SELECT * FROM sms_outbox ORDER BY id');
const webhook = (
  pathAndQuery: string,
  params: Record<string, string>,
  options: { signWith?: string; signature?: string | null } = {},
) => postWebhook(t.app, pathAndQuery, params, { publicUrl: PUBLIC_URL, ...options });

let nextDay = 0;
/** A confirmed visit of a client who ticked 'Text me' (or not), on its own open day; answers its id and date. */
async function confirmedVisit(over: Record<string, unknown> = {}): Promise<{ id: number; date: string }> {
  const date = openDay(nextDay++);
  const res = await book(t, bookingRequest({ date, smsOptIn: true, ...over }));
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: number }>().id;
  const approve = await t.admin.patch(`/api/admin/bookings/${id}/status`, { status: 'confirmed' });
  expect(approve.statusCode, approve.body).toBe(200);
  return { id, date };
}

beforeEach(async () => {
  // Each test's visits alone: an earlier test's visit must not have its reminder fall due in this one.
  await t.sql('UPDATE bookings SET sms_opt_in = false');
  await t.sql('DELETE FROM sms_outbox');
  await t.sql('DELETE FROM sms_opt_outs');
  await t.sql('DELETE FROM sms_settings');
  await t.sql("DELETE FROM email_outbox WHERE kind = 'sms_cap_reached'");
  twilio.sent.length = 0;
  twilio.mode = 'up';
  twilio.unsubscribed.clear();
});

describe("the booking form's 'Text me' box", () => {
  it('is off unless ticked, and stores the choice', async () => {
    const plain = await book(t, bookingRequest({ date: openDay(nextDay++) }));
    expect(plain.statusCode, plain.body).toBe(201);
    const ticked = await book(
      t,
      bookingRequest({ date: openDay(nextDay++), smsOptIn: true, phone: '+64 21 123 4567' }),
    );
    expect(ticked.statusCode, ticked.body).toBe(201);
    const rows = await t.sql<{ id: number; sms_opt_in: boolean }>(
      'SELECT id, sms_opt_in FROM bookings WHERE id = ANY($1) ORDER BY id',
      [[plain.json<{ id: number }>().id, ticked.json<{ id: number }>().id]],
    );
    expect(rows.map((r) => r.sms_opt_in)).toEqual([false, true]);
  });

  it('refuses a landline or a foreign mobile with the box ticked, naming the phone field, and books nothing', async () => {
    const count = () => t.sql('SELECT count(*)::int AS n FROM bookings');
    for (const phone of ['04 123 4567', '+61 412 345 678', '+1 415 555 2671']) {
      const res = await expectUnchanged(count, () =>
        book(t, bookingRequest({ date: openDay(nextDay), smsOptIn: true, phone })),
      );
      const body = expectRejected(res, 400, SMS_MESSAGES.notNzMobile);
      expect(body.errors).toEqual([{ path: 'phone', message: SMS_MESSAGES.notNzMobile }]);
    }
    // Without the box a landline is a phone number like any other.
    const res = await book(t, bookingRequest({ date: openDay(nextDay++), phone: '04 123 4567' }));
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('the confirmation text', () => {
  it('goes to the E.164 number when she approves, with no health detail, once however often the worker runs', async () => {
    const { id, date } = await confirmedVisit({
      phone: '021 123 4567',
      hasInjuries: true,
      injuryDetails: 'Lower back strain after surgery',
    });
    const [row] = await texts();
    expect(row).toMatchObject({ kind: 'sms_confirmed', to_number: '+64211234567', booking_id: id, status: 'pending' });
    const worker = workerAt(addDaysToDate(date, -3), '10:00');
    expect(await worker.runOnce()).toMatchObject({ sent: 1, failed: 0 });
    expect(await worker.runOnce()).toMatchObject({ sent: 0 });
    expect(twilio.sent).toHaveLength(1);
    const sent = twilio.sent[0]!;
    expect(sent).toMatchObject({ to: '+64211234567', from: 'KapitiMassg' });
    expect(sent.body).toMatch(/is confirmed\. Reply STOP to stop texts\.$/);
    expect(sent.body).not.toMatch(/back|strain|surgery|injur/i);
    expect(sent.statusCallback).toBe(`${PUBLIC_URL}/api/webhooks/sms?outbox=${row!.id}`);
    const [after] = await texts();
    expect(after).toMatchObject({ status: 'sent' });
  });

  it('is not queued for a client who did not tick the box', async () => {
    await confirmedVisit({ smsOptIn: false });
    expect(await texts()).toEqual([]);
  });

  it('waits for the provider when it is down: retried with backoff, nothing lost, sent once when it is back', async () => {
    const { date } = await confirmedVisit();
    twilio.mode = 'down';
    const day = addDaysToDate(date, -3);
    expect(await workerAt(day, '10:00').runOnce()).toMatchObject({ sent: 0, failed: 1 });
    const [retrying] = await texts();
    expect(retrying).toMatchObject({ status: 'pending', attempts: 1 });
    expect(retrying!.last_error).toContain('Twilio 20503');
    // Not due again before its backoff.
    expect(await workerAt(day, '10:00').runOnce()).toMatchObject({ sent: 0, failed: 0 });
    twilio.mode = 'up';
    expect(await workerAt(day, '10:05').runOnce()).toMatchObject({ sent: 1 });
    expect(twilio.sent).toHaveLength(1);
    const list = await t.admin.getJson<OutboxPage>('/api/admin/outbox');
    expect(list.items.find((i) => i.channel === 'sms')).toMatchObject({ state: 'sent', attempts: 2 });
  });
});

describe('the day-before reminder', () => {
  it('goes at 9:00 AM NZ time the day before, not earlier, and once', async () => {
    const { id, date } = await confirmedVisit();
    const eve = addDaysToDate(date, -1);
    await workerAt(addDaysToDate(date, -3), '10:00').runOnce(); // the confirmation
    twilio.sent.length = 0;
    expect(await workerAt(eve, '08:59').runOnce()).toMatchObject({ reminders: 0, sent: 0 });
    expect(await workerAt(eve, '09:00').runOnce()).toMatchObject({ reminders: 1, sent: 1 });
    expect(await workerAt(eve, '09:30').runOnce()).toMatchObject({ reminders: 0, sent: 0 });
    expect(twilio.sent).toHaveLength(1);
    expect(twilio.sent[0]!.body).toContain('a reminder of your visit');
    const reminder = (await texts()).find((r) => r.kind === 'sms_reminder');
    expect(reminder).toMatchObject({ booking_id: id, status: 'sent' });
  });

  it("comes again for the new day when she moves the visit; moved after that one was due, the 'moved' text stands in", async () => {
    const reschedule = async (id: number, date: string) => {
      const res = await t.admin.post(`/api/admin/bookings/${id}/reschedule`, { date, time: '10:00' });
      expect(res.statusCode, res.body).toBe(200);
    };
    const { id, date } = await confirmedVisit();
    await workerAt(addDaysToDate(date, -3), '10:00').runOnce(); // the confirmation
    expect(await workerAt(addDaysToDate(date, -1), '09:00').runOnce()).toMatchObject({ reminders: 1, sent: 1 });

    const later = openDay(nextDay++);
    await reschedule(id, later);
    const laterEve = addDaysToDate(later, -1);
    expect(await workerAt(laterEve, '08:00').runOnce()).toMatchObject({ reminders: 0, sent: 1 }); // the 'moved' text
    expect(await workerAt(laterEve, '09:00').runOnce()).toMatchObject({ reminders: 1, sent: 1 });

    // Moved again, this time after the new day's reminder was due (10 AM the day before): the 'moved' text says it.
    const last = openDay(nextDay++);
    await reschedule(id, last);
    const lastEve = addDaysToDate(last, -1);
    await t.sql(
      "UPDATE sms_outbox SET created_at = $1 WHERE booking_id = $2 AND kind = 'sms_moved' AND status = 'pending'",
      [nzInstant(lastEve, '10:00'), id],
    );
    expect(await workerAt(lastEve, '10:00').runOnce()).toMatchObject({ reminders: 0, sent: 1 });
    expect(await workerAt(lastEve, '11:00').runOnce()).toMatchObject({ reminders: 0, sent: 0 });
    const kinds = (await texts()).filter((r) => r.status === 'sent').map((r) => r.kind);
    expect(kinds).toEqual(['sms_confirmed', 'sms_reminder', 'sms_moved', 'sms_reminder', 'sms_moved']);
  });

  it('follows her chosen time, allowed from 8 AM to 8 PM only; none goes in the quiet hours, 8 PM waits for 8 AM', async () => {
    for (const reminderTime of ['07:45', '20:30', '25:00']) {
      const res = await t.admin.patch('/api/admin/settings/sms', { reminderTime });
      expectRejected(res, 400, SMS_MESSAGES.reminderTime);
    }
    const saved = await t.admin.patch('/api/admin/settings/sms', { reminderTime: '20:00' });
    expect(saved.json<SmsSettings>().reminderTime).toBe('20:00');
    const { date } = await confirmedVisit();
    const eve = addDaysToDate(date, -1);
    await workerAt(addDaysToDate(date, -3), '10:00').runOnce();
    twilio.sent.length = 0;
    // 8 PM and later is quiet: nothing at all is sent or queued.
    expect(await workerAt(eve, '20:00').runOnce()).toMatchObject({ idle: 'quiet-hours', sent: 0 });
    expect(await workerAt(eve, '23:59').runOnce()).toMatchObject({ idle: 'quiet-hours' });
    expect(await workerAt(date, '07:59').runOnce()).toMatchObject({ idle: 'quiet-hours' });
    expect(await workerAt(date, '08:00').runOnce()).toMatchObject({ reminders: 1, sent: 1 });
    expect(twilio.sent).toHaveLength(1);
  });
});

describe('STOP', () => {
  it('stops the texts waiting and every later one, and is checked again at send time', async () => {
    const { date } = await confirmedVisit({ phone: '022 987 6543' });
    const stop = await webhook('/api/webhooks/sms', {
      MessageSid: 'SM0000000000000000000000000000beef',
      AccountSid: TEST_ACCOUNT_SID,
      From: '+64229876543',
      To: '+6498765432',
      Body: 'STOP',
    });
    expect(stop.statusCode, stop.body).toBe(204);
    expect(await texts()).toMatchObject([{ kind: 'sms_confirmed', status: 'cancelled' }]);
    // The reminder is still claimed on its day, then refused at send time.
    expect(await workerAt(addDaysToDate(date, -1), '09:00').runOnce()).toMatchObject({
      reminders: 1,
      sent: 0,
      cancelled: 1,
    });
    expect(twilio.sent).toEqual([]);
    const page = await t.admin.getJson<OutboxPage>('/api/admin/outbox');
    const stopped = page.items.filter((i) => i.channel === 'sms');
    expect(stopped.map((i) => i.state)).toEqual(['cancelled', 'cancelled']);
    expect(stopped[0]!.lastError).toBe('Not sent: this number replied STOP');
  });

  it('is learnt from the provider too: 21610 records the STOP and cancels the text', async () => {
    const { date } = await confirmedVisit({ phone: '027 555 0101' });
    twilio.unsubscribed.add('+64275550101');
    expect(await workerAt(addDaysToDate(date, -3), '10:00').runOnce()).toMatchObject({ sent: 0, cancelled: 1 });
    expect(await t.sql('SELECT phone FROM sms_opt_outs')).toEqual([{ phone: '+64275550101' }]);
    expect((await texts())[0]!.last_error).toContain('Twilio 21610');
  });

  it('refuses a webhook whose signature is wrong or missing, and changes nothing', async () => {
    await confirmedVisit({ phone: '021 222 3333' });
    const read = async () => ({ optOuts: await t.sql('SELECT * FROM sms_opt_outs'), texts: await texts() });
    const params = { From: '+64212223333', Body: 'STOP', AccountSid: TEST_ACCOUNT_SID };
    const forged = await expectUnchanged(read, () =>
      webhook('/api/webhooks/sms', params, { signWith: 'ffffffffffffffffffffffffffffffff' }),
    );
    expectRejected(forged, 403, { code: 'SMS_SIGNATURE_INVALID', message: SMS_MESSAGES.signatureInvalid });
    const unsigned = await expectUnchanged(read, () => webhook('/api/webhooks/sms', params, { signature: null }));
    expectRejected(unsigned, 403, SMS_MESSAGES.signatureInvalid);
    // Signed for another URL (its query changed on the way).
    const moved = await expectUnchanged(read, () =>
      postWebhook(t.app, '/api/webhooks/sms?outbox=1', params, { publicUrl: 'https://elsewhere.example' }),
    );
    expectRejected(moved, 403);
  });
});

describe('delivery reports', () => {
  it("records the provider's status callback on the text, shown in the Outbox", async () => {
    const { date } = await confirmedVisit();
    await workerAt(addDaysToDate(date, -3), '10:00').runOnce();
    const { sid, statusCallback } = twilio.sent[0]!;
    const path = statusCallback!.slice(PUBLIC_URL.length);
    const report = await webhook(path, {
      MessageSid: sid,
      SmsSid: sid,
      MessageStatus: 'delivered',
      AccountSid: TEST_ACCOUNT_SID,
      To: '+64211234567',
    });
    expect(report.statusCode, report.body).toBe(204);
    const page = await t.admin.getJson<OutboxPage>('/api/admin/outbox');
    const item = page.items.find((i) => i.channel === 'sms');
    expect(item).toMatchObject({
      kind: 'sms_confirmed',
      to: '+64211234567',
      state: 'sent',
      deliveryStatus: 'delivered',
    });
    expect(page.items.some((i) => i.channel === 'email')).toBe(true);
  });

  it('marks a text sent whose worker stopped before recording it, so its lease ending does not send it twice', async () => {
    await confirmedVisit();
    const [row] = await texts();
    const report = await webhook(`/api/webhooks/sms?outbox=${row!.id}`, {
      MessageSid: 'SM00000000000000000000000000000001',
      MessageStatus: 'sent',
      AccountSid: TEST_ACCOUNT_SID,
    });
    expect(report.statusCode).toBe(204);
    expect((await texts())[0]).toMatchObject({ status: 'sent' });
  });
});

describe('the monthly cap', () => {
  it('holds texts once reached and tells her once by e-mail; a higher limit lets them go', async () => {
    const first = await confirmedVisit();
    await confirmedVisit();
    const cap = await t.admin.patch('/api/admin/settings/sms', { monthlyCap: 1 });
    expect(cap.statusCode, cap.body).toBe(200);
    const day = addDaysToDate(first.date, -3);
    expect(await workerAt(day, '10:00').runOnce()).toMatchObject({ sent: 1, idle: 'cap-reached' });
    expect(await workerAt(day, '10:01').runOnce()).toMatchObject({ sent: 0, idle: 'cap-reached' });
    expect(twilio.sent).toHaveLength(1);
    const notices = await t.sql<{ subject: string }>("SELECT subject FROM email_outbox WHERE kind = 'sms_cap_reached'");
    expect(notices).toEqual([{ subject: 'Monthly text limit reached' }]);
    await t.admin.patch('/api/admin/settings/sms', { monthlyCap: 5 });
    expect(await workerAt(day, '10:02').runOnce()).toMatchObject({ sent: 1 });
    expect(twilio.sent).toHaveLength(2);
  });
});

describe('her SMS settings', () => {
  it('keeps the auth token sealed and never answers it; the environment stands for what she has not saved', async () => {
    const before = await t.admin.getJson<SmsSettings>('/api/admin/settings/sms');
    expect(before).toMatchObject({
      configured: true,
      accountSidSource: 'environment',
      authTokenSet: true,
      authTokenSource: 'environment',
      sender: 'KapitiMassg',
      reminderTime: '09:00',
      monthlyCap: null,
      webhookUrl: `${PUBLIC_URL}/api/webhooks/sms`,
    });
    const token = '0123456789abcdef0123456789ABCDEF';
    const saved = await t.admin.patch('/api/admin/settings/sms', { authToken: token, sender: '+64211112222' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(token);
    const got = await t.admin.get('/api/admin/settings/sms');
    expect(got.body).not.toContain(token);
    expect(got.json<SmsSettings>()).toMatchObject({ authTokenSource: 'settings', sender: '+64211112222' });
    const [row] = await t.sql<{ auth_token_encrypted: string }>('SELECT auth_token_encrypted FROM sms_settings');
    expect(row!.auth_token_encrypted).not.toContain(token);
    expect(t.app.secretBox.open(row!.auth_token_encrypted)).toBe(token);
    const bad = await t.admin.patch('/api/admin/settings/sms', { accountSid: 'AC123', sender: 'Far too long a name' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a text out of date before it went (moved again, or cancelled)', () => {
  const move = async (id: number, time: string, date?: string) => {
    const [b] = await t.sql<{ date: string }>('SELECT date FROM bookings WHERE id = $1', [id]);
    const res = await t.admin.post(`/api/admin/bookings/${id}/reschedule`, { date: date ?? b!.date, time });
    expect(res.statusCode, res.body).toBe(200);
  };
  const cancel = async (id: number) => {
    const res = await t.admin.patch(`/api/bookings/${id}/status`, { status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
  };

  it("moved twice before the first 'moved' text went: only the newest time is texted, the first is 'Not sent'", async () => {
    const { id, date } = await confirmedVisit();
    const day = addDaysToDate(date, -3);
    await workerAt(day, '10:00').runOnce(); // the confirmation
    twilio.sent.length = 0;
    // Both moves while no text can go (the quiet hours, or the worker not yet run).
    await move(id, '11:00');
    await move(id, '14:00');
    expect(await workerAt(day, '10:05').runOnce()).toMatchObject({ sent: 1 });
    expect(twilio.sent.map((m) => m.body)).toEqual([expect.stringContaining('has moved to') as string]);
    expect(twilio.sent[0]!.body).toContain('2:00 PM');
    expect(twilio.sent[0]!.body).not.toContain('11:00 AM');
    const moved = (await texts()).filter((r) => r.kind === 'sms_moved');
    expect(moved.map((r) => [r.status, r.last_error])).toEqual([
      ['cancelled', 'Not sent: a newer text about this visit replaced it'],
      ['sent', null],
    ]);
    const page = await t.admin.getJson<OutboxPage>('/api/admin/outbox');
    expect(page.items.find((i) => i.id === Number(moved[0]!.id))).toMatchObject({ state: 'cancelled' });
  });

  it('a text already tried (the provider was down) is not sent once a newer one is queued', async () => {
    const { id, date } = await confirmedVisit();
    const day = addDaysToDate(date, -3);
    await workerAt(day, '10:00').runOnce();
    twilio.sent.length = 0;
    await move(id, '11:00');
    twilio.mode = 'down';
    expect(await workerAt(day, '10:01').runOnce()).toMatchObject({ failed: 1 });
    twilio.mode = 'up';
    await move(id, '15:00');
    // The first is due again after its backoff; by then the newer text has replaced it.
    expect(await workerAt(day, '11:00').runOnce()).toMatchObject({ sent: 1, cancelled: 1 });
    expect(twilio.sent).toHaveLength(1);
    expect(twilio.sent[0]!.body).toContain('3:00 PM');
  });

  it('moved then cancelled before the text went: only the cancellation goes', async () => {
    const { id, date } = await confirmedVisit();
    const day = addDaysToDate(date, -3);
    await workerAt(day, '10:00').runOnce();
    twilio.sent.length = 0;
    await move(id, '11:00');
    await cancel(id);
    expect(await workerAt(day, '10:05').runOnce()).toMatchObject({ sent: 1 });
    expect(twilio.sent.map((m) => m.body)).toEqual([expect.stringContaining('has been cancelled') as string]);
  });

  it('approved then moved before the confirmation went: one confirmation, at the new time', async () => {
    const { id, date } = await confirmedVisit();
    await move(id, '16:00');
    expect(await workerAt(addDaysToDate(date, -3), '10:00').runOnce()).toMatchObject({ sent: 1 });
    expect(twilio.sent).toHaveLength(1);
    expect(twilio.sent[0]!.body).toMatch(/is confirmed\./);
    expect(twilio.sent[0]!.body).toContain('4:00 PM');
    expect((await texts()).map((r) => [r.kind, r.status])).toEqual([
      ['sms_confirmed', 'cancelled'],
      ['sms_confirmed', 'sent'],
    ]);
  });
});

// Issue 41's 'done means', one path end to end on the worker's fixed clock: the client who ticked 'text me' gets the
// confirmation, the reminder the day before at 9 AM NZ time, replies STOP, and gets no more.
describe("the client who ticked 'text me'", () => {
  it('is texted the confirmation and the reminder at 9 AM the day before, replies STOP, and gets no more', async () => {
    const res = await book(t, bookingRequest({ date: openDay(nextDay++), smsOptIn: true, phone: '021 765 4321' }));
    expect(res.statusCode, res.body).toBe(201);
    const { id, date } = res.json<{ id: number; date: string }>();
    expect(await texts()).toEqual([]); // a request is not texted
    const approve = await t.admin.patch(`/api/admin/bookings/${id}/status`, { status: 'confirmed' });
    expect(approve.statusCode, approve.body).toBe(200);

    // Approved three days before: the confirmation goes at once (10 AM, outside the quiet hours).
    expect(await workerAt(addDaysToDate(date, -3), '10:00').runOnce()).toMatchObject({ sent: 1, reminders: 0 });
    expect(twilio.sent.map((m) => [m.to, m.body])).toEqual([
      [
        '+64217654321',
        expect.stringMatching(/: your visit on .*, 10:00 AM \(NZ time\) is confirmed\. Reply STOP/) as string,
      ],
    ]);

    // The day before: nothing at 8:59, the reminder at 9:00 NZ time, once.
    const eve = addDaysToDate(date, -1);
    expect(await workerAt(eve, '08:59').runOnce()).toMatchObject({ reminders: 0, sent: 0 });
    expect(await workerAt(eve, '09:00').runOnce()).toMatchObject({ reminders: 1, sent: 1 });
    expect(await workerAt(eve, '09:01').runOnce()).toMatchObject({ reminders: 0, sent: 0 });
    expect(twilio.sent).toHaveLength(2);
    expect(twilio.sent[1]).toMatchObject({
      to: '+64217654321',
      body: expect.stringContaining('a reminder of your visit'),
    });

    // She replies STOP, through Twilio's signed webhook.
    const stop = await webhook('/api/webhooks/sms', {
      MessageSid: 'SM00000000000000000000000000000abc',
      AccountSid: TEST_ACCOUNT_SID,
      From: '+64217654321',
      To: '+6498765432',
      Body: 'Stop',
    });
    expect(stop.statusCode, stop.body).toBe(204);
    expect(await t.sql('SELECT phone FROM sms_opt_outs')).toEqual([{ phone: '+64217654321' }]);

    // The therapist then moves the visit, and later cancels it: neither text goes.
    const move = await t.admin.post(`/api/admin/bookings/${id}/reschedule`, { date, time: '13:00' });
    expect(move.statusCode, move.body).toBe(200);
    expect(await workerAt(eve, '09:30').runOnce()).toMatchObject({ sent: 0, cancelled: 1 });
    const cancel = await t.admin.patch(`/api/bookings/${id}/status`, { status: 'cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await workerAt(eve, '10:00').runOnce()).toMatchObject({ sent: 0, cancelled: 1 });
    expect(twilio.sent).toHaveLength(2);
    expect((await texts()).map((r) => [r.kind, r.status, r.last_error])).toEqual([
      ['sms_confirmed', 'sent', null],
      ['sms_reminder', 'sent', null],
      ['sms_moved', 'cancelled', 'Not sent: this number replied STOP'],
      ['sms_cancelled', 'cancelled', 'Not sent: this number replied STOP'],
    ]);
  });
});

describe('texts in the Outbox', () => {
  it('a text that gave up is sent again by Resend, answered in its own words, once', async () => {
    const { date } = await confirmedVisit();
    twilio.mode = 'down';
    // Every attempt fails until it gives up (the backoff followed on the worker's clock, from 8 AM).
    let at = nzInstant(addDaysToDate(date, -3), '08:00');
    for (let i = 0; i < t.config.sms.maxAttempts; i++) {
      await createSmsWorker({
        db: t.database.db,
        box: t.app.secretBox,
        config: t.config,
        log: silent,
        now: () => at,
      }).runOnce();
      const [row] = await texts();
      if (row!.status === 'failed') break;
      at = new Date(row!.next_attempt_at);
    }
    const [failed] = await texts();
    expect(failed).toMatchObject({ status: 'failed', attempts: t.config.sms.maxAttempts });
    const id = Number(failed!.id);
    const listed = await t.admin.getJson<OutboxPage>('/api/admin/outbox?filter=problems&channel=sms');
    expect(listed.items.map((i) => [i.id, i.state])).toEqual([[id, 'failed']]);

    const again = await t.admin.post(`/api/admin/outbox/${id}/resend`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      message: 'Text queued again',
      item: { channel: 'sms', state: 'waiting', attempts: 0 },
    });
    const twice = await t.admin.post(`/api/admin/outbox/${id}/resend`);
    expect(twice.json()).toMatchObject({ message: 'This text is already waiting to be sent' });
    twilio.mode = 'up';
    expect(await workerAt(addDaysToDate(date, -2), '10:00').runOnce()).toMatchObject({ sent: 1 });
    expect(twilio.sent).toHaveLength(1);
    expectRejected(await t.admin.post(`/api/admin/outbox/${id}/resend`), 409, 'This text has already been sent');
  });

  it('filters by channel: texts only, e-mails only, with the counts of that channel and each channel’s total', async () => {
    await confirmedVisit();
    const all = await t.admin.getJson<OutboxPage>('/api/admin/outbox');
    const sms = await t.admin.getJson<OutboxPage>('/api/admin/outbox?channel=sms');
    const email = await t.admin.getJson<OutboxPage>('/api/admin/outbox?channel=email');
    expect(sms.items.length).toBeGreaterThan(0);
    expect(sms.items.every((i) => i.channel === 'sms')).toBe(true);
    expect(email.items.every((i) => i.channel === 'email')).toBe(true);
    expect(email.items.length).toBeGreaterThan(0);
    expect(sms.counts.all).toBe(sms.channels.sms);
    expect(email.counts.all).toBe(email.channels.email);
    expect(all.counts.all).toBe(all.channels.email + all.channels.sms);
    expect(all.channels).toEqual(sms.channels);
    expect(sms.counts.held).toBe(0);
    expectRejected(await t.admin.get('/api/admin/outbox?channel=fax'), 400, 'channel must be one of all, email, sms');
  });
});
