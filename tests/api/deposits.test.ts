/**
 * Issue 27, deposits (docs/product.md §18.2, docs/decisions/031-deposits.md): a service asks a deposit (an amount
 * or a percentage), of first-time clients or of everyone (her setting); the server decides it inside the booking's
 * transaction, gives it a unique bank reference, and tells the client how to pay it (the answers and the
 * request-received e-mail). Its status comes from the payments recorded; one reminder goes after
 * DEPOSIT_DUE_HOURS; a late cancellation can keep it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEPOSIT_REFERENCE_RE } from '../../src/shared/deposits';
import type { AdminBooking, Booking } from '../../src/shared/schemas/booking';
import type { MoneySettings } from '../../src/shared/schemas/deposit';
import type { Service } from '../../src/shared/schemas/service';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { expectRejected } from '../helpers/expect-rejected';

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
  it('asks a first-time client, with a unique reference, and not a returning one', async () => {
    const s = await service({ depositCents: 2000 });
    const who = { email: 'returning@example.nz', phone: '021 700 9001' };
    const first = await request(s.id, openDay(1), '09:00', who);
    expect(first.deposit).toEqual({
      amountCents: 2000,
      reference: expect.stringMatching(DEPOSIT_REFERENCE_RE),
      bankAccount: '12-3456-0123456-00',
      dueBy: new Date(Date.parse(first.createdAt) + 24 * 3600_000).toISOString(),
      dueHours: 24,
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

    // Once she confirmed a visit, the client is returning.
    expect((await t.admin.patch(`/api/admin/bookings/${first.id}/status`, { status: 'confirmed' })).statusCode).toBe(
      200,
    );
    const returning = await request(s.id, openDay(2), '09:00', who);
    expect(returning.deposit).toBeNull();
    const [none] = await t.sql<{ deposit_cents: number; deposit_reference: string | null }>(
      'SELECT deposit_cents, deposit_reference FROM bookings WHERE id = $1',
      [returning.id],
    );
    expect(none).toEqual({ deposit_cents: 0, deposit_reference: null });
  });

  it("asks everyone when the setting says 'everyone', and rounds a percentage to the cent", async () => {
    const s = await service({ depositPercent: 15 }, 8555);
    const who = { email: 'regular@example.nz', phone: '021 700 9002' };
    const first = await request(s.id, openDay(3), '09:00', who);
    expect(first.deposit?.amountCents).toBe(1283);
    expect((await t.admin.patch(`/api/admin/bookings/${first.id}/status`, { status: 'confirmed' })).statusCode).toBe(
      200,
    );
    expect((await request(s.id, openDay(3), '13:00', who)).deposit).toBeNull();

    expect((await settings({ depositAppliesTo: 'everyone', keepDepositOnLateCancel: false })).statusCode).toBe(200);
    const everyone = await request(s.id, openDay(4), '09:00', who);
    expect(everyone.deposit?.amountCents).toBe(1283);
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

  it("is 'overdue' on her screens after DEPOSIT_DUE_HOURS", async () => {
    const s = await service({ depositCents: 2000 });
    const b = await request(s.id, openDay(7), '09:00');
    await t.sql(`UPDATE bookings SET created_at = now() - interval '25 hours' WHERE id = $1`, [b.id]);
    const pending = await t.admin.getJson<AdminBooking[]>('/api/admin/bookings/pending');
    expect(pending.find((x) => x.id === b.id)?.depositStatus).toBe('overdue');
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
