// @both-databases: bookings and a merge race to create and link one client (unique keys, locks)
/** docs/product.md §12: every booking belongs to a client (docs/product.md §12); her clients' API and their alerts. */
import { describe, expect, it } from 'vitest';
import type { AdminBooking, AdminBookingSummary, PendingBooking } from '../../src/shared/schemas/booking';
import type { ClientAlert, ClientDetail, ClientSummary } from '../../src/shared/schemas/client';
import type { AccessLogEntry } from '../../src/shared/schemas/health';
import type { DayRoute } from '../../src/shared/schemas/day-route';
import { nzInstant } from '../../src/shared/time';
import { prepareDatabase } from '../../src/server/prepare';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { linkMatch } from '../helpers/client-match';
import { expectRejected } from '../helpers/expect-rejected';

const t = useTestApp({ signedIn: true });

/** Each booking of this file gets its own free slot: three a day, on days running forward. */
let slots = 0;
function nextSlot(): { date: string; time: string } {
  const n = slots++;
  return { date: openDay(Math.floor(n / 3)), time: ['09:00', '12:00', '15:00'][n % 3]! };
}

/** The next slot on a day of its own (an address elsewhere must not meet the route rule). */
function freshDay(): { date: string; time: string } {
  slots = Math.ceil(slots / 3) * 3;
  const slot = nextSlot();
  slots = Math.ceil(slots / 3) * 3;
  return slot;
}

type Booked = AdminBooking & { id: number };

/** A phone of its own for each booking that names none: one shared phone would make one client of all. */
let phones = 0;
const ownPhone = () => `021 7${String(++phones).padStart(6, '0')}`;

async function bookAs(over: Record<string, unknown>): Promise<Booked> {
  const res = await book(t, bookingRequest({ ...nextSlot(), phone: ownPhone(), ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booked>();
}

async function clientOf(bookingId: number): Promise<number> {
  const [row] = await t.sql<{ client_id: number | null }>('SELECT client_id FROM bookings WHERE id = $1', [bookingId]);
  expect(row?.client_id).toEqual(expect.any(Number));
  return row!.client_id!;
}

const detail = (id: number) => t.admin.getJson<ClientDetail>(`/api/admin/clients/${id}`);
/** She says the booking is the client its details led to (docs/decisions/034): answers that client's id. */
const link = async (b: { id: number }) => (await linkMatch(t, b)).id;
/** The client a booking's client may be, and what led to it (null: none). */
async function matchOf(bookingId: number): Promise<{ of: number; basis: string } | null> {
  const [row] = await t.sql<{ of: number | null; basis: string | null }>(
    `SELECT c.possible_match_of AS of, c.match_basis AS basis
       FROM bookings b JOIN clients c ON c.id = b.client_id WHERE b.id = $1`,
    [bookingId],
  );
  return row?.of == null ? null : { of: row.of, basis: row.basis! };
}
const search = (q: string) => t.admin.getJson<ClientSummary[]>(`/api/admin/clients?q=${encodeURIComponent(q)}`);

async function addAlert(clientId: number, text: string): Promise<ClientAlert> {
  const res = await t.admin.post(`/api/admin/clients/${clientId}/alerts`, { text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ClientAlert>();
}

/** Moves a visit into the past (a held visit), as no API can. */
async function moveToPast(id: number, date: string, status: string): Promise<void> {
  const start = nzInstant(date, '10:00').toISOString();
  await t.sql(
    `UPDATE bookings SET status = $2, date = $3, starts_at = ($4)::timestamptz,
       ends_at = ($4)::timestamptz + duration * interval '1 minute',
       buffer_ends_at = ($4)::timestamptz + (duration + 15) * interval '1 minute' WHERE id = $1`,
    [id, status, date, start],
  );
}

describe('which client a booking belongs to', () => {
  it('finds the client by e-mail in any case, and by any spelling of the phone, as a possible match', async () => {
    const first = await bookAs({ email: 'Mere.Tane@Example.NZ', phone: '021 555 0101', firstName: 'Mere' });
    const upper = await bookAs({ email: '  MERE.TANE@example.nz ', phone: '021 555 0101', firstName: 'Mere' });
    const byPhone = await bookAs({ email: 'mere.work@example.nz', phone: '+64 21 555 0101', firstName: 'Mere' });
    const compact = await bookAs({ email: 'mere.tane@example.nz', phone: '0215550101', firstName: 'Mere' });
    const id = await clientOf(first.id);
    expect(await matchOf(first.id)).toBeNull();
    // Each later booking has a client of its own naming hers (docs/decisions/034), until she links it.
    for (const [b, basis] of [
      [upper, 'email'],
      [byPhone, 'phone'],
      [compact, 'email'],
    ] as const) {
      expect(await clientOf(b.id)).not.toBe(id);
      expect(await matchOf(b.id)).toEqual({ of: id, basis });
    }
    expect(await link(upper)).toBe(id);
    expect(await link(byPhone)).toBe(id);
    expect(await link(compact)).toBe(id);
    for (const b of [upper, byPhone, compact]) expect(await clientOf(b.id)).toBe(id);

    // Linked, the new e-mail that came with a known phone now leads to her too.
    const c = await detail(id);
    expect(c.otherContacts).toContainEqual({ kind: 'email', value: 'mere.work@example.nz' });
    const viaWork = await bookAs({ email: 'MERE.WORK@example.nz', phone: '027 000 0000', firstName: 'Mere' });
    expect(await matchOf(viaWork.id)).toEqual({ of: id, basis: 'email' });
    expect(await link(viaWork)).toBe(id);
    // Bookings keep what they said.
    expect(viaWork.email).toBe('MERE.WORK@example.nz');
  });

  it('finds a client by phone alone only under the same first name: a shared family phone keeps two people apart', async () => {
    const mother = await bookAs({
      email: 'whaea@example.nz',
      phone: '07 825 0111',
      firstName: 'Rangi',
      lastName: 'Hohaia',
    });
    const daughter = await bookAs({
      email: 'kotiro@example.nz',
      phone: '(07) 825 0111',
      firstName: 'Ana',
      lastName: 'Hohaia',
    });
    const motherAgain = await bookAs({ email: 'rangi.work@example.nz', phone: '(07)8250111', firstName: ' rangi ' });
    const mum = await clientOf(mother.id);
    expect(await clientOf(daughter.id)).not.toBe(mum);
    // The daughter is not even a possible match of her mother; the mother's second booking is.
    expect(await matchOf(daughter.id)).toBeNull();
    expect(await matchOf(motherAgain.id)).toEqual({ of: mum, basis: 'phone' });
    expect(await link(motherAgain)).toBe(mum);
    expect(await clientOf(motherAgain.id)).toBe(mum);
    // The phone stays the mother's: the daughter's record has her e-mail only.
    const own = await detail(await clientOf(daughter.id));
    expect(own.otherContacts).toEqual([]);
    expect(own.possibleMatch).toBeNull();
    expect(own.name).toBe('Ana Hohaia');
  });

  it('lets the e-mail decide when e-mail and phone lead to different clients', async () => {
    const a = await bookAs({ email: 'kiri@example.nz', phone: '021 555 0202' });
    const b = await bookAs({ email: 'hemi@example.nz', phone: '021 555 0303' });
    const mixed = await bookAs({ email: 'hemi@example.nz', phone: '021 555 0202' });
    const [existing, mixedClient] = [await clientOf(b.id), await clientOf(mixed.id)];
    expect(await matchOf(mixed.id)).toEqual({ of: await clientOf(b.id), basis: 'email' });
    expect((await detail(await clientOf(mixed.id))).possibleMatch).toMatchObject({
      clientId: await clientOf(b.id),
      same: ['e-mail', 'name'],
      different: ['phone'],
    });
    // The clients list says it too, for the request's client only.
    const listed = await search('hemi@example.nz');
    expect(listed.find((c) => c.id === mixedClient)?.possibleMatch).toEqual((await detail(mixedClient)).possibleMatch);
    expect(listed.find((c) => c.id === existing)?.possibleMatch).toBeNull();
    expect(await link(mixed)).toBe(await clientOf(b.id));
    expect(await clientOf(mixed.id)).not.toBe(await clientOf(a.id));
  });

  it('gives one new e-mail to one client when two first bookings come at once (different days)', async () => {
    const one = nextSlot();
    slots += 2;
    const other = nextSlot();
    expect(one.date).not.toBe(other.date);
    const both = await Promise.all([
      book(t, bookingRequest({ ...one, email: 'race@example.nz', phone: '021 555 0404' })),
      book(t, bookingRequest({ ...other, email: 'RACE@example.nz', phone: '021 555 0405' })),
    ]);
    for (const res of both) expect(res.statusCode, res.body).toBe(201);
    const booked = both.map((res) => res.json<Booked>());
    const ids = await Promise.all(booked.map((b) => clientOf(b.id)));
    expect(ids[0]).not.toBe(ids[1]);
    const [count] = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM clients c WHERE EXISTS (
         SELECT 1 FROM client_contacts cc WHERE cc.client_id = c.id AND cc.value = 'race@example.nz')`,
    );
    expect(count?.n).toBe(1);
    const [orphans] = await t.sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM clients c WHERE NOT EXISTS (SELECT 1 FROM bookings b WHERE b.client_id = c.id)',
    );
    expect(orphans?.n).toBe(0);
    // The one that came second names the first as a possible match; linked, they are one client.
    const matches = await Promise.all(booked.map((b) => matchOf(b.id)));
    const second = matches.findIndex((m) => m !== null);
    expect(second).toBeGreaterThanOrEqual(0);
    expect(matches[second]).toEqual({ of: ids[1 - second], basis: 'email' });
    expect(matches[1 - second]).toBeNull();
    expect(await link(booked[second]!)).toBe(ids[1 - second]);
    expect(await clientOf(booked[0]!.id)).toBe(await clientOf(booked[1]!.id));
  });

  it('never takes the name of a later booking, linked or not; only her correction changes it', async () => {
    const first = await bookAs({ email: 'aroha@example.nz', firstName: 'Aroha', lastName: 'Old' });
    const id = await clientOf(first.id);
    const renamed = await bookAs({ email: 'aroha@example.nz', firstName: 'Aroha', lastName: 'New' });
    expect((await detail(id)).name).toBe('Aroha Old');
    expect((await detail(await clientOf(renamed.id))).possibleMatch).toMatchObject({
      clientId: id,
      name: 'Aroha Old',
      same: ['e-mail'],
      different: ['name', 'phone'],
    });
    expect(await link(renamed)).toBe(id);
    expect((await detail(id)).name).toBe('Aroha Old');
    const res = await t.admin.patch(`/api/admin/clients/${id}`, { lastName: 'Corrected' });
    expect(res.statusCode, res.body).toBe(200);
    const later = await bookAs({ email: 'aroha@example.nz', firstName: 'Aroha', lastName: 'Later' });
    expect(await link(later)).toBe(id);
    expect((await detail(id)).name).toBe('Aroha Corrected');
  });
});

describe('linking the bookings made before clients existed', () => {
  it('links every unlinked booking at start-up, oldest first, and again is a no-op', async () => {
    const insert = async (email: string, phone: string, lastName: string, createdAt: string, start: string) =>
      t.sql<{ id: number }>(
        `INSERT INTO bookings (service_name, date, time, address, first_name, last_name, email, phone, cancel_token,
           status, starts_at, ends_at, buffer_ends_at, created_at)
         VALUES ('Massage', ($5)::timestamptz::date, '10:00', '9 Old Road, Raglan', 'Old', $3, $1, $2,
           md5(random()::text) || md5(random()::text), 'confirmed', $5, ($5)::timestamptz + interval '1 hour',
           ($5)::timestamptz + interval '75 minutes', $4)
         RETURNING id`,
        [email, phone, lastName, createdAt, start],
      );
    const [a] = await insert(
      'Legacy@Example.NZ',
      '021 555 0909',
      'First',
      '2023-01-01T00:00:00Z',
      '2023-01-05T00:00:00Z',
    );
    const [b] = await insert(
      'legacy@example.nz',
      '021 555 0910',
      'Second',
      '2023-02-01T00:00:00Z',
      '2023-02-05T00:00:00Z',
    );
    const [c] = await insert(
      'legacy.other@example.nz',
      '+64215550910',
      'Third',
      '2023-03-01T00:00:00Z',
      '2023-03-05T00:00:00Z',
    );
    const log = { info: () => {}, warn: () => {} };
    await prepareDatabase(t.database, t.config, log);
    const id = await clientOf(a!.id);
    expect(await clientOf(b!.id)).toBe(id);
    expect(await clientOf(c!.id)).toBe(id);
    const client = await detail(id);
    // The latest booking's details.
    expect(client.name).toBe('Old Third');
    expect(client.totals.visits).toBe(3);

    const before = await t.sql('SELECT id, client_id FROM bookings ORDER BY id');
    await prepareDatabase(t.database, t.config, log);
    expect(await t.sql('SELECT id, client_id FROM bookings ORDER BY id')).toEqual(before);
  });
});

describe('GET /api/admin/clients', () => {
  it('finds a client by name, e-mail, phone in any spelling and suburb', async () => {
    const b = await bookAs({
      firstName: 'Wiremu',
      lastName: 'Parata',
      email: 'wiremu.p@example.nz',
      phone: '022 777 1234',
      address: '5 Wainui Road, Whale Bay, Raglan',
      // Mid-day on a day of its own: time to drive there from base.
      ...{ ...freshDay(), time: '12:00' },
    });
    const id = await clientOf(b.id);
    for (const q of [
      'wiremu',
      'Parata',
      'Wiremu Parata',
      'WIREMU.P@',
      '022 777',
      '+64 22 777 1234',
      '7771234',
      'whale bay',
    ]) {
      expect(
        (await search(q)).map((c) => c.id),
        q,
      ).toContain(id);
    }
    expect((await search('nobody-by-this-name')).length).toBe(0);
    const [found] = (await search('wiremu.p@example.nz')).filter((c) => c.id === id);
    expect(found).toMatchObject({
      name: 'Wiremu Parata',
      email: 'wiremu.p@example.nz',
      suburb: 'Whale Bay',
      visits: 0,
    });
  });

  it('refuses a search over 100 characters', async () => {
    expectRejected(await t.admin.get(`/api/admin/clients?q=${'a'.repeat(101)}`), 400);
  });

  it('takes a search character as itself, and without q lists the most recent first', async () => {
    expect(await search('%')).toEqual([]);
    const b = await bookAs({ email: 'newest@example.nz' });
    const [top] = await t.admin.getJson<ClientSummary[]>('/api/admin/clients');
    expect(top?.id).toBe(await clientOf(b.id));
  });
});

describe('the search text kept by the database (migration 0012)', () => {
  const ids = async (q: string) => (await search(q)).map((c) => c.id);
  /** A booking at an address of its own: mid-day on a day of its own, time to drive there. */
  const at = (address: string) => ({ address, ...freshDay(), time: '12:00' });

  it('finds a client by an address used only in an old booking, and by phone digits typed with spaces', async () => {
    const who = { email: 'old.address@example.nz', phone: '+64 21 444 6677', firstName: 'Hemi', lastName: 'Old' };
    const first = await bookAs({ ...who, ...at('3 Kaitoki Lane, Te Uku') });
    // The same person booked again: she links it.
    await linkMatch(t, await bookAs({ ...who, ...at('9 Bow Street, Raglan') }));
    const id = await clientOf(first.id);
    expect(await ids('kaitoki lane')).toEqual([id]);
    const [found] = (await search('Kaitoki')).filter((c) => c.id === id);
    expect(found?.suburb).toBe('Raglan');
    expect(await ids('021 444 66 77')).toEqual([id]);
    expect(await ids('64 21 444 6677')).toEqual([id]);
  });

  it('follows a correction: the old name no longer matches, the new one does', async () => {
    const id = await clientOf((await bookAs({ firstName: 'Zebedee', lastName: 'Quarry' })).id);
    expect(await ids('zebedee quarry')).toEqual([id]);
    const res = await t.admin.patch(`/api/admin/clients/${id}`, { firstName: 'Xanthe' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ids('zebedee')).toEqual([]);
    expect(await ids('xanthe quarry')).toEqual([id]);
  });

  it('after a merge finds the client by the merged-away contact and address, and not the other', async () => {
    const a = await clientOf((await bookAs({ email: 'search.merge.a@example.nz', lastName: 'Searcha' })).id);
    const b = await clientOf(
      (await bookAs({ email: 'search.merge.b@example.nz', lastName: 'Searchb', ...at('44 Moved Road, Ruapuke') })).id,
    );
    expect(await ids('44 moved road')).toEqual([b]);
    const res = await t.admin.post(`/api/admin/clients/${a}/merge`, {
      otherId: b,
      keep: { name: 'this', email: 'this', phone: 'this' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ids('search.merge.b@')).toEqual([a]);
    expect(await ids('44 moved road')).toEqual([a]);
    expect(await ids('searchb')).toEqual([]);
    const [row] = await t.sql<{ search_text: string }>('SELECT search_text FROM clients WHERE id = $1', [a]);
    expect(row?.search_text).toContain('44 moved road, ruapuke');
  });
});

describe("a client's page", () => {
  it('totals visits, upcoming, spend and cancellations; requests count in none', async () => {
    const email = 'totals@example.nz';
    const held1 = await bookAs({ email });
    const held2 = await bookAs({ email });
    const upcoming = await bookAs({ email });
    const cancelled = await bookAs({ email });
    await bookAs({ email }); // pending
    const rejected = await bookAs({ email });
    // The same person each time: she links each later request to the first one's client.
    const later = await t.sql<{ id: number }>(
      `SELECT b.id FROM bookings b JOIN clients c ON c.id = b.client_id
        WHERE b.email = $1 AND c.possible_match_of IS NOT NULL ORDER BY b.id`,
      [email],
    );
    expect(later).toHaveLength(5);
    for (const b of later) expect(await link(b)).toBe(await clientOf(held1.id));
    await moveToPast(held1.id, '2024-03-04', 'confirmed');
    await moveToPast(held2.id, '2024-04-08', 'confirmed');
    await t.sql(`UPDATE bookings SET status = 'confirmed' WHERE id = $1`, [upcoming.id]);
    await t.sql(`UPDATE bookings SET status = 'cancelled' WHERE id = $1`, [cancelled.id]);
    await t.sql(`UPDATE bookings SET status = 'rejected' WHERE id = $1`, [rejected.id]);
    const c = await detail(await clientOf(held1.id));
    expect(c.totals).toEqual({
      visits: 2,
      upcoming: 1,
      spend: held1.price + held1.travelCost + held2.price + held2.travelCost,
      cancellations: 1,
      noShows: 0,
      lateCancellations: 0,
    });
    expect(c.visits).toHaveLength(6);
    expect(c.visits.map((v) => v.date)).toEqual([...c.visits.map((v) => v.date)].sort().reverse());
    expect(c.addresses).toEqual([{ address: '12 Bow Street, Raglan', bookings: 6, lastUsedOn: c.visits[0]!.date }]);
    const [summary] = (await search(email)).filter((s) => s.id === c.id);
    expect(summary).toMatchObject({ visits: 2, lastVisitAt: nzInstant('2024-04-08', '10:00').toISOString() });
  });

  it('answers 404 for an unknown client and 400 for a bad id', async () => {
    expectRejected(await t.admin.get('/api/admin/clients/999999'), 404, 'Client not found');
    expect((await t.admin.get('/api/admin/clients/abc')).statusCode).toBe(400);
  });
});

describe('PATCH /api/admin/clients/{id}', () => {
  it('corrects the details and refuses an e-mail or phone that leads to another client', async () => {
    const b = await bookAs({ email: 'patch.me@example.nz', phone: '021 555 1111' });
    const other = await bookAs({
      email: 'taken@example.nz',
      phone: '021 555 2222',
      firstName: 'Tama',
      lastName: 'Rua',
    });
    const id = await clientOf(b.id);
    const res = await t.admin.patch(`/api/admin/clients/${id}`, { email: 'Fixed@Example.NZ', phone: '021 555 3333' });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json<ClientDetail>();
    expect(c).toMatchObject({ email: 'Fixed@Example.NZ', phone: '021 555 3333' });
    // The old ones still lead to her.
    expect(c.otherContacts).toEqual(
      expect.arrayContaining([
        { kind: 'email', value: 'patch.me@example.nz' },
        { kind: 'phone', value: '+64215551111' },
      ]),
    );
    const viaFixed = await bookAs({ email: 'fixed@example.nz' });
    expect(await matchOf(viaFixed.id)).toEqual({ of: id, basis: 'email' });
    expect(await link(viaFixed)).toBe(id);
    // The booking keeps what it said.
    const [row] = await t.sql<{ email: string }>('SELECT email FROM bookings WHERE id = $1', [b.id]);
    expect(row?.email).toBe('patch.me@example.nz');

    const taken = await t.admin.patch(`/api/admin/clients/${id}`, { email: 'TAKEN@example.nz' });
    expectRejected(taken, 409);
    expect(taken.json<{ code: string; message: string }>()).toMatchObject({
      code: 'CLIENT_CONTACT_TAKEN',
      message: expect.stringMatching(/Tama Rua.*merge/),
    });
    const phoneTaken = await t.admin.patch(`/api/admin/clients/${id}`, { phone: '+64 21 555 2222' });
    expect(phoneTaken.json<{ code: string }>().code).toBe('CLIENT_CONTACT_TAKEN');
    expect(await clientOf(other.id)).not.toBe(id);

    expect((await t.admin.patch(`/api/admin/clients/${id}`, {})).statusCode).toBe(400);
    expect((await t.admin.patch(`/api/admin/clients/${id}`, { email: 'not-an-email' })).statusCode).toBe(400);
    expect((await t.admin.patch(`/api/admin/clients/${id}`, { phone: 'call me please' })).statusCode).toBe(400);
    expectRejected(await t.admin.patch('/api/admin/clients/999999', { firstName: 'X' }), 404, 'Client not found');
  });
});

describe('POST /api/admin/clients/{id}/merge', () => {
  it('keeps every booking, alert and contact of both, with the chosen details', async () => {
    const a1 = await bookAs({ email: 'merge.a@example.nz', phone: '021 555 4444', firstName: 'Ana', lastName: 'A' });
    const a2 = await bookAs({ email: 'merge.a@example.nz', phone: '021 555 4444', firstName: 'Ana', lastName: 'A' });
    const b1 = await bookAs({ email: 'merge.b@example.nz', phone: '021 555 5555', firstName: 'Anna', lastName: 'B' });
    const a = await clientOf(a1.id);
    // Her second booking: the same person, linked.
    expect(await link(a2)).toBe(a);
    const b = await clientOf(b1.id);
    await addAlert(a, 'Dog at the gate');
    await addAlert(b, 'Allergic to nut oils');

    const res = await t.admin.post(`/api/admin/clients/${a}/merge`, {
      otherId: b,
      keep: { name: 'other', email: 'this', phone: 'other' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const merged = res.json<ClientDetail>();
    expect(merged).toMatchObject({ id: a, name: 'Anna B', email: 'merge.a@example.nz', phone: '021 555 5555' });
    expect(merged.visits.map((v) => v.bookingId).sort()).toEqual([a1.id, a2.id, b1.id].sort());
    expect(merged.alerts.map((x) => x.text)).toEqual(['Dog at the gate', 'Allergic to nut oils']);
    expect(merged.otherContacts).toEqual(
      expect.arrayContaining([
        { kind: 'email', value: 'merge.b@example.nz' },
        { kind: 'phone', value: '+64215554444' },
      ]),
    );
    expectRejected(await t.admin.get(`/api/admin/clients/${b}`), 404);
    // The merged-away e-mail now leads to her.
    const viaB = await bookAs({ email: 'merge.b@example.nz' });
    expect(await matchOf(viaB.id)).toEqual({ of: a, basis: 'email' });
    expect(await link(viaB)).toBe(a);

    expectRejected(await t.admin.post(`/api/admin/clients/${a}/merge`, { otherId: a }), 400);
    expect((await t.admin.post(`/api/admin/clients/${a}/merge`, { otherId: a })).json<{ code: string }>().code).toBe(
      'CLIENT_MERGE_SELF',
    );
    expectRejected(await t.admin.post(`/api/admin/clients/${a}/merge`, { otherId: b }), 404, 'Client not found');
    expectRejected(await t.admin.post(`/api/admin/clients/${a}/merge`, {}), 400);
  });
});

describe('a merge while the merged-away client books', () => {
  it('ends with the booking naming the client merged into, and on it once linked', async () => {
    const a = await clientOf((await bookAs({ email: 'race.merge.a@example.nz' })).id);
    const b = await clientOf((await bookAs({ email: 'race.merge.b@example.nz' })).id);
    const [merged, booked] = await Promise.all([
      t.admin.post(`/api/admin/clients/${a}/merge`, { otherId: b }),
      book(t, bookingRequest({ ...nextSlot(), phone: ownPhone(), email: 'race.merge.b@example.nz' })),
    ]);
    expect(merged.statusCode, merged.body).toBe(200);
    expect(booked.statusCode, booked.body).toBe(201);
    // Booked before the merge or after, its possible match is the client merged into.
    expect(await matchOf(booked.json<Booked>().id)).toEqual({ of: a, basis: 'email' });
    expect(await link(booked.json<Booked>())).toBe(a);
    expect(await clientOf(booked.json<Booked>().id)).toBe(a);
  });
});

describe('alerts', () => {
  it('show on the pending list, the booking lists and the day route, and nowhere public', async () => {
    const b = await bookAs({ email: 'alerted@example.nz' });
    const id = await clientOf(b.id);
    const alert = await addAlert(id, 'Dog at the gate');
    expect(alert).toEqual({ id: expect.any(Number), text: 'Dog at the gate', createdAt: expect.any(String) });

    const pending = await t.admin.getJson<PendingBooking[]>('/api/admin/bookings/pending');
    expect(pending.find((p) => p.id === b.id)).toMatchObject({ clientId: id, clientAlerts: ['Dog at the gate'] });
    const range = await t.admin.getJson<AdminBooking[]>(`/api/bookings/range?startDate=${b.date}&endDate=${b.date}`);
    expect(range.find((r) => r.id === b.id)).toMatchObject({ clientId: id, clientAlerts: ['Dog at the gate'] });
    const all = await t.admin.getJson<AdminBooking[]>('/api/admin/bookings');
    expect(all.find((r) => r.id === b.id)?.clientAlerts).toEqual(['Dog at the gate']);
    const route = await t.admin.getJson<DayRoute>(`/api/admin/bookings/day-route?date=${b.date}`);
    expect(route.visits.find((v) => v.bookingId === b.id)).toEqual({
      bookingId: b.id,
      clientId: id,
      clientAlerts: ['Dog at the gate'],
    });
    expect(route.visits.map((v) => v.bookingId)).toEqual(route.bookingIds);

    await t.sql(`UPDATE bookings SET status = 'confirmed' WHERE id = $1`, [b.id]);
    const summary = await t.admin.getJson<AdminBookingSummary>('/api/admin/bookings/summary');
    const next = summary.next.find((n) => n.id === b.id);
    if (next) expect(next.clientAlerts).toEqual(['Dog at the gate']);

    const publicView = await t.get(`/api/bookings/token/${b.cancelToken}`);
    expect(publicView.body).not.toContain('Dog at the gate');
    expect(publicView.json()).not.toHaveProperty('clientAlerts');
  });

  it('are stored encrypted, and hostile text comes back as the same text', async () => {
    const b = await bookAs({ email: 'hostile@example.nz' });
    const id = await clientOf(b.id);
    const hostile = '<img src=x onerror=alert(1)>';
    const alert = await addAlert(id, hostile);
    expect(alert.text).toBe(hostile);
    expect((await detail(id)).alerts.map((a) => a.text)).toEqual([hostile]);

    const rows = await t.sql<{ text_encrypted: string }>('SELECT text_encrypted FROM client_alerts');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.text_encrypted).not.toContain('img');
      expect(row.text_encrypted).not.toContain('Dog');
      expect(row.text_encrypted).toMatch(/^v2\./);
    }
  });

  it('are removed one by one, at most 20 per client and 200 characters each', async () => {
    const b = await bookAs({ email: 'many.alerts@example.nz' });
    const id = await clientOf(b.id);
    const added: ClientAlert[] = [];
    for (let i = 0; i < 20; i++) added.push(await addAlert(id, `Alert ${i}`));
    const full = await t.admin.post(`/api/admin/clients/${id}/alerts`, { text: 'One more' });
    expectRejected(full, 409);
    expect(full.json<{ code: string }>().code).toBe('CLIENT_ALERTS_FULL');

    const removed = await t.admin.del(`/api/admin/clients/${id}/alerts/${added[0]!.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: 'Alert removed', id: added[0]!.id });
    expectRejected(await t.admin.del(`/api/admin/clients/${id}/alerts/${added[0]!.id}`), 404, 'Alert not found');
    expect((await detail(id)).alerts).toHaveLength(19);

    expectRejected(await t.admin.post(`/api/admin/clients/${id}/alerts`, { text: 'x'.repeat(201) }), 400);
    expectRejected(await t.admin.post(`/api/admin/clients/${id}/alerts`, { text: '   ' }), 400);
    expectRejected(await t.admin.post('/api/admin/clients/999999/alerts', { text: 'Hello' }), 404);
    expectRejected(await t.admin.del(`/api/admin/clients/999999/alerts/${added[1]!.id}`), 404, 'Client not found');
  });
});

describe('access', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/clients'],
    ['GET', '/api/admin/clients/1'],
    ['PATCH', '/api/admin/clients/1', { firstName: 'X' }],
    ['POST', '/api/admin/clients/1/merge', { otherId: 2 }],
    ['POST', '/api/admin/clients/1/match', { decision: 'link' }],
    ['POST', '/api/admin/clients/1/alerts', { text: 'x' }],
    ['DELETE', '/api/admin/clients/1/alerts/1'],
    ['GET', '/api/admin/clients/1/access-log'],
  ];
  it.each(routes)('%s %s answers 401 without a session', async (method, url, body) => {
    expectRejected(await t.request(method as 'GET', url, body), 401, 'Authentication required');
  });
});

describe('the access log', () => {
  const log = (id: number) => t.admin.getJson<AccessLogEntry[]>(`/api/admin/clients/${id}/access-log`);

  it('records a correction and a merge, by whom, newest first, naming fields but never their values', async () => {
    const kept = await clientOf((await bookAs({ email: 'log-kept@example.nz' })).id);
    const other = await clientOf((await bookAs({ email: 'log-other@example.nz' })).id);
    expect(await log(kept)).toEqual([]);
    const patched = await t.admin.patch(`/api/admin/clients/${kept}`, { lastName: 'Corrected-Surname' });
    expect(patched.statusCode, patched.body).toBe(200);
    const merged = await t.admin.post(`/api/admin/clients/${kept}/merge`, { otherId: other });
    expect(merged.statusCode, merged.body).toBe(200);

    const lines = await log(kept);
    expect(lines.map((l) => [l.actor, l.action, l.detail])).toEqual([
      ['admin', 'merge', `Merged client #${other} into this one`],
      ['admin', 'correct', 'Corrected lastName'],
    ]);
    expect(JSON.stringify(lines)).not.toContain('Corrected-Surname');
    expect(Date.parse(lines[0]!.at)).toBeGreaterThanOrEqual(Date.parse(lines[1]!.at));
  });

  it('answers 404 for a client that does not exist', async () => {
    expectRejected(await t.admin.get('/api/admin/clients/999999/access-log'), 404);
  });
});
