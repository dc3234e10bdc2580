// @both-databases: two resends of one e-mail race (row locks)
/**
 * The admin's Outbox (GET /api/admin/outbox, POST /api/admin/outbox/:id/resend): newest first,
 * paged by id, filters and counts per display state, no bodies in the list, and a resend that
 * puts a failed message back in the queue under its same Message-ID, exactly once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  emailKindLabel,
  type OutboxItem,
  type OutboxPage,
  type OutboxResendResponse,
} from '../../src/shared/schemas/outbox';
import { emailOutbox } from '../../src/server/db/schema';
import { emailContext, type EmailContent } from '../../src/server/modules/mail/email-kinds';
import { enqueueEmail } from '../../src/server/modules/mail/outbox';
import { adminMessage } from '../../src/server/modules/mail/templates';
import { createMailWorker, type MailLogger } from '../../src/server/modules/mail/worker';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest } from '../helpers/bookings';
import { expectRejected, expectUnchanged } from '../helpers/expect-rejected';
import { startSmtp, type Smtp } from '../helpers/smtp';

const t = useTestApp({ signedIn: true });
const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as MailLogger;

beforeEach(async () => {
  await t.database.db.delete(emailOutbox);
});

const list = (query = '') => t.admin.getJson<OutboxPage>(`/api/admin/outbox${query}`);
const resend = (id: number | string) => t.admin.post(`/api/admin/outbox/${id}/resend`);
const row = async (id: number) => (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

/** Queues a free-text message (as POST /api/email/send would) and answers its id. */
function queue(subject: string, to = 'client@example.nz'): Promise<number> {
  const content: EmailContent = adminMessage({ to, subject, message: `Body of ${subject}` }, emailContext(t.config));
  return enqueueEmail(t.database.db, content, { messageIdHost: 'localhost' });
}

/** Puts a row in a display state as the worker would leave it. */
async function make(id: number, state: 'sent' | 'retrying' | 'failed'): Promise<void> {
  const set =
    state === 'sent'
      ? { status: 'sent' as const, attempts: 1, sentAt: new Date() }
      : state === 'retrying'
        ? {
            attempts: 2,
            lastError: 'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:2525',
            nextAttemptAt: sql`now() + interval '1 minute'`,
          }
        : { status: 'failed' as const, attempts: 12, lastError: 'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:2525' };
  await t.database.db.update(emailOutbox).set(set).where(eq(emailOutbox.id, id));
}

/** One message in each state, oldest first: waiting, retrying, failed, sent. */
async function oneOfEach() {
  const waiting = await queue('Waiting one');
  const retrying = await queue('Retrying one');
  const failed = await queue('Failed one');
  const sent = await queue('Sent one');
  await make(retrying, 'retrying');
  await make(failed, 'failed');
  await make(sent, 'sent');
  return { waiting, retrying, failed, sent };
}

describe('GET /api/admin/outbox', () => {
  it('is for the administrator only', async () => {
    expectRejected(await t.get('/api/admin/outbox'), 401);
  });

  it('lists every e-mail newest first, with display states, NZ-agnostic ISO times, and no bodies', async () => {
    const ids = await oneOfEach();
    const page = await list();
    expect(page.delivery).toBe('files');
    expect(page.maxAttempts).toBe(t.config.mail.maxAttempts);
    expect(page.items.map((i) => i.id)).toEqual([ids.sent, ids.failed, ids.retrying, ids.waiting]);
    expect(page.items.map((i) => [i.subject, i.state])).toEqual([
      ['Sent one', 'sent'],
      ['Failed one', 'failed'],
      ['Retrying one', 'retrying'],
      ['Waiting one', 'waiting'],
    ]);
    expect(page.nextBeforeId).toBeNull();

    const [sent, failed, retrying, waiting] = page.items as [OutboxItem, OutboxItem, OutboxItem, OutboxItem];
    expect(sent).toMatchObject({
      status: 'sent',
      kind: 'admin_message',
      to: 'client@example.nz',
      lastError: null,
      nextAttemptAt: null,
    });
    expect(new Date(sent.sentAt!).getTime()).not.toBeNaN();
    expect(failed).toMatchObject({ status: 'failed', attempts: 12, sentAt: null, nextAttemptAt: null });
    expect(failed.lastError).toContain('ECONNREFUSED');
    expect(retrying).toMatchObject({ status: 'pending', attempts: 2 });
    expect(new Date(retrying.nextAttemptAt!).getTime()).toBeGreaterThan(Date.now());
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    expect(new Date(waiting.createdAt).getTime()).not.toBeNaN();

    // The list stays light: no bodies, no attachments, no Message-ID.
    for (const item of page.items) {
      expect(Object.keys(item).sort()).toEqual(
        [
          'attempts',
          'bookingId',
          'channel',
          'createdAt',
          'deliveryStatus',
          'id',
          'kind',
          'lastError',
          'nextAttemptAt',
          'sentAt',
          'state',
          'status',
          'subject',
          'to',
        ].sort(),
      );
    }
    expect(JSON.stringify(page)).not.toContain('Body of');
  });

  it('filters (problems = failed and retrying) and counts every filter whatever is shown', async () => {
    const ids = await oneOfEach();
    const counts = { all: 4, problems: 2, sent: 1, waiting: 1, held: 0 };
    const problems = await list('?filter=problems');
    expect(problems.items.map((i) => i.id)).toEqual([ids.failed, ids.retrying]);
    expect(problems.counts).toEqual(counts);
    expect((await list('?filter=sent')).items.map((i) => i.id)).toEqual([ids.sent]);
    expect((await list('?filter=waiting')).items.map((i) => i.id)).toEqual([ids.waiting]);
    expect((await list('?filter=all')).counts).toEqual(counts);
  });

  it('pages with the beforeId cursor (default 50, at most 100)', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 55; i++) ids.push(await queue(`Message ${i}`));
    const newestFirst = [...ids].reverse();

    const first = await list();
    expect(first.items).toHaveLength(50);
    expect(first.items.map((i) => i.id)).toEqual(newestFirst.slice(0, 50));
    expect(first.nextBeforeId).toBe(newestFirst[49]);
    const second = await list(`?beforeId=${first.nextBeforeId}`);
    expect(second.items.map((i) => i.id)).toEqual(newestFirst.slice(50));
    expect(second.nextBeforeId).toBeNull();

    const small = await list('?limit=20');
    expect(small.items).toHaveLength(20);
    const next = await list(`?limit=20&beforeId=${small.nextBeforeId}`);
    expect(next.items[0]!.id).toBe(newestFirst[20]);
    // Exactly a page left: no further cursor.
    const last = await list(`?limit=5&beforeId=${newestFirst[49]}`);
    expect(last.items.map((i) => i.id)).toEqual(newestFirst.slice(50));
    expect(last.nextBeforeId).toBeNull();
    expect((await list('?limit=100')).items).toHaveLength(55);
  });

  it('refuses a bad query with a 400 and a clear message', async () => {
    expectRejected(await t.admin.get('/api/admin/outbox?limit=101'), 400, 'limit must be between 1 and 100');
    expectRejected(await t.admin.get('/api/admin/outbox?limit=0'), 400, 'limit must be between 1 and 100');
    expectRejected(await t.admin.get('/api/admin/outbox?beforeId=abc'), 400);
    expectRejected(await t.admin.get('/api/admin/outbox?beforeId=-3'), 400);
    expectRejected(
      await t.admin.get('/api/admin/outbox?filter=everything'),
      400,
      'filter must be one of all, problems, sent, waiting, held',
    );
  });

  it("shows a booking's e-mails with their kinds, and the SPEC §7 free-text e-mail", async () => {
    const res = await book(t, bookingRequest({ email: 'outbox.client@example.nz' }));
    expect(res.statusCode, res.body).toBe(201);
    const bookingId = res.json<{ id: number }>().id;
    const sent = await t.admin.post('/api/email/send', {
      to: 'outbox.client@example.nz',
      subject: 'Parking at your place',
      message: 'Where can I park?',
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const page = await list();
    expect(page.items.map((i) => [i.kind, i.to, i.bookingId])).toEqual([
      ['admin_message', 'outbox.client@example.nz', null],
      ['practice_new_request', t.config.mail.notifyTo, bookingId],
      ['booking_received', 'outbox.client@example.nz', bookingId],
    ]);
    expect(page.items[0]).toMatchObject({
      id: sent.json<{ id: number }>().id,
      subject: 'Parking at your place',
      state: 'waiting',
    });
    // The tab's 'Kind' column.
    expect(page.items.map((i) => emailKindLabel(i.kind))).toEqual([
      'Your message',
      'New request (to you)',
      'Request received',
    ]);
  });
});

describe('POST /api/admin/outbox/:id/resend', () => {
  it('puts a failed e-mail back in the queue: pending, attempts 0, due now, same Message-ID', async () => {
    const { failed } = await oneOfEach();
    const before = await row(failed);
    const res = resendOk(await resend(failed));
    expect(res.message).toBe('E-mail queued again');
    expect(res.item).toMatchObject({ id: failed, status: 'pending', state: 'waiting', attempts: 0, lastError: null });

    const after = await row(failed);
    expect(after).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastError: null,
      messageId: before.messageId,
      textBody: before.textBody,
    });
    const [{ due }] = (await t.sql<{ due: boolean }>(
      'SELECT next_attempt_at <= now() AS due FROM email_outbox WHERE id = $1',
      [failed],
    )) as [{ due: boolean }];
    expect(due).toBe(true);
    expect((await list()).counts).toMatchObject({ problems: 1, waiting: 2 });
  });

  it('tries a retrying e-mail again now, keeping its attempts', async () => {
    const { retrying } = await oneOfEach();
    const res = resendOk(await resend(retrying));
    expect(res.item).toMatchObject({ status: 'pending', attempts: 2, lastError: null });
    expect(new Date(res.item.nextAttemptAt!).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('a second resend (double click, two tabs) changes nothing and queues nothing twice', async () => {
    const { failed, waiting } = await oneOfEach();
    const [a, b] = await Promise.all([resend(failed), resend(failed)]);
    const messages = [resendOk(a).message, resendOk(b).message].sort();
    expect(messages).toEqual(['E-mail queued again', 'This e-mail is already waiting to be sent']);
    const readRows = () => t.database.db.select().from(emailOutbox).orderBy(emailOutbox.id);
    await expectUnchanged(readRows, async () => {
      expect(resendOk(await resend(failed)).message).toBe('This e-mail is already waiting to be sent');
      expect(resendOk(await resend(waiting)).message).toBe('This e-mail is already waiting to be sent');
    });
    expect(await readRows()).toHaveLength(4);
  });

  it('refuses a sent e-mail (409), an unknown one (404) and a bad id (400)', async () => {
    const { sent } = await oneOfEach();
    await expectUnchanged(
      () => row(sent),
      async () => expectRejected(await resend(sent), 409, 'This e-mail has already been sent'),
    );
    expectRejected(await resend(sent + 1000), 404, 'E-mail not found');
    expectRejected(await resend('abc'), 400);
    expectRejected(await resend(0), 400);
    expectRejected(await t.post(`/api/admin/outbox/${sent}/resend`), 401);
  });

  describe('with SMTP back up', () => {
    let smtp: Smtp;
    beforeAll(async () => {
      smtp = await startSmtp();
    });
    afterAll(async () => {
      await smtp.close();
    });

    it('the worker sends the resent e-mail once, under its original Message-ID', async () => {
      const { failed } = await oneOfEach();
      const messageId = (await row(failed)).messageId;
      resendOk(await resend(failed));
      const config = { ...t.config, mail: { ...t.config.mail, smtpUrl: `smtp://127.0.0.1:${smtp.port}` } };
      const worker = createMailWorker({ database: t.database, config, log: silent });
      try {
        await worker.runOnce();
      } finally {
        await worker.stop();
      }
      const mail = smtp.received.find((m) => m.headers.subject === 'Failed one');
      expect(mail?.headers['message-id']).toBe(messageId);
      expect(smtp.received.filter((m) => m.headers.subject === 'Failed one')).toHaveLength(1);
      const item = (await list()).items.find((i) => i.id === failed)!;
      expect(item).toMatchObject({ state: 'sent', status: 'sent', attempts: 1, lastError: null });
      expectRejected(await resend(failed), 409, 'This e-mail has already been sent');
    });
  });
});

function resendOk(res: Awaited<ReturnType<typeof resend>>): OutboxResendResponse {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OutboxResendResponse>();
}
