/** Shared bits for the series tests: a confirmed booking, a series, and the e-mailed calendar file read back. */
import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';
import { expect } from 'vitest';
import type { Booking } from '../../src/shared/schemas/booking';
import type { ApiTestApp } from './app';
import { bookingRequest } from './bookings';

let made = 0;

/** A request, approved: the booking a series is made from (each of a client of its own: its own e-mail and phone). */
export async function confirmedBooking(t: ApiTestApp, over: Record<string, unknown> = {}): Promise<Booking> {
  const res = await t.post(
    '/api/bookings',
    bookingRequest({ email: `regular${++made}@example.nz`, phone: `021 555 ${1000 + made}`, ...over }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const booking = res.json<Booking>();
  const ok = await t.admin.patch(`/api/admin/bookings/${booking.id}/status`, { status: 'confirmed' });
  expect(ok.statusCode, ok.body).toBe(200);
  return booking;
}

interface OutboxMail {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: { filename: string; contentType: string; content: string }[];
}

export const mailsOfKind = (t: Pick<ApiTestApp, 'sql'>, kind: string) =>
  t.sql<OutboxMail>(
    'SELECT id, kind, to_address, subject, text_body, html_body, attachments FROM email_outbox WHERE kind = $1 ORDER BY id',
    [kind],
  );

/**
 * The message as it goes out (nodemailer builds the MIME, as the mail worker does) read back with mailparser:
 * its text and its calendar attachment.
 */
export async function sentForm(row: OutboxMail): Promise<{ text: string; ics: string; filename: string }> {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await composer.sendMail({
    from: 'practice@example.nz',
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    ...(row.html_body ? { html: row.html_body } : {}),
    attachments: row.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
  });
  const parsed = await simpleParser(info.message);
  expect(parsed.attachments).toHaveLength(1);
  const [attachment] = parsed.attachments;
  return { text: parsed.text ?? '', ics: attachment!.content.toString('utf8'), filename: attachment!.filename ?? '' };
}
