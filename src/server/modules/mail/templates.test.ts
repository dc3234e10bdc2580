import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { testBooking, testContext } from './booking.fixture';
import type { Booking } from '@shared/schemas/booking';
import {
  adminMessage,
  cancelledByAdmin,
  cancelledByClient,
  confirmed,
  expired,
  practiceClientCancelled,
  practiceNewRequest,
  rejected,
  reminder,
  requestReceived,
} from './templates';

const NOW = new Date('2025-03-01T02:00:00.000Z');
const ctx = testContext;
const XSS = '<script>alert("x")</script>';
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;';

/** The client messages, each built from one booking. */
const clientMessages = (b: Booking) => ({
  requestReceived: requestReceived(b, ctx),
  confirmed: confirmed(b, ctx, NOW),
  rejected: rejected(b, ctx),
  expired: expired(b, ctx),
  cancelledByAdmin: cancelledByAdmin(b, ctx),
  cancelledByClient: cancelledByClient(b, ctx),
  reminder: reminder(b, ctx),
});
const practiceMessages = (b: Booking) => ({
  practiceNewRequest: practiceNewRequest(b, ctx),
  practiceClientCancelled: practiceClientCancelled(b, ctx),
});
const allMessages = (b: Booking) => ({ ...clientMessages(b), ...practiceMessages(b) });

describe('every booking e-mail', () => {
  const b = testBooking();

  it.each(Object.entries(allMessages(b)))('%s: shape, NZ date and time, practice name, HTML layout', (_name, m) => {
    expect(m.bookingId).toBe(42);
    expect(m.kind).toMatch(/^[a-z_]+$/);
    expect(m.subject).not.toMatch(/[\r\n]/);
    expect(m.text).toContain('March 5, 2025');
    expect(m.text).toContain('2:30 PM');
    expect(m.text).not.toMatch(/<[a-z]/i);
    expect(m.html).toContain('<!DOCTYPE html>');
    expect(m.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(m.html).toContain('max-width:600px');
    expect(m.html).toContain('Whāingaroa Mobile Massage');
    expect(m.html).toContain('March 5, 2025');
    expect(m.html).toContain('2:30 PM');
    expect(m.html).not.toContain('<style'); // inline styles only
  });

  it.each(Object.entries(clientMessages(b)))(
    '%s goes to the client, greets by first name and signs off',
    (_name, m) => {
      expect(m.to).toBe('jane@example.nz');
      expect(m.text.startsWith('Hi Jane,\n')).toBe(true);
      expect(m.text).not.toContain('Doe');
      expect(m.text.trimEnd().endsWith('Warm regards,\nAroha\nWhāingaroa Mobile Massage')).toBe(true);
      expect(m.html).toContain('Hi Jane,');
    },
  );

  it.each(Object.entries(practiceMessages(b)))('%s goes to MAIL_NOTIFY_TO', (_name, m) => {
    expect(m.to).toBe('bookings@example.nz');
    expect(m.subject).toContain('Jane Doe');
    expect(m.subject).toContain('March 5, 2025 at 2:30 PM (NZ time)');
  });

  it('kinds are distinct and as documented', () => {
    expect(Object.fromEntries(Object.entries(allMessages(b)).map(([k, m]) => [k, m.kind]))).toEqual({
      requestReceived: 'booking_received',
      confirmed: 'booking_confirmed',
      rejected: 'booking_rejected',
      expired: 'booking_expired',
      cancelledByAdmin: 'booking_cancelled_by_admin',
      cancelledByClient: 'booking_cancelled_by_client',
      reminder: 'booking_reminder',
      practiceNewRequest: 'practice_new_request',
      practiceClientCancelled: 'practice_client_cancelled',
    });
  });

  it('dates and times are Auckland ones whatever the process time zone (this suite runs in Los Angeles)', () => {
    expect(process.env.TZ).toBe('America/Los_Angeles');
    const late = requestReceived(testBooking({ date: '2025-07-31', time: '23:30' }), ctx);
    expect(late.text).toContain('July 31, 2025');
    expect(late.text).toContain('11:30 PM');
    const early = requestReceived(testBooking({ date: '2025-01-01', time: '00:00' }), ctx);
    expect(early.text).toContain('January 1, 2025');
    expect(early.text).toContain('12:00 AM');
  });
});

describe('requestReceived', () => {
  it('says the request is pending and shows service, duration, date, time, address and money', () => {
    const m = requestReceived(testBooking(), ctx);
    expect(m.subject).toBe('We received your booking request');
    expect(m.text).toContain('pending approval');
    for (const s of [
      'Swedish Massage',
      '60 minutes',
      'March 5, 2025',
      '2:30 PM',
      '12 Wainui Road, Raglan 3225',
      '$80.00',
      '$10.00',
      '$90.00',
    ]) {
      expect(m.text).toContain(s);
      expect(m.html).toContain(s);
    }
    expect(m.text).toMatch(/Travel fee:\s+\$10\.00/);
    expect(m.text).toMatch(/Total:\s+\$90\.00/);
    expect(m.attachments).toEqual([]);
  });

  it('asks for the health form when it is missing or outdated, with its private link, and never otherwise', () => {
    const url = 'https://book.example.nz/booking/health/tok_abcDEF123-_xyz';
    const missing = requestReceived(testBooking({ healthForm: 'missing' }), ctx);
    expect(missing.text).toContain('Please fill in a short health form before your visit.');
    expect(missing.text).toContain(url);
    expect(missing.html).toContain(`href="${url}"`);
    expect(missing.html).toContain('Fill in your health form');
    const outdated = requestReceived(testBooking({ healthForm: 'outdated' }), ctx);
    expect(outdated.text).toContain('Please check your health form is still right before your visit.');
    expect(outdated.text).toContain(url);
    for (const healthForm of ['current', null, undefined] as const) {
      const m = requestReceived(testBooking({ healthForm }), ctx);
      expect(m.text).not.toContain('health form');
      expect(m.html).not.toContain('/booking/health/');
    }
  });

  it("links to the confirm, 'Change time' (issue 25) and cancel pages built from PUBLIC_URL", () => {
    for (const m of [
      requestReceived(testBooking(), ctx),
      confirmed(testBooking({ status: 'confirmed' }), ctx),
      reminder(testBooking({ status: 'confirmed' }), ctx),
    ]) {
      for (const url of [
        'https://book.example.nz/booking/confirm/tok_abcDEF123-_xyz',
        'https://book.example.nz/booking/change/tok_abcDEF123-_xyz',
        'https://book.example.nz/booking/cancel/tok_abcDEF123-_xyz',
      ]) {
        expect(m.text).toContain(url);
        expect(m.html).toContain(`href="${url}"`);
      }
      expect(m.html).toContain('>Change time<');
    }
  });

  it('leaves out a zero travel fee but keeps the total', () => {
    const m = requestReceived(testBooking({ travelCost: 0 }), ctx);
    expect(m.text).not.toContain('Travel fee');
    expect(m.html).not.toContain('Travel fee');
    expect(m.text).toMatch(/Total:\s+\$80\.00/);
  });

  it('tells when an unanswered request lapses (NZ time) and flags an unlocated address; never health details', () => {
    const m = requestReceived(
      testBooking({ travelUnresolved: true, distanceKm: null, hasInjuries: true, injuryDetails: 'Sore left shoulder' }),
      ctx,
    );
    // 2025-03-03T01:00Z is 2:00 PM on March 3 in Auckland (NZDT).
    expect(m.text).toContain('March 3, 2025 at 2:00 PM');
    expect(m.text).toContain('travel fee will be confirmed');
    // Health information never travels by e-mail (docs/product.md §13): not the details, not that there are any.
    expect(m.text).not.toContain('Sore left shoulder');
    expect(m.html).not.toContain('Sore left shoulder');
    expect(m.text).not.toMatch(/injur/i);
  });

  it('marks an address outside the standard service area', () => {
    const m = requestReceived(testBooking({ isOutsideServiceArea: true }), ctx);
    expect(m.text).toContain('Outside standard service area');
  });
});

describe('practiceNewRequest', () => {
  it('has every detail but health: phone, e-mail, notes, distance and travel, and a link to the pending list', () => {
    const m = practiceNewRequest(
      testBooking({
        hasInjuries: true,
        injuryDetails: 'Recent knee surgery',
        notes: 'Parking at the back',
        distanceKm: 23.456,
        travelTimeMinutes: 25,
      }),
      ctx,
    );
    expect(m.subject).toBe('New booking request: Jane Doe, March 5, 2025 at 2:30 PM (NZ time)');
    for (const s of [
      'Jane Doe',
      '021 123 4567',
      'jane@example.nz',
      'Parking at the back',
      '23.5 km',
      '25 min',
      '$10.00',
      '$90.00',
    ]) {
      expect(m.text).toContain(s);
    }
    expect(m.text).toContain('https://book.example.nz/admin/pending');
    expect(m.html).toContain('href="https://book.example.nz/admin/pending"');
    expect(m.text).not.toContain('could not be located');
    expect(m.text).not.toContain('Recent knee surgery');
    expect(m.html).not.toContain('Recent knee surgery');
  });

  it('warns when the address could not be located', () => {
    const m = practiceNewRequest(
      testBooking({ travelUnresolved: true, distanceKm: null, travelTimeMinutes: null, travelCost: 0 }),
      ctx,
    );
    expect(m.text).toContain('Address could not be located');
    expect(m.html).toContain('Address could not be located');
    expect(m.text).toContain('Unknown (address could not be located)');
  });

  it('does not say whether injuries were reported (her screens do)', () => {
    const m = practiceNewRequest(testBooking({ hasInjuries: true, injuryDetails: null }), ctx);
    expect(m.text).not.toMatch(/injur|medical/i);
    expect(m.html).not.toMatch(/injur|medical/i);
  });
});

describe('confirmed', () => {
  it('has the spec subject, the admin note and an appointment.ics attachment', () => {
    const m = confirmed(testBooking({ status: 'confirmed', adminNote: 'Please have a towel ready' }), ctx, NOW);
    expect(m.subject).toBe('Your appointment has been confirmed');
    expect(m.text).toContain('Please have a towel ready');
    expect(m.html).toContain('Please have a towel ready');
    expect(m.attachments).toHaveLength(1);
    const [ics] = m.attachments;
    expect(ics).toMatchObject({ filename: 'appointment.ics', contentType: 'text/calendar; method=PUBLISH' });
    const calendar = new ICAL.Component(ICAL.parse(ics!.content) as unknown[]);
    expect(calendar.name).toBe('vcalendar');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe('booking-42@book.example.nz');
    expect(event.startDate.toString()).toBe('2025-03-05T01:30:00Z');
    expect(event.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('without a note has no note block', () => {
    const m = confirmed(testBooking({ status: 'confirmed' }), ctx, NOW);
    expect(m.text).not.toContain('A note from');
  });
});

describe('rejected, cancelled, reminder', () => {
  it('rejected includes the reason when there is one', () => {
    const withNote = rejected(testBooking({ status: 'rejected', adminNote: 'Fully booked that week' }), ctx);
    expect(withNote.text).toContain('Reason');
    expect(withNote.text).toContain('Fully booked that week');
    expect(withNote.html).toContain('Fully booked that week');
    expect(rejected(testBooking({ status: 'rejected' }), ctx).text).not.toContain('Reason');
  });

  it('cancelledByAdmin: docs/product.md §4 subject, names the date and time, invites to contact the practice to reschedule', () => {
    const m = cancelledByAdmin(testBooking({ status: 'cancelled' }), ctx);
    expect(m.subject).toBe('Your appointment has been cancelled');
    expect(m.text).toContain('on March 5, 2025 at 2:30 PM (NZ time) has been cancelled');
    expect(m.text).toContain('contact us at hello@whaingaroa-massage.example.nz or 021 555 0123 to reschedule');
  });

  it('cancelledByClient confirms the cancellation; practiceClientCancelled tells the practice', () => {
    const b = testBooking({ status: 'cancelled' });
    expect(cancelledByClient(b, ctx).text).toContain('has been cancelled');
    const p = practiceClientCancelled(b, ctx);
    expect(p.text).toContain('Jane Doe has cancelled');
    expect(p.text).toContain('021 123 4567');
  });

  it('reminder: spec subject and wording, details and the cancel link', () => {
    const m = reminder(testBooking({ status: 'confirmed' }), ctx);
    expect(m.subject).toBe('Appointment Reminder');
    expect(m.text).toContain(
      'This is a friendly reminder about your upcoming appointment on March 5, 2025 at 2:30 PM (NZ time)',
    );
    expect(m.text).toContain('12 Wainui Road, Raglan 3225');
    expect(m.text).toContain('https://book.example.nz/booking/cancel/tok_abcDEF123-_xyz');
  });
});

describe('escaping', () => {
  const hostile = testBooking({
    firstName: XSS,
    lastName: `O'Neil & <b>Sons</b>`,
    address: `<img src=x onerror=alert(1)> 1 Main St`,
    notes: XSS,
    injuryDetails: XSS,
    hasInjuries: true,
    adminNote: `<a href="javascript:alert(1)">click</a>`,
    serviceName: '<i>Swedish</i>',
    status: 'confirmed',
  });

  it.each(Object.entries(allMessages(hostile)))(
    '%s escapes names, address, notes, admin note and injury details in HTML',
    (_name, m) => {
      expect(m.html).not.toContain('<script');
      expect(m.html).not.toContain('<img');
      expect(m.html).not.toContain('<b>Sons');
      expect(m.html).not.toContain('<i>Swedish');
      expect(m.html).not.toContain('<a href="javascript');
      expect(m.html).not.toContain('onerror=alert(1)>');
    },
  );

  it('shows the escaped text itself', () => {
    const m = practiceNewRequest(hostile, ctx);
    expect(m.html).toContain(ESCAPED);
    expect(m.html).toContain('O&#39;Neil &amp; &lt;b&gt;Sons&lt;/b&gt;');
    expect(m.html).toContain('&lt;img src=x onerror=alert(1)&gt; 1 Main St');
    // The plain text body keeps the text as typed.
    expect(m.text).toContain(XSS);
    expect(confirmed(hostile, ctx, NOW).html).toContain(
      '&lt;a href=&quot;javascript:alert(1)&quot;&gt;click&lt;/a&gt;',
    );
    expect(requestReceived(hostile, ctx).html).toContain(`Hi ${ESCAPED},`);
  });

  it('keeps header injection out of subjects', () => {
    const m = practiceNewRequest(testBooking({ firstName: 'Jane\r\nBcc: victim@example.com' }), ctx);
    expect(m.subject).not.toMatch(/[\r\n]/);
  });
});

describe('adminMessage', () => {
  it('sends the message as text, and as escaped HTML with line breaks as <br>', () => {
    const m = adminMessage(
      {
        to: 'jane@example.nz',
        subject: 'About <Friday>',
        message: `Hi Jane,\n\nSee you ${XSS} soon & bring water.\nAroha`,
      },
      ctx,
    );
    expect(m).toMatchObject({
      kind: 'admin_message',
      to: 'jane@example.nz',
      subject: 'About <Friday>',
      bookingId: null,
      attachments: [],
    });
    expect(m.text).toBe(`Hi Jane,\n\nSee you ${XSS} soon & bring water.\nAroha\n`);
    expect(m.html).toContain(`Hi Jane,<br>\n<br>\nSee you ${ESCAPED} soon &amp; bring water.<br>\nAroha`);
    expect(m.html).not.toContain('<script');
    expect(m.html).toContain('<title>About &lt;Friday&gt;</title>');
  });

  it('puts a multi-line subject on one line', () => {
    expect(adminMessage({ to: 'a@b.nz', subject: 'One\nTwo', message: 'x' }, ctx).subject).toBe('One Two');
  });
});
