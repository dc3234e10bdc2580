/** Steps through the booking wizard the way a visitor does (roles and the product's texts only). */
import type { Locator, Page } from 'playwright-core';
import { format, parseISO } from 'date-fns';

/** Time slots read in 12-hour form ('9:00 AM'). */
export const SLOT_TEXT = /^\s*\d{1,2}:\d{2}\s?(AM|PM)\s*$/i;

/** The home page's service-card book links (docs/product.md §2: /booking?serviceId=&duration=&price=&step=2). */
export function serviceBookLinks(page: Page): Locator {
  return page.locator('a[href*="/booking?"][href*="serviceId="]');
}

/** Step 1's 'Select' buttons, one per service card. */
export function serviceSelectButtons(page: Page): Locator {
  return page.getByRole('button', { name: /^Select\b/ });
}

/** The time-slot buttons of step 2. */
export function timeSlots(page: Page): Locator {
  return page.getByRole('button', { name: SLOT_TEXT }).or(page.getByRole('radio', { name: SLOT_TEXT }));
}

/**
 * Waits for step 2's slots and presses the day's latest; answers its label. Not the earliest:
 * when the day is today, the 2-hour minimum notice drops the earliest time at every half hour,
 * so a test that crosses one would be refused (409) the time it picked a moment before.
 */
export async function pickLatestTimeSlot(page: Page): Promise<string> {
  await timeSlots(page).first().waitFor({ timeout: 20_000 });
  const slot = timeSlots(page).last();
  const label = (await slot.innerText()).trim();
  await slot.click();
  return label;
}

export function continueButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Continue', exact: true });
}

export interface ContactDetails {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  address?: string;
}

export const field = {
  firstName: (page: Page) => page.getByLabel(/^first name/i),
  lastName: (page: Page) => page.getByLabel(/^last name/i),
  email: (page: Page) => page.getByLabel(/^email/i),
  phone: (page: Page) => page.getByLabel(/^phone/i),
  address: (page: Page) =>
    page
      .getByLabel(/address/i)
      .and(page.locator(':not([type=email])'))
      .first(),
};

/** Fills step 3's contact fields (the address last, waiting for the travel result). */
export async function fillContact(page: Page, details: ContactDetails): Promise<void> {
  if (details.firstName !== undefined) await field.firstName(page).fill(details.firstName);
  if (details.lastName !== undefined) await field.lastName(page).fill(details.lastName);
  if (details.email !== undefined) await field.email(page).fill(details.email);
  if (details.phone !== undefined) await field.phone(page).fill(details.phone);
  if (details.address !== undefined) {
    const travel = page.waitForResponse(
      (r) => r.url().endsWith('/api/calculate-travel') && r.request().method() === 'POST',
      {
        timeout: 20_000,
      },
    );
    await field.address(page).fill(details.address);
    const res = await travel;
    if (!res.ok()) throw new Error(`POST /api/calculate-travel answered ${res.status()}: ${await res.text()}`);
  }
}

/** 'yyyy-MM-dd' as the product's display form 'MMMM d, yyyy'. */
export function displayDate(date: string): string {
  return format(parseISO(date), 'MMMM d, yyyy');
}

/** 'HH:mm' as 'h:mm a'. */
export function displayTime(time: string): string {
  return format(parseISO(`2000-01-01T${time}`), 'h:mm a');
}
