// @both-databases: two payments race for what a visit owes (row locks)
/**
 * Payments (docs/product.md §18.1, decision 027): what a visit was paid, refunds as negative payments,
 * voids that keep the record, and the balance the server computes from them.
 */
import { describe, expect, it } from 'vitest';
import type { AdminBooking } from '../../src/shared/schemas/booking';
import type { BookingPayments, PaymentAnswer } from '../../src/shared/schemas/payment';
import { addDaysToDate, nzToday } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { expectInvalid, expectRejected, expectUnchanged } from '../helpers/expect-rejected';

const t = useTestApp({ signedIn: true });

let slots = 0;
let phones = 0;
/** A new booking ($80, no travel fee) on a slot of its own, with the status asked. */
async function visit(status = 'confirmed', over: Record<string, unknown> = {}): Promise<AdminBooking> {
  const n = slots++;
  const res = await book(
    t,
    bookingRequest({
      date: openDay(Math.floor(n / 3)),
      time: ['09:00', '12:00', '15:00'][n % 3],
      phone: `021 7${String(++phones).padStart(6, '0')}`,
      ...over,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const booking = res.json<AdminBooking>();
  await t.sql('UPDATE bookings SET status = $2 WHERE id = $1', [booking.id, status]);
  return booking;
}

const pay = (id: number, body: Record<string, unknown>) => t.admin.post(`/api/admin/bookings/${id}/payments`, body);
const voidIt = (id: number, reason: unknown) => t.admin.post(`/api/admin/payments/${id}/void`, { reason });
const list = (id: number) => t.admin.getJson<BookingPayments>(`/api/admin/bookings/${id}/payments`);

async function paid(id: number, body: Record<string, unknown>): Promise<PaymentAnswer> {
  const res = await pay(id, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PaymentAnswer>();
}

/** What a refused request must leave as it was: every payment row, void included. */
const rows = () => t.sql('SELECT * FROM payments ORDER BY id');

describe('recording payments', () => {
  it('records a deposit then the rest: unpaid, part-paid, paid', async () => {
    const b = await visit();
    expect(await list(b.id)).toEqual({
      payments: [],
      balance: { totalCents: 8000, receivedCents: 0, owedCents: 8000, status: 'unpaid' },
    });

    const first = await paid(b.id, { amountCents: 2000, method: 'bank-transfer', note: 'Deposit by transfer' });
    expect(first).toMatchObject({
      bookingId: b.id,
      amountCents: 2000,
      method: 'bank-transfer',
      paidAt: nzToday(),
      note: 'Deposit by transfer',
      isDeposit: false,
      source: 'manual',
      voidedAt: null,
      voidReason: null,
      balance: { totalCents: 8000, receivedCents: 2000, owedCents: 6000, status: 'part-paid' },
    });
    const second = await paid(b.id, { amountCents: 6000, method: 'cash' });
    expect(second.balance).toEqual({ totalCents: 8000, receivedCents: 8000, owedCents: 0, status: 'paid' });
    expect(second.note).toBeNull();

    const after = await list(b.id);
    expect(after.payments.map((p) => [p.amountCents, p.method])).toEqual([
      [2000, 'bank-transfer'],
      [6000, 'cash'],
    ]);
    expect(after.balance.status).toBe('paid');
  });

  it('takes the travel fee into what is owed', async () => {
    const b = await visit();
    await t.sql('UPDATE bookings SET travel_cost = 1500 WHERE id = $1', [b.id]);
    const answer = await paid(b.id, { amountCents: 8000, method: 'card' });
    expect(answer.balance).toEqual({ totalCents: 9500, receivedCents: 8000, owedCents: 1500, status: 'part-paid' });
  });

  it('marks a payment as the deposit by default while the asked deposit has not all arrived', async () => {
    const b = await visit('pending');
    await t.sql(`UPDATE bookings SET deposit_cents = 2000, deposit_reference = 'HV-T' || id WHERE id = $1`, [b.id]);
    const deposit = await paid(b.id, { amountCents: 2000, method: 'bank-transfer' });
    expect(deposit.isDeposit).toBe(true);
    const rest = await paid(b.id, { amountCents: 6000, method: 'cash' });
    expect(rest.isDeposit).toBe(false);
    // She may say otherwise.
    const other = await visit('pending');
    await t.sql(`UPDATE bookings SET deposit_cents = 2000, deposit_reference = 'HV-T' || id WHERE id = $1`, [other.id]);
    expect((await paid(other.id, { amountCents: 2000, method: 'cash', isDeposit: false })).isDeposit).toBe(false);
  });

  it('does not ask the deposit again once it was paid and refunded: the next payment is towards the price', async () => {
    const b = await visit('pending');
    await t.sql(`UPDATE bookings SET deposit_cents = 2000, deposit_reference = 'HV-T' || id WHERE id = $1`, [b.id]);
    expect((await paid(b.id, { amountCents: 2000, method: 'bank-transfer' })).isDeposit).toBe(true);
    const back = { amountCents: -2000, method: 'bank-transfer', note: 'Deposit back', isDeposit: true } as const;
    expect((await paid(b.id, back)).isDeposit).toBe(true);
    const pending = await t.admin.getJson<AdminBooking[]>('/api/admin/bookings/pending');
    expect(pending.find((x) => x.id === b.id)).toMatchObject({ depositStatus: 'refunded', depositDueCents: 0 });
    // The same rule as her screens: nothing of the deposit is due, so this is not marked as one.
    expect((await paid(b.id, { amountCents: 2000, method: 'cash' })).isDeposit).toBe(false);
  });

  it('takes a past date, not before the booking was made', async () => {
    const b = await visit();
    const made = nzToday();
    expect((await paid(b.id, { amountCents: 1000, method: 'voucher', paidAt: made })).paidAt).toBe(made);
    await t.sql(`UPDATE bookings SET created_at = now() - interval '10 days' WHERE id = $1`, [b.id]);
    const earlier = addDaysToDate(made, -3);
    expect((await paid(b.id, { amountCents: 1000, method: 'cash', paidAt: earlier })).paidAt).toBe(earlier);
  });

  it('accepts a payment above what is owed only with the excess stated exactly', async () => {
    const b = await visit();
    const refused = await expectUnchanged(rows, () => pay(b.id, { amountCents: 9000, method: 'cash' }));
    expectRejected(refused, 409, { code: 'PAYMENT_MORE_THAN_OWED', message: 'That is more than the $80.00 owed' });
    const wrong = await expectUnchanged(rows, () =>
      pay(b.id, { amountCents: 9000, method: 'cash', overpaymentCents: 500 }),
    );
    expectRejected(wrong, 409, {
      code: 'PAYMENT_MORE_THAN_OWED',
      message: 'The overpayment must be exactly $10.00 (the amount less the $80.00 owed)',
    });
    const none = await expectUnchanged(rows, () =>
      pay(b.id, { amountCents: 5000, method: 'cash', overpaymentCents: 500 }),
    );
    expectRejected(none, 409, 'There is no overpayment: the amount is not more than the $80.00 owed');

    const tipped = await paid(b.id, { amountCents: 9000, method: 'cash', overpaymentCents: 1000, note: 'Tip' });
    expect(tipped.balance).toEqual({ totalCents: 8000, receivedCents: 9000, owedCents: 0, status: 'paid' });
    const more = await expectUnchanged(rows, () => pay(b.id, { amountCents: 100, method: 'cash' }));
    expectRejected(more, 409, 'That is more than the $0.00 owed');
  });
});

describe('bad input changes nothing', () => {
  it.each([
    [{ method: 'cash' }, 'amountCents', 'Please enter an amount'],
    [{ amountCents: 0, method: 'cash' }, 'amountCents', 'Please enter an amount'],
    [{ amountCents: 10.5, method: 'cash' }, 'amountCents', 'The amount must be in whole cents'],
    [{ amountCents: '80', method: 'cash' }, 'amountCents', 'Please enter an amount'],
    [{ amountCents: 100_000_01, method: 'cash' }, 'amountCents', 'The amount is too large'],
    [{ amountCents: 1000 }, 'method', 'Choose how it was paid: cash, bank transfer, card or voucher'],
    [{ amountCents: 1000, method: 'cheque' }, 'method', 'Choose how it was paid: cash, bank transfer, card or voucher'],
    [
      { amountCents: 1000, method: 'cash', paidAt: '2025-02-30' },
      'paidAt',
      'The payment date must be a date (yyyy-MM-dd)',
    ],
    [
      { amountCents: 1000, method: 'cash', paidAt: addDaysToDate(nzToday(), 1) },
      'paidAt',
      'The payment date cannot be in the future',
    ],
    [{ amountCents: 1000, method: 'cash', note: 'x'.repeat(501) }, 'note', 'Please keep the note under 500 characters'],
    [{ amountCents: -1000, method: 'cash' }, 'note', 'A refund needs a reason'],
    [{ amountCents: -1000, method: 'cash', note: '   ' }, 'note', 'A refund needs a reason'],
    [
      { amountCents: 1000, method: 'cash', overpaymentCents: -1 },
      'overpaymentCents',
      'The overpayment must be a whole number of cents, zero or more',
    ],
    [{ amountCents: 1000, method: 'cash', isDeposit: 'yes' }, 'isDeposit', 'isDeposit must be true or false'],
  ])('%j -> 400 on %s', async (body, path, message) => {
    const b = await visit();
    const res = await expectUnchanged(rows, () => pay(b.id, body));
    expectInvalid(res, [{ path, message }]);
  });

  it('refuses a date before the booking was made', async () => {
    const b = await visit();
    const res = await expectUnchanged(rows, () =>
      pay(b.id, { amountCents: 1000, method: 'cash', paidAt: addDaysToDate(nzToday(), -1) }),
    );
    expect(expectRejected(res, 400).errors?.[0]?.path).toBe('paidAt');
    expect(res.json<{ message: string }>().message).toMatch(/^The payment date cannot be before the booking was made/);
  });

  it('404 for no booking, 400 for a bad id', async () => {
    expectRejected(await expectUnchanged(rows, () => pay(999_999, { amountCents: 1000, method: 'cash' })), 404, {
      code: 'BOOKING_NOT_FOUND',
      message: 'Booking not found',
    });
    expectRejected(await t.admin.get('/api/admin/bookings/999999/payments'), 404, 'Booking not found');
    expectRejected(await pay(0, { amountCents: 1000, method: 'cash' }), 400, {
      code: 'INVALID_ID',
      message: 'Invalid id',
    });
  });

  it('refuses a payment on a declined request, but not a refund of money taken before', async () => {
    const b = await visit('pending');
    await paid(b.id, { amountCents: 2000, method: 'bank-transfer' });
    await t.sql(`UPDATE bookings SET status = 'rejected' WHERE id = $1`, [b.id]);
    const res = await expectUnchanged(rows, () => pay(b.id, { amountCents: 1000, method: 'cash' }));
    expectRejected(res, 409, {
      code: 'PAYMENT_NOT_ALLOWED',
      message: 'This request was declined: it takes no payment',
    });
    const refund = await paid(b.id, { amountCents: -2000, method: 'bank-transfer', note: 'Declined: deposit back' });
    expect(refund.balance.receivedCents).toBe(0);
  });
});

describe('refunds', () => {
  it('are negative payments with a reason, at most what was received net', async () => {
    const b = await visit();
    await paid(b.id, { amountCents: 8000, method: 'card' });
    const over = await expectUnchanged(rows, () => pay(b.id, { amountCents: -8001, method: 'card', note: 'Too much' }));
    expectRejected(over, 409, {
      code: 'REFUND_MORE_THAN_RECEIVED',
      message: 'A refund cannot be more than the $80.00 received',
    });
    const refund = await paid(b.id, { amountCents: -3000, method: 'card', note: 'Shortened session' });
    expect(refund).toMatchObject({ amountCents: -3000, note: 'Shortened session', isDeposit: false });
    // The refund lowers what she holds; it does not make the visit owed again (src/shared/payments.ts).
    expect(refund.balance).toEqual({ totalCents: 8000, receivedCents: 5000, owedCents: 0, status: 'paid' });
    const again = await expectUnchanged(rows, () => pay(b.id, { amountCents: -5001, method: 'card', note: 'More' }));
    expectRejected(again, 409, 'A refund cannot be more than the $50.00 received');
  });

  it('has nothing to refund before any payment', async () => {
    const b = await visit();
    const res = await expectUnchanged(rows, () => pay(b.id, { amountCents: -100, method: 'cash', note: 'Oops' }));
    expectRejected(res, 409, 'A refund cannot be more than the $0.00 received');
  });
});

describe('voiding', () => {
  it('keeps the record, changes the balance, and happens once', async () => {
    const b = await visit();
    const first = await paid(b.id, { amountCents: 2000, method: 'bank-transfer' });
    await paid(b.id, { amountCents: 6000, method: 'cash' });

    const res = await voidIt(first.id, '  Entered twice  ');
    expect(res.statusCode, res.body).toBe(200);
    const voided = res.json<PaymentAnswer>();
    expect(voided).toMatchObject({ id: first.id, amountCents: 2000, voidReason: 'Entered twice' });
    expect(voided.voidedAt).toEqual(expect.any(String));
    expect(voided.balance).toEqual({ totalCents: 8000, receivedCents: 6000, owedCents: 2000, status: 'part-paid' });

    const after = await list(b.id);
    expect(after.payments).toHaveLength(2);
    expect(after.payments[0]).toMatchObject({ id: first.id, voidReason: 'Entered twice' });
    expect(after.balance.owedCents).toBe(2000);

    const twice = await expectUnchanged(rows, () => voidIt(first.id, 'Again'));
    expectRejected(twice, 409, { code: 'PAYMENT_ALREADY_VOIDED', message: 'This payment was voided already' });
  });

  it('needs a reason; 404 for no payment', async () => {
    const b = await visit();
    const p = await paid(b.id, { amountCents: 1000, method: 'cash' });
    expectInvalid(await expectUnchanged(rows, () => voidIt(p.id, ' ')), [
      { path: 'reason', message: 'Please say why the payment is voided' },
    ]);
    expectInvalid(await expectUnchanged(rows, () => voidIt(p.id, 'x'.repeat(301))), [
      { path: 'reason', message: 'Please keep the reason under 300 characters' },
    ]);
    expectRejected(await expectUnchanged(rows, () => voidIt(999_999, 'Wrong')), 404, {
      code: 'PAYMENT_NOT_FOUND',
      message: 'Payment not found',
    });
  });

  it('refuses a void that would leave more refunded than received', async () => {
    const b = await visit();
    const p = await paid(b.id, { amountCents: 8000, method: 'card' });
    const refund = await paid(b.id, { amountCents: -8000, method: 'card', note: 'Cancelled' });
    const res = await expectUnchanged(rows, () => voidIt(p.id, 'Wrong card'));
    expectRejected(res, 409, {
      code: 'PAYMENT_VOID_REFUSED',
      message: 'Voiding this would leave more refunded than received: void the refund first',
    });
    expect((await voidIt(refund.id, 'Not refunded after all')).statusCode).toBe(200);
    expect((await voidIt(p.id, 'Wrong card')).json<PaymentAnswer>().balance.receivedCents).toBe(0);
  });
});

describe('the table keeps its records', () => {
  it('refuses a DELETE or an edit of the money facts, and a second void, even in SQL', async () => {
    const b = await visit();
    const p = await paid(b.id, { amountCents: 2000, method: 'cash', note: 'Hers' });
    await expect(t.sql('DELETE FROM payments WHERE id = $1', [p.id])).rejects.toThrow(/never deleted/);
    await expect(t.sql('UPDATE payments SET amount_cents = 1 WHERE id = $1', [p.id])).rejects.toThrow(/not edited/);
    await expect(t.sql(`UPDATE payments SET method = 'card' WHERE id = $1`, [p.id])).rejects.toThrow(/not edited/);
    await voidIt(p.id, 'Wrong');
    await expect(t.sql(`UPDATE payments SET void_reason = 'Other' WHERE id = $1`, [p.id])).rejects.toThrow(
      /not edited/,
    );
    // Only the note may change (an erasure blanks it).
    await t.sql('UPDATE payments SET note = NULL WHERE id = $1', [p.id]);
    expect((await list(b.id)).payments[0]).toMatchObject({ amountCents: 2000, note: null, voidReason: 'Wrong' });
  });
});

describe('two payments at once', () => {
  it('of the whole amount owed: one is recorded, the other refused', async () => {
    const b = await visit();
    const answers = await Promise.all([
      pay(b.id, { amountCents: 8000, method: 'cash' }),
      pay(b.id, { amountCents: 8000, method: 'card' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expectRejected(
      answers.find((r) => r.statusCode === 409)!,
      409,
      {
        code: 'PAYMENT_MORE_THAN_OWED',
        message: 'That is more than the $0.00 owed',
      },
    );
    const after = await list(b.id);
    expect(after.payments).toHaveLength(1);
    expect(after.balance.receivedCents).toBe(8000);
  });
});

describe('erasing the client', () => {
  it('keeps the payments and blanks her notes on them', async () => {
    // A client of their own (clients are matched by e-mail), whose one visit was cancelled.
    const b = await visit('cancelled', { email: 'erase-me@example.nz', firstName: 'Mere' });
    await paid(b.id, { amountCents: 2000, method: 'cash', note: 'Said her back is sore' });
    await paid(b.id, { amountCents: -500, method: 'cash', note: 'Change for Mrs Smith' });
    const [{ client_id: clientId }] = (await t.sql<{ client_id: number }>(
      'SELECT client_id FROM bookings WHERE id = $1',
      [b.id],
    )) as [{ client_id: number }];
    const res = await t.admin.post(`/api/admin/clients/${clientId}/erase`, { confirm: 'ERASE' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await list(b.id);
    expect(after.payments.map((p) => [p.amountCents, p.note])).toEqual([
      [2000, null],
      [-500, 'Refund (reason erased)'],
    ]);
    expect(after.balance.receivedCents).toBe(1500);
  });
});
