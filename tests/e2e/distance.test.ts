/**
 * The 50 km refusal: an Auckland address is refused and the booking cannot be submitted (docs/product.md §4, §5, §8).
 */
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './browser';
import { continueButton, fillContact, pickLatestTimeSlot, serviceSelectButtons } from './wizard';

useBrowser();

describe('service area', () => {
  it('refuses an address beyond 50 km and blocks submission', async () => {
    const page = await openPage('/booking');
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/bookings')) posted = true;
    });
    await serviceSelectButtons(page).first().click();
    await pickLatestTimeSlot(page);
    await continueButton(page).click();

    await fillContact(page, {
      firstName: 'Far',
      lastName: 'Away',
      email: 'far.away@example.nz',
      phone: '021 555 0000',
      address: '1 Queen Street, Auckland',
    });
    await page
      .getByText('Booking cannot be completed for addresses outside our 50km service area')
      .or(page.getByText('Address is outside our service area'))
      .first()
      .waitFor();

    const submit = page.getByRole('button', { name: 'Complete Booking' });
    if (await submit.isEnabled()) {
      await submit.click();
      await page.getByText('Address Outside Service Area', { exact: true }).waitFor();
    }
    expect(posted).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/booking');
  });
});
