/**
 * A visitor books from a home-page service card through to the confirmation page, then
 * cancels. The browser runs in America/Los_Angeles: the dates shown must be NZ dates.
 */
import { describe, expect, it } from 'vitest';
import { api, openPage, useBrowser } from './browser';
import { confirmCancellation } from './cancel';
import { continueButton, displayDate, displayTime, fillContact, pickLatestTimeSlot, serviceBookLinks } from './wizard';

useBrowser();

describe('booking from the home page', () => {
  it('books a service card through to "Booking Request Received!", then cancels it', async () => {
    const page = await openPage('/');

    // The first service card's book link: the wizard starts at step 2 with it preselected.
    const book = serviceBookLinks(page).first();
    await book.waitFor();
    const href = (await book.getAttribute('href'))!;
    const wanted = new URL(href, 'http://x').searchParams;
    expect(wanted.get('step')).toBe('2');
    expect(wanted.get('duration')).toMatch(/^\d+$/);
    expect(wanted.get('price')).toMatch(/^\d+$/);
    await book.click();
    await page.waitForURL(
      (url) => url.pathname === '/booking' && url.searchParams.get('serviceId') === wanted.get('serviceId'),
    );

    // Step 2: the first open date is picked on entering; choose a time slot.
    const slotLabel = await pickLatestTimeSlot(page);
    await continueButton(page).click();

    // Step 3: contact details and an address in Raglan (a local town).
    await fillContact(page, {
      firstName: 'Mere',
      lastName: 'Visitor',
      email: 'mere.visitor@example.nz',
      phone: '021 987 6543',
      address: '12 Bow Street, Raglan',
    });
    await page.getByRole('button', { name: 'Complete Booking' }).click();

    // The confirmation page of the new booking.
    await page.waitForURL(/\/booking\/confirm\/[^/?#]+$/, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Booking Request Received!' }).waitFor();
    const token = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

    const res = await api(`/api/bookings/token/${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    const booking = (await res.json()) as {
      date: string;
      time: string;
      status: string;
      firstName: string;
      duration: number;
      serviceLengthId: number;
    };
    expect(booking).toMatchObject({ status: 'pending', firstName: 'Mere', duration: Number(wanted.get('duration')) });
    expect(booking.serviceLengthId).toBe(Number(wanted.get('serviceId')));

    // Dates and times in Pacific/Auckland whatever the browser's zone.
    await page.getByText(displayDate(booking.date)).first().waitFor();
    expect(displayTime(booking.time)).toBe(slotLabel.replace(/\s+/g, ' ').toUpperCase());
    await page.getByText(displayTime(booking.time)).first().waitFor();

    // Cancel through the confirmation page's link.
    await page.getByRole('link', { name: 'Cancel Appointment' }).click();
    await page.waitForURL(`**/booking/cancel/${encodeURIComponent(token)}`);
    await page.getByText(displayDate(booking.date)).first().waitFor();
    await confirmCancellation(page);
    await page.getByRole('heading', { name: 'Booking Cancelled' }).waitFor();
    await page.getByRole('link', { name: 'Book a New Appointment' }).waitFor();

    const after = (await (await api(`/api/bookings/token/${encodeURIComponent(token)}`)).json()) as { status: string };
    expect(after.status).toBe('cancelled');
  });
});
