/** Shared bits for the waitlist's tests (docs/product.md §4 "Waitlist"): joining, running the offers job, reading offer
 * e-mails. */
import { simpleParser, type ParsedMail } from 'mailparser';
import { createTransport } from 'nodemailer';
import { expect } from 'vitest';
import { offerFreedTimes } from '../../src/server/modules/waitlist/offer-freed-times';
import { addDaysToDate, dayOfWeek } from '../../src/shared/time';
import type { ApiTestApp } from './app';
import { openDay } from './bookings';

export const RAGLAN = '12 Bow Street, Raglan';
export const HAMILTON = '100 Victoria Street, Hamilton';

/** The n-th open Wednesday ahead (the demo week is open Monday to Saturday, 09:00-17:00). */
export function wednesday(n = 0): string {
  let d = openDay(0);
  while (dayOfWeek(d) !== 3) d = addDaysToDate(d, 1);
  return addDaysToDate(d, 7 * n);
}

export const joinRequest = (over: Record<string, unknown> = {}) => ({
  serviceId: 1,
  duration: 60,
  dates: [openDay(0)],
  earliest: '09:00',
  latest: '16:00',
  firstName: 'Wai',
  lastName: 'Ting',
  email: 'wai@example.nz',
  phone: '021 555 0101',
  address: RAGLAN,
  ...over,
});

/** One run of the offers job, as the server's timer runs it. */
export const runOffers = (t: ApiTestApp, now = new Date()) =>
  offerFreedTimes({ db: t.app.db, config: t.config, drives: t.app.drives }, now);

interface OutboxMail {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
}

const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/** The queued e-mails of a kind, as a mail client reads them (nodemailer composes, mailparser parses). */
export async function parsedMails(t: ApiTestApp, kind: string, to?: string): Promise<ParsedMail[]> {
  const rows = await t.sql<OutboxMail>(
    `SELECT id, kind, to_address, subject, text_body, html_body FROM email_outbox WHERE kind = $1
       AND ($2::text IS NULL OR to_address = $2) ORDER BY id`,
    [kind, to ?? null],
  );
  const parsed: ParsedMail[] = [];
  for (const row of rows) {
    const info = await composer.sendMail({
      from: 'practice@example.nz',
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      ...(row.html_body ? { html: row.html_body } : {}),
    });
    parsed.push(await simpleParser(info.message));
  }
  return parsed;
}

/** The link of a parsed e-mail whose path starts with `prefix` (read from its text body, as a reader sees it). */
export function linkIn(mail: ParsedMail, prefix: string): URL {
  const urls = (mail.text ?? '')
    .split(/\s+/)
    .filter((w) => w.startsWith('http'))
    .map((w) => new URL(w));
  const url = urls.find((u) => u.pathname.startsWith(prefix));
  expect(url, `a ${prefix} link in "${mail.subject}"`).toBeDefined();
  return url!;
}

/** The token at the end of a link's path. */
export const tokenOf = (url: URL) => decodeURIComponent(url.pathname.split('/').at(-1)!);
