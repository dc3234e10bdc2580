/** The booking wizard's validation: step 1 without a service, step 3 with empty fields (docs/product.md §5, §8). */
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './browser';
import { continueButton, pickLatestTimeSlot, serviceSelectButtons } from './wizard';

useBrowser();

const STEP3_MESSAGES = [
  'First name is required',
  'Last name is required',
  'Please enter a valid email',
  'Please enter a valid phone number',
  'Please enter a valid address',
];

describe('booking wizard validation', () => {
  it('shows the four-step indicator and refuses Continue on step 1 without a service', async () => {
    const page = await openPage('/booking');
    // The four steps, in order, as a list (on a phone a step's label may be small or hidden).
    const labels = ['Select Service', 'Choose Date & Time', 'Your Information', 'Confirmation'];
    const list = page.getByRole('list').filter({ hasText: 'Choose Date & Time' }).first();
    await list.waitFor({ state: 'attached' });
    const items = (await list.getByRole('listitem').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(items).toHaveLength(4);
    labels.forEach((label, i) => expect(items[i]).toContain(label));
    await continueButton(page).click();
    await page.getByText('Required', { exact: true }).waitFor();
    await page.getByText('Please select a service to continue', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/booking');
  });

  it('shows every §5 message when step 3 is submitted empty, and books nothing', async () => {
    const page = await openPage('/booking');
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/bookings')) posted = true;
    });

    // Choosing a service advances to step 2 by itself.
    await serviceSelectButtons(page).first().click();
    await pickLatestTimeSlot(page);
    await continueButton(page).click();

    await page.getByRole('button', { name: 'Complete Booking' }).click();
    for (const message of STEP3_MESSAGES) await page.getByText(message, { exact: true }).waitFor();
    expect(posted).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/booking');
  });
});
