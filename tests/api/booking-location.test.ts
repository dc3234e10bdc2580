/** docs/product.md §10: each booking keeps where the visit is, for the drive between visits. */
import { describe, expect, it } from 'vitest';
import { backfillBookingLocations, resetLocationBackfill } from '../../src/server/modules/bookings/backfill-locations';
import { haversineKm } from '../../src/server/modules/travel/offline-provider';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';

const t = useTestApp();

const RAGLAN = { lat: -37.8009, lon: 174.8708 };
const HAMILTON = { lat: -37.787, lon: 175.2793 };

async function locationOf(id: number) {
  const [row] = await t.sql<{ lat: number | null; lon: number | null }>(
    'SELECT location_lat AS lat, location_lon AS lon FROM bookings WHERE id = $1',
    [id],
  );
  return row!.lat === null || row!.lon === null ? null : { lat: Number(row!.lat), lon: Number(row!.lon) };
}

describe('a booking’s location', () => {
  it('is stored where the travel provider found the address', async () => {
    const raglan = (
      await book(t, bookingRequest({ date: openDay(0), time: '09:00', address: '12 Bow Street, Raglan' }))
    ).json();
    const hamilton = (
      await book(t, bookingRequest({ date: openDay(1), time: '10:00', address: '100 Victoria Street, Hamilton' }))
    ).json();
    const here = await locationOf(raglan.id);
    const there = await locationOf(hamilton.id);
    expect(here).not.toBeNull();
    expect(there).not.toBeNull();
    // The place the address is in, within a few kilometres of the town's centre.
    expect(haversineKm(here!, RAGLAN)).toBeLessThan(5);
    expect(haversineKm(there!, HAMILTON)).toBeLessThan(5);
  });

  it('is empty when the address cannot be located, and the booking is still made (flagged)', async () => {
    const res = await book(t, bookingRequest({ date: openDay(2), time: '09:00', address: '1 Nowhere Lane, Atlantis' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().travelUnresolved).toBe(true);
    expect(await locationOf(res.json().id)).toBeNull();
  });

  it('is refused by the database unless both coordinates are given, in range', async () => {
    const id = (await book(t, bookingRequest({ date: openDay(3), time: '09:00' }))).json().id;
    await expect(t.sql('UPDATE bookings SET location_lat = NULL WHERE id = $1', [id])).rejects.toThrow(
      /bookings_location_pair/,
    );
    await expect(t.sql('UPDATE bookings SET location_lat = 95 WHERE id = $1', [id])).rejects.toThrow(
      /bookings_location_range/,
    );
  });
});

describe('the back-fill of bookings made before locations were stored', () => {
  it('locates each once, leaves the unlocatable empty, and runs once per database', async () => {
    const old = (
      await book(t, bookingRequest({ date: openDay(4), time: '09:00', address: '7 Wallis Street, Raglan' }))
    ).json();
    const lost = (
      await book(t, bookingRequest({ date: openDay(5), time: '09:00', address: '2 Nowhere Lane, Atlantis' }))
    ).json();
    await t.sql('UPDATE bookings SET location_lat = NULL, location_lon = NULL');
    await resetLocationBackfill(t.database.db);

    const first = await backfillBookingLocations(t.database.db, t.app.travel);
    expect(first.ran).toBe(true);
    expect(first.unresolved).toBeGreaterThanOrEqual(1);
    expect(haversineKm((await locationOf(old.id))!, RAGLAN)).toBeLessThan(5);
    expect(await locationOf(lost.id)).toBeNull();

    await t.sql('UPDATE bookings SET location_lat = NULL, location_lon = NULL WHERE id = $1', [old.id]);
    expect(await backfillBookingLocations(t.database.db, t.app.travel)).toEqual({
      ran: false,
      located: 0,
      unresolved: 0,
    });
    expect(await locationOf(old.id)).toBeNull();
  });
});
