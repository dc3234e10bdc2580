import { describe, expect, it } from 'vitest';
import type { BusinessHours } from '../../src/shared/schemas/hours';
import { useTestApp } from '../helpers/app';
import { eventually } from '../helpers/eventually';
import { expectRejected, expectUnchanged, rejectionChecks } from '../helpers/expect-rejected';

const t = useTestApp({ signedIn: true });

const list = () => t.getJson<BusinessHours[]>('/api/business-hours');
const save = (payload: unknown) => t.admin.post('/api/business-hours', payload);
const day = async (dayOfWeek: number) => (await list()).find((h) => h.dayOfWeek === dayOfWeek);

describe('GET /api/business-hours', () => {
  it('is public and answers the seven days sorted Sunday to Saturday, Sunday closed', async () => {
    const hours = await list();
    expect(hours).toHaveLength(7);
    expect(hours.map((h) => h.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const h of hours) {
      expect(Object.keys(h).sort()).toEqual(['closeTime', 'dayOfWeek', 'id', 'isOpen', 'openTime']);
      expect(h.id).toEqual(expect.any(Number));
    }
    expect(hours[0]).toMatchObject({ dayOfWeek: 0, isOpen: false });
    // Tuesday is not touched by any other test in this file.
    expect(hours[2]).toMatchObject({ dayOfWeek: 2, isOpen: true, openTime: '09:00', closeTime: '17:00' });
  });
});

describe('POST /api/business-hours', () => {
  it('updates the existing row of the day in place (no new row)', async () => {
    const before = await list();
    const monday = before.find((h) => h.dayOfWeek === 1)!;
    const res = await save({ dayOfWeek: 1, isOpen: true, openTime: '10:00', closeTime: '15:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: monday.id, dayOfWeek: 1, isOpen: true, openTime: '10:00', closeTime: '15:00' });
    const after = await list();
    expect(after).toHaveLength(7);
    expect(after.find((h) => h.dayOfWeek === 1)).toEqual({
      id: monday.id,
      dayOfWeek: 1,
      isOpen: true,
      openTime: '10:00',
      closeTime: '15:00',
    });
    // The other days are untouched.
    expect(after.filter((h) => h.dayOfWeek !== 1)).toEqual(before.filter((h) => h.dayOfWeek !== 1));
  });

  it('closes and reopens a day', async () => {
    const closed = await save({ dayOfWeek: 5, isOpen: false, openTime: '09:00', closeTime: '17:00' });
    expect(closed.statusCode).toBe(200);
    expect((await day(5))!.isOpen).toBe(false);
    const reopened = await save({ dayOfWeek: 5, isOpen: true, openTime: '09:00', closeTime: '17:00' });
    expect(reopened.statusCode).toBe(200);
    expect((await day(5))!.isOpen).toBe(true);
  });

  it('creates the row again for a day whose row is missing', async () => {
    await t.sql('DELETE FROM business_hours WHERE day_of_week = 3');
    // Raw SQL reaches the cached list through the change feed, a moment after the commit.
    const without = await eventually(list, (hours) => hours.length === 6);
    expect(without).toHaveLength(6);
    expect(without.some((h) => h.dayOfWeek === 3)).toBe(false);

    const res = await save({ dayOfWeek: 3, isOpen: true, openTime: '08:30', closeTime: '12:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      dayOfWeek: 3,
      isOpen: true,
      openTime: '08:30',
      closeTime: '12:00',
    });
    const after = await list();
    expect(after).toHaveLength(7);
    expect(after.map((h) => h.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(after.find((h) => h.dayOfWeek === 3)).toEqual(res.json());
  });

  it('defaults isOpen to true when omitted', async () => {
    // Sunday starts closed.
    const res = await save({ dayOfWeek: 0, openTime: '11:00', closeTime: '14:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dayOfWeek: 0, isOpen: true, openTime: '11:00', closeTime: '14:00' });
    expect((await day(0))!.isOpen).toBe(true);
  });

  it('requires a session', async () => {
    const res = await expectUnchanged(list, () =>
      t.post('/api/business-hours', { dayOfWeek: 6, isOpen: false, openTime: '09:00', closeTime: '17:00' }),
    );
    expectRejected(res, 401);
  });
});

describe('business hours validation', () => {
  const { rejects, rejectsWith } = rejectionChecks(save, list);

  it('refuses a close time at or before the open time', async () => {
    for (const [openTime, closeTime] of [
      ['12:00', '12:00'],
      ['12:00', '11:30'],
    ]) {
      await rejectsWith({ dayOfWeek: 6, isOpen: true, openTime, closeTime }, [
        { path: 'closeTime', message: 'End time must be after start time' },
      ]);
    }
  });

  it('refuses a day of week outside 0-6', async () => {
    for (const dayOfWeek of [7, -1]) {
      const body = await rejects({ dayOfWeek, isOpen: true, openTime: '09:00', closeTime: '17:00' });
      expect(body.errors).toEqual([{ path: 'dayOfWeek', message: 'Day of week must be 0-6' }]);
    }
    const fraction = await rejects({ dayOfWeek: 1.5, isOpen: true, openTime: '09:00', closeTime: '17:00' });
    expect(fraction.errors?.[0]?.path).toBe('dayOfWeek');
    const missing = await rejects({ isOpen: true, openTime: '09:00', closeTime: '17:00' });
    expect(missing.errors).toEqual([{ path: 'dayOfWeek', message: 'Day of week is required' }]);
  });

  it('refuses times that are not HH:mm', async () => {
    const late = await rejects({ dayOfWeek: 6, isOpen: true, openTime: '09:00', closeTime: '24:00' });
    expect(late.errors).toEqual([{ path: 'closeTime', message: 'Close time must be HH:mm' }]);
    // Only the format error: no order check on a malformed time.
    await rejectsWith({ dayOfWeek: 6, isOpen: true, openTime: '9:00', closeTime: '17:00' }, [
      { path: 'openTime', message: 'Open time must be HH:mm' },
    ]);
    const missing = await rejects({ dayOfWeek: 6, isOpen: true, closeTime: '17:00' });
    expect(missing.message).toBe('Open time is required');
    expect(missing.errors?.[0]).toEqual({ path: 'openTime', message: 'Open time is required' });
  });
});
