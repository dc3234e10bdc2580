/**
 * The "done means", through the API alone: visitors request three sessions, the
 * admin approves one and rejects another, a client cancels the third, and the right
 * e-mails arrive at a real SMTP server.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLongDate, nzInstant } from '../../src/shared/time';
import { createMailWorker } from '../../src/server/modules/mail/worker';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { startSmtp, type Smtp } from '../helpers/smtp';

let smtp: Smtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());
const t = useTestApp(() => ({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, signedIn: true }));

describe('a day in the practice', () => {
  it('delivers the right e-mails for a request that is approved, one rejected and one the client cancels', async () => {
    const date = openDay(4);
    const people = ['Aria', 'Ben', 'Cara'];
    const requests = [];
    for (const [i, firstName] of people.entries()) {
      const res = await book(
        t,
        bookingRequest({
          date,
          time: ['09:00', '11:00', '13:00'][i],
          firstName,
          email: `${firstName.toLowerCase()}@example.nz`,
        }),
      );
      expect(res.statusCode).toBe(201);
      requests.push(res.json());
    }
    const [aria, ben, cara] = requests;

    const pending = (await t.admin.get('/api/admin/bookings/pending')).json<{ id: number }[]>();
    expect(pending.map((b) => b.id)).toEqual(expect.arrayContaining([aria.id, ben.id, cara.id]));

    const decide = (id: number, status: string, adminNote?: string) =>
      t.admin.patch(`/api/admin/bookings/${id}/status`, { status, adminNote });
    expect((await decide(aria.id, 'confirmed', 'Gate code 1234')).statusCode).toBe(200);
    expect((await decide(ben.id, 'rejected', 'Fully booked that morning, sorry')).statusCode).toBe(200);
    expect((await t.post(`/api/bookings/cancel/${cara.cancelToken}`)).statusCode).toBe(200);

    const worker = createMailWorker({ database: t.database, config: t.config, log: t.app.log });
    let sent = 0;
    for (let i = 0; i < 5; i++) sent += (await worker.runOnce()).sent;
    await worker.stop();

    const to = (address: string) =>
      smtp.received.filter((m) => m.rcptTo.includes(address)).map((m) => m.headers.subject);
    const practice = t.config.mail.notifyTo;
    expect(sent).toBe(smtp.received.length);
    expect(to('aria@example.nz').sort()).toEqual(
      ['We received your booking request', 'Your appointment has been confirmed'].sort(),
    );
    expect(to('ben@example.nz')).toHaveLength(2);
    expect(to('cara@example.nz')).toHaveLength(2);
    expect(to(practice)).toHaveLength(4); // three new requests and one client cancellation

    const confirmation = smtp.received.find((m) => m.headers.subject === 'Your appointment has been confirmed')!;
    expect(confirmation.text).toContain(formatLongDate(date));
    expect(confirmation.text).toContain('9:00 AM');
    expect(confirmation.text).toContain('Gate code 1234');
    const ics = confirmation.parts.find((p) => p.filename === 'appointment.ics');
    expect(ics).toBeDefined();
    // The attachment, read by ical.js: Aria's session, at 9:00 in New Zealand, confirmed.
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(ics!.content) as unknown[]).getFirstSubcomponent('vevent')!,
    );
    expect(event.uid).toMatch(new RegExp(`^booking-${aria.id}@`));
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.startDate.toJSDate()).toEqual(nzInstant(date, '09:00'));
    expect(event.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    const rejection = smtp.received.find(
      (m) => m.rcptTo.includes('ben@example.nz') && m.text.includes('Fully booked that morning'),
    );
    expect(rejection).toBeDefined();
    // Each message once.
    const ids = smtp.received.map((m) => m.headers['message-id']);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
