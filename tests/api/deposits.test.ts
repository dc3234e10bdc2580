// @both-databases: the reminder job in two server processes on one PostgreSQL database sends each reminder once
/**
 * Deposits (docs/product.md §18.2, docs/decisions/031-deposits.md): a service asks a deposit (an amount
 * or a percentage), of first-time clients or of everyone (her setting); the server decides it inside the booking's
 * transaction, gives it a unique bank reference, and tells the client how to pay it (the answers and the
 * request-received e-mail). Its status comes from the payments recorded; one reminder goes after
 * DEPOSIT_DUE_HOURS; a late cancellation can keep it.
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { sendDepositReminders } from '../../src/server/modules/deposits/reminders';
import { DEPOSIT_REFERENCE_RE } from '../../src/shared/deposits';
import { nzDateOf, nzInstant, nzTimeOf } from '../../src/shared/time';
import type { AdminBooking, Booking } from '../../src/shared/schemas/booking';
import type { MoneySettings } from '../../src/shared/schemas/deposit';
import type { Service } from '../../src/shared/schemas/service';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { eventually } from '../helpers/eventually';
import { expectRejected } from '../helpers/expect-rejected';
import { startServerProcess } from '../helpers/server-process';
import { backend, createTestDatabase } from '../helpers/test-database';
import { signedInOver, sqlOf } from '../helpers/two-processes';

const t = useTestApp({ signedIn: true });

let people = 0;
/** A new visitor's request for `serviceId` (each visitor with an e-mail and phone of their own unless named). */
async function request(
  serviceId: number,
  date: string,
  time: string,
  who: { email?: string; phone?: string } = {},
): Promise<Booking> {
  const n = ++people;
  const res = await book(
    t,
    bookingRequest({
      serviceLengthId: serviceId,
      duration: 60,
      date,
      time,
      email: who.email ?? `deposit${n}@example.nz`,
      phone: who.phone ?? `021 700 ${String(1000 + n)}`,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

async function service(deposit: { depositCents?: number; depositPercent?: number }, price = 8000): Promise<Service> {
  const res = await t.admin.post('/api/services', {
    name: `Deposit test ${++people}`,
    description: 'A service that asks a deposit.',
    durationOptions: [{ duration: 60, price }],
    ...deposit,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Service>();
}

const settings = (body: MoneySettings) => t.admin.put('/api/admin/money/settings', body);

afterEach(async () => {
  await settings({ depositAppliesTo: 'first-time', keepDepositOnLateCancel: false });
});

describe('a service deposit', () => {
  it('is kept on the service, an amount or a percentage, never both', async () => {
    const s = await service({ depositCents: 2000 });
    expect(s).toMatchObject({ depositCents: 2000, depositPercent: null });
    const listed = (await t.getJson<Service[]>('/api/services')).find((x) => x.id === s.id);
    expect(listed).toMatchObject({ depositCents: 2000, depositPercent: null });

    const res = await t.admin.put(`/api/services/${s.id}`, {
      name: s.name,
      description: s.description,
      durationOptions: s.durationOptions,
      depositPercent: 25,
    });
    expect(res.json<Service>()).toMatchObject({ depositCents: null, depositPercent: 25 });

    const both = await t.admin.post('/api/services', {
      name: 'Both',
      description: 'Refused.',
      durationOptions: [{ duration: 60, price: 8000 }],
      depositCents: 2000,
      depositPercent: 20,
    });
    expect(expectRejected(both, 400).errors).toEqual([
      { path: 'depositPercent', message: 'Choose a deposit amount or a percentage, not both' },
    ]);
    const tooMuch = await t.admin.post('/api/services', {
      name: 'Too much',
      description: 'Refused.',
      durationOptions: [{ duration: 60, price: 8000 }],
      depositPercent: 101,
    });
    expect(expectRejected(tooMuch, 400).errors).toEqual([
      { path: 'depositPercent', message: 'Deposit percentage must be 1 to 100' },
    ]);
  });
});

describe('the deposit asked at booking', () => {
  it('asks every request the first-time deposit, with a unique reference; dropped when she links a returning client', async () => {
    const s = await service({ depositCents: 2000 });
    const who = { email: 'returning@example.nz', phone: '021 700 9001' };
    const first = await request(s.id, openDay(1), '09:00', who);
    expect(first.deposit).toEqual({
      amountCents: 2000,
      reference: expect.stringMatching(DEPOSIT_REFERENCE_RE),
      bankAccount: '12-3456-0123459-00',
      dueBy: new Date(Date.parse(first.createdAt) + 24 * 3600_000).toISOString(),
      dueHours: 24,
      dueBeforeVisit: false,
      status: 'waiting',
    });
    // The client's figures are ignored: the server decides.
    const [row] = await t.sql<{ deposit_cents: number; deposit_reference: string }>(
      'SELECT deposit_cents, deposit_reference FROM bookings WHERE id = $1',
      [first.id],
    );
    expect(row).toEqual({ deposit_cents: 2000, deposit_reference: first.deposit!.reference });

    // A second request while the first is still pending: still first-time.
    const again = await request(s.id, openDay(1), '13:00', who);
    expect(again.deposit?.amountCents).toBe(2000);
    expect(again.deposit?.reference).not.toBe(first.deposit!.reference);

    // Once she confirmed a visit, the client is returning; but a public request proves nothing about who made it
    // (docs/decisions/034): it is asked the first-time deposit like anyone's, so the answer tells nothing.
    expect((await t.admin.patch(`/api/admin/bookings/${first.id}/status`, { status: 'confirmed' })).statusCode).toBe(
      200,
    );
    const returning = await request(s.id, openDay(2), '09:00', who);
    expect(returning.deposit?.amountCents).toBe(2000);
    expect(returning.deposit?.reference).toMatch(DEPOSIT_REFERENCE_RE);
    const depositOf = async (id: number) =>
      (
        await t.sql<{ deposit_cents: number; deposit_reference: string | null }>(
          'SELECT deposit_cents, deposit_reference FROM bookings WHERE id = $1',
          [id],
        )
      )[0];
    expect(await depositOf(returning.id)).toEqual({
      deposit_cents: 2000,
      deposit_reference: returning.deposit!.reference,
    });
    // She approves it as the same person: a returning client, so the first-time deposit is not asked after all.
    const linked = await t.admin.patch(`/api/admin/bookings/${returning.id}/status`, {
      status: 'confirmed',
      clientMatch: 'link',
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await depositOf(returning.id)).toEqual({ deposit_cents: 0, deposit_reference: null });
    expect((await t.getJson<Booking>(`/api/bookings/token/${returning.cancelToken}`)).deposit).toBeNull();

    // Approved as another person, it stays a first-time client's deposit.
    const separate = await request(s.id, openDay(2), '13:00', who);
    const apart = await t.admin.patch(`/api/admin/bookings/${separate.id}/status`, {
      status: 'confirmed',
      clientMatch: 'separate',
    });
    expect(apart.statusCode, apart.body).toBe(200);
    expect((await t.getJson<Booking>(`/api/bookings/token/${separate.cancelToken}`)).deposit?.amountCents).toBe(2000);
    expect((await depositOf(separate.id))?.deposit_cents).toBe(2000);

    // Money already recorded against it: linked, the deposit is kept.
    const paid = await request(s.id, openDay(2), '15:00', who);
    await t.sql(
      `INSERT INTO payments (booking_id, amount_cents, method, paid_at, is_deposit)
       VALUES ($1, 2000, 'bank-transfer', CURRENT_DATE, true)`,
      [paid.id],
    );
    const keptPaid = await t.admin.patch(`/api/admin/bookings/${paid.id}/status`, {
      status: 'confirmed',
      clientMatch: 'link',
    });
    expect(keptPaid.statusCode, keptPaid.body).toBe(200);
    expect((await t.getJson<Booking>(`/api/bookings/token/${paid.cancelToken}`)).deposit).toMatchObject({
      amountCents: 2000,
      status: 'received',
    });
    expect((await depositOf(paid.id))?.deposit_cents).toBe(2000);
  });

  it("asks everyone when the setting says 'everyone', and rounds a percentage to the cent", async () => {
    const s = await service({ depositPercent: 15 }, 8555);
    const who = { email: 'regular@example.nz', phone: '021 700 9002' };
    const first = await request(s.id, openDay(3), '09:00', who);
    expect(first.deposit?.amountCents).toBe(1283);
    expect((await t.admin.patch(`/api/admin/bookings/${first.id}/status`, { status: 'confirmed' })).statusCode).toBe(
      200,
    );
    // 'first-time': her next request is asked it too (a request proves nothing), dropped when she links it.
    const again = await request(s.id, openDay(3), '13:00', who);
    expect(again.deposit?.amountCents).toBe(1283);
    const linked = await t.admin.patch(`/api/admin/bookings/${again.id}/status`, {
      status: 'confirmed',
      clientMatch: 'link',
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await t.getJson<Booking>(`/api/bookings/token/${again.cancelToken}`)).deposit).toBeNull();

    expect((await settings({ depositAppliesTo: 'everyone', keepDepositOnLateCancel: false })).statusCode).toBe(200);
    const everyone = await request(s.id, openDay(4), '09:00', who);
    expect(everyone.deposit?.amountCents).toBe(1283);
    // 'everyone': linking her returning client keeps it.
    const kept = await t.admin.patch(`/api/admin/bookings/${everyone.id}/status`, {
      status: 'confirmed',
      clientMatch: 'link',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await t.getJson<Booking>(`/api/bookings/token/${everyone.cancelToken}`)).deposit?.amountCents).toBe(1283);
  });

  it('asks nothing for a service without a deposit', async () => {
    const b = await request(1, openDay(5), '09:00');
    expect(b.deposit).toBeNull();
  });

  it('shows on the private link and on her screens: waiting, then received once a deposit payment is recorded', async () => {
    const s = await service({ depositCents: 2000 });
    const b = await request(s.id, openDay(6), '09:00');
    const viaLink = await t.getJson<Booking>(`/api/bookings/token/${b.cancelToken}`);
    expect(viaLink.deposit).toEqual(b.deposit);

    const pending = await t.admin.getJson<AdminBooking[]>('/api/admin/bookings/pending');
    expect(pending.find((x) => x.id === b.id)).toMatchObject({
      depositCents: 2000,
      depositReference: b.deposit!.reference,
      depositStatus: 'waiting',
      depositDueCents: 2000,
    });

    // A voided deposit payment counts for nothing.
    await t.sql(
      `INSERT INTO payments (booking_id, amount_cents, method, paid_at, is_deposit, voided_at, void_reason)
       VALUES ($1, 2000, 'bank-transfer', CURRENT_DATE, true, now(), 'Wrong booking')`,
      [b.id],
    );
    expect((await t.getJson<Booking>(`/api/bookings/token/${b.cancelToken}`)).deposit?.status).toBe('waiting');
    await t.sql(
      `INSERT INTO payments (booking_id, amount_cents, method, paid_at, is_deposit)
       VALUES ($1, 2000, 'bank-transfer', CURRENT_DATE, true)`,
      [b.id],
    );
    expect((await t.getJson<Booking>(`/api/bookings/token/${b.cancelToken}`)).deposit?.status).toBe('received');
    const after = await t.admin.getJson<AdminBooking[]>('/api/admin/bookings/pending');
    expect(after.find((x) => x.id === b.id)?.depositStatus).toBe('received');
  });

  it('is still due in full after a payment that is not a deposit: her screens count deposit payments only', async () => {
    const s = await service({ depositCents: 2000 });
    const b = await request(s.id, openDay(6), '11:00');
    const pendingOf = async () =>
      (await t.admin.getJson<AdminBooking[]>('/api/admin/bookings/pending')).find((x) => x.id === b.id);
    expect(await pendingOf()).toMatchObject({ depositStatus: 'waiting', depositDueCents: 2000 });

    const pay = (amountCents: number, isDeposit: boolean) =>
      t.admin.post(`/api/admin/bookings/${b.id}/payments`, { amountCents, method: 'cash', isDeposit });
    const other = await pay(1000, false);
    expect(other.statusCode, other.body).toBe(201);
    // $10 received towards the visit, yet none of the deposit: it waits, all $20 of it.
    expect(await pendingOf()).toMatchObject({
      balance: expect.objectContaining({ receivedCents: 1000 }),
      depositStatus: 'waiting',
      depositDueCents: 2000,
    });

    // What 'Mark deposit received' records: exactly what the server says is due, as a deposit.
    const deposit = await pay(2000, true);
    expect(deposit.statusCode, deposit.body).toBe(201);
    expect(await pendingOf()).toMatchObject({ depositStatus: 'received', depositDueCents: 0 });
  });

  it('leaves the rest due after part of the deposit; a voided deposit payment counts for nothing', async () => {
    const s = await service({ depositCents: 2000 });
    const b = await request(s.id, openDay(6), '13:00');
    await t.sql(
      `INSERT INTO payments (booking_id, amount_cents, method, paid_at, is_deposit, voided_at, void_reason)
       VALUES ($1, 2000, 'bank-transfer', CURRENT_DATE, true, now(), 'Wrong booking'),
              ($1, 500, 'bank-transfer', CURRENT_DATE, true, NULL, NULL)`,
      [b.id],
    );
    const pending = await t.admin.getJson<AdminBooking[]>('/api/admin/bookings/pending');
    expect(pending.find((x) => x.id === b.id)).toMatchObject({ depositStatus: 'waiting', depositDueCents: 1500 });
  });

  it("is 'overdue' on her screens after DEPOSIT_DUE_HOURS", async () => {
    const s = await service({ depositCents: 2000 });
    const b = await request(s.id, openDay(7), '09:00');
    await t.sql(`UPDATE bookings SET created_at = now() - interval '25 hours' WHERE id = $1`, [b.id]);
    const pending = await t.admin.getJson<AdminBooking[]>('/api/admin/bookings/pending');
    expect(pending.find((x) => x.id === b.id)?.depositStatus).toBe('overdue');
  });
});

describe('the due time', () => {
  it("is the visit's start when that comes sooner than DEPOSIT_DUE_HOURS", async () => {
    const s = await service({ depositCents: 2000 });
    const b = await request(s.id, openDay(16), '09:00');
    // Made 10 hours before its start (as a short-notice request is).
    const [row] = await t.sql<{ starts_at: Date }>(
      `UPDATE bookings SET created_at = starts_at - interval '10 hours' WHERE id = $1 RETURNING starts_at`,
      [b.id],
    );
    const startsAt = new Date(row!.starts_at);
    const deposit = (await t.getJson<Booking>(`/api/bookings/token/${b.cancelToken}`)).deposit!;
    expect(deposit.dueBy).toBe(startsAt.toISOString());
    expect(deposit.dueBeforeVisit).toBe(true);
  });
});

describe('GET/PUT /api/admin/money/settings', () => {
  it('answers and saves her settings', async () => {
    expect(await t.admin.getJson('/api/admin/money/settings')).toEqual({
      depositAppliesTo: 'first-time',
      keepDepositOnLateCancel: false,
    });
    const res = await settings({ depositAppliesTo: 'everyone', keepDepositOnLateCancel: true });
    expect(res.json()).toEqual({ depositAppliesTo: 'everyone', keepDepositOnLateCancel: true });
    expect(await t.admin.getJson('/api/admin/money/settings')).toEqual({
      depositAppliesTo: 'everyone',
      keepDepositOnLateCancel: true,
    });
  });

  it('refuses a bad value with a clear message, and needs her session', async () => {
    const bad = await t.admin.put('/api/admin/money/settings', {
      depositAppliesTo: 'nobody',
      keepDepositOnLateCancel: 'yes',
    });
    const errors = expectRejected(bad, 400).errors!.map((e) => e.path);
    expect(errors).toEqual(['depositAppliesTo', 'keepDepositOnLateCancel']);
    expect((await t.get('/api/admin/money/settings')).statusCode).toBe(401);
    expect(
      (await t.put('/api/admin/money/settings', { depositAppliesTo: 'everyone', keepDepositOnLateCancel: true }))
        .statusCode,
    ).toBe(401);
  });
});

type Mail = { kind: string; to_address: string; subject: string; text_body: string; html_body: string };
const mailsOf = (bookingId: number, kind?: string) =>
  t.sql<Mail>(
    `SELECT kind, to_address, subject, text_body, html_body FROM email_outbox
     WHERE booking_id = $1 AND ($2::text IS NULL OR kind = $2) ORDER BY id`,
    [bookingId, kind ?? null],
  );

const receiveDeposit = (bookingId: number, cents = 2000) =>
  t.sql(
    `INSERT INTO payments (booking_id, amount_cents, method, paid_at, is_deposit)
     VALUES ($1, $2, 'bank-transfer', CURRENT_DATE, true)`,
    [bookingId, cents],
  );

describe('the request-received e-mail', () => {
  it('says how to pay: amount, bank account, reference and the due time in NZ time', async () => {
    const s = await service({ depositCents: 2000 });
    const b = await request(s.id, openDay(8), '09:00');
    const [mail] = await mailsOf(b.id, 'booking_received');
    for (const body of [mail!.text_body, mail!.html_body]) {
      expect(body).toContain('please pay a deposit of $20.00 by bank transfer');
      expect(body).toContain('Bank transfer to 12-3456-0123459-00');
      expect(body).toContain(`Reference ${b.deposit!.reference}`);
      expect(body).toContain('Please pay within 24 hours, by ');
      expect(body).toContain('(NZ time)');
    }
    // Without a deposit, nothing about one.
    const plain = await request(1, openDay(8), '13:00');
    const [other] = await mailsOf(plain.id, 'booking_received');
    expect(other!.text_body).not.toContain('deposit');
  });
});

describe('the deposit reminder (fake clock)', () => {
  it('goes once, DEPOSIT_DUE_HOURS after the request, only while the deposit has not arrived', async () => {
    const s = await service({ depositCents: 2000 });
    const unpaid = await request(s.id, openDay(9), '09:00');
    const paid = await request(s.id, openDay(9), '13:00');
    await receiveDeposit(paid.id);
    const made = Date.parse(unpaid.createdAt);
    const db = t.database.db;

    // Before the due time: nothing.
    await sendDepositReminders(db, t.config, new Date(made + 23 * 3600_000));
    expect(await mailsOf(unpaid.id, 'deposit_reminder')).toEqual([]);

    // After it: one reminder, for the unpaid request only, however many runs (at once or later).
    const later = new Date(Date.parse(paid.createdAt) + 25 * 3600_000);
    await Promise.all([sendDepositReminders(db, t.config, later), sendDepositReminders(db, t.config, later)]);
    await sendDepositReminders(db, t.config, new Date(later.getTime() + 3600_000));
    const reminders = await mailsOf(unpaid.id, 'deposit_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe('Reminder: the deposit for your booking request');
    expect(reminders[0]!.text_body).toContain(`Reference ${unpaid.deposit!.reference}`);
    expect(reminders[0]!.text_body).toContain(`still waits for ${t.config.practice.therapistName}'s answer`);
    expect(await mailsOf(paid.id, 'deposit_reminder')).toEqual([]);

    // Never rejected: the request still waits for her.
    const [row] = await t.sql<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [unpaid.id]);
    expect(row!.status).toBe('pending');
  });
});

describe('cancelling with a deposit received', () => {
  async function confirmedWithDeposit(day: number): Promise<Booking> {
    const s = await service({ depositCents: 2000 });
    const b = await request(s.id, openDay(day), '09:00');
    expect((await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status: 'confirmed' })).statusCode).toBe(200);
    await receiveDeposit(b.id);
    return b;
  }

  /** Moves a visit to start `hours` from now (inside the change cut-off when under CHANGE_CUTOFF_HOURS). */
  async function startIn(id: number, hours: number): Promise<void> {
    const at = new Date(Math.ceil((Date.now() + hours * 3600_000) / 60_000) * 60_000);
    const date = nzDateOf(at);
    const time = nzTimeOf(at);
    await t.sql(
      `UPDATE bookings SET date = $2, time = $3, starts_at = $4::timestamptz,
         ends_at = $4::timestamptz + make_interval(mins => duration),
         buffer_ends_at = $4::timestamptz + make_interval(mins => duration + 15)
       WHERE id = $1`,
      [id, date, time, nzInstant(date, time).toISOString()],
    );
  }

  it('keeps it on a late cancellation when her setting says so, and the e-mail says why', async () => {
    await settings({ depositAppliesTo: 'first-time', keepDepositOnLateCancel: true });
    const b = await confirmedWithDeposit(10);
    await startIn(b.id, 20);
    const res = await t.admin.patch(`/api/bookings/${b.id}/status`, { status: 'cancelled', lateCancellation: true });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsOf(b.id, 'booking_cancelled_by_admin');
    const hours = t.config.booking.changeCutoffHours;
    const kept = `Your deposit of $20.00 is kept, as the visit was cancelled within ${hours} hours of its start.`;
    expect(mail!.text_body).toContain(kept);
    expect(mail!.html_body).toContain(kept);
    const [row] = await t.sql<{ deposit_kept: boolean }>('SELECT deposit_kept FROM bookings WHERE id = $1', [b.id]);
    expect(row!.deposit_kept).toBe(true);
    expect((await t.getJson<Booking>(`/api/bookings/token/${b.cancelToken}`)).deposit?.status).toBe('kept');
  });

  it('says it will be refunded when the setting is off, or the cancellation is not marked late', async () => {
    const off = await confirmedWithDeposit(11);
    await startIn(off.id, 20);
    await t.admin.patch(`/api/bookings/${off.id}/status`, { status: 'cancelled', lateCancellation: true });
    const [offMail] = await mailsOf(off.id, 'booking_cancelled_by_admin');
    expect(offMail!.text_body).toContain('Your deposit of $20.00 will be refunded');
    expect(offMail!.text_body).not.toContain('is kept');

    await settings({ depositAppliesTo: 'first-time', keepDepositOnLateCancel: true });
    const plain = await confirmedWithDeposit(12);
    await t.admin.patch(`/api/bookings/${plain.id}/status`, { status: 'cancelled' });
    const [plainMail] = await mailsOf(plain.id, 'booking_cancelled_by_admin');
    expect(plainMail!.text_body).toContain('Your deposit of $20.00 will be refunded');
    const [row] = await t.sql<{ deposit_kept: boolean }>('SELECT deposit_kept FROM bookings WHERE id = $1', [plain.id]);
    expect(row!.deposit_kept).toBe(false);

    // The client's own cancellation through the link, outside the cut-off: refunded too.
    const own = await confirmedWithDeposit(13);
    expect((await t.post(`/api/bookings/cancel/${own.cancelToken}`)).statusCode).toBe(200);
    const [ownMail] = await mailsOf(own.id, 'booking_cancelled_by_client');
    expect(ownMail!.text_body).toContain('Your deposit of $20.00 will be refunded');
  });

  it('says nothing about a deposit that never arrived', async () => {
    const s = await service({ depositCents: 2000 });
    const b = await request(s.id, openDay(14), '09:00');
    await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status: 'rejected' });
    const [mail] = await mailsOf(b.id, 'booking_rejected');
    expect(mail!.text_body).not.toContain('deposit');
  });
});

/** Two real server processes with the reminder job every half second: one reminder per request, never two. */
describe.runIf(backend === 'postgres')('the reminder job in two server processes on one PostgreSQL database', () => {
  it('queues exactly one reminder for an overdue deposit', { timeout: 120_000 }, async () => {
    const td = await createTestDatabase();
    const sql = sqlOf(td.database);
    const servers: ChildProcess[] = [];
    try {
      const start = () => {
        const s = startServerProcess({
          DATABASE_URL: td.location.url!,
          MAIL_WORKER_ENABLED: 'false',
          DEPOSIT_REMINDER_SECONDS: '0.5',
          DEPOSIT_DUE_HOURS: '1',
        });
        servers.push(s.child);
        return s.ready;
      };
      const [a, b] = await Promise.all([start(), start()]);
      const asA = await signedInOver(a);
      await signedInOver(b);
      const created = await asA('POST', '/api/services', {
        name: 'Two-process deposit',
        description: 'Asks a deposit.',
        durationOptions: [{ duration: 60, price: 8000 }],
        depositCents: 2000,
      });
      expect(created.status, created.body).toBe(201);
      const made = await asA(
        'POST',
        '/api/bookings',
        bookingRequest({ serviceLengthId: JSON.parse(created.body).id, date: openDay(15), time: '09:00' }),
      );
      expect(made.status, made.body).toBe(201);
      const id = (JSON.parse(made.body) as Booking).id;
      // Made two hours ago: its deposit is an hour overdue.
      await sql(`UPDATE bookings SET created_at = now() - interval '2 hours' WHERE id = $1`, [id]);
      const reminders = () =>
        sql<{ kind: string }>(`SELECT kind FROM email_outbox WHERE booking_id = $1 AND kind = 'deposit_reminder'`, [
          id,
        ]);
      await eventually(reminders, (m) => m.length > 0, 15_000);
      await new Promise((r) => setTimeout(r, 2000)); // several more runs of both jobs
      expect(await reminders()).toHaveLength(1);
    } finally {
      servers.forEach((s) => s.kill('SIGKILL'));
      await new Promise((r) => setTimeout(r, 300));
      await td.database.close();
      await td.drop();
    }
  });
});
