/**
 * From the home page to the visitor's inbox: the built server runs with a real SMTP sink
 * and its mail worker on, a visitor books through the wizard, and the "request received"
 * e-mail arrives with a cancel link that opens the cancel page of that booking, in NZ date and time.
 * What the e-mails say (NZ date and time, service, duration, money, the links, the therapist's notice naming the
 * client) is checked without a browser: src/server/modules/mail/templates.test.ts ('requestReceived') and
 * tests/api/mail.test.ts ('sends each queued message once, as stored').
 */
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './browser';
import { useMailServer } from './mail-server';
import { continueButton, displayDate, displayTime, fillContact, pickLatestTimeSlot, serviceBookLinks } from './wizard';

useBrowser();

const inbox = useMailServer();

describe('booking to confirmation e-mail', () => {
  it('sends the visitor the request e-mail, whose cancel link opens the booking', async () => {
    const page = await openPage(null);
    await page.goto(`${inbox.server.baseUrl}/`);
    const card = serviceBookLinks(page).first();
    await card.waitFor();
    await card.click();
    await page.waitForURL((url) => url.pathname === '/booking');
    await pickLatestTimeSlot(page);
    await continueButton(page).click();
    await fillContact(page, {
      firstName: 'Hana',
      lastName: 'Inbox',
      email: 'hana.inbox@example.nz',
      phone: '021 444 5555',
      address: '7 Wainui Road, Raglan',
    });
    await page.getByRole('button', { name: 'Complete Booking' }).click();
    await page.getByRole('heading', { name: 'Booking Request Received!' }).waitFor({ timeout: 20_000 });
    const token = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const booking = (await (
      await fetch(`${inbox.server.baseUrl}/api/bookings/token/${encodeURIComponent(token)}`)
    ).json()) as { date: string; time: string };

    const mail = await inbox.mailTo('hana.inbox@example.nz', 'We received your booking request');
    const cancelUrl = mail.text.match(/https?:\/\/\S+\/booking\/cancel\/\S+/)?.[0];
    expect(cancelUrl).toBe(`${inbox.server.baseUrl}/booking/cancel/${encodeURIComponent(token)}`);
    await page.goto(cancelUrl!);
    // That booking, in NZ date and time (the browser may be elsewhere).
    await page.getByText(displayDate(booking.date)).first().waitFor();
    await page.getByText(displayTime(booking.time)).first().waitFor();
  });
});
