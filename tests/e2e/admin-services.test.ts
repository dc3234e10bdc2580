/**
 * The Services tab (docs/product.md §2, §5, §8) as the therapist, on a server of its
 * own: add a service (the new-option defaults, non-numeric input becoming 0, at least one option
 * kept), edit it and delete it (the confirmation's words) while a booking of it keeps showing
 * the name and price it was booked with on its confirmation page; keyboard focus; axe in both
 * themes on a phone and a desktop.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../src/shared/schemas/service';
import { useBrowser, type Theme, type ViewportName } from './browser';
import { openSignedIn } from './e2e-c-session';
import { violationsInPlace } from './e2e-c-variants';
import { createBooking, startServer, type RunningServer } from './harness.mjs';
import { openToasts } from './toasts';

useBrowser();

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The tab with her session (signing in through the form is admin-auth.test.ts's). */
async function openServices(options: { viewport?: ViewportName; theme?: Theme } = {}): Promise<Page> {
  const page = await openSignedIn(server.baseUrl, '/admin/services', { viewport: 'desktop', ...options });
  await page.getByRole('heading', { name: 'Manage Services' }).waitFor();
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .waitFor();
  return page;
}

async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = openToasts(page).filter({ hasText: description });
  await toast.waitFor();
  expect(await toast.innerText()).toContain(title);
}

const servicesOnServer = async (): Promise<Service[]> =>
  (await fetch(`${server.baseUrl}/api/services`)).json() as Promise<Service[]>;

const dialog = (page: Page) => page.getByRole('dialog');
const durations = (page: Page) => dialog(page).getByLabel('Duration (min)');
const prices = (page: Page) => dialog(page).getByLabel('Price ($)');
const inputValues = async (inputs: ReturnType<typeof durations>) =>
  Promise.all((await inputs.all()).map((i) => i.inputValue()));
const values = async (page: Page) => ({
  durations: await inputValues(durations(page)),
  prices: await inputValues(prices(page)),
});
/** The focused element's id, aria-label or text (evaluated as a string: the tests' TypeScript has no DOM types). */
const focused = (page: Page, what: 'id' | 'aria-label' | 'text') =>
  page.evaluate<string | null | undefined>(
    what === 'text'
      ? 'document.activeElement?.textContent'
      : `document.activeElement?.getAttribute(${JSON.stringify(what)})`,
  );
const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

describe('Services: add, edit and delete while a booking keeps what was booked', () => {
  it('works end to end', async () => {
    const page = await openServices({ viewport: 'phone' });

    // Add: the dialog's words and the new service's default option (60 min at $80.00).
    const add = page.getByRole('button', { name: 'Add Service' });
    await add.click();
    await dialog(page).getByRole('heading', { name: 'Add New Service' }).waitFor();
    expect(await dialog(page).innerText()).toContain('Create a new service with multiple duration options.');
    expect(await values(page)).toEqual({ durations: ['60'], prices: ['80.00'] });
    // One option left: no remove control.
    expect(
      await dialog(page)
        .getByRole('button', { name: /^Remove option/ })
        .count(),
    ).toBe(0);

    // A new option: the last duration + 30 at the last price x 1.5.
    await dialog(page).getByRole('button', { name: 'Add Duration Option' }).click();
    expect(await values(page)).toEqual({ durations: ['60', '90'], prices: ['80.00', '120.00'] });
    await dialog(page).getByRole('button', { name: 'Add Duration Option' }).click();
    expect(await values(page)).toEqual({ durations: ['60', '90', '120'], prices: ['80.00', '120.00', '180.00'] });
    await dialog(page).getByRole('button', { name: 'Remove option 3' }).click();
    expect(await values(page)).toEqual({ durations: ['60', '90'], prices: ['80.00', '120.00'] });

    // Name and description are required; non-numeric input becomes 0 and is refused by the schema's message.
    await durations(page).first().fill('');
    await durations(page).first().press('Tab');
    await prices(page).nth(1).fill('');
    await prices(page).nth(1).press('Tab');
    expect(await values(page)).toEqual({ durations: ['0', '90'], prices: ['80.00', '0.00'] });
    await dialog(page).getByRole('button', { name: 'Add Service' }).click();
    await dialog(page).getByText('Name is required').waitFor();
    expect(await dialog(page).innerText()).toContain('Description is required');
    expect(await dialog(page).innerText()).toContain('Duration must be at least 30 minutes');
    // Focus goes to the first field to fix.
    await expect.poll(() => focused(page, 'id')).toBe(await dialog(page).getByLabel('Service Name').getAttribute('id'));

    await dialog(page).getByLabel('Service Name').fill('Lomi Lomi Massage');
    await dialog(page).getByLabel('Description').fill('Firm pressure for tight muscles.');
    await durations(page).first().fill('60');
    await prices(page).nth(1).fill('120');
    await dialog(page).getByRole('button', { name: 'Add Service' }).click();
    await expectToast(page, 'Success', 'Service added successfully');
    await dialog(page).waitFor({ state: 'detached' });
    const added = card(page, 'Lomi Lomi Massage');
    await added.getByText('60 minutes - $80.00').waitFor();
    await added.getByText('90 minutes - $120.00').waitFor();

    const created = (await servicesOnServer()).find((s) => s.name === 'Lomi Lomi Massage')!;
    expect(created.durationOptions).toEqual([
      { duration: 60, price: 8000 },
      { duration: 90, price: 12000 },
    ]);

    // A client books its 90-minute option.
    const booking = await createBooking(server.baseUrl, { serviceLengthId: created.id, duration: 90, price: 12000 });

    // Edit: rename and reprice.
    await added.getByRole('button', { name: 'Edit Lomi Lomi Massage' }).click();
    await dialog(page).getByRole('heading', { name: 'Edit Service' }).waitFor();
    expect(await dialog(page).innerText()).toContain('Update service details and duration options.');
    expect(await values(page)).toEqual({ durations: ['60', '90'], prices: ['80.00', '120.00'] });
    await dialog(page).getByLabel('Service Name').fill('Lomi Lomi Deluxe');
    await prices(page).nth(1).fill('150');
    await dialog(page).getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Success', 'Service updated successfully');
    const edited = card(page, 'Lomi Lomi Deluxe');
    await edited.getByText('90 minutes - $150.00').waitFor();
    // Focus went back to the Edit button that opened the dialog (Radix moves it a task after the unmount).
    await expect.poll(() => focused(page, 'aria-label')).toBe('Edit Lomi Lomi Deluxe');

    // Delete: the confirmation's words; Cancel keeps it, Delete removes it.
    await edited.getByRole('button', { name: 'Delete Lomi Lomi Deluxe' }).click();
    await dialog(page).getByRole('heading', { name: 'Are you sure?' }).waitFor();
    expect(await dialog(page).innerText()).toContain(
      'This action cannot be undone. This will permanently delete the service and may affect existing bookings.',
    );
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => focused(page, 'aria-label')).toBe('Delete Lomi Lomi Deluxe');
    await edited.getByRole('button', { name: 'Delete Lomi Lomi Deluxe' }).click();
    await dialog(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Success', 'Service deleted successfully');
    await edited.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page, 'text')).toBe('Manage Services');
    expect((await servicesOnServer()).some((s) => s.id === created.id)).toBe(false);

    // The client's confirmation page still shows what was booked.
    await page.goto(`${server.baseUrl}/booking/confirm/${booking.cancelToken}`);
    await page.getByRole('heading', { name: 'Booking Request Received!' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('Lomi Lomi Massage');
    expect(text).not.toContain('Deluxe');
    expect(text).toContain('$120.00');
    expect(text).not.toContain('$150.00');
  });
});

describe('Services: keyboard and accessibility', () => {
  it('opens and closes the Add dialog from the keyboard; no serious axe violations (phone and desktop, light and dark), grid and dialogs', async () => {
    // Opened once, following the system's scheme; each state checked in the four variants in place.
    const page = await openServices({ viewport: 'phone', theme: 'system' });
    const add = page.getByRole('button', { name: 'Add Service' });
    await add.focus();
    await page.keyboard.press('Enter');
    await dialog(page).getByRole('heading', { name: 'Add New Service' }).waitFor();
    // Focus is inside the dialog, and Escape gives it back.
    await expect.poll(() => dialog(page).locator(':focus').count()).toBe(1);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => focused(page, 'text')).toBe('Add Service');

    const problems = await violationsInPlace(page, 'grid');
    await add.click();
    await dialog(page).getByRole('heading', { name: 'Add New Service' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Add Duration Option' }).click();
    await dialog(page).getByRole('button', { name: 'Add Service' }).click();
    await dialog(page).getByText('Name is required').waitFor();
    problems.push(...(await violationsInPlace(page, 'add dialog with errors')));
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });

    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    await dialog(page).getByRole('heading', { name: 'Are you sure?' }).waitFor();
    problems.push(...(await violationsInPlace(page, 'delete dialog')));
    expect(problems).toEqual([]);
  });
});
