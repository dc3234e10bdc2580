/**
 * docs/product.md §17, "found from outside": a real booking's life through the API (request, approve, move, reminder,
 * cancel; a declined request; her cancellation; joining the waitlist), then every e-mail the outbox stored,
 * composed and read back with mailparser: every time of day in subject, text and HTML says NZ time.
 */
import { describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/schemas/booking';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { checkNzTimes } from '../helpers/nz-time';
import { joinRequest } from '../helpers/waitlist';

const t = useTestApp({ signedIn: true });

interface StoredMail {
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: { filename: string; contentType: string; content: string }[];
}

async function request(over: Record<string, unknown>): Promise<Booking> {
  const res = await book(t, bookingRequest(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

async function ok(res: { statusCode: number; body: string }): Promise<void> {
  expect(res.statusCode, res.body).toBe(200);
}

describe('the e-mails of a real booking say NZ time (issue 26)', () => {
  it('every stored e-mail of request, approval, move, reminder, cancellations and the waitlist', async () => {
    // Her new-request e-mail gave '10:00 AM' with no zone: the outside report.
    const a = await request({ date: openDay(2), time: '10:00', email: 'aria@example.nz' });
    await ok(
      await t.admin.patch(`/api/admin/bookings/${a.id}/status`, { status: 'confirmed', adminNote: 'Park by 9:45 AM' }),
    );
    await ok(await t.post(`/api/bookings/token/${a.cancelToken}/reschedule`, { date: openDay(3), time: '14:00' }));
    await ok(await t.admin.post(`/api/admin/bookings/${a.id}/reminder`, {}));
    await ok(await t.post(`/api/bookings/cancel/${a.cancelToken}`, {}));

    const b = await request({ date: openDay(4), time: '11:30', email: 'ben@example.nz' });
    await ok(await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status: 'rejected', adminNote: 'Away then' }));

    const c = await request({ date: openDay(5), time: '15:00', email: 'cara@example.nz' });
    await ok(await t.admin.patch(`/api/admin/bookings/${c.id}/status`, { status: 'confirmed' }));
    await ok(await t.admin.patch(`/api/bookings/${c.id}/status`, { status: 'cancelled' }));

    const joined = await t.post('/api/waitlist', joinRequest({ email: 'dana@example.nz', dates: [openDay(6)] }));
    expect(joined.statusCode, joined.body).toBe(201);

    const mails = await t.sql<StoredMail>(
      'SELECT kind, to_address, subject, text_body, html_body, attachments FROM email_outbox ORDER BY id',
    );
    expect(new Set(mails.map((m) => m.kind))).toEqual(
      new Set([
        'booking_received',
        'practice_new_request',
        'booking_confirmed',
        'booking_rescheduled',
        'practice_booking_rescheduled',
        'booking_reminder',
        'booking_cancelled_by_client',
        'practice_client_cancelled',
        'booking_rejected',
        'booking_cancelled_by_admin',
        'waitlist_joined',
      ]),
    );
    for (const m of mails) {
      const { bare, times, calendars } = await checkNzTimes({
        to: m.to_address,
        subject: m.subject,
        text: m.text_body,
        html: m.html_body,
        attachments: m.attachments,
      });
      expect(bare, `${m.kind}: ${m.subject}`).toEqual({ subject: [], text: [], html: [] });
      expect(times, m.kind).toBeGreaterThan(0);
      // The calendar files still pin the visit to an instant (UTC) or to Auckland's zone.
      for (const ics of calendars) expect(ics).toMatch(/DTSTART(:\d{8}T\d{6}Z|;TZID=Pacific\/Auckland:)/);
    }

    const [practice] = mails.filter((m) => m.kind === 'practice_new_request');
    expect(practice!.subject).toMatch(/10:00 AM \(NZ time\)$/);
    expect(practice!.text_body).toMatch(/Time:\s+10:00 AM \(NZ time\)/);
    const [confirmation] = mails.filter((m) => m.kind === 'booking_confirmed');
    expect(confirmation!.text_body).toContain('Park by 9:45 AM (NZ time)');
  });
});
