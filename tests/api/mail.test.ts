// @both-databases: workers race to claim the outbox (row locks), and enqueueing joins the caller's transaction
/**
 * The e-mail outbox end to end, against a real SMTP server on loopback (smtp-server):
 * what arrives, retries while the server is down, exactly-once delivery across racing
 * workers, the .eml files without SMTP_URL, and POST /api/email/send.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../src/server/config';
import { emailOutbox } from '../../src/server/db/schema';
import {
  backoffMs,
  claimDue,
  CLAIM_LEASE_MS,
  enqueueEmail,
  nextAttemptAfterFailure,
} from '../../src/server/modules/mail/outbox';
import {
  adminMessage,
  confirmed,
  practiceNewRequest,
  reminder,
  requestReceived,
} from '../../src/server/modules/mail/templates';
import { emailContext, type EmailContent } from '../../src/server/modules/mail/email-kinds';
import { createMailWorker, type MailLogger, type MailWorker } from '../../src/server/modules/mail/worker';
import { useTestApp } from '../helpers/app';
import { testBooking } from '../../src/server/modules/mail/booking.fixture';
import { expectRejected } from '../helpers/expect-rejected';
import { deadPort, parseMessage, startSmtp, type Smtp } from '../helpers/smtp';

let smtp: Smtp;
const workers: MailWorker[] = [];
const tempDirs: string[] = [];
const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as MailLogger;

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
const t = useTestApp(() => ({
  env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_MAX_ATTEMPTS: '3' },
  signedIn: true,
}));
beforeEach(async () => {
  await t.database.db.delete(emailOutbox);
  smtp.received.length = 0;
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

function worker(
  mail: Partial<AppConfig['mail']> = {},
  extra: { dataDir?: string; batchSize?: number } = {},
): MailWorker {
  const config = { ...t.config, dataDir: extra.dataDir ?? t.config.dataDir, mail: { ...t.config.mail, ...mail } };
  const w = createMailWorker({
    database: t.database,
    config,
    log: silent,
    ...(extra.batchSize ? { batchSize: extra.batchSize } : {}),
  });
  workers.push(w);
  return w;
}

const ctx = () => emailContext(t.config);
const rows = () => t.database.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
const enqueue = (content: EmailContent) =>
  enqueueEmail(t.database.db, { ...content, bookingId: null }, { messageIdHost: 'localhost' });
const makeDue = () => t.database.db.update(emailOutbox).set({ nextAttemptAt: sql`now()` });
const adminMessages = (n: number, prefix = 'Message') =>
  Array.from({ length: n }, (_v, i) =>
    adminMessage({ to: `client${i}@example.nz`, subject: `${prefix} ${i + 1}`, message: `Body ${i + 1}` }, ctx()),
  );
const receivedIds = () => smtp.received.map((m) => m.headers['message-id']);
/** An iCalendar file read by ical.js: the calendar and its one event. */
function readIcs(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const vevents = calendar.getAllSubcomponents('vevent');
  expect(vevents).toHaveLength(1);
  return { calendar, event: new ICAL.Event(vevents[0]) };
}

describe('delivery over SMTP', () => {
  it('sends each queued message once, as stored: from, to, subject, NZ date, links, Message-ID', async () => {
    const b = testBooking();
    const ids = [
      await enqueue(requestReceived(b, ctx())),
      await enqueue(practiceNewRequest(b, ctx())),
      await enqueue(reminder({ ...b, status: 'confirmed' }, ctx())),
    ];
    expect(await worker().runOnce()).toEqual({ sent: 3, failed: 0, written: 0 });
    expect(smtp.received).toHaveLength(3);

    const stored = await rows();
    expect(stored.map((r) => r.id)).toEqual(ids);
    for (const row of stored) {
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    }
    const [received, practice, remind] = smtp.received;
    expect(receivedIds()).toEqual(stored.map((r) => r.messageId));

    expect(received!.rcptTo).toEqual(['jane@example.nz']);
    expect(received!.headers.to).toBe('jane@example.nz');
    expect(received!.headers.from).toBe(`${t.config.practice.name} <${t.config.practice.email}>`);
    expect(received!.headers.subject).toBe('We received your booking request');
    expect(received!.text).toContain('Hi Jane,');
    expect(received!.text).toContain('March 5, 2025');
    expect(received!.text).toContain('2:30 PM');
    expect(received!.text).toContain('$90.00');
    expect(received!.text).toContain('http://localhost:3000/booking/confirm/tok_abcDEF123-_xyz');
    expect(received!.text).toContain('http://localhost:3000/booking/cancel/tok_abcDEF123-_xyz');
    expect(received!.html).toContain('March 5, 2025');
    expect(received!.headers['auto-submitted']).toBe('auto-generated');

    expect(practice!.rcptTo).toEqual([t.config.mail.notifyTo]);
    expect(practice!.headers.subject).toBe('New booking request: Jane Doe, March 5, 2025 at 2:30 PM (NZ time)');
    expect(practice!.text).toContain('http://localhost:3000/admin/pending');

    expect(remind!.headers.subject).toBe('Appointment Reminder');
    expect(remind!.text).toContain(
      'This is a friendly reminder about your upcoming appointment on March 5, 2025 at 2:30 PM (NZ time)',
    );

    // Nothing is sent twice.
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, written: 0 });
    expect(smtp.received).toHaveLength(3);
  });

  it('attaches the .ics file to the confirmation', async () => {
    await enqueue(confirmed({ ...testBooking(), status: 'confirmed', adminNote: 'Gate code 1234' }, ctx()));
    expect(await worker().runOnce()).toMatchObject({ sent: 1 });
    const [m] = smtp.received;
    expect(m!.headers.subject).toBe('Your appointment has been confirmed');
    expect(m!.text).toContain('Gate code 1234');
    const ics = m!.parts.find((p) => p.filename === 'appointment.ics');
    expect(ics).toBeDefined();
    expect(ics!.contentType).toBe('text/calendar');
    expect(ics!.contentTypeParams.method).toBe('PUBLISH');
    // Still CRLF line endings after the trip through MIME.
    expect(ics!.content.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const { calendar, event } = readIcs(ics!.content);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(event.uid).toBe('booking-42@localhost');
    expect(event.startDate.toString()).toBe('2025-03-05T01:30:00Z');
    expect(event.endDate.toString()).toBe('2025-03-05T02:30:00Z');
  });

  it("sends from her practice's name and e-mail as saved in Settings after the worker started (issue 40)", async () => {
    // The process's own worker, made before she saves (no MAIL_FROM set: the From follows her practice).
    const running = createMailWorker({ database: t.database, config: t.config, log: silent });
    workers.push(running);
    const before = { name: t.config.practice.name, email: t.config.practice.email };
    const saved = await t.admin.patch('/api/admin/settings', {
      practice: { name: 'Kāpiti Mobile Massage', email: 'bookings@kapitimassage.example.nz' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      await enqueue(requestReceived(testBooking(), ctx()));
      expect(await running.runOnce()).toMatchObject({ sent: 1 });
      expect(smtp.received[0]!.headers.from).toBe('Kāpiti Mobile Massage <bookings@kapitimassage.example.nz>');
    } finally {
      expect((await t.admin.patch('/api/admin/settings', { practice: before })).statusCode).toBe(200);
    }
  });

  it('keeps messages while SMTP is down, retries with backoff, and delivers each exactly once when it is back', async () => {
    const port = smtp.port;
    for (const m of adminMessages(3, 'Before')) await enqueue(m);
    expect(await worker().runOnce()).toMatchObject({ sent: 3, failed: 0 });

    for (const m of adminMessages(5, 'During')) await enqueue(m);
    await smtp.close();
    const down = worker();
    const before = Date.now();
    expect(await down.runOnce()).toEqual({ sent: 0, failed: 5, written: 0 });
    const waiting = (await rows()).filter((r) => r.status === 'pending');
    expect(waiting).toHaveLength(5);
    for (const row of waiting) {
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/ECONNREFUSED|ESOCKET|connect/i);
      // First retry 30 s later.
      expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 29_000);
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 31_000);
    }
    // Not due yet: nothing is tried.
    expect(await down.runOnce()).toEqual({ sent: 0, failed: 0, written: 0 });
    expect((await rows()).filter((r) => r.status === 'pending').every((r) => r.attempts === 1)).toBe(true);

    // Back on the same port; the retry comes due.
    const received = smtp.received;
    smtp = await startSmtp(port);
    smtp.received.push(...received);
    await makeDue();
    expect(await down.runOnce()).toEqual({ sent: 5, failed: 0, written: 0 });
    expect(await down.runOnce()).toEqual({ sent: 0, failed: 0, written: 0 });

    const all = await rows();
    expect(all.every((r) => r.status === 'sent')).toBe(true);
    expect(
      all.filter((r) => r.subject.startsWith('During')).every((r) => r.attempts === 2 && r.lastError === null),
    ).toBe(true);
    const ids = receivedIds();
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
    expect(new Set(ids)).toEqual(new Set(all.map((r) => r.messageId)));
  });

  it(`gives up after MAIL_MAX_ATTEMPTS (status failed), backing off 30 s then 60 s`, async () => {
    const w = worker({ smtpUrl: `smtp://127.0.0.1:${await deadPort()}`, maxAttempts: 3 });
    const [m] = adminMessages(1);
    await enqueue(m!);

    const gaps: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const start = Date.now();
      expect(await w.runOnce()).toEqual({ sent: 0, failed: 1, written: 0 });
      const [row] = await rows();
      expect(row!.attempts).toBe(attempt);
      expect(row!.lastError).toBeTruthy();
      if (attempt < 3) {
        expect(row!.status).toBe('pending');
        gaps.push(Math.round((row!.nextAttemptAt.getTime() - start) / 1000));
      } else {
        expect(row!.status).toBe('failed');
      }
      await makeDue();
    }
    expect(gaps[0]).toBeGreaterThanOrEqual(29);
    expect(gaps[0]).toBeLessThanOrEqual(31);
    expect(gaps[1]).toBeGreaterThanOrEqual(59);
    expect(gaps[1]).toBeLessThanOrEqual(61);
    // A failed row is never tried again.
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, written: 0 });
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('two workers racing deliver each of 20 messages exactly once', async () => {
    for (const m of adminMessages(20, 'Race')) await enqueue(m);
    const [r1, r2] = await Promise.all([
      worker({}, { batchSize: 3 }).runOnce(),
      worker({}, { batchSize: 3 }).runOnce(),
    ]);
    expect(r1.sent + r2.sent).toBe(20);
    // Both took part: the claims interleaved.
    expect(r1.sent).toBeGreaterThan(0);
    expect(r2.sent).toBeGreaterThan(0);
    expect(r1.failed + r2.failed).toBe(0);
    const ids = receivedIds();
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    const all = await rows();
    expect(all.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    expect(new Set(smtp.received.map((m) => m.headers.subject))).toEqual(new Set(all.map((r) => r.subject)));
  });

  it('several claimers at once never get the same row; a claim is a lease that runs out', async () => {
    for (const m of adminMessages(20, 'Claim')) await enqueue(m);
    // One claimer takes no more than its limit, oldest first.
    expect((await claimDue(t.database.db, 3)).map((r) => r.subject)).toEqual(['Claim 1', 'Claim 2', 'Claim 3']);
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimDue(t.database.db, 3)));
    expect(claims.every((c) => c.length <= 3)).toBe(true);
    const claimed = claims.flat().map((r) => r.id);
    expect(claimed).toHaveLength(17);
    expect(new Set(claimed).size).toBe(17);
    expect(claims.flat().every((r) => r.attempts === 1)).toBe(true);
    // While leased, nobody gets them; once the lease ends they are due again.
    expect(await claimDue(t.database.db, 50)).toEqual([]);
    const later = new Date(Date.now() + CLAIM_LEASE_MS + 60_000);
    const again = await claimDue(t.database.db, 50, later);
    expect(again).toHaveLength(20);
    expect(again.every((r) => r.attempts === 2)).toBe(true);
  });

  it('a row claimed by a worker that died mid-send goes out after the lease, once', async () => {
    const [m] = adminMessages(1, 'Orphan');
    await enqueue(m!);
    const [orphan] = await claimDue(t.database.db, 10); // the "dead" worker
    expect(orphan).toBeDefined();
    const w = worker();
    expect(await w.runOnce()).toMatchObject({ sent: 0 });
    await makeDue(); // the lease ran out
    expect(await w.runOnce()).toMatchObject({ sent: 1 });
    expect(receivedIds()).toEqual([orphan!.messageId]);
  });
});

describe('enqueueEmail', () => {
  it('joins the caller transaction: rolled back with it, committed with it', async () => {
    const [m] = adminMessages(1);
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueEmail(tx, m!);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toEqual([]);

    const id = await t.database.db.transaction((tx) => enqueueEmail(tx, m!));
    const [row] = await rows();
    expect(row).toMatchObject({
      id,
      status: 'pending',
      attempts: 0,
      kind: 'admin_message',
      toAddress: 'client0@example.nz',
      bookingId: null,
    });
    // Without a host the Message-ID still is a valid msg-id.
    expect(row!.messageId).toMatch(/^<[0-9a-f-]{36}@homevisit>$/);
  });

  it('backoff doubles from 30 s and stops at 1 h; nothing after the last attempt', () => {
    expect([1, 2, 3, 4, 7, 8, 12, 50].map(backoffMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    const now = new Date('2025-01-01T00:00:00Z');
    expect(nextAttemptAfterFailure(1, 3, now)).toEqual(new Date('2025-01-01T00:00:30Z'));
    expect(nextAttemptAfterFailure(3, 3, now)).toBeNull();
  });
});

describe('without SMTP_URL', () => {
  it('writes each pending message once as DATA_DIR/mail/<id>-<kind>.eml and leaves it in the outbox', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-mail-'));
    tempDirs.push(dataDir);
    const dir = path.join(dataDir, 'mail');
    const noSmtp = worker({ smtpUrl: null }, { dataDir });
    const a = await enqueue(confirmed({ ...testBooking(), status: 'confirmed' }, ctx()));
    const b = await enqueue(
      adminMessage({ to: 'jane@example.nz', subject: 'Hello', message: 'Line 1\nLine 2' }, ctx()),
    );

    expect(await noSmtp.runOnce()).toEqual({ sent: 0, failed: 0, written: 2 });
    expect(fs.readdirSync(dir).sort()).toEqual([`${a}-booking_confirmed.eml`, `${b}-admin_message.eml`].sort());
    const stored = await rows();
    expect(stored.every((r) => r.status === 'pending' && r.attempts === 0 && r.sentAt === null)).toBe(true);

    const eml = fs.readFileSync(path.join(dir, `${a}-booking_confirmed.eml`), 'latin1');
    const parsed = await parseMessage(eml, []);
    expect(parsed.headers['message-id']).toBe(stored[0]!.messageId);
    expect(parsed.headers.subject).toBe('Your appointment has been confirmed');
    expect(parsed.headers.to).toBe('jane@example.nz');
    expect(parsed.text).toContain('March 5, 2025');
    const ics = parsed.parts.find((p) => p.filename === 'appointment.ics');
    expect(ics).toBeDefined();
    expect(readIcs(ics!.content).event.uid).toBe('booking-42@localhost');
    expect(eml).toContain('\r\n');

    // Again, and from a second worker (another process): no new files.
    expect(await noSmtp.runOnce()).toEqual({ sent: 0, failed: 0, written: 0 });
    expect(await worker({ smtpUrl: null }, { dataDir }).runOnce()).toEqual({ sent: 0, failed: 0, written: 0 });
    expect(fs.readdirSync(dir)).toHaveLength(2);

    // A new message is written on the next run.
    const c = await enqueue(reminder(testBooking({ status: 'confirmed' }), ctx()));
    expect(await noSmtp.runOnce()).toMatchObject({ written: 1 });
    expect(fs.readdirSync(dir)).toContain(`${c}-booking_reminder.eml`);
    expect(fs.readdirSync(dir).some((f) => f.endsWith('.tmp'))).toBe(false);

    // Queued while e-mail was not set up, so held (docs/product.md §2 "Outbox"): once SMTP_URL is configured nothing
    // goes out by itself.
    expect((await rows()).every((r) => r.heldAt !== null && r.releasedAt === null)).toBe(true);
    expect(await worker().runOnce()).toMatchObject({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    // She chooses Send: everything goes out, under the same Message-IDs.
    const send = await t.admin.post('/api/admin/outbox/held/send', {});
    expect(send.json()).toMatchObject({ count: 3 });
    expect(await worker().runOnce()).toMatchObject({ sent: 3, failed: 0 });
    expect(receivedIds()).toEqual((await rows()).map((r) => r.messageId));
    expect((await rows()).every((r) => r.status === 'sent')).toBe(true);
  });
});

describe('POST /api/email/send', () => {
  const send = (payload: unknown) => t.admin.post('/api/email/send', payload);

  it('requires a session', async () => {
    expectRejected(await t.post('/api/email/send', { to: 'jane@example.nz', subject: 'Hi', message: 'x' }), 401);
    expect(await rows()).toEqual([]);
  });

  it.each([
    [{ to: 'not-an-email', subject: 'Hi', message: 'x' }, 'Please enter a valid email'],
    [{ subject: 'Hi', message: 'x' }, 'Please enter a valid email'],
    [{ to: 'jane@example.nz', subject: '  ', message: 'x' }, 'Subject is required'],
    [{ to: 'jane@example.nz', subject: 'Hi', message: '' }, 'Message is required'],
  ])('refuses %j with 400 %s and queues nothing', async (payload, message) => {
    expectRejected(await send(payload), 400, message);
    expect(await rows()).toEqual([]);
  });

  it('queues the message (200 { message, id }) with escaped HTML, and the worker delivers it', async () => {
    const res = await send({
      to: ' jane@example.nz ',
      subject: 'Your <visit>',
      message: 'Hi Jane,\n<script>alert(1)</script>\nSee you soon',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ message: 'Email queued', id: expect.any(Number) });

    const [row] = await rows();
    expect(row).toMatchObject({
      id: body.id,
      kind: 'admin_message',
      toAddress: 'jane@example.nz',
      subject: 'Your <visit>',
      textBody: 'Hi Jane,\n<script>alert(1)</script>\nSee you soon\n',
      status: 'pending',
      bookingId: null,
    });
    expect(row!.htmlBody).toContain('Hi Jane,<br>\n&lt;script&gt;alert(1)&lt;/script&gt;<br>\nSee you soon');
    expect(row!.htmlBody).not.toContain('<script>');
    expect(row!.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);

    expect(await worker().runOnce()).toMatchObject({ sent: 1 });
    const [m] = smtp.received;
    expect(m!.headers['message-id']).toBe(row!.messageId);
    expect(m!.headers.subject).toBe('Your <visit>');
    expect(m!.headers['auto-submitted']).toBeUndefined();
    expect(m!.text).toContain('<script>alert(1)</script>');
    expect(m!.html).toContain('&lt;script&gt;');
  });
});

describe('the polling loop', () => {
  it('start() delivers without being asked and stop() waits for the run in progress', async () => {
    const w = worker({ pollMs: 50 });
    w.start();
    const [m] = adminMessages(1, 'Polled');
    await enqueue(m!);
    const deadline = Date.now() + 10_000;
    while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await w.stop();
    expect(smtp.received).toHaveLength(1);
    expect((await rows())[0]!.status).toBe('sent');
  });
});
