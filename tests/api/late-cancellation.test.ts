/**
 * docs/product.md §4 "Client cancellation", 'Late cancellation': when she cancels a confirmed visit for the client
 * inside CHANGE_CUTOFF_HOURS of its start (PATCH /api/bookings/{id}/status { status: 'cancelled', lateCancellation:
 * true }), the booking is marked, her booking answers say so, and the client's page counts it beside the no-shows.
 * Refused (409 LATE_CANCELLATION_REFUSED, or 400 without a cancellation) for a pending request, a visit outside the
 * cut-off or one already cancelled; a refusal changes nothing (the booking, the outbox, the totals). The plain cancel
 * still works as before.
 */
import { describe, expect, it } from 'vitest';
import type { AdminBooking, Booking } from '../../src/shared/schemas/booking';
import type { ClientDetail } from '../../src/shared/schemas/client';
import { nzDateOf, nzInstant, nzTimeOf } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { expectRejected, expectUnchanged } from '../helpers/expect-rejected';

const t = useTestApp({ signedIn: true });

let emails = 0;
/** A new request; each with a client of its own (e-mail and phone) unless `email` names one. */
async function request(date: string, time: string, email = `late${++emails}@example.nz`): Promise<Booking> {
  const phone = `021 555 ${String(1000 + [...email].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 9000, 0))}`;
  const res = await book(t, bookingRequest({ date, time, email, phone }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

async function confirmed(date: string, time: string, email?: string): Promise<Booking> {
  const b = await request(date, time, email);
  // A named e-mail is the same person booking again: she approves it linked to her client (docs/decisions/034).
  const res = await t.admin.patch(`/api/admin/bookings/${b.id}/status`, {
    status: 'confirmed',
    ...(email === undefined ? {} : { clientMatch: 'link' }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Booking>();
}

async function startIn(id: number, hours: number): Promise<void> {
  const at = new Date(Math.ceil((Date.now() + hours * 3600_000) / 60_000) * 60_000);
  const date = nzDateOf(at);
  const time = nzTimeOf(at);
  await t.sql(
    `UPDATE bookings SET date = $2, time = $3, starts_at = $4::timestamptz,
       ends_at = $4::timestamptz + make_interval(mins => duration),
       buffer_ends_at = $4::timestamptz + make_interval(mins => duration + 15),
       expires_at = CASE WHEN status = 'pending' THEN LEAST(expires_at, $4::timestamptz) END
     WHERE id = $1`,
    [id, date, time, nzInstant(date, time).toISOString()],
  );
}

const cancel = (id: number, body: Record<string, unknown> = {}) =>
  t.admin.patch(`/api/bookings/${id}/status`, { status: 'cancelled', ...body });

async function clientPage(bookingId: number): Promise<ClientDetail> {
  const [row] = await t.sql<{ client_id: number }>('SELECT client_id FROM bookings WHERE id = $1', [bookingId]);
  return t.admin.getJson<ClientDetail>(`/api/admin/clients/${row!.client_id}`);
}

async function snapshot(id: number) {
  const [row] = await t.sql(
    'SELECT status, late_cancellation, status_changed_at, ics_sequence FROM bookings WHERE id = $1',
    [id],
  );
  const [count] = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox');
  return { row, mails: count!.n };
}

describe('marking a late cancellation', () => {
  it('marks a confirmed visit cancelled 20 hours ahead, shows it to her, and counts it on the client', async () => {
    const email = 'late.counted@example.nz';
    const b = await confirmed(openDay(30), '10:00', email);
    const other = await confirmed(openDay(31), '10:00', email);
    await startIn(b.id, 20);
    const before = await clientPage(b.id);
    expect(before.totals).toMatchObject({ cancellations: 0, lateCancellations: 0, upcoming: 2 });

    const res = await cancel(b.id, { lateCancellation: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Booking>().status).toBe('cancelled');
    const [row] = await t.sql<{ late_cancellation: boolean }>('SELECT late_cancellation FROM bookings WHERE id = $1', [
      b.id,
    ]);
    expect(row!.late_cancellation).toBe(true);
    // The client is told as for any cancellation by her.
    const [mail] = await t.sql<{ subject: string }>(
      "SELECT subject FROM email_outbox WHERE booking_id = $1 AND kind = 'booking_cancelled_by_admin'",
      [b.id],
    );
    expect(mail?.subject).toBe('Your appointment has been cancelled');

    // Her booking answers carry the mark.
    const all = await t.admin.getJson<AdminBooking[]>('/api/admin/bookings');
    expect(all.find((x) => x.id === b.id)?.lateCancellation).toBe(true);
    expect(all.find((x) => x.id === other.id)?.lateCancellation).toBe(false);

    // The client's page: one late cancellation, not an ordinary cancellation; the visit row says so.
    const after = await clientPage(b.id);
    expect(after.totals).toMatchObject({ cancellations: 0, lateCancellations: 1, upcoming: 1, noShows: 0 });
    expect(after.visits.find((v) => v.bookingId === b.id)?.lateCancellation).toBe(true);

    // A plain cancellation of the other visit is an ordinary one.
    expect((await cancel(other.id)).statusCode).toBe(200);
    expect((await clientPage(b.id)).totals).toMatchObject({ cancellations: 1, lateCancellations: 1, upcoming: 0 });
  });

  it('refuses the mark outside the cut-off, on a pending request or a cancelled booking; nothing changes', async () => {
    const far = await confirmed(openDay(32), '10:00');
    const pending = await request(openDay(32), '13:00');
    await startIn(pending.id, 20);
    const gone = await confirmed(openDay(32), '15:00');
    await startIn(gone.id, 10);
    expect((await cancel(gone.id)).statusCode).toBe(200);
    const hours = t.config.booking.changeCutoffHours;

    await expectUnchanged(
      () => snapshot(far.id),
      async () =>
        expectRejected(await cancel(far.id, { lateCancellation: true }), 409, {
          code: 'LATE_CANCELLATION_REFUSED',
          message: `This visit starts more than ${hours} hours from now, so it is not a late cancellation. Cancel it without the mark.`,
        }),
    );
    for (const b of [pending, gone]) {
      await expectUnchanged(
        () => snapshot(b.id),
        async () =>
          expectRejected(await cancel(b.id, { lateCancellation: true }), 409, {
            code: 'LATE_CANCELLATION_REFUSED',
            message: 'Only a confirmed visit can be marked as a late cancellation.',
          }),
      );
    }
    // Only with a cancellation.
    await startIn(far.id, 22);
    await expectUnchanged(
      () => snapshot(far.id),
      async () => {
        const body = expectRejected(
          await t.admin.patch(`/api/bookings/${far.id}/status`, { status: 'confirmed', lateCancellation: true }),
          400,
        );
        expect(body.errors).toEqual([{ path: 'lateCancellation', message: 'Only a cancellation can be marked late' }]);
      },
    );
    expectRejected(await cancel(999999, { lateCancellation: true }), 404);
    // The refused ones count as nothing late.
    expect((await clientPage(far.id)).totals.lateCancellations).toBe(0);
    // The database holds the rule too: only a cancelled booking carries the mark.
    await expect(t.sql('UPDATE bookings SET late_cancellation = true WHERE id = $1', [far.id])).rejects.toThrow();
  });

  it('needs her session', async () => {
    const res = await t.patch(`/api/bookings/1/status`, { status: 'cancelled', lateCancellation: true });
    expect(res.statusCode).toBe(401);
  });
});
