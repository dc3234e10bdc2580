/**
 * docs/product.md §4 "Waitlist", the waitlist: joining (validation, refusals that change nothing), every kind of freed
 * time producing an offer, the route rule from the entry's own address (Raglan and Hamilton on a full Wednesday), the
 * hold that keeps the time from others and passes on when it ends, accepting through the booking code, leaving and her
 * removal. The offers job runs by hand (runOffers); e-mails are read with mailparser.
 */
import { describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../src/server/jobs';
import { removeEndedWaitlistEntries } from '../../src/server/modules/clients/retention';
import { SLOT_TAKEN } from '../../src/shared/messages';
import type { AvailabilityResponse, Booking } from '../../src/shared/schemas/booking';
import type { AdminWaitlistEntry, WaitlistJoined, WaitlistOfferView } from '../../src/shared/schemas/waitlist';
import { addDaysToDate, nzInstant, nzToday } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { expectInvalid, expectRejected, expectUnchanged } from '../helpers/expect-rejected';
import { HAMILTON, joinRequest, linkIn, parsedMails, RAGLAN, runOffers, tokenOf, wednesday } from '../helpers/waitlist';

const t = useTestApp({ signedIn: true });

let people = 0;
/** A fresh e-mail per visitor, so each test reads only its own mail. */
const someone = (name: string) => `${name}${++people}@example.nz`;

/** Tests join from one address many times: the per-address limit is tested on its own. */
const forgetJoins = () => t.sql(`DELETE FROM rate_limits WHERE key LIKE 'waitlist:%'`);

async function join(over: Record<string, unknown>): Promise<WaitlistJoined> {
  await forgetJoins();
  const res = await t.post('/api/waitlist', joinRequest(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WaitlistJoined>();
}

async function request(date: string, time: string, over: Record<string, unknown> = {}): Promise<Booking> {
  const res = await book(t, bookingRequest({ date, time, email: someone('booked'), ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

async function offersTo(email: string): Promise<{ token: string; date: string; time: string; status: string }[]> {
  return t.sql(
    `SELECT o.token, to_char(o.date, 'YYYY-MM-DD') AS date, o.time, o.status FROM waitlist_offers o
       JOIN waitlist_entries e ON e.id = o.entry_id WHERE e.email = $1 ORDER BY o.id`,
    [email],
  );
}

async function offered(date: string, address?: string): Promise<string[]> {
  const query = new URLSearchParams({ duration: '60', ...(address ? { address } : {}) });
  const res = await t.get(`/api/availability/${date}?${query.toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AvailabilityResponse>().timeSlots;
}

const waitlistState = async () => ({
  entries: await t.sql('SELECT * FROM waitlist_entries ORDER BY id'),
  offers: await t.sql('SELECT * FROM waitlist_offers ORDER BY id'),
  bookings: await t.sql('SELECT id, status FROM bookings ORDER BY id'),
  mails: (await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox'))[0]!.n,
});

describe('POST /api/waitlist', () => {
  it('puts a visitor on the list and e-mails them a link to leave it', async () => {
    const email = someone('joiner');
    const dates = [openDay(3), openDay(1), openDay(3)];
    const joined = await join({ email, dates, earliest: '10:00', latest: '14:30' });
    expect(joined).toMatchObject({
      serviceName: expect.any(String),
      duration: 60,
      dates: [openDay(1), openDay(3)],
      earliest: '10:00',
      latest: '14:30',
      status: 'active',
    });
    const [row] = await t.sql<{ location_lat: number | null; token: string }>(
      'SELECT location_lat, token FROM waitlist_entries WHERE email = $1',
      [email],
    );
    expect(row!.location_lat).not.toBeNull(); // located, as a booking's address is
    expect(row!.token).toBe(joined.token);

    const [mail] = await parsedMails(t, 'waitlist_joined', email);
    expect(mail!.subject).toBe('You are on the waitlist');
    const leave = linkIn(mail!, '/waitlist/leave/');
    expect(tokenOf(leave)).toBe(joined.token);
  });

  it('refuses bad input with the booking form messages and changes nothing', async () => {
    const send = async (over: Record<string, unknown>) => {
      await forgetJoins();
      return t.post('/api/waitlist', joinRequest(over));
    };
    const cases: [Record<string, unknown>, { path: string; message: string }][] = [
      [{ firstName: ' ' }, { path: 'firstName', message: 'First name is required' }],
      [{ email: 'nope' }, { path: 'email', message: 'Please enter a valid email' }],
      [{ phone: '123' }, { path: 'phone', message: 'Please enter a valid phone number' }],
      [{ address: 'x' }, { path: 'address', message: 'Please enter a valid address' }],
      [{ dates: [] }, { path: 'dates', message: 'Please choose at least one day' }],
      [
        { dates: Array.from({ length: 15 }, (_, i) => openDay(i)) },
        { path: 'dates', message: 'Please choose at most 14 days' },
      ],
      [
        { earliest: '15:00', latest: '10:00' },
        { path: 'latest', message: 'The latest start must not be before the earliest' },
      ],
      [{ earliest: '9am' }, { path: 'earliest', message: 'Please choose the earliest start time' }],
    ];
    for (const [over, error] of cases) {
      await expectUnchanged(waitlistState, async () => expectInvalid(await send(over), [error]));
    }
    // Past days, days beyond the horizon, an unknown service or duration, an address out of the area.
    const yesterday = addDaysToDate(nzToday(), -1);
    const beyond = addDaysToDate(nzToday(), t.config.booking.horizonDays + 1);
    for (const over of [
      { dates: [openDay(0), yesterday] },
      { dates: [beyond] },
      { serviceId: 9999 },
      { duration: 45 },
      { address: '1 Queen Street, Auckland' },
    ]) {
      await expectUnchanged(waitlistState, async () => expectRejected(await send(over), 400));
    }
  });

  it('limits joins per address per hour', async () => {
    await forgetJoins();
    const email = someone('many');
    for (let i = 0; i < 10; i++) {
      expect((await t.post('/api/waitlist', joinRequest({ email }))).statusCode).toBe(201);
    }
    await expectUnchanged(waitlistState, async () =>
      expectRejected(await t.post('/api/waitlist', joinRequest({ email })), 429),
    );
    await t.sql(`UPDATE waitlist_entries SET status = 'removed' WHERE email = $1`, [email]);
  });
});

describe('the route rule: a full Wednesday, a Raglan entry and a Hamilton entry', () => {
  it('offers the freed 2 PM in Raglan to the Raglan entry only, who books it as a pending request', async () => {
    const date = wednesday(1);
    const day: Booking[] = [];
    for (const time of ['09:00', '10:30', '12:00', '14:00', '15:30']) day.push(await request(date, time));
    expect(await offered(date, RAGLAN)).toEqual([]);
    expect(await offered(date, HAMILTON)).toEqual([]);

    // Hamilton joined first: the order alone would give it the time.
    const hamilton = someone('hamilton');
    const raglan = someone('raglan');
    await join({ email: hamilton, address: HAMILTON, dates: [date], earliest: '09:00', latest: '16:30' });
    await join({ email: raglan, address: RAGLAN, dates: [date], earliest: '14:00', latest: '16:00' });
    await runOffers(t);
    expect([...(await offersTo(hamilton)), ...(await offersTo(raglan))]).toEqual([]); // the day is full

    const cancelled = await t.post(`/api/bookings/cancel/${day[3]!.cancelToken}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Free by the slot rules alone, but a Hamilton visit cannot be reached from the Raglan visits around it.
    expect(await offered(date)).toEqual(expect.arrayContaining(['13:30', '14:00']));
    expect(await offered(date, HAMILTON)).toEqual([]);

    await runOffers(t);
    expect(await parsedMails(t, 'waitlist_offer', hamilton)).toEqual([]);
    const [mail] = await parsedMails(t, 'waitlist_offer', raglan);
    expect(mail!.subject).toBe('A time has opened for you');
    expect(mail!.text).toContain('2:00 PM');
    const link = linkIn(mail!, '/waitlist/offer/');

    // Opening the link shows the time and books nothing.
    const view = await expectUnchanged(waitlistState, () => t.get(`/api/waitlist/offers/${tokenOf(link)}`));
    expect(view.json<WaitlistOfferView>()).toMatchObject({ date, time: '14:00', status: 'offered', open: true });

    const accepted = await t.post(`/api/waitlist/offers/${tokenOf(link)}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const booking = accepted.json<Booking>();
    expect(booking).toMatchObject({ date, time: '14:00', status: 'pending', email: raglan, address: RAGLAN });
    expect(booking.cancelToken).toEqual(expect.any(String));

    const pending = await t.admin.get('/api/admin/bookings/pending');
    expect(pending.json<Booking[]>().map((b) => b.id)).toContain(booking.id);
    // The request's usual e-mails went out; the entry is done, the Hamilton one still waits.
    const kinds = await t.sql<{ kind: string }>('SELECT kind FROM email_outbox WHERE booking_id = $1', [booking.id]);
    expect(kinds.map((k) => k.kind)).toEqual(['booking_received', 'practice_new_request']);
    const list = (await t.admin.get('/api/admin/waitlist')).json<AdminWaitlistEntry[]>();
    expect(list.map((e) => e.email)).toContain(hamilton);
    expect(list.map((e) => e.email)).not.toContain(raglan);

    // Accepting again, or after, changes nothing.
    await expectUnchanged(waitlistState, async () =>
      expectRejected(await t.post(`/api/waitlist/offers/${tokenOf(link)}/accept`), 409, {
        message: 'You have already booked this time. Your booking request is waiting for approval.',
      }),
    );
  });
});

describe('every freed time is offered', () => {
  /** An entry wanting exactly `time` on `date`, and the run that finds it nothing yet. */
  async function waiting(date: string, time: string): Promise<string> {
    const email = someone('waiting');
    await join({ email, dates: [date], earliest: time, latest: time });
    await runOffers(t);
    expect(await offersTo(email)).toEqual([]);
    return email;
  }
  async function expectOffer(email: string, date: string, time: string) {
    await runOffers(t);
    expect(await offersTo(email)).toEqual([expect.objectContaining({ date, time, status: 'offered' })]);
    expect(await parsedMails(t, 'waitlist_offer', email)).toHaveLength(1);
  }

  it('a cancellation by her', async () => {
    const date = openDay(20);
    const b = await request(date, '10:00');
    const email = await waiting(date, '10:00');
    expect((await t.admin.patch(`/api/bookings/${b.id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    await expectOffer(email, date, '10:00');
  });

  it('a rejection', async () => {
    const date = openDay(21);
    const b = await request(date, '10:00');
    const email = await waiting(date, '10:00');
    expect((await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status: 'rejected' })).statusCode).toBe(200);
    await expectOffer(email, date, '10:00');
  });

  it('a request that expired unanswered', async () => {
    const date = openDay(22);
    const b = await request(date, '10:00');
    const email = await waiting(date, '10:00');
    await t.sql(`UPDATE bookings SET expires_at = now() - interval '1 minute' WHERE id = $1`, [b.id]);
    expect((await runJobsOnce(t.database.db, t.config)).expired).toBeGreaterThanOrEqual(1);
    await expectOffer(email, date, '10:00');
  });

  it("a moved visit's old time", async () => {
    const date = openDay(23);
    const b = await request(date, '10:00');
    const email = await waiting(date, '10:00');
    const moved = await t.post(`/api/bookings/token/${b.cancelToken}/reschedule`, { date: openDay(24), time: '15:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectOffer(email, date, '10:00');
  });

  it('an unblocked date', async () => {
    const date = openDay(25);
    const blocked = await t.admin.post('/api/blocked-dates', { date, isFullDay: true });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const email = await waiting(date, '11:00');
    expect((await t.admin.del(`/api/blocked-dates/${blocked.json<{ id: number }>().id}`)).statusCode).toBe(200);
    await expectOffer(email, date, '11:00');
  });

  it('a busy time removed from her other calendar', async () => {
    const date = openDay(26);
    const [cal] = await t.sql<{ id: number }>(
      `INSERT INTO other_calendars (name, kind, url) VALUES ('Family', 'ics', 'https://example.nz/c.ics') RETURNING id`,
    );
    const [busy] = await t.sql<{ id: number }>(
      `INSERT INTO calendar_busy (calendar_id, starts_at, ends_at, title, all_day) VALUES ($1, $2, $3, 'Busy', false)
         RETURNING id`,
      [cal!.id, nzInstant(date, '09:00').toISOString(), nzInstant(date, '17:00').toISOString()],
    );
    const email = await waiting(date, '12:00');
    // A sync that no longer finds the event replaces the calendar's busy times without it.
    await t.sql('DELETE FROM calendar_busy WHERE id = $1', [busy!.id]);
    await expectOffer(email, date, '12:00');
  });
});

describe('the hold', () => {
  it('keeps the time from everyone else, and passes it to the next fitting person when it ends', async () => {
    const date = openDay(27);
    const b = await request(date, '10:00');
    const first = someone('first');
    const second = someone('second');
    await join({ email: first, dates: [date], earliest: '10:00', latest: '10:00' });
    await join({ email: second, dates: [date], earliest: '10:00', latest: '10:00' });
    await runOffers(t);
    expect((await t.admin.patch(`/api/bookings/${b.id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    await runOffers(t);
    const [firstOffer] = await offersTo(first);
    expect(firstOffer).toMatchObject({ time: '10:00', status: 'offered' });
    expect(await offersTo(second)).toEqual([]); // one at a time

    // Taken for everyone else: not offered, and a new request for it is refused, changing nothing.
    expect(await offered(date)).not.toContain('10:00');
    await expectUnchanged(waitlistState, async () =>
      expectRejected(await book(t, bookingRequest({ date, time: '10:00', email: someone('x') })), 409, SLOT_TAKEN),
    );

    // The hold ends: the next run passes the time on, and the first can no longer book it.
    const later = new Date(Date.now() + t.config.booking.waitlistHoldMs + 60_000);
    await runOffers(t, later);
    expect(await offersTo(first)).toEqual([expect.objectContaining({ status: 'expired' })]);
    expect(await offersTo(second)).toEqual([expect.objectContaining({ time: '10:00', status: 'offered' })]);
    await expectUnchanged(waitlistState, async () =>
      expectRejected(await t.post(`/api/waitlist/offers/${firstOffer!.token}/accept`), 410),
    );
  });

  it('a declined hold goes to the next person; the decliner stays on the list', async () => {
    const date = openDay(28);
    const b = await request(date, '13:00');
    const first = someone('decliner');
    const second = someone('next');
    await join({ email: first, dates: [date], earliest: '13:00', latest: '13:00' });
    await join({ email: second, dates: [date], earliest: '13:00', latest: '13:00' });
    await runOffers(t);
    expect((await t.admin.patch(`/api/bookings/${b.id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    await runOffers(t);
    const [offer] = await offersTo(first);
    const declined = await t.post(`/api/waitlist/offers/${offer!.token}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    await runOffers(t);
    expect(await offersTo(second)).toEqual([expect.objectContaining({ time: '13:00', status: 'offered' })]);
    const list = (await t.admin.get('/api/admin/waitlist')).json<AdminWaitlistEntry[]>();
    expect(list.find((e) => e.email === first)?.offers).toEqual([expect.objectContaining({ status: 'declined' })]);
  });

  it('refuses unknown offer tokens clearly', async () => {
    expectRejected(await t.get('/api/waitlist/offers/nope'), 404);
    expectRejected(await t.post('/api/waitlist/offers/nope/accept'), 404);
  });
});

describe('leaving and removal', () => {
  it('a visitor leaves by the link: a held time goes to the next person and the offer no longer books', async () => {
    const date = openDay(29);
    const b = await request(date, '11:00');
    const leaver = someone('leaver');
    const next = someone('after');
    const joined = await join({ email: leaver, dates: [date], earliest: '11:00', latest: '11:00' });
    await join({ email: next, dates: [date], earliest: '11:00', latest: '11:00' });
    await runOffers(t);
    expect((await t.admin.patch(`/api/bookings/${b.id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    await runOffers(t);
    const [offer] = await offersTo(leaver);

    const left = await t.post(`/api/waitlist/${joined.token}/leave`);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json<WaitlistJoined>().status).toBe('left');
    expect((await t.post(`/api/waitlist/${joined.token}/leave`)).statusCode).toBe(200); // twice: the same
    await expectUnchanged(waitlistState, async () =>
      expectRejected(await t.post(`/api/waitlist/offers/${offer!.token}/accept`), 409),
    );
    await runOffers(t);
    expect(await offersTo(next)).toEqual([expect.objectContaining({ time: '11:00', status: 'offered' })]);
    expectRejected(await t.post('/api/waitlist/unknown-token/leave'), 404);
  });

  it('she sees the active entries in join order and removes one', async () => {
    const a = someone('alpha');
    const bEmail = someone('beta');
    await join({ email: a, dates: [openDay(30)] });
    await join({ email: bEmail, dates: [openDay(30)], address: HAMILTON });
    const list = (await t.admin.get('/api/admin/waitlist')).json<AdminWaitlistEntry[]>();
    const emails = list.map((e) => e.email);
    expect(emails.indexOf(a)).toBeLessThan(emails.indexOf(bEmail));
    const entry = list.find((e) => e.email === bEmail)!;
    expect(entry).toMatchObject({ suburb: 'Hamilton', earliest: '09:00', latest: '16:00', dates: [openDay(30)] });

    const removed = await t.admin.del(`/api/admin/waitlist/${entry.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const after = (await t.admin.get('/api/admin/waitlist')).json<AdminWaitlistEntry[]>();
    expect(after.map((e) => e.email)).not.toContain(bEmail);
    await expectUnchanged(waitlistState, async () =>
      expectRejected(await t.admin.del(`/api/admin/waitlist/${entry.id}`), 409),
    );
    expectRejected(await t.admin.del('/api/admin/waitlist/999999'), 404);
  });

  it('erasing a client deletes their entries, offers and e-mails; a held time goes to the next person', async () => {
    const date = openDay(31);
    const email = someone('erased');
    const next = someone('nexterased');
    const b = await request(date, '15:00', { email, phone: '021 777 0931' }); // a client of their own
    await join({ email, dates: [date], earliest: '15:00', latest: '15:00', lastName: 'Erasable' });
    await join({ email: next, dates: [date], earliest: '15:00', latest: '15:00' });
    await runOffers(t);
    expect((await t.admin.patch(`/api/bookings/${b.id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    await runOffers(t);
    expect(await offersTo(email)).toEqual([expect.objectContaining({ status: 'offered' })]);
    const [client] = await t.sql<{ client_id: number }>('SELECT client_id FROM bookings WHERE id = $1', [b.id]);
    const erased = await t.admin.post(`/api/admin/clients/${client!.client_id}/erase`);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await t.sql('SELECT id FROM waitlist_entries WHERE email = $1', [email])).toEqual([]);
    expect(await t.sql('SELECT id FROM email_outbox WHERE to_address = $1', [email])).toEqual([]);
    await runOffers(t);
    expect(await offersTo(next)).toEqual([expect.objectContaining({ time: '15:00', status: 'offered' })]);
  });

  it('retention deletes ended entries 90 days after their last day', async () => {
    const email = someone('old');
    await join({ email, dates: [openDay(32)] });
    await t.sql(`UPDATE waitlist_entries SET status = 'expired' WHERE email = $1`, [email]);
    const [row] = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM waitlist_entries WHERE email = $1', [
      email,
    ]);
    expect(row!.n).toBe(1);
    const soon = nzInstant(addDaysToDate(openDay(32), 89), '12:00');
    await removeEndedWaitlistEntries(t.app.db, soon);
    expect(await t.sql('SELECT id FROM waitlist_entries WHERE email = $1', [email])).toHaveLength(1);
    const later = nzInstant(addDaysToDate(openDay(32), 91), '12:00');
    expect(await removeEndedWaitlistEntries(t.app.db, later)).toBeGreaterThanOrEqual(1);
    expect(await t.sql('SELECT id FROM waitlist_entries WHERE email = $1', [email])).toEqual([]);
  });

  it('entries expire after their last day', async () => {
    const email = someone('expiring');
    await join({ email, dates: [openDay(16)] });
    await runOffers(t, nzInstant(addDaysToDate(openDay(16), 1), '08:00'));
    const [row] = await t.sql<{ status: string }>('SELECT status FROM waitlist_entries WHERE email = $1', [email]);
    expect(row!.status).toBe('expired');
  });
});
