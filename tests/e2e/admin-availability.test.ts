/**
 * The Availability tab (docs/product.md §2, §4, §5 Block date + Business hours, §8) as
 * the therapist, on a server of its own: opening Sunday makes a visitor's Sunday bookable and
 * shorter hours remove the later times; a date blocked from the month calendar leaves the
 * visitor's availability and the wizard's calendar, and a click on it unblocks it; a partial
 * block removes only its times; blocking a day that holds a booking names the booking first and
 * keeps it; the §5 messages; axe in both themes on a phone and a desktop.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, useBrowser, type Theme, type ViewportName } from './browser';
import { openSignedIn } from './e2e-c-session';
import { violationsInPlace } from './e2e-c-variants';
import { calendarDay, isDayDisabled, showMonthOf } from './calendar';
import { adminCookie, createBooking, nzWeekdayAhead, startServer, type RunningServer } from './harness.mjs';
import { openToasts } from './toasts';
import { displayDate, serviceSelectButtons, timeSlots } from './wizard';

useBrowser();

let server: RunningServer;
let cookie: string;
beforeAll(async () => {
  server = await startServer({ quiet: true });
  cookie = await adminCookie(server.baseUrl);
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

interface Availability {
  available: boolean;
  timeSlots: string[];
}
interface Blocked {
  id: number;
  date: string;
}

async function call<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      origin: server.baseUrl,
      cookie,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}
const availability = (date: string) => call<Availability>(`/api/availability/${date}`);
const blockedDates = () => call<Blocked[]>('/api/blocked-dates');

/** Leaves no block behind for the next test. */
async function unblockAll(): Promise<void> {
  for (const b of await blockedDates()) await call(`/api/blocked-dates/${b.id}`, { method: 'DELETE' });
}

/** The NZ date of the next Sunday at least `minDays` ahead. */
function sundayAhead(minDays: number): string {
  let date = nzWeekdayAhead(minDays);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 0) {
    const d = new Date(`${date}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1);
    date = d.toISOString().slice(0, 10);
  }
  return date;
}

/** The tab with her session (signing in through the form is admin-auth.test.ts's). */
async function openAvailability(options: { viewport?: ViewportName; theme?: Theme } = {}): Promise<Page> {
  const page = await openSignedIn(server.baseUrl, '/admin/availability', { viewport: 'desktop', ...options });
  await page.getByRole('heading', { name: 'Business Hours' }).waitFor();
  await page.getByRole('heading', { name: 'Blocked Dates' }).waitFor();
  return page;
}

const dayCard = (page: Page, name: string): Locator => page.getByRole('region', { name: new RegExp(`^${name}`) });

/**
 * Picks `option` in a select and waits until its list has closed (while open, Radix hides the rest of the page from
 * the accessibility tree). A click that lands while the list is still opening is ignored by Radix: tapped again.
 */
async function choose(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  for (let tries = 1; ; tries++) {
    await page.getByRole('option', { name: option, exact: true }).click();
    try {
      await page.getByRole('listbox').waitFor({ state: 'detached', timeout: 3_000 });
      return;
    } catch (err) {
      if (tries >= 3) throw err;
    }
  }
}

async function toast(page: Page, text: string): Promise<void> {
  await openToasts(page).filter({ hasText: text }).first().waitFor();
}

/** The block form's calendar: shows the month of `date` and presses its day. */
async function pickDay(page: Page, date: string): Promise<void> {
  await showMonthOf(page, date);
  await calendarDay(page, date).click();
}

describe('Availability tab', () => {
  it('opens Sunday, shortens its hours and closes it again; the visitor’s availability follows', async () => {
    const sunday = sundayAhead(3);
    expect((await availability(sunday)).available).toBe(false);
    const page = await openAvailability();
    const card = dayCard(page, 'Sunday');
    expect(await card.innerText()).toContain('Closed');

    await card.getByRole('switch', { name: 'Sunday open' }).click();
    await toast(page, 'Business hours updated successfully');
    await expect.poll(async () => (await availability(sunday)).available).toBe(true);
    expect((await availability(sunday)).timeSlots).toContain('09:00');

    // End options offer only times later than the start (§5).
    await card.getByRole('combobox', { name: 'Start' }).click();
    await page.getByRole('option', { name: '11:00 AM', exact: true }).click();
    // Saved (its spinner gone) before the next change: the toast of the switch may still be on screen, and a change
    // made while the day is saving builds on its hours before the save (the start would be lost).
    await expect.poll(() => card.getAttribute('aria-busy')).toBeNull();
    await toast(page, 'Business hours updated successfully');
    await card.getByRole('combobox', { name: 'End' }).click();
    const endOptions = await page.getByRole('option').allInnerTexts();
    expect(endOptions[0]).toBe('11:30 AM');
    expect(endOptions).not.toContain('11:00 AM');
    await page.getByRole('option', { name: '2:00 PM', exact: true }).click();
    // 11:00 is already offered after the start change, so wait for the end's save itself: the last
    // time before 2:00 PM gone means the new end is in force.
    const endsBefore2pm = async () => ((await availability(sunday)).timeSlots.at(-1) ?? '99:99') < '14:00';
    await expect.poll(endsBefore2pm).toBe(true);
    const slots = (await availability(sunday)).timeSlots;
    expect(slots).toContain('11:00');
    expect(slots.every((t) => t >= '11:00' && t < '14:00')).toBe(true);
    expect(slots).not.toContain('09:00');

    // Reload: the saved hours are what the tab shows.
    await page.reload();
    await dayCard(page, 'Sunday').getByRole('combobox', { name: 'End' }).waitFor();
    expect(await dayCard(page, 'Sunday').getByRole('combobox', { name: 'Start' }).innerText()).toContain('11:00 AM');
    expect(await dayCard(page, 'Sunday').getByRole('combobox', { name: 'End' }).innerText()).toContain('2:00 PM');

    // Close it again from the keyboard (restores the seeded week).
    const sundaySwitch = dayCard(page, 'Sunday').getByRole('switch', { name: 'Sunday open' });
    await sundaySwitch.focus();
    await page.keyboard.press('Space');
    expect(await sundaySwitch.getAttribute('aria-checked')).toBe('false');
    await toast(page, 'Business hours updated successfully');
    await expect.poll(async () => (await availability(sunday)).available).toBe(false);
  });

  it('blocks a date from the calendar, the wizard disables it, a click on it unblocks it', async () => {
    const date = nzWeekdayAhead(10);
    expect((await availability(date)).available).toBe(true);
    const page = await openAvailability();
    // The list answers after the headings show: wait for it, then check it says so once.
    await page.getByText('No dates are currently blocked').waitFor();
    expect(await page.getByText('No dates are currently blocked').count()).toBe(1);

    // §5: a date is required.
    await page.getByRole('button', { name: 'Block Date' }).click();
    await page.getByText('Please select a date').waitFor();

    await pickDay(page, date);
    expect(await page.getByTestId('block-selected-date').innerText()).toBe(displayDate(date));
    await page.getByLabel('Reason (optional)').fill('Conference');
    await page.getByRole('button', { name: 'Block Date' }).click();
    await toast(page, 'Date blocked successfully');
    // The form is cleared and the list shows the date and the reason.
    await page.getByText('No date selected').waitFor();
    expect(await page.getByLabel('Reason (optional)').inputValue()).toBe('');
    const list = page.getByRole('list', { name: 'Blocked Dates' });
    await list.getByText(displayDate(date)).waitFor();
    expect(await list.innerText()).toContain('Conference');
    expect((await availability(date)).available).toBe(false);

    // The wizard's calendar disables it.
    const wizard = await openPage(null);
    await wizard.goto(`${server.baseUrl}/booking`);
    await serviceSelectButtons(wizard).first().click();
    await timeSlots(wizard).first().waitFor({ timeout: 20_000 });
    await showMonthOf(wizard, date);
    await expect.poll(() => isDayDisabled(calendarDay(wizard, date)), { timeout: 15_000 }).toBe(true);

    // A click on the blocked day unblocks it.
    await pickDay(page, date);
    await toast(page, 'Blocked date removed successfully');
    await page.getByText('No dates are currently blocked').waitFor();
    expect((await availability(date)).available).toBe(true);
    await unblockAll();
  });

  it('a partial block removes only its times; §5 end after start; removed from the list', async () => {
    const date = nzWeekdayAhead(11);
    const before = (await availability(date)).timeSlots;
    expect(before).toEqual(expect.arrayContaining(['10:00', '13:00', '15:00']));
    const page = await openAvailability({ viewport: 'phone' });
    await pickDay(page, date);
    await page.getByLabel('Block entire day').click();
    await page.getByRole('button', { name: 'Block Date' }).click();
    await page.getByText('Please select a start time').waitFor();

    // An end chosen before a later start: 'End time must be after start time'.
    await choose(page, page.getByRole('combobox', { name: 'End time' }), '10:00 AM');
    await choose(page, page.getByRole('combobox', { name: 'Start time' }), '1:00 PM');
    await page.getByRole('button', { name: 'Block Date' }).click();
    await page.getByText('End time must be after start time').waitFor();
    await choose(page, page.getByRole('combobox', { name: 'End time' }), '3:00 PM');
    await page.getByRole('button', { name: 'Block Date' }).click();
    await toast(page, 'Date blocked successfully');

    const list = page.getByRole('list', { name: 'Blocked Dates' });
    await list.getByText('1:00 PM - 3:00 PM').waitFor();
    const after = await availability(date);
    expect(after.available).toBe(true);
    // 13:00-15:00 is gone (and a 60-minute 12:30 that would run into it); the rest stays.
    expect(after.timeSlots).not.toContain('13:00');
    expect(after.timeSlots).not.toContain('14:30');
    expect(after.timeSlots).toEqual(expect.arrayContaining(['10:00', '15:00']));

    await list.getByRole('button', { name: new RegExp(`^Remove blocked date ${displayDate(date)}`) }).click();
    await toast(page, 'Blocked date removed successfully');
    await page.getByText('No dates are currently blocked').waitFor();
    expect((await availability(date)).timeSlots).toEqual(before);
  });

  it('warns and names the booking before blocking its date, and keeps the booking', async () => {
    const date = nzWeekdayAhead(13);
    const booking = await createBooking(server.baseUrl, {
      date,
      time: '10:00',
      firstName: 'Aroha',
      lastName: 'Conflict',
    });
    const page = await openAvailability();
    await pickDay(page, date);
    await page.getByRole('button', { name: 'Block Date' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const text = await dialog.innerText();
    expect(text).toContain('Aroha Conflict');
    expect(text).toContain(displayDate(date));
    expect(text).toContain('10:00 AM');

    // Going back saves nothing.
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await blockedDates()).toEqual([]);

    await page.getByRole('button', { name: 'Block Date' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save anyway' }).click();
    await toast(page, 'Date blocked successfully');
    expect((await blockedDates()).map((b) => b.date)).toEqual([date]);
    const all = await call<{ id: number; status: string }[]>('/api/admin/bookings');
    expect(all.find((b) => b.id === booking.id)?.status).toBe('pending');
    await unblockAll();
  });

  it('has no serious or critical axe violations (light and dark, phone and desktop)', async () => {
    await call('/api/blocked-dates', { body: { date: nzWeekdayAhead(15), isFullDay: true, reason: 'Holiday' } });
    // Three days on, so the two never land on one date (a weekend ahead moves both to its Monday).
    await call('/api/blocked-dates', {
      body: { date: nzWeekdayAhead(18), isFullDay: false, startTime: '09:00', endTime: '12:00' },
    });
    // Opened once, following the system's scheme; each state checked in the four variants in place.
    const page = await openAvailability({ viewport: 'phone', theme: 'system' });
    await page.getByRole('list', { name: 'Blocked Dates' }).waitFor();
    const problems = await violationsInPlace(page, 'availability');
    // With the partial-day fields and the §5 messages on screen.
    await page.getByLabel('Block entire day').click();
    await page.getByRole('button', { name: 'Block Date' }).click();
    await page.getByText('Please select a date').waitFor();
    problems.push(...(await violationsInPlace(page, 'availability (errors)')));
    await unblockAll();
    expect(problems).toEqual([]);
  });
});
