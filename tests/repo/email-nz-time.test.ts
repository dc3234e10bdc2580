/**
 * Decision 026, "found from outside": every e-mail kind is rendered, composed as the worker sends it and parsed
 * with mailparser, and every time of day in its subject, text and HTML says NZ time. A kind added to
 * EMAIL_KINDS without a renderer here fails the typecheck and the last test.
 */
import { describe, expect, it } from 'vitest';
import type { EmailKind } from '../../src/server/modules/mail/email-kinds';
import { EMAIL_KINDS } from '../../src/server/modules/mail/email-kinds';
import type { EmailContent } from '../../src/server/modules/mail/email-kinds';
import { testBooking, testContext as ctx } from '../../src/server/modules/mail/booking.fixture';
import { seriesIcs } from '../../src/server/modules/mail/series-ics';
import {
  practiceSeriesConflicts,
  seriesBooked,
  seriesCancelled,
  seriesUpdated,
  type SeriesMailFacts,
} from '../../src/server/modules/mail/series-templates';
import {
  allClearEmail,
  overdueEmail,
  type SafetyContact,
  type SafetyVisit,
} from '../../src/server/modules/check-ins/emails';
import * as t from '../../src/server/modules/mail/templates';
import { receiptContent } from '../../src/server/modules/receipts/content';
import { receiptEmail } from '../../src/server/modules/receipts/emails';
import { depositReminderEmail } from '../../src/server/modules/deposits/emails';
import { capNoticeEmail } from '../../src/server/modules/sms/cap-notice';
import { depositTexts } from '../../src/shared/deposits';
import { joinedEmail, offerEmail } from '../../src/server/modules/waitlist/emails';
import type { WaitlistEntryRow, WaitlistOfferRow } from '../../src/server/modules/waitlist/repository';
import { voucherBoughtEmail, voucherEmail } from '../../src/server/modules/vouchers/emails';
import type { VoucherCard } from '../../src/server/modules/vouchers/render-pdf';
import { disputeEmail, payLinkEmail } from '../../src/server/modules/card-payments/emails';
import { checkNzTimes } from '../helpers/nz-time';

const NOW = new Date('2025-03-01T01:00:00Z');
const voucher: VoucherCard = {
  practiceName: 'Whāingaroa Mobile Massage',
  bookingUrl: 'https://example.nz/booking',
  recipientName: 'Aroha',
  buyerName: 'Mere',
  message: 'Happy birthday!',
  valueCents: 12000,
  serviceLabel: null,
  code: 'GIFT-7K3M-Q9TD-X2RB-HW4P',
  soldOn: '2025-03-01',
  expiresOn: '2028-03-01',
};
const pending = testBooking();
const confirmed = testBooking({ status: 'confirmed', adminNote: 'Gate code 1234; parking from 9:45 AM.' });
const previous = { date: '2025-03-04', time: '09:00' };

const series: SeriesMailFacts = {
  seriesId: 7,
  originBookingId: 42,
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.nz',
  serviceName: 'Swedish Massage',
  duration: 60,
  address: '12 Wainui Road, Raglan 3225',
  everyWeeks: 2,
  time: '14:30',
  visits: [
    { date: '2025-03-05', time: '14:30', cancelToken: 'tok_a' },
    { date: '2025-03-19', time: '10:00', cancelToken: 'tok_b' },
  ],
  // The availability's own words, with times of day in them (the conflicts message quotes them).
  notBooked: [{ date: '2025-04-02', reasons: ['Before opening at 9:00 AM', 'Clashes with the 1:00-2:30 PM visit'] }],
  cancelled: [{ date: '2025-04-16', time: '14:30' }],
  ics: seriesIcs(
    {
      id: 7,
      sequence: 1,
      serviceName: 'Swedish Massage',
      duration: 60,
      address: '12 Wainui Road, Raglan 3225',
      everyWeeks: 2,
      time: '14:30',
      occurrences: [{ forDate: '2025-03-19', visit: { date: '2025-03-19', time: '10:00' } }],
    },
    ctx,
    NOW,
  ),
};

const entry = (over: Partial<WaitlistEntryRow> = {}): WaitlistEntryRow => ({
  id: 3,
  token: 'wl_token',
  serviceId: 1,
  serviceName: 'Swedish Massage',
  duration: 60,
  dates: ['2025-03-05', '2025-03-06'],
  lastDate: '2025-03-06',
  earliest: '09:00',
  latest: '13:30',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.nz',
  phone: '021 123 4567',
  address: '12 Wainui Road, Raglan 3225',
  locationLat: null,
  locationLon: null,
  status: 'active',
  joinedAt: NOW,
  statusChangedAt: NOW,
  ...over,
});
const offer: WaitlistOfferRow = {
  id: 5,
  entryId: 3,
  date: '2025-03-05',
  time: '11:00',
  startsAt: new Date('2025-03-04T22:00:00Z'),
  endsAt: new Date('2025-03-04T23:00:00Z'),
  bufferEndsAt: new Date('2025-03-04T23:15:00Z'),
  token: 'of_token',
  holdUntil: new Date('2025-03-04T03:30:00Z'),
  status: 'offered',
  bookingId: null,
  createdAt: NOW,
  closedAt: null,
};

const safetyVisit: SafetyVisit = {
  bookingId: 7,
  address: '12 Wallis Street, Raglan 3225',
  arrivedAt: new Date('2025-03-04T21:58:00Z'),
  endsAt: new Date('2025-03-04T23:00:00Z'),
  graceMinutes: 30,
};
const safetyContact: SafetyContact = { name: 'Aroha', email: 'aroha@example.nz' };

const receipt = receiptContent(
  { number: 12, issuedOn: '2025-03-05', replaces: null, relatesTo: null },
  { ...pending, id: 42, date: '2025-03-05', time: '14:30', serviceName: 'Swedish Massage', duration: 60 },
  [
    {
      id: 1,
      bookingId: 42,
      amountCents: 8000,
      method: 'cash',
      paidAt: '2025-03-05',
      note: null,
      isDeposit: false,
      source: 'manual',
      voidedAt: null,
      voidReason: null,
      createdAt: NOW.toISOString(),
    },
  ],
  ctx.practice,
);
// docs/product.md §18.2: a deposit's due time is an instant, said in NZ time in every e-mail that carries it.
const deposit = {
  amountCents: 2000,
  reference: 'HV7K3Q9X',
  bankAccount: '12-3456-0123459-00',
  dueBy: '2025-03-02T01:00:00.000Z',
  dueHours: 24,
  dueBeforeVisit: false,
  status: 'waiting' as const,
};

/**
 * Every kind, in each of its variants that words times differently. A Record over EmailKind: a new kind
 * without an entry does not compile.
 */
const RENDERERS: Record<EmailKind, () => EmailContent[]> = {
  [EMAIL_KINDS.bookingReceived]: () => [
    t.requestReceived(pending, ctx),
    t.requestReceived(testBooking({ travelUnresolved: true, healthForm: 'missing' } as never), ctx),
    t.requestReceived(testBooking({ deposit }), ctx),
  ],
  [EMAIL_KINDS.practiceNewRequest]: () => [
    t.practiceNewRequest(testBooking({ notes: 'Please come after 10:00 AM', isOutsideServiceArea: true }), ctx),
  ],
  [EMAIL_KINDS.bookingConfirmed]: () => [t.confirmed(confirmed, ctx, NOW)],
  [EMAIL_KINDS.bookingRejected]: () => [t.rejected(testBooking({ status: 'rejected', adminNote: 'Full' }), ctx)],
  [EMAIL_KINDS.bookingExpired]: () => [t.expired(testBooking({ status: 'rejected', expiresAt: null }), ctx)],
  [EMAIL_KINDS.bookingCancelledByAdmin]: () => [
    t.cancelledByAdmin(testBooking({ status: 'cancelled' }), ctx),
    t.cancelledByAdmin(testBooking({ status: 'cancelled' }), ctx, depositTexts.keptOnLateCancel(2000, 24)),
  ],
  [EMAIL_KINDS.bookingCancelledByClient]: () => [t.cancelledByClient(testBooking({ status: 'cancelled' }), ctx)],
  [EMAIL_KINDS.practiceClientCancelled]: () => [t.practiceClientCancelled(testBooking({ status: 'cancelled' }), ctx)],
  [EMAIL_KINDS.bookingReminder]: () => [t.reminder(confirmed, ctx)],
  [EMAIL_KINDS.bookingRescheduled]: () => [
    t.rescheduled(confirmed, ctx, previous, 1, NOW, 'client'),
    t.rescheduled(pending, ctx, previous, 1, NOW, 'practice'),
  ],
  [EMAIL_KINDS.practiceBookingRescheduled]: () => [t.practiceRescheduled(confirmed, ctx, previous)],
  // Her own words, as typed, but a time of day she names is marked (one already marked stays as it is).
  [EMAIL_KINDS.adminMessage]: () => [
    t.adminMessage(
      { to: 'jane@example.nz', subject: 'Tomorrow at 9:30 am', message: 'See you at 9:30 AM, or 10:00 AM NZ time.' },
      ctx,
    ),
  ],
  [EMAIL_KINDS.seriesBooked]: () => [seriesBooked({ ...series, cancelled: [] }, ctx)],
  [EMAIL_KINDS.seriesUpdated]: () => [
    seriesUpdated(series, ctx, 'New dates of your regular visits are booked as the booking window reached them.'),
  ],
  [EMAIL_KINDS.seriesCancelled]: () => [seriesCancelled(series, ctx, '2025-04-16')],
  [EMAIL_KINDS.practiceSeriesConflicts]: () => [practiceSeriesConflicts(series, ctx)],
  [EMAIL_KINDS.waitlistJoined]: () => [
    joinedEmail(entry(), ctx),
    joinedEmail(entry({ earliest: '10:00', latest: '10:00' }), ctx),
  ],
  [EMAIL_KINDS.waitlistOffer]: () => [offerEmail(entry(), offer, ctx)],
  [EMAIL_KINDS.safetyOverdue]: () => [overdueEmail(safetyVisit, safetyContact, ctx)],
  [EMAIL_KINDS.safetyAllClear]: () => [
    allClearEmail({ ...safetyVisit, leftAt: new Date('2025-03-04T23:40:00Z') }, safetyContact, ctx),
  ],
  [EMAIL_KINDS.receipt]: () => [receiptEmail(receipt, pending, Buffer.from('%PDF-1.7'), 42, ctx)],
  [EMAIL_KINDS.payLink]: () => [
    payLinkEmail(
      {
        bookingId: 7,
        firstName: 'Jane',
        email: 'jane@example.nz',
        serviceName: 'Relaxation massage',
        when: 'March 4, 2025 at 10:00 AM (NZ time)',
        amountCents: 9000,
        url: 'https://example.nz/booking/confirm/abc?pay=balance',
      },
      ctx,
    ),
  ],
  [EMAIL_KINDS.cardDisputed]: () => [
    disputeEmail(
      {
        bookingId: 7,
        reference: 'HV7K3Q9X',
        amountCents: 2000,
        paidOn: 'March 3, 2025',
        visit: 'March 4, 2025 at 10:00 AM (NZ time)',
        reason: 'product_not_received',
        status: 'needs_response',
        answerBy: 'March 20, 2025 at 12:59 PM (NZ time)',
      },
      ctx,
    ),
  ],
  [EMAIL_KINDS.giftVoucher]: () => [voucherEmail(voucher, 'aroha@example.nz', Buffer.from('%PDF-1.7'), ctx)],
  [EMAIL_KINDS.giftVoucherBought]: () => [
    voucherBoughtEmail(voucher, 'mere@example.nz', '2025-03-05', Buffer.from('%PDF-1.7'), ctx),
  ],
  [EMAIL_KINDS.smsCapReached]: () => [capNoticeEmail(ctx, 100, '2026-03')],
  [EMAIL_KINDS.depositReminder]: () => [
    depositReminderEmail(
      {
        bookingId: 42,
        firstName: 'Jane',
        email: 'jane@example.nz',
        serviceName: 'Swedish Massage',
        date: '2025-03-05',
        time: '14:30',
        cancelToken: 'tok_a',
        deposit,
      },
      ctx,
    ),
  ],
};

describe('every time in every e-mail says NZ time (issue 26)', () => {
  for (const [kind, render] of Object.entries(RENDERERS)) {
    it(`${kind}: subject, text and HTML`, async () => {
      for (const mail of render()) {
        expect(mail.kind).toBe(kind);
        const { bare, times, calendars } = await checkNzTimes(mail);
        expect(bare, `${kind}: ${mail.subject}`).toEqual({ subject: [], text: [], html: [] });
        // Every message here names a time: the check must have found one to mean anything.
        expect(times).toBeGreaterThan(0);
        // The calendar files keep their zone: a fixed UTC instant, or a TZID'd local time with its VTIMEZONE.
        for (const ics of calendars) {
          for (const line of ics.split(/\r\n/).filter((l) => l.startsWith('DTSTART') && !l.includes('T0')))
            expect(line).toMatch(/^DTSTART(:\d{8}T\d{6}Z|;TZID=Pacific\/Auckland:\d{8}T\d{6})$/);
          if (ics.includes('TZID=')) expect(ics).toContain('TZID:Pacific/Auckland');
        }
      }
    });
  }

  it('names 10:00 AM in her new-request e-mail with the zone (the outside report)', async () => {
    const mail = t.practiceNewRequest(testBooking({ time: '10:00' }), ctx);
    const { parsed } = await checkNzTimes(mail);
    expect(parsed.subject).toContain('10:00 AM (NZ time)');
    expect(parsed.text).toMatch(/Time:\s+10:00 AM \(NZ time\)/);
  });

  it('covers every kind there is: a new kind needs its renderer here', () => {
    expect(Object.keys(RENDERERS).sort()).toEqual(Object.values(EMAIL_KINDS).sort());
  });
});
