// @both-databases: two server processes on one PostgreSQL database number receipts once
/**
 * Receipts (docs/product.md §18.3, docs/decisions/028-receipts.md): a receipt of a paid visit, read back
 * from the PDF with pdftotext and from the client's inbox (a real SMTP sink, parsed by mailparser); tax invoice rules
 * with and without a GST number; numbers consecutive with no gaps under concurrency, across two processes and after a
 * rollback; corrected receipts and credit notes; the session on every route.
 * Payments are written with SQL (their routes are built on another branch), as the ledger reads them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminBooking } from '../../src/shared/schemas/booking';
import type { ReceiptIssued, ReceiptSummary } from '../../src/shared/schemas/receipts';
import { nzToday } from '../../src/shared/time';
import { emailOutbox } from '../../src/server/db/schema';
import type { MailLogger } from '../../src/server/modules/mail/worker';
import { createMailWorker } from '../../src/server/modules/mail/worker';
import { useTestApp, type ApiTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { expectRejected } from '../helpers/expect-rejected';
import { pdfInfo, pdfWords } from '../helpers/pdf';
import { startSmtp, type Smtp } from '../helpers/smtp';
import { backend } from '../helpers/test-database';
import { onTwoServerProcesses, signedInOver } from '../helpers/two-processes';

let smtp: Smtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
});

const t = useTestApp(() => ({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, signedIn: true }));

let slots = 0;
let phones = 0;
/**
 * A confirmed visit of the $80 service on a time of its own; `price` and `travelCost` are set afterwards (the server
 * takes them from the service and the travel estimate).
 */
async function visit(
  app: ApiTestApp,
  { price, travelCost, ...over }: Record<string, unknown> = {},
): Promise<AdminBooking> {
  const n = slots++;
  const res = await book(
    app,
    bookingRequest({
      date: openDay(Math.floor(n / 4) % 40),
      time: ['09:00', '11:00', '13:00', '15:00'][n % 4],
      phone: `021 7${String(++phones).padStart(6, '0')}`,
      email: `client${phones}@example.nz`,
      ...over,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const b = res.json<AdminBooking>();
  await app.sql(
    `UPDATE bookings SET status = 'confirmed', price = coalesce($2, price), travel_cost = coalesce($3, travel_cost)
     WHERE id = $1`,
    [b.id, price ?? null, travelCost ?? null],
  );
  return b;
}

/** A payment as the payments routes record it (signed cents; a refund needs its reason in the note). */
async function pay(
  app: ApiTestApp,
  bookingId: number,
  amountCents: number,
  method = 'cash',
  over: { isDeposit?: boolean; note?: string; paidAt?: string } = {},
): Promise<number> {
  const [row] = await app.sql<{ id: number }>(
    `INSERT INTO payments (booking_id, amount_cents, method, paid_at, note, is_deposit)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [bookingId, amountCents, method, over.paidAt ?? nzToday(), over.note ?? null, over.isDeposit ?? false],
  );
  return Number(row!.id);
}

const issue = (app: ApiTestApp, bookingId: number, body?: unknown) =>
  app.admin.post(`/api/admin/bookings/${bookingId}/receipt`, body);

async function issued(app: ApiTestApp, bookingId: number, body?: unknown): Promise<ReceiptIssued> {
  const res = await issue(app, bookingId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ReceiptIssued>();
}

async function pdfOf(app: ApiTestApp, number: number): Promise<Buffer> {
  const res = await app.admin.get(`/api/admin/receipts/${number}.pdf`);
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as MailLogger;

describe('a receipt of a paid visit (GST-registered: a tax invoice)', () => {
  beforeEach(async () => {
    await t.database.db.delete(emailOutbox);
    smtp.received.length = 0;
  });

  it('prints what IRD asks for, the travel line, the payments and the balance, and answers its url', async () => {
    const b = await visit(t, { price: 7000, travelCost: 1000 });
    await pay(t, b.id, 2000, 'bank-transfer', { isDeposit: true });
    await pay(t, b.id, 6000, 'cash');
    const voided = await pay(t, b.id, 500, 'card');
    await t.sql(`UPDATE payments SET voided_at = now(), void_reason = 'typed twice' WHERE id = $1`, [voided]);

    const answer = await issued(t, b.id);
    expect(answer.url).toBe(`/api/admin/receipts/${answer.number}.pdf`);

    const res = await t.admin.get(answer.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="receipt-${answer.number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.length).toBeLessThan(100 * 1024);

    const text = await pdfWords(res.rawPayload);
    expect(text).toContain(`Tax invoice ${answer.number}`);
    expect(text).toContain('GST number: 49-091-850');
    expect(text).toContain('Total $80.00');
    expect(text).toContain('Total includes GST of $10.43');
    expect(text).toContain('Whāingaroa Mobile Massage');
    expect(text).toContain('PO Box 123, Raglan 3225');
    expect(text).toContain('hello@whaingaroa-massage.example.nz · 021 555 0123');
    expect(text).toContain('Massage New Zealand, member no. MNZ 4521');
    expect(text).toContain('Client: Ana Smith');
    expect(text).toContain('Travel fee $10.00');
    expect(text).toContain('Deposit · Bank transfer $20.00');
    expect(text).toContain('Payment · Cash $60.00');
    expect(text).not.toContain('Card');
    expect(text).toContain('Received $80.00');
    expect(text).toContain('Balance $0.00');
    // Under $1,000: the buyer's address is not needed, and not printed.
    expect(text).not.toContain('12 Bow Street');

    const info = await pdfInfo(res.rawPayload);
    expect(info.Title).toBe(`Tax invoice ${answer.number} from Whāingaroa Mobile Massage`);
    expect(info.Tagged).toBe('yes');
    expect(info['Page size']).toContain('(A4)');
  });

  it('shows what is still owed, and never the health details, her notes or a payment note', async () => {
    const b = await visit(t, {
      hasInjuries: true,
      injuryDetails: 'Sciatica flaring left side',
      notes: 'Dog in the yard, gate code 4321',
    });
    await pay(t, b.id, 3000, 'voucher', { note: 'Gift voucher from her sister' });
    const { number } = await issued(t, b.id);
    const text = await pdfWords(await pdfOf(t, number));
    expect(text).toContain('Payment · Voucher $30.00');
    expect(text).toContain('Balance owing $50.00');
    for (const secret of ['Sciatica', 'gate code', 'sister']) expect(text).not.toContain(secret);
    const [row] = await t.sql<{ content: unknown }>('SELECT content FROM receipts WHERE number = $1', [number]);
    for (const secret of ['Sciatica', 'gate code', 'sister'])
      expect(JSON.stringify(row!.content)).not.toContain(secret);
  });

  it("over $1,000 names the buyer and the visit's address", async () => {
    const b = await visit(t, { price: 120000, travelCost: 0, address: '7 Wallis Street, Raglan' });
    await pay(t, b.id, 120000, 'bank-transfer');
    const text = await pdfWords(await pdfOf(t, (await issued(t, b.id)).number));
    expect(text).toContain('Client: Ana Smith');
    expect(text).toContain('Address: 7 Wallis Street, Raglan');
    expect(text).toContain('Total includes GST of $156.52');
  });

  it("e-mails the PDF through the outbox: the client's inbox holds it, and pdftotext reads it", async () => {
    const b = await visit(t, { email: 'inbox@example.nz' });
    await pay(t, b.id, 8000, 'cash');
    const { number } = await issued(t, b.id);
    const [row] = await t.sql<{ kind: string; to_address: string; subject: string }>(
      `SELECT kind, to_address, subject FROM email_outbox WHERE booking_id = $1 AND kind = 'receipt'`,
      [b.id],
    );
    expect(row).toEqual({
      kind: 'receipt',
      to_address: 'inbox@example.nz',
      subject: `Your tax invoice ${number} from Whāingaroa Mobile Massage`,
    });
    await t.sql(`DELETE FROM email_outbox WHERE kind <> 'receipt'`);
    const worker = createMailWorker({ database: t.database, config: t.config, log: silent });
    expect(await worker.runOnce()).toMatchObject({ sent: 1, failed: 0 });
    await worker.stop();

    expect(smtp.received).toHaveLength(1);
    const mail = await simpleParser(Buffer.from(smtp.received[0]!.raw, 'latin1'));
    expect(mail.text).toContain('(NZ time)');
    const [attachment] = mail.attachments;
    expect(attachment!.filename).toBe(`receipt-${number}.pdf`);
    expect(attachment!.contentType).toBe('application/pdf');
    const text = await pdfWords(attachment!.content);
    expect(text).toContain(`Tax invoice ${number}`);
    expect(text).toContain('GST number: 49-091-850');
    expect(text).toContain('includes GST of $10.43');
    // The Outbox list does not choke on a binary attachment.
    expect((await t.admin.get('/api/admin/outbox')).statusCode).toBe(200);
  });

  it('re-sends the same receipt (same number), and lists the visit’s receipts', async () => {
    const b = await visit(t);
    await pay(t, b.id, 8000, 'card');
    const { number } = await issued(t, b.id);
    const res = await t.admin.post(`/api/admin/receipts/${number}/send`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ number, url: `/api/admin/receipts/${number}.pdf` });
    const subjects = await t.sql<{ subject: string }>(
      `SELECT subject FROM email_outbox WHERE booking_id = $1 AND kind = 'receipt' ORDER BY id`,
      [b.id],
    );
    expect(subjects.map((s) => s.subject)).toEqual([
      `Your tax invoice ${number} from Whāingaroa Mobile Massage`,
      `Your tax invoice ${number} from Whāingaroa Mobile Massage`,
    ]);
    const list = await t.admin.getJson<ReceiptSummary[]>(`/api/admin/bookings/${b.id}/receipts`);
    expect(list).toEqual([
      {
        number,
        kind: 'receipt',
        replaces: null,
        relatesTo: null,
        totalCents: 8000,
        gstCents: 1043,
        issuedOn: nzToday(),
        url: `/api/admin/receipts/${number}.pdf`,
      },
    ]);
  });

  it('prints the same later: the PDF is drawn from what was stored, not from the visit as it is now', async () => {
    const b = await visit(t);
    await pay(t, b.id, 8000, 'cash');
    const { number } = await issued(t, b.id);
    await t.sql(`UPDATE bookings SET first_name = 'Changed', price = 9900 WHERE id = $1`, [b.id]);
    const text = await pdfWords(await pdfOf(t, number));
    expect(text).toContain('Client: Ana Smith');
    expect(text).toContain('Total $80.00');
  });

  it('a corrected receipt is a new number that says which one it replaces; a second correction of it is refused', async () => {
    const b = await visit(t);
    await pay(t, b.id, 5000, 'cash');
    const first = await issued(t, b.id);
    await pay(t, b.id, 3000, 'cash');
    const corrected = await issued(t, b.id, { replaces: first.number });
    expect(corrected.number).toBeGreaterThan(first.number);
    const text = await pdfWords(await pdfOf(t, corrected.number));
    expect(text).toContain(`Replaces receipt ${first.number}`);
    expect(text).toContain('Received $80.00');
    expectRejected(await issue(t, b.id, { replaces: first.number }), 409, {
      code: 'RECEIPT_REPLACES_INVALID',
      message: `Receipt ${first.number} was already replaced by receipt ${corrected.number}: correct that one instead`,
    });
    const other = await visit(t);
    await pay(t, other.id, 1000, 'cash');
    expectRejected(await issue(t, other.id, { replaces: corrected.number }), 409, {
      code: 'RECEIPT_REPLACES_INVALID',
      message: `Receipt ${corrected.number} is not a receipt of this visit`,
    });
  });

  it('a credit note for money refunded says so and which receipt it relates to; nothing left to credit is refused', async () => {
    const b = await visit(t);
    await pay(t, b.id, 8000, 'bank-transfer');
    expectRejected(await issue(t, b.id, { kind: 'credit-note' }), 409, {
      code: 'RECEIPT_NOTHING_TO_CREDIT',
      message: 'This visit has no receipt yet for a credit note to relate to',
    });
    const receipt = await issued(t, b.id);
    await pay(t, b.id, -2000, 'bank-transfer', { note: 'Shortened visit: she left early' });
    const credit = await issued(t, b.id, { kind: 'credit-note' });
    const text = await pdfWords(await pdfOf(t, credit.number));
    expect(text).toContain(`Credit note ${credit.number}`);
    expect(text).toContain(`Relates to receipt ${receipt.number}`);
    expect(text).toContain('Refund (Bank transfer)');
    expect(text).toContain('Total credited $20.00');
    expect(text).toContain('Total includes GST of $2.61');
    expect(text).not.toContain('left early');
    expectRejected(await issue(t, b.id, { kind: 'credit-note' }), 409, {
      code: 'RECEIPT_NOTHING_TO_CREDIT',
      message: 'There is no refund on this visit that a credit note has not covered yet',
    });
  });
});

describe('refusals', () => {
  it('nothing paid, a declined request, an erased client, an unknown visit or number, a bad body', async () => {
    const unpaid = await visit(t);
    expectRejected(await issue(t, unpaid.id), 409, {
      code: 'RECEIPT_NOTHING_PAID',
      message: 'Nothing has been paid for this visit yet: record a payment first',
    });
    const voided = await pay(t, unpaid.id, 8000);
    await t.sql(`UPDATE payments SET voided_at = now(), void_reason = 'wrong visit' WHERE id = $1`, [voided]);
    expect((await issue(t, unpaid.id)).statusCode).toBe(409);

    const declined = await visit(t);
    await pay(t, declined.id, 2000, 'bank-transfer', { isDeposit: true });
    await t.sql(`UPDATE bookings SET status = 'rejected' WHERE id = $1`, [declined.id]);
    expectRejected(await issue(t, declined.id), 409, {
      code: 'RECEIPT_NOT_ALLOWED',
      message: 'This request was declined: there is no visit to give a receipt for',
    });

    const erased = await visit(t);
    await pay(t, erased.id, 8000);
    const { number } = await issued(t, erased.id);
    await t.sql(`UPDATE bookings SET erased_at = now() WHERE id = $1`, [erased.id]);
    expect((await issue(t, erased.id)).json()).toMatchObject({ code: 'BOOKING_ERASED' });
    expect((await t.admin.post(`/api/admin/receipts/${number}/send`)).json()).toMatchObject({
      code: 'BOOKING_ERASED',
    });
    // What was issued stays readable: a tax record.
    expect((await t.admin.get(`/api/admin/receipts/${number}.pdf`)).statusCode).toBe(200);

    expectRejected(await issue(t, 999_999), 404, { code: 'BOOKING_NOT_FOUND', message: 'Booking not found' });
    expectRejected(await t.admin.get('/api/admin/receipts/999999.pdf'), 404, {
      code: 'RECEIPT_NOT_FOUND',
      message: 'No receipt with this number',
    });
    expect((await t.admin.post('/api/admin/receipts/999999/send')).statusCode).toBe(404);
    expect((await t.admin.get('/api/admin/bookings/999999/receipts')).statusCode).toBe(404);
    expect((await t.admin.get('/api/admin/receipts/abc.pdf')).statusCode).toBe(400);
    expect((await issue(t, unpaid.id, { kind: 'invoice' })).statusCode).toBe(400);
    expect((await issue(t, unpaid.id, { kind: 'credit-note', replaces: 1 })).statusCode).toBe(400);
    expect((await issue(t, unpaid.id, { extra: true })).statusCode).toBe(400);
  });

  it('answers 401 without a session on every receipts route', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/bookings/1/receipt'],
      ['GET', '/api/admin/bookings/1/receipts'],
      ['GET', '/api/admin/receipts/1.pdf'],
      ['POST', '/api/admin/receipts/1/send'],
    ] as const) {
      const res = await t.request(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('numbers: unique and consecutive with no gaps', () => {
  const counter = async () =>
    Number((await t.sql<{ n: number }>('SELECT next_number AS n FROM receipt_counter'))[0]!.n);

  it('20 receipts at once get n..n+19', async () => {
    const visits = [];
    for (let i = 0; i < 20; i++) {
      const b = await visit(t);
      await pay(t, b.id, 8000);
      visits.push(b);
    }
    const start = await counter();
    const answers = await Promise.all(visits.map((b) => issued(t, b.id)));
    const numbers = answers.map((a) => a.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => start + i));
    expect(await counter()).toBe(start + 20);
  });

  it('a receipt whose transaction fails gives its number back', async () => {
    const b = await visit(t);
    await pay(t, b.id, 8000);
    const before = await issued(t, b.id);
    // The outbox insert fails after the number was taken (a NOT NULL column refused), so the transaction rolls back.
    await t.sql(`ALTER TABLE email_outbox ADD CONSTRAINT receipts_test_refuse CHECK (kind <> 'receipt') NOT VALID`);
    try {
      expect((await issue(t, b.id)).statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await t.sql('ALTER TABLE email_outbox DROP CONSTRAINT receipts_test_refuse');
    }
    expect(await counter()).toBe(before.number + 1);
    expect((await issued(t, b.id)).number).toBe(before.number + 1);
    const [gaps] = await t.sql<{ n: number }>(
      'SELECT (max(number) - min(number) + 1 - count(*))::int AS n FROM receipts',
    );
    expect(gaps!.n).toBe(0);
  });
});

describe('without a GST number: a receipt, no GST line', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-profile-'));
  const profile = path.join(dir, 'practice.json');
  const demo = JSON.parse(fs.readFileSync('config/practice.json', 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(profile, JSON.stringify({ ...demo, gstNumber: null, businessAddress: null }));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const plain = useTestApp({ env: { PRACTICE_PROFILE: profile }, signedIn: true });

  it('titles it Receipt, prints no GST number or GST line, and the locality as her address', async () => {
    const b = await visit(plain, { price: 150000 });
    await pay(plain, b.id, 150000, 'bank-transfer');
    const { number } = await issued(plain, b.id);
    const text = await pdfWords(await pdfOf(plain, number));
    expect(text).toContain(`Receipt ${number}`);
    expect(text).not.toContain('Tax invoice');
    expect(text).not.toContain('GST');
    expect(text).toContain('Raglan');
    expect(text).toContain('Total $1,500.00');
    const [row] = await plain.sql<{ subject: string }>(
      `SELECT subject FROM email_outbox WHERE booking_id = $1 AND kind = 'receipt'`,
      [b.id],
    );
    expect(row!.subject).toBe(`Your receipt ${number} from Whāingaroa Mobile Massage`);
  });
});

describe.runIf(backend === 'postgres')('two server processes on one PostgreSQL database', () => {
  it('receipts made at the same moment on both get consecutive numbers', async () => {
    await onTwoServerProcesses(async ({ a, b, sql }) => {
      const [adminA, adminB] = await Promise.all([signedInOver(a), signedInOver(b)]);
      const ids: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await fetch(`${a}/api/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(
            bookingRequest({
              date: openDay(i),
              time: '10:00',
              phone: `021 6${String(i).padStart(6, '0')}`,
              email: `race${i}@example.nz`,
            }),
          ),
        });
        expect(res.status).toBe(201);
        const id = ((await res.json()) as { id: number }).id;
        await sql(`INSERT INTO payments (booking_id, amount_cents, method, paid_at) VALUES ($1, 8000, 'cash', $2)`, [
          id,
          nzToday(),
        ]);
        ids.push(id);
      }
      const answers = await Promise.all(
        ids.map((id, i) => (i % 2 ? adminA : adminB)('POST', `/api/admin/bookings/${id}/receipt`)),
      );
      for (const res of answers) expect(res.status, res.body).toBe(201);
      const numbers = answers.map((r) => (JSON.parse(r.body) as ReceiptIssued).number).sort((x, y) => x - y);
      expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
      const [row] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox WHERE kind = $1', [
        'receipt',
      ]);
      expect(row!.n).toBe(10);
    });
    // Two servers start on a machine that may be busy.
  }, 120_000);
});
