// @both-databases: constraints, migrations and rolled-back transactions are the database server's own
/** The invariants the database itself enforces, whatever code writes to it. */
import { describe, expect, it } from 'vitest';
import { sqlState } from '../../src/server/db/errors';
import { migrate } from '../../src/server/db/migrate';
import { useTestApp } from '../helpers/app';

const t = useTestApp();

/** The SQLSTATE a statement fails with (inside a rolled-back transaction), or 'ok'. */
async function outcome(text: string, params: unknown[] = []): Promise<string> {
  return t.database.withSession(async (sql) => {
    await sql.exec('BEGIN');
    try {
      await sql.query(text, params);
      return 'ok';
    } catch (err) {
      return sqlState(err) ?? String(err);
    } finally {
      await sql.exec('ROLLBACK');
    }
  });
}

const booking = (over: Record<string, string> = {}) => {
  const v = {
    status: "'pending'",
    starts: "'2031-03-04 10:00+13'",
    ends: "'2031-03-04 11:00+13'",
    buffer: "'2031-03-04 11:30+13'",
    token: `'${Math.random().toString(36).slice(2)}-token-long-enough'`,
    ...over,
  };
  return `INSERT INTO bookings (service_id, service_name, date, time, address, first_name, last_name, email, phone, cancel_token, status, starts_at, ends_at, buffer_ends_at, expires_at)
          VALUES (1, 'Swedish Massage', '2031-03-04', '10:00', '1 Wainui Road, Raglan', 'Ana', 'Smith', 'ana@example.nz', '0211234567', ${v.token}, ${v.status}, ${v.starts}, ${v.ends}, ${v.buffer}, ${v.starts})`;
};

describe('migrations', () => {
  it('are idempotent: a second run applies nothing', async () => {
    const result = await migrate(t.database);
    expect(result.applied).toEqual([]);
    expect(result.total).toBeGreaterThan(0);
  });
});

describe('constraints', () => {
  it.each([
    [
      'admin username unique in any case',
      `INSERT INTO admin_users (username, password_hash, name, email) VALUES ('ADMIN', 'x', 'n', 'e')`,
      '23505',
    ],
    ['rating above 5', `INSERT INTO reviews (name, rating, comment) VALUES ('a', 6, 'c')`, '23514'],
    ['rating below 1', `INSERT INTO reviews (name, rating, comment) VALUES ('a', 0, 'c')`, '23514'],
    [
      'second row for one day of week',
      `INSERT INTO business_hours (day_of_week, open_time, close_time) VALUES (1, '09:00', '17:00')`,
      '23505',
    ],
    [
      'day of week 7',
      `INSERT INTO business_hours (day_of_week, open_time, close_time) VALUES (7, '09:00', '17:00')`,
      '23514',
    ],
    ['time not HH:mm', `UPDATE business_hours SET open_time = '9:00' WHERE day_of_week = 1`, '23514'],
    ['time 24:00', `UPDATE business_hours SET close_time = '24:00' WHERE day_of_week = 1`, '23514'],
    ['hours closing before opening', `UPDATE business_hours SET open_time = '18:00' WHERE day_of_week = 1`, '23514'],
    ['negative price', `UPDATE services SET price = -1 WHERE id = 1`, '23514'],
    ['duration options not an array', `UPDATE services SET duration_options = '{}' WHERE id = 1`, '23514'],
    [
      'partial block with start after end',
      `INSERT INTO blocked_dates (date, is_full_day, start_time, end_time) VALUES ('2031-01-01', false, '12:00', '11:00')`,
      '23514',
    ],
    [
      'partial block without times',
      `INSERT INTO blocked_dates (date, is_full_day) VALUES ('2031-01-01', false)`,
      '23514',
    ],
    [
      'full-day block with times',
      `INSERT INTO blocked_dates (date, is_full_day, start_time, end_time) VALUES ('2031-01-01', true, '09:00', '10:00')`,
      '23514',
    ],
    ['unknown booking status', booking({ status: "'maybe'" }), '23514'],
    ['booking ending before it starts', booking({ ends: "'2031-03-04 09:00+13'" }), '23514'],
    ['pending booking without an expiry', booking().replace(/, '2031-03-04 10:00\+13'\)$/, ', NULL)'), '23514'],
  ])('refuses %s', async (_name, statement, code) => {
    expect(await outcome(statement)).toBe(code);
  });

  it('refuses a second full-day block of one date', async () => {
    await t.sql(`INSERT INTO blocked_dates (date) VALUES ('2031-02-02')`);
    expect(await outcome(`INSERT INTO blocked_dates (date) VALUES ('2031-02-02')`)).toBe('23505');
  });

  it('refuses a duplicate cancel token', async () => {
    await t.sql(
      booking({
        token: "'the-same-token-0123456789'",
        starts: "'2031-05-01 10:00+12'",
        ends: "'2031-05-01 11:00+12'",
        buffer: "'2031-05-01 11:30+12'",
      }),
    );
    expect(
      await outcome(
        booking({
          token: "'the-same-token-0123456789'",
          starts: "'2031-05-02 10:00+12'",
          ends: "'2031-05-02 11:00+12'",
          buffer: "'2031-05-02 11:30+12'",
        }),
      ),
    ).toBe('23505');
  });
});

describe('no overlapping active bookings (exclusion constraint)', () => {
  it('refuses an active booking that overlaps another, buffer included', async () => {
    await t.sql(booking());
    // Starts inside the first one's turnaround buffer (11:00-11:30).
    const overlapping = booking({
      starts: "'2031-03-04 11:15+13'",
      ends: "'2031-03-04 12:15+13'",
      buffer: "'2031-03-04 12:45+13'",
    });
    expect(await outcome(overlapping)).toBe('23P01');
    expect(
      await outcome(
        booking({
          status: "'confirmed'",
          starts: "'2031-03-04 09:30+13'",
          ends: "'2031-03-04 10:30+13'",
          buffer: "'2031-03-04 11:00+13'",
        }),
      ),
    ).toBe('23P01');
  });

  it('allows back-to-back bookings and overlapping cancelled or rejected ones', async () => {
    const next = booking({
      starts: "'2031-03-04 11:30+13'",
      ends: "'2031-03-04 12:30+13'",
      buffer: "'2031-03-04 13:00+13'",
    });
    expect(await outcome(next)).toBe('ok');
    expect(await outcome(booking({ status: "'cancelled'" }))).toBe('ok');
    expect(await outcome(booking({ status: "'rejected'" }))).toBe('ok');
  });

  it('frees the slot when a booking is cancelled', async () => {
    await t.sql(`UPDATE bookings SET status = 'cancelled' WHERE date = '2031-03-04' AND time = '10:00'`);
    expect(await outcome(booking())).toBe('ok');
  });
});
