import { describe, expect, it } from 'vitest';
import type { BlockedDate } from '../../src/shared/schemas/blocked-date';
import { addDaysToDate, nzToday } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { expectInvalid, expectRejected, expectUnchanged, rejectionChecks } from '../helpers/expect-rejected';

const t = useTestApp({ signedIn: true });

/** A date n days after today in New Zealand; each test uses its own offsets. */
const inDays = (n: number) => addDaysToDate(nzToday(), n);

const list = () => t.getJson<BlockedDate[]>('/api/blocked-dates');
const block = (payload: unknown) => t.admin.post('/api/blocked-dates', payload);
const unblock = (id: number | string) => t.admin.del(`/api/blocked-dates/${id}`);

describe('POST /api/blocked-dates', () => {
  it('blocks a full day (201), dropping any times sent with it', async () => {
    const date = inDays(10);
    const res = await block({ date, reason: 'Holiday', isFullDay: true, startTime: '10:00', endTime: '12:00' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(Number),
      date,
      startTime: null,
      endTime: null,
      isFullDay: true,
      reason: 'Holiday',
    });
    expect((await list()).find((b) => b.id === created.id)).toEqual(created);
  });

  it('treats a block without isFullDay as a full day', async () => {
    const date = inDays(11);
    const res = await block({ date });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ date, isFullDay: true, startTime: null, endTime: null, reason: null });
  });

  it('blocks part of a day, keeping its times', async () => {
    const date = inDays(12);
    const res = await block({ date, reason: 'Dentist', isFullDay: false, startTime: '13:00', endTime: '14:30' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      date,
      startTime: '13:00',
      endTime: '14:30',
      isFullDay: false,
      reason: 'Dentist',
    });
  });

  it('accepts two partial blocks on the same date', async () => {
    const date = inDays(13);
    const first = await block({ date, isFullDay: false, startTime: '09:00', endTime: '10:00' });
    const second = await block({ date, isFullDay: false, startTime: '15:00', endTime: '16:00' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().id).not.toBe(first.json().id);
    expect((await list()).filter((b) => b.date === date)).toHaveLength(2);
  });

  it('answers 409 for a second full-day block of the same date, and stores nothing', async () => {
    const date = inDays(14);
    expect((await block({ date, isFullDay: true })).statusCode).toBe(201);
    const again = await block({ date, isFullDay: true, reason: 'Again' });
    expectRejected(again, 409, { message: 'This date is already blocked for the whole day' });
    expect((await list()).filter((b) => b.date === date)).toHaveLength(1);
  });

  it('accepts today (in New Zealand) and refuses yesterday', async () => {
    const today = await block({ date: nzToday(), isFullDay: false, startTime: '22:00', endTime: '23:00' });
    expect(today.statusCode).toBe(201);
    await expectUnchanged(list, async () => {
      expectInvalid(await block({ date: inDays(-1), isFullDay: true }), [
        { path: 'date', message: 'Please select today or a later date' },
      ]);
      expectRejected(await block({ date: '2020-01-01', isFullDay: true }), 400, 'Please select today or a later date');
    });
  });

  it('stores an empty reason as null and trims a reason', async () => {
    const empty = await block({ date: inDays(15), reason: '', isFullDay: true });
    expect(empty.statusCode).toBe(201);
    expect(empty.json().reason).toBeNull();
    const spaces = await block({ date: inDays(16), reason: '   ', isFullDay: true });
    expect(spaces.json().reason).toBeNull();
    const trimmed = await block({ date: inDays(17), reason: '  Conference  ', isFullDay: true });
    expect(trimmed.json().reason).toBe('Conference');
    expect((await list()).find((b) => b.id === empty.json().id)!.reason).toBeNull();
  });

  it('requires a session', async () => {
    const res = await expectUnchanged(list, () => t.post('/api/blocked-dates', { date: inDays(18) }));
    expectRejected(res, 401);
  });
});

describe('blocked date validation', () => {
  const { rejects, rejectsWith } = rejectionChecks(block, list);

  it('requires a date', async () => {
    await rejectsWith({ isFullDay: true }, [{ path: 'date', message: 'Please select a date' }]);
    await rejectsWith({ date: '', isFullDay: true }, [{ path: 'date', message: 'Please select a date' }]);
  });

  it('refuses a date that does not exist or is not yyyy-MM-dd', async () => {
    for (const date of ['2025-02-30', '2031-13-01', '01/02/2031', 'tomorrow']) {
      const body = await rejects({ date, isFullDay: true });
      expect(body.errors).toEqual([{ path: 'date', message: 'Please select a date' }]);
    }
  });

  it('refuses a partial block whose end is not after its start', async () => {
    const date = inDays(20);
    for (const [startTime, endTime] of [
      ['14:00', '14:00'],
      ['14:00', '13:00'],
    ]) {
      await rejectsWith({ date, isFullDay: false, startTime, endTime }, [
        { path: 'endTime', message: 'End time must be after start time' },
      ]);
    }
  });

  it('refuses a partial block without its times', async () => {
    const date = inDays(21);
    const none = await rejects({ date, isFullDay: false });
    expect(none.errors).toEqual([
      { path: 'startTime', message: 'Please select a start time' },
      { path: 'endTime', message: 'Please select an end time' },
    ]);
    const noEnd = await rejects({ date, isFullDay: false, startTime: '10:00', endTime: '' });
    expect(noEnd.errors).toEqual([{ path: 'endTime', message: 'Please select an end time' }]);
    const nulls = await rejects({ date, isFullDay: false, startTime: null, endTime: null });
    expect(nulls.errors?.map((e) => e.path)).toEqual(['startTime', 'endTime']);
  });

  it('refuses times that are not HH:mm', async () => {
    const body = await rejects({ date: inDays(22), isFullDay: false, startTime: '9:00', endTime: '24:00' });
    expect(body.message).toBe('Time must be HH:mm');
    // The order check also runs on the malformed text ('24:00' <= '9:00') and adds a
    // misleading 'End time must be after start time'; only the format errors are asserted.
    expect(body.errors?.slice(0, 2)).toEqual([
      { path: 'startTime', message: 'Time must be HH:mm' },
      { path: 'endTime', message: 'Time must be HH:mm' },
    ]);
  });
});

describe('GET /api/blocked-dates', () => {
  it('is public and sorted by date ascending', async () => {
    // Created out of order.
    for (const n of [40, 30, 35]) {
      expect((await block({ date: inDays(n), isFullDay: true })).statusCode).toBe(201);
    }
    const blocks = await list();
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    const dates = blocks.map((b) => b.date);
    expect(dates).toEqual([...dates].sort());
    const ours = dates.filter((d) => [inDays(30), inDays(35), inDays(40)].includes(d));
    expect(ours).toEqual([inDays(30), inDays(35), inDays(40)]);
    for (const b of blocks) {
      expect(Object.keys(b).sort()).toEqual(['date', 'endTime', 'id', 'isFullDay', 'reason', 'startTime']);
    }
  });
});

describe('DELETE /api/blocked-dates/:id', () => {
  it('removes a block (200), then answers 404 Blocked date not found', async () => {
    const date = inDays(50);
    const created = (await block({ date, isFullDay: true })).json();
    const res = await unblock(created.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String), id: created.id });
    expect((await list()).some((b) => b.id === created.id)).toBe(false);

    expectRejected(await unblock(created.id), 404, { message: 'Blocked date not found' });

    // The day can be blocked again once freed.
    expect((await block({ date, isFullDay: true })).statusCode).toBe(201);
  });

  it('answers 400 Invalid id for a non-numeric id', async () => {
    expectRejected(await unblock('abc'), 400, { message: 'Invalid id' });
  });

  it('requires a session', async () => {
    const created = (await block({ date: inDays(51), isFullDay: true })).json();
    expectRejected(await t.del(`/api/blocked-dates/${created.id}`), 401);
    expect((await list()).some((b) => b.id === created.id)).toBe(true);
  });
});
