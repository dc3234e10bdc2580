/**
 * docs/product.md §19: 'Book' on a waitlist entry. POST /api/admin/bookings with `waitlistEntryId` ends that entry as
 * booked in the booking's transaction: it leaves her list and is offered nothing more; its own hold does not stand in
 * the way and ends with it (accepted when she booked the held time, else released for the next person). An unknown
 * entry is a 404, an ended one a 409, each with its message, and nothing is booked; a refused booking leaves the entry
 * waiting.
 */
import { describe, expect, it } from 'vitest';
import type { AdminBooking } from '../../src/shared/schemas/booking';
import type { AdminWaitlistEntry } from '../../src/shared/schemas/waitlist';
import { WAITLIST_ENTRY_ENDED, WAITLIST_ENTRY_UNKNOWN } from '../../src/server/modules/bookings/waitlist-entry';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { expectInvalid, expectRejected, expectUnchanged } from '../helpers/expect-rejected';
import { joinRequest, RAGLAN, runOffers } from '../helpers/waitlist';

const t = useTestApp({ signedIn: true });

let people = 0;
const someone = (name: string) => `${name}${++people}@example.nz`;

/** A visitor on the waitlist for `date` at `time`; answers the entry's id. */
async function waiting(date: string, time: string, email = someone('wait')): Promise<number> {
  await t.sql(`DELETE FROM rate_limits WHERE key LIKE 'waitlist:%'`);
  const res = await t.post('/api/waitlist', joinRequest({ email, dates: [date], earliest: time, latest: time }));
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.sql<{ id: number }>('SELECT id FROM waitlist_entries WHERE email = $1', [email]);
  return row!.id;
}

/** 'New booking' as she sends it for someone who phoned. */
const phoned = (date: string, time: string, over: Record<string, unknown> = {}) => ({
  firstName: 'Wai',
  lastName: 'Ting',
  email: someone('booked'),
  phone: `021 6${String(++people).padStart(6, '0')}`,
  serviceLengthId: 1,
  duration: 60,
  date,
  time,
  address: RAGLAN,
  status: 'confirmed',
  ...over,
});

/** 'New booking' as the dialog sends it when opened from the entry. */
const fromEntry = (entryId: unknown, date: string, time: string, over: Record<string, unknown> = {}) =>
  phoned(date, time, { waitlistEntryId: entryId, ...over });

/** A refusal with its code (and message, when given). */
function refused(res: Awaited<ReturnType<typeof create>>, status: number, code: string, message?: string) {
  const body = expectRejected(res, status);
  expect(body.code).toBe(code);
  if (message) expect(body.message).toBe(message);
}

const create = (payload: unknown) => t.admin.post('/api/admin/bookings', payload);

const entryOf = async (id: number) =>
  (await t.sql<{ status: string }>('SELECT status FROM waitlist_entries WHERE id = $1', [id]))[0]?.status;
const offersOf = (entryId: number) =>
  t.sql<{ id: number; status: string; booking_id: number | null }>(
    'SELECT id, status, booking_id FROM waitlist_offers WHERE entry_id = $1 ORDER BY id',
    [entryId],
  );
const onHerList = async (id: number) =>
  (await t.admin.get('/api/admin/waitlist')).json<AdminWaitlistEntry[]>().some((e) => e.id === id);

const state = async () => ({
  entries: await t.sql('SELECT id, status, status_changed_at FROM waitlist_entries ORDER BY id'),
  offers: await t.sql('SELECT id, status, booking_id FROM waitlist_offers ORDER BY id'),
  bookings: await t.sql('SELECT id, status FROM bookings ORDER BY id'),
  log: await t.sql('SELECT count(*)::int AS n FROM client_access_log'),
});

/** An entry holding `time` on `date`: a visit there cancelled, the offers job run. Answers the entry and its hold. */
async function holding(date: string, time: string) {
  const visit = await book(t, bookingRequest({ date, time, email: someone('visit') }));
  expect(visit.statusCode, visit.body).toBe(201);
  const entryId = await waiting(date, time);
  const cancelled = await t.admin.patch(`/api/bookings/${visit.json<{ id: number }>().id}/status`, {
    status: 'cancelled',
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  await runOffers(t);
  const [hold] = await offersOf(entryId);
  expect(hold?.status).toBe('offered');
  return { entryId, holdId: hold!.id };
}

describe("'Book' on a waitlist entry", () => {
  it('ends the entry as booked with the booking: off her list, offered nothing more, noted in the access log', async () => {
    const date = openDay(3);
    const entryId = await waiting(date, '11:00');
    expect(await onHerList(entryId)).toBe(true);

    const res = await create(fromEntry(entryId, date, '11:00'));
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json<AdminBooking>();
    expect(await entryOf(entryId)).toBe('booked');
    expect(await onHerList(entryId)).toBe(false);
    const [log] = await t.sql<{ detail: string }>(
      `SELECT l.detail FROM client_access_log l JOIN bookings b ON b.client_id = l.client_id
         WHERE b.id = $1 AND l.action = 'book'`,
      [booking.id],
    );
    expect(log!.detail).toContain('from the waitlist');

    // A time freed on its day later is not offered to it.
    const other = await book(t, bookingRequest({ date, time: '14:00', email: someone('visit') }));
    await t.admin.patch(`/api/bookings/${other.json<{ id: number }>().id}/status`, { status: 'cancelled' });
    await runOffers(t);
    expect(await offersOf(entryId)).toEqual([]);
  });

  it("books the time held for the entry without 'Book anyway': the hold is accepted and names the booking", async () => {
    const date = openDay(4);
    const { entryId, holdId } = await holding(date, '10:00');
    // Anyone else is refused the held time.
    refused(await create(phoned(date, '10:00')), 409, 'SLOT_TAKEN');

    const res = await create(fromEntry(entryId, date, '10:00'));
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json<AdminBooking>();
    // Not overridden: the hold was this person's own.
    const [row] = await t.sql('SELECT override_reason FROM bookings WHERE id = $1', [booking.id]);
    expect(row).toEqual({ override_reason: null });
    expect(await entryOf(entryId)).toBe('booked');
    expect(await offersOf(entryId)).toEqual([{ id: holdId, status: 'accepted', booking_id: booking.id }]);
  });

  it('booked at another time, the hold is released for the next person on the list', async () => {
    const date = openDay(5);
    const { entryId, holdId } = await holding(date, '13:00');
    const next = await waiting(date, '13:00');
    await runOffers(t);
    expect(await offersOf(next)).toEqual([]); // held for the first

    const res = await create(fromEntry(entryId, openDay(6), '09:00'));
    expect(res.statusCode, res.body).toBe(201);
    expect(await entryOf(entryId)).toBe('booked');
    expect(await offersOf(entryId)).toEqual([{ id: holdId, status: 'superseded', booking_id: null }]);
    await runOffers(t);
    expect(await offersOf(next)).toEqual([expect.objectContaining({ status: 'offered' })]);
  });

  it('refuses an entry that has ended or is not there, with its message, and books nothing', async () => {
    const date = openDay(7);
    const booked = await waiting(date, '10:00');
    expect((await create(fromEntry(booked, date, '10:00'))).statusCode).toBe(201);
    const removed = await waiting(date, '12:00');
    expect((await t.admin.del(`/api/admin/waitlist/${removed}`)).statusCode).toBe(200);
    const [last] = await t.sql<{ max: number }>('SELECT max(id)::int AS max FROM waitlist_entries');

    await expectUnchanged(state, async () => {
      for (const id of [booked, removed]) {
        refused(await create(fromEntry(id, date, '15:00')), 409, 'WAITLIST_ENTRY_CLOSED', WAITLIST_ENTRY_ENDED);
      }
      // 'Book anyway' does not pass it.
      refused(await create(fromEntry(booked, date, '15:00', { override: true })), 409, 'WAITLIST_ENTRY_CLOSED');
      const unknown = await create(fromEntry(last!.max + 1000, date, '15:00'));
      refused(unknown, 404, 'WAITLIST_ENTRY_NOT_FOUND', WAITLIST_ENTRY_UNKNOWN);
      for (const bad of [0, -3, 1.5, 'abc']) {
        expectInvalid(await create(fromEntry(bad, date, '15:00')), [
          { path: 'waitlistEntryId', message: 'Choose an entry from the waitlist' },
        ]);
      }
    });
  });

  it('a booking refused for its own reason leaves the entry waiting, on her list', async () => {
    const date = openDay(8);
    const visit = await book(t, bookingRequest({ date, time: '10:00', email: someone('visit') }));
    expect(visit.statusCode).toBe(201);
    const entryId = await waiting(date, '15:00');
    await expectUnchanged(state, async () => {
      refused(await create(fromEntry(entryId, date, '10:00', { override: true })), 409, 'BOOKING_OVERLAP');
    });
    expect(await entryOf(entryId)).toBe('active');
    expect(await onHerList(entryId)).toBe(true);
  });
});
