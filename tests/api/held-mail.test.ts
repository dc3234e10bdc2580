/**
 * docs/product.md §2 "Start fresh", 'From demo to live' (docs/decisions/008 "Held"): e-mails queued while the site had
 * no SMTP_URL are held. A server with SMTP then sends none of them by itself; she chooses Send (each, or all she saw)
 * or Discard (never sent; the .eml copy stays). What is queued once SMTP is set goes out as before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { createMailWorker, mailDir, type MailLogger } from '../../src/server/modules/mail/worker';
import { prepareDatabase } from '../../src/server/prepare';
import { HELD_MESSAGES, OUTBOX_MESSAGES, type HeldAnswer, type OutboxPage } from '../../src/shared/schemas/outbox';
import { checkAnswersOf } from '../helpers/answer-check';
import { book, bookingRequest } from '../helpers/bookings';
import { expectRejected, expectUnchanged } from '../helpers/expect-rejected';
import { TEST_ENV } from '../helpers/fixtures';
import { requestsTo, type Requests } from '../helpers/requests';
import { signIn } from '../helpers/session';
import { startSmtp, type Smtp } from '../helpers/smtp';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as MailLogger;

let smtp: Smtp;
let td: TestDatabase;
let dataDir: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  td = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-held-'));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await td.database.close();
  await td.drop();
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One start of the server on the shared database: prepared as main.ts does, with or without SMTP. */
async function start(withSmtp: boolean): Promise<{ config: AppConfig; visitor: Requests; admin: Requests }> {
  const config = {
    ...loadConfig({ ...TEST_ENV, ...(withSmtp ? { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } : {}) }),
    dataDir,
  };
  await prepareDatabase(td.database, config, silent);
  const app = await buildApp(config, td.database, { logger: false });
  await app.ready();
  checkAnswersOf(app);
  apps.push(app);
  const cookie = await signIn(app);
  return {
    config,
    visitor: requestsTo(() => app),
    admin: requestsTo(
      () => app,
      () => ({ cookie }),
    ),
  };
}

const runWorker = (config: AppConfig) => createMailWorker({ database: td.database, config, log: silent }).runOnce();
const outbox = (admin: Requests, filter = 'all') => admin.getJson<OutboxPage>(`/api/admin/outbox?filter=${filter}`);
const sentSubjects = () => smtp.received.map((m) => m.headers.subject);

describe('e-mails queued while no SMTP was set', () => {
  it('are held: SMTP sends none by itself; Send sends the chosen ones, Discard removes them, the .eml stays', async () => {
    // The demo, without e-mail set up: a booking (two e-mails), the worker writes them as files and holds them.
    const off = await start(false);
    const first = await book(off.visitor, bookingRequest({ email: 'first@example.nz' }));
    expect(first.statusCode, first.body).toBe(201);
    expect(await runWorker(off.config)).toMatchObject({ written: 2 });
    // One more, after the worker's last poll: the next start holds it (the site had no SMTP when it was queued).
    const mine = await off.admin.post('/api/email/send', { to: 'late@example.nz', subject: 'Late one', message: 'Hi' });
    expect(mine.statusCode, mine.body).toBe(200);

    // SMTP is set and the server restarts: nothing goes out.
    const on = await start(true);
    expect(await runWorker(on.config)).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(0);
    const page = await outbox(on.admin);
    expect(page.delivery).toBe('smtp');
    expect(page.counts).toMatchObject({ all: 3, held: 3, waiting: 0 });
    expect(page.items.map((i) => i.state)).toEqual(['held', 'held', 'held']);
    expect((await outbox(on.admin, 'held')).items).toHaveLength(3);
    const [late, practice, client] = page.items;
    expect(late!.subject).toBe('Late one');

    // A message queued now, with SMTP set, is not held: it goes out at once.
    const now = await on.admin.post('/api/email/send', {
      to: 'now@example.nz',
      subject: 'Sent at once',
      message: 'Hi',
    });
    expect(now.statusCode, now.body).toBe(200);
    expect(await runWorker(on.config)).toMatchObject({ sent: 1 });
    expect(sentSubjects()).toEqual(['Sent at once']);

    // Send one: only that one goes out.
    const send = await on.admin.post(`/api/admin/outbox/${client!.id}/send`);
    expect(send.statusCode, send.body).toBe(200);
    expect(send.json<HeldAnswer>()).toEqual({ message: HELD_MESSAGES.sent(1, true), count: 1 });
    expect(await runWorker(on.config)).toMatchObject({ sent: 1 });
    expect(sentSubjects()).toEqual(['Sent at once', client!.subject]);

    // Discard one: gone from the outbox, never sent; its .eml copy stays.
    const discard = await on.admin.post(`/api/admin/outbox/${practice!.id}/discard`);
    expect(discard.json<HeldAnswer>()).toEqual({ message: HELD_MESSAGES.discarded(1), count: 1 });
    expect((await outbox(on.admin)).items.map((i) => i.id)).not.toContain(practice!.id);
    expect(fs.readdirSync(mailDir(dataDir)).some((f) => f.startsWith(`${practice!.id}-`))).toBe(true);
    expect(await runWorker(on.config)).toMatchObject({ sent: 0 });

    // Decided ones are no longer held; an unknown one is not found: nothing changes.
    await expectUnchanged(
      () => outbox(on.admin),
      async () => {
        for (const action of ['send', 'discard']) {
          expectRejected(await on.admin.post(`/api/admin/outbox/${client!.id}/${action}`), 409, {
            code: 'EMAIL_NOT_HELD',
            message: HELD_MESSAGES.notHeld,
          });
          expectRejected(await on.admin.post(`/api/admin/outbox/${practice!.id}/${action}`), 404, {
            code: 'EMAIL_NOT_FOUND',
            message: OUTBOX_MESSAGES.notFound,
          });
          expectRejected(await on.visitor.post(`/api/admin/outbox/${late!.id}/${action}`), 401);
          expectRejected(await on.visitor.post(`/api/admin/outbox/held/${action}`, {}), 401);
        }
      },
    );

    // 'Send all' up to the newest she saw: a later held one waits for its own decision.
    const later = await off.admin.post('/api/email/send', { to: 'x@example.nz', subject: 'Held later', message: 'Hi' });
    expect(later.statusCode).toBe(200);
    await runWorker(off.config); // the server without SMTP (still running) holds it
    const all = await on.admin.post('/api/admin/outbox/held/send', { upToId: late!.id });
    expect(all.json<HeldAnswer>()).toEqual({ message: HELD_MESSAGES.sent(1, true), count: 1 });
    expect(await runWorker(on.config)).toMatchObject({ sent: 1 });
    expect(sentSubjects()).toEqual(['Sent at once', client!.subject, 'Late one']);
    expect((await outbox(on.admin)).counts.held).toBe(1);

    // 'Discard all' leaves none held, and nothing more is sent.
    const none = await on.admin.post('/api/admin/outbox/held/discard', {});
    expect(none.json<HeldAnswer>()).toEqual({ message: HELD_MESSAGES.discarded(1), count: 1 });
    expect((await outbox(on.admin)).counts.held).toBe(0);
    expect(await runWorker(on.config)).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(3);
    expect((await on.admin.post('/api/admin/outbox/held/send', {})).json<HeldAnswer>().count).toBe(0);
  });
});
