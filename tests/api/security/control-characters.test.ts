/**
 * docs/security.md: names, addresses and notes refuse control characters (src/shared/schemas/text.ts). A name with
 * U+202E (which shows the rest of the line backwards on her screens and in e-mails) or an address with a line break (a
 * second line in a calendar entry or a CSV row) is a 400 naming the field, and nothing is stored; notes keep their
 * line breaks. docs/security.md, "Text fields refuse control characters".
 */
import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../src/shared/schemas/booking';
import { CONTROL_CHARACTERS_MESSAGE } from '../../../src/shared/schemas/text';
import { useTestApp } from '../../helpers/app';
import { book, bookingRequest, countBookings, openDay } from '../../helpers/bookings';
import { expectRejected } from '../../helpers/expect-rejected';
import { joinRequest } from '../../helpers/waitlist';

const t = useTestApp({ signedIn: true });

const RLO = '\u202E';
const fieldsOf = (res: { json<T>(): T }) => res.json<{ errors?: { path: string; message: string }[] }>().errors ?? [];

const counts = async () =>
  (
    await t.sql<{ bookings: number; clients: number; waitlist: number; reviews: number; services: number }>(
      `SELECT (SELECT count(*)::int FROM bookings) AS bookings, (SELECT count(*)::int FROM clients) AS clients,
              (SELECT count(*)::int FROM waitlist_entries) AS waitlist, (SELECT count(*)::int FROM reviews) AS reviews,
              (SELECT count(*)::int FROM services) AS services`,
    )
  )[0]!;

describe('a booking request', () => {
  it('with U+202E in the name and a line break in the address is refused, and nothing is stored', async () => {
    const before = await counts();
    const res = await book(
      t,
      bookingRequest({ firstName: `Ana${RLO}gpj.exe`, address: '12 Bow Street\nRaglan', date: openDay(2) }),
    );
    expectRejected(res, 400);
    expect(fieldsOf(res)).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: CONTROL_CHARACTERS_MESSAGE },
        { path: 'address', message: CONTROL_CHARACTERS_MESSAGE },
      ]),
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses a control character in each contact field, and bidirectional characters in notes', async () => {
    const before = await countBookings(t);
    for (const over of [
      { lastName: 'Smith\u0007' },
      { email: 'ana\u200E@example.nz' },
      { phone: '021 123\t4567' },
      { notes: `Gate code ${RLO}4321` },
      { notes: 'Bell\u0000' },
    ]) {
      const res = await book(t, bookingRequest({ ...over, date: openDay(3) }));
      expectRejected(res, 400);
      expect(fieldsOf(res).map((e) => e.path)).toEqual(Object.keys(over));
    }
    expect(await countBookings(t)).toBe(before);
  });

  it('keeps line breaks in notes', async () => {
    const res = await book(t, bookingRequest({ notes: 'Dog at the gate.\r\nPark on the street.', date: openDay(4) }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Booking>().notes).toBe('Dog at the gate.\r\nPark on the street.');
  });
});

describe('the other forms', () => {
  it('refuse them too: the waitlist, a review, her service and client forms', async () => {
    const before = await counts();
    expectRejected(await t.post('/api/waitlist', joinRequest({ firstName: `Wai${RLO}` })), 400);
    expectRejected(await t.post('/api/reviews', { name: `Ana\nSmith`, rating: 5, comment: 'Lovely' }), 400);
    expectRejected(await t.post('/api/reviews', { name: 'Ana', rating: 5, comment: `Lovely ${RLO}` }), 400);
    expectRejected(
      await t.admin.post('/api/services', {
        name: 'Deep\nTissue',
        description: 'Firm pressure.',
        durationOptions: [{ duration: 60, price: 9000 }],
      }),
      400,
    );
    expect(await counts()).toEqual(before);

    const [client] = await t.sql<{ id: number }>('SELECT id FROM clients ORDER BY id LIMIT 1');
    expect(client).toBeDefined();
    const patched = await t.admin.patch(`/api/admin/clients/${client!.id}`, { firstName: `Ana${RLO}` });
    expectRejected(patched, 400, {
      message: CONTROL_CHARACTERS_MESSAGE,
      errors: [{ path: 'firstName', message: CONTROL_CHARACTERS_MESSAGE }],
    });
    const alert = await t.admin.post(`/api/admin/clients/${client!.id}/alerts`, { text: `Dog${RLO}` });
    expectRejected(alert, 400);
  });
});
