/**
 * Her other calendars (docs/product.md §11) as the therapist, on a server of its own
 * that may read calendars on 127.0.0.1 (CALENDAR_ALLOW_PRIVATE_URLS) and never syncs on a timer:
 * she adds a published calendar by its address; its busy times leave the visitor's times, show in
 * grey on her Appointments tab and never on the public pages; a failed 'Sync now' says why and
 * keeps the last good busy times; the all-day switch; 'Why this time?'; a pending request that a
 * new calendar overlaps (the badge, the clash line, 'Approve anyway'); an event title that looks
 * like HTML stays text; Remove; axe in both themes on a phone and a desktop.
 * The browser's zone is America/Los_Angeles: every time shown must be New Zealand's.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate, dayOfWeek, nzToday } from '../../src/shared/time';
import { startCalendarServer, type CalendarServer } from '../helpers/calendar-server';
import { familyCalendar, googleCalendar, nextWeekday } from '../helpers/ics-samples';
import { openPage, useBrowser, type OpenOptions } from './browser';
import { calendarDay, isDayDisabled, showMonthOf } from './calendar';
import { openSignedIn } from './e2e-c-session';
import { violationsInPlace } from './e2e-c-variants';
import { adminCookie, createBooking, startServer, type RunningServer } from './harness.mjs';
import { openToasts } from './toasts';
import { displayDate, serviceSelectButtons, timeSlots } from './wizard';

useBrowser();

const TODAY = nzToday();
const FAMILY = familyCalendar(TODAY);
/** A Tuesday with the 3-4 PM school run, far enough ahead for the 2 hours' notice. */
const TUESDAY = nextWeekday(addDaysToDate(TODAY, 2), 2);
/** The family weekend's Saturday (open in the demo hours) and a Sunday (closed). */
const { saturday: SATURDAY } = FAMILY;
const SUNDAY = nextWeekday(addDaysToDate(TODAY, 1), 0);
/** A weekday with a pending request that the 'Work' calendar added later overlaps. */
const CLASH_DAY = weekdayNot(addDaysToDate(TODAY, 10));
/** Another, for the request whose clashing event has a title that looks like HTML. */
const HOSTILE_DAY = weekdayNot(addDaysToDate(CLASH_DAY, 1));
const HOSTILE_TITLE = '<img src=x onerror=alert(1)>';

/** The first Monday to Friday on or after `date` that is not the Tuesday of the school run. */
function weekdayNot(date: string): string {
  let d = date;
  while ([0, 2, 6].includes(dayOfWeek(d))) d = addDaysToDate(d, 1);
  return d;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** 'Tue 1 Dec', as the section writes an NZ date (by hand: a calendar date, no zone involved). */
function shortDay(date: string): string {
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[dayOfWeek(date)]} ${d} ${MONTHS[m - 1]}`;
}

let server: RunningServer;
let calendars: CalendarServer;
let cookie: string;

beforeAll(async () => {
  calendars = await startCalendarServer();
  calendars.setFile('/family.ics', FAMILY.text);
  server = await startServer({
    quiet: true,
    env: { CALENDAR_ALLOW_PRIVATE_URLS: 'true', CALENDAR_SYNC_ENABLED: 'false' },
  });
  cookie = await adminCookie(server.baseUrl);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await calendars?.close();
});

interface Availability {
  available: boolean;
  timeSlots: string[];
}

/** GET /api/availability/{date} as a visitor (no cookie): the parsed answer and its raw text. */
async function visitorAvailability(date: string): Promise<Availability & { raw: string }> {
  const res = await fetch(`${server.baseUrl}/api/availability/${date}`);
  const raw = await res.text();
  if (!res.ok) throw new Error(`GET /api/availability/${date} answered ${res.status}: ${raw}`);
  return { ...(JSON.parse(raw) as Availability), raw };
}
const slotsOn = async (date: string) => (await visitorAvailability(date)).timeSlots;

async function adminCall<T>(path: string): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { origin: server.baseUrl, cookie } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The errors a failed sync or add makes the client log on purpose (apiRequest logs every failure). */
const CALENDAR_FAILURES = [/status of 422 \(Unprocessable/, /API request error: Error: 422: /];

async function openAvailability(options: OpenOptions = {}): Promise<Page> {
  const page = await openSignedIn(server.baseUrl, '/admin/availability', {
    viewport: 'desktop',
    allowConsoleErrors: CALENDAR_FAILURES,
    ...options,
  });
  await section(page).getByRole('heading', { name: 'Add a calendar' }).waitFor();
  return page;
}

async function openAppointments(options: OpenOptions = {}): Promise<Page> {
  const page = await openSignedIn(server.baseUrl, '/admin/appointments', { viewport: 'desktop', ...options });
  await page.getByRole('heading', { name: 'Upcoming Appointments' }).waitFor();
  return page;
}

/** The card (its nearest .bg-card ancestor) that holds `inner`. */
const cardOf = (inner: Locator): Locator =>
  inner.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " bg-card ")][1]');
/** The 'Other calendars' card. */
const section = (page: Page): Locator => cardOf(page.getByRole('heading', { name: 'Other calendars', exact: true }));
const calendarList = (page: Page) => page.getByRole('list', { name: 'Other calendars' });
const calendarItem = (page: Page, name: string) =>
  calendarList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
const addForm = (page: Page) => page.getByRole('form', { name: 'Add a calendar' });

/** Types a name and an iCal address into 'Add a calendar' and presses 'Add calendar'. */
async function addCalendar(page: Page, name: string, url: string): Promise<void> {
  const form = addForm(page);
  await form.getByLabel('Name').fill(name);
  await form.getByRole('radio', { name: 'iCal address' }).check();
  await form.getByRole('textbox', { name: 'Address' }).fill(url);
  await form.getByRole('button', { name: 'Add calendar' }).click();
}

async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  let toast = openToasts(page).filter({ hasText: title });
  if (description) toast = toast.filter({ hasText: description });
  await toast
    .first()
    .waitFor()
    .catch(async (err: Error) => {
      throw new Error(
        `${err.message}\nThe toasts on screen: ${JSON.stringify(await openToasts(page).allInnerTexts())}`,
      );
    });
}

/** Shows the month of `date` on the Appointments calendar, selects the day and waits for its list. */
async function openDay(page: Page, date: string): Promise<void> {
  await showMonthOf(page, date);
  await calendarDay(page, date).click();
  await page.getByRole('heading', { name: new RegExp(displayDate(date)) }).waitFor();
}
const dayList = (page: Page) => page.getByRole('list', { name: /^Appointments on / });

/** The 'Why this time?' card: unfolds it, asks about `date` and answers the answer's rows. */
async function explain(page: Page, date: string): Promise<Locator> {
  const toggle = page.getByRole('button', { name: 'Why this time?' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const card = whyCard(page);
  await card.getByLabel('Date').fill(date);
  const answered = page.waitForResponse((r) => r.url().includes(`/api/admin/availability/explain?date=${date}`));
  await card.getByRole('button', { name: 'Explain' }).click();
  expect((await answered).status()).toBe(200);
  await card.getByRole('button', { name: 'Explain' }).waitFor();
  const list = card.getByRole('list', { name: /^Start times/ });
  await list.waitFor();
  return list;
}
const whyCard = (page: Page): Locator => cardOf(page.getByRole('button', { name: 'Why this time?' }));
/** The row of one start time ('3:00 PM') in the answer. */
const explainRow = (list: Locator, time: string) =>
  list.locator(':scope > li').filter({ has: list.page().getByText(time, { exact: true }) });

/** A computed colour (rgb() or Tailwind 4's oklch()) with next to no hue: a grey. */
function isGrey(color: string): boolean {
  const n = color.match(/[\d.]+/g)!.map(Number);
  if (color.startsWith('oklch')) return n[1]! < 0.04;
  return Math.max(n[0]!, n[1]!, n[2]!) - Math.min(n[0]!, n[1]!, n[2]!) < 24;
}

describe('Other calendars', () => {
  it(
    'adds Family by its iCal address: her busy times leave the visitor’s times and show in grey to her only; Why this time? says so',
    { timeout: 60_000 },
    async () => {
      const before = await visitorAvailability(TUESDAY);
      expect(before.timeSlots).toContain('15:00');
      expect((await visitorAvailability(SATURDAY)).timeSlots.length).toBeGreaterThan(0);

      const page = await openAvailability();
      await section(page).getByText('No other calendars yet.').waitFor();
      await addCalendar(page, 'Family', calendars.url('/family.ics'));
      await expectToast(page, 'Calendar added', 'Family now blocks bookings while you are busy.');

      // The result line: what it found, the next busy time on the NZ wall clock (not Los Angeles').
      const result = addForm(page).getByRole('status');
      await result.getByText(/^Family: /).waitFor();
      const line = await result.innerText();
      expect(line).toMatch(/^Family: 3 events, next: /);
      const nextTuesday = TODAY === nextWeekday(TODAY, 2) ? [TODAY, addDaysToDate(TODAY, 7)] : [nextWeekday(TODAY, 2)];
      expect(
        nextTuesday.map((d) => `next: ${shortDay(d)} 3:00 PM`).some((s) => line.includes(s)),
        line,
      ).toBe(true);
      expect(line).toContain('1 skipped');
      // The form is empty again.
      expect(await addForm(page).getByLabel('Name').inputValue()).toBe('');
      expect(await addForm(page).getByRole('textbox', { name: 'Address' }).inputValue()).toBe('');

      // The list: the name, iCal, the address shortened (its secret path hidden), when it synced.
      const item = calendarItem(page, 'Family');
      const text = await item.innerText();
      expect(text).toContain('iCal');
      expect(text).toMatch(/Last synced: just now \(\w{3} \d{1,2} \w{3} \d{1,2}:\d{2} [AP]M\)/);
      expect(text).toContain('3 events');
      expect(text).not.toContain('/family.ics');
      await item.getByRole('button', { name: 'Show address of Family' }).click();
      await item.getByText(calendars.url('/family.ics')).waitFor();
      expect(await item.getByRole('switch', { name: 'All-day events block the day (Family)' }).isChecked()).toBe(true);

      // The visitor: no 3 PM (nor the hour before it, nor 4 PM with the gap) that Tuesday; no Saturday.
      const tuesday = await visitorAvailability(TUESDAY);
      expect(tuesday.timeSlots).not.toContain('15:00');
      expect(tuesday.timeSlots).not.toContain('14:30');
      expect(tuesday.timeSlots).toEqual(expect.arrayContaining(['09:00', '13:00']));
      expect(await visitorAvailability(SATURDAY)).toMatchObject({ available: false, timeSlots: [] });
      for (const answer of [tuesday.raw, (await visitorAvailability(SATURDAY)).raw]) {
        expect(answer).not.toMatch(/School run|Family/);
      }
      const range = await fetch(`${server.baseUrl}/api/availability?from=${TODAY}&to=${addDaysToDate(TODAY, 20)}`);
      expect(await range.text()).not.toMatch(/School run|Family/);

      // The visitor's wizard: that Tuesday has no 3:00 PM, the Saturday cannot be chosen, no titles.
      const wizard = await openPage(null);
      await wizard.goto(`${server.baseUrl}/booking`);
      await serviceSelectButtons(wizard).first().click();
      await timeSlots(wizard).first().waitFor({ timeout: 20_000 });
      await showMonthOf(wizard, TUESDAY);
      await calendarDay(wizard, TUESDAY).click();
      await expect
        .poll(async () => (await timeSlots(wizard).allInnerTexts()).map((t) => t.trim()), { timeout: 15_000 })
        .toContain('1:00 PM');
      expect((await timeSlots(wizard).allInnerTexts()).map((t) => t.trim())).not.toContain('3:00 PM');
      await showMonthOf(wizard, SATURDAY);
      await expect.poll(() => isDayDisabled(calendarDay(wizard, SATURDAY)), { timeout: 15_000 }).toBe(true);
      expect(await wizard.locator('body').innerText()).not.toMatch(/School run|Family weekend|\bFamily\b/);
      await wizard.goto(`${server.baseUrl}/`);
      await wizard.getByRole('heading', { name: 'My Massage Offerings' }).waitFor();
      expect(await wizard.locator('body').innerText()).not.toMatch(/School run|Family weekend/);

      // Her Appointments tab: the day is marked busy, and the school run is in its list, in grey.
      const admin = await openAppointments();
      await openDay(admin, TUESDAY);
      expect(await calendarDay(admin, TUESDAY).locator('.sr-only').textContent()).toContain('busy in your calendar');
      const busy = dayList(admin).getByText('3:00-4:00 PM · School run · Family');
      await busy.waitFor();
      // Not an appointment: nothing to press.
      expect(await busy.locator('xpath=ancestor-or-self::button').count()).toBe(0);
      const colour = await busy.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).color);
      expect(isGrey(colour), colour).toBe(true);
      await openDay(admin, SATURDAY);
      await dayList(admin).getByText('All day · Family weekend · Family').waitFor();

      // 'Why this time?' on the same tab: why 3:00 PM is not offered that Tuesday, and a past day and a Sunday.
      let list = await explain(admin, TUESDAY);
      const three = explainRow(list, '3:00 PM');
      expect(await three.innerText()).toContain('Not offered');
      expect(await three.innerText()).toContain('Busy in Family, 3:00-4:00 PM');
      // Her event's title is hers: the reason names the calendar, not the event.
      expect(await three.innerText()).not.toContain('School run');
      const ten = explainRow(list, '10:00 AM');
      expect(await ten.innerText()).toContain('Offered');
      expect(await ten.innerText()).not.toContain('Not offered');
      // The answer agrees with what the visitor is offered.
      const offered = await list.locator(':scope > li').filter({ hasNotText: 'Not offered' }).count();
      expect(offered).toBe((await slotsOn(TUESDAY)).length);
      await whyCard(admin)
        .getByText(new RegExp(`^${offered} of \\d+ times offered on .+ \\(60 min visit\\)$`))
        .waitFor();

      // 'Only offered' leaves out the 3:00 PM.
      await whyCard(admin).getByRole('button', { name: 'Only offered' }).click();
      await whyCard(admin).getByRole('list', { name: 'Start times, offered only' }).waitFor();
      expect(await explainRow(whyCard(admin).getByRole('list'), '3:00 PM').count()).toBe(0);
      await whyCard(admin).getByRole('button', { name: 'All', exact: true }).click();

      // A past day: every time 'Already past'.
      list = await explain(admin, addDaysToDate(TODAY, -2));
      const pastRows = await list.locator(':scope > li').allInnerTexts();
      expect(pastRows.length).toBeGreaterThan(0);
      for (const row of pastRows) {
        expect(row).toContain('Not offered');
        expect(row).toContain('Already past');
      }
      // A Sunday: closed, on every time, nothing offered.
      list = await explain(admin, SUNDAY);
      const sundayRows = await list.locator(':scope > li').allInnerTexts();
      expect(sundayRows.length).toBeGreaterThan(0);
      for (const row of sundayRows) {
        expect(row).toContain('Not offered');
        expect(row).toContain('Closed on Sundays');
      }
      await whyCard(admin)
        .getByText(/^0 of \d+ times offered/)
        .waitFor();
    },
  );

  it(
    'keeps the busy times and says why when Sync now fails; gives the family Saturday its times back when all-day events stop blocking, and takes them again',
    { timeout: 60_000 },
    async () => {
      calendars.setDown('/family.ics', 503);
      const page = await openAvailability({ viewport: 'phone' });
      const item = calendarItem(page, 'Family');
      await item.getByRole('button', { name: 'Sync now Family' }).click();
      await expectToast(page, 'Error');
      const alert = item.getByRole('alert');
      await alert.waitFor();
      const text = await alert.innerText();
      expect(text).toMatch(/^Last sync failed just now: .*503/);
      expect(text).toContain('The busy times from the last good sync still block bookings.');
      // The last good sync still shows, and still blocks.
      expect(await item.innerText()).toMatch(/Last synced: /);
      expect(await slotsOn(TUESDAY)).not.toContain('15:00');
      expect(await visitorAvailability(SATURDAY)).toMatchObject({ available: false });

      // Back up: Sync now clears the error.
      calendars.setFile('/family.ics', FAMILY.text);
      await item.getByRole('button', { name: 'Sync now Family' }).click();
      await expectToast(page, 'Success', 'Synced: 3 events');
      await alert.waitFor({ state: 'detached' });

      // The all-day switch, on the same page.
      const toggle = calendarItem(page, 'Family').getByRole('switch', {
        name: 'All-day events block the day (Family)',
      });
      await toggle.click();
      await expectToast(page, 'Success', 'Calendar updated');
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await expect.poll(() => slotsOn(SATURDAY)).toEqual(expect.arrayContaining(['09:00', '15:00']));
      // Timed events still block.
      expect(await slotsOn(TUESDAY)).not.toContain('15:00');

      // Still off after a reload (it was saved), then on again.
      await page.reload();
      const again = calendarItem(page, 'Family').getByRole('switch', { name: 'All-day events block the day (Family)' });
      await again.waitFor();
      expect(await again.getAttribute('aria-checked')).toBe('false');
      await again.click();
      await expect.poll(() => again.getAttribute('aria-checked')).toBe('true');
      await expect.poll(async () => (await visitorAvailability(SATURDAY)).available).toBe(false);
    },
  );

  it(
    'marks a pending request that a newly added calendar overlaps, approves it anyway, and shows an event title that looks like HTML as text',
    { timeout: 60_000 },
    async () => {
      const booking = await createBooking(server.baseUrl, {
        date: CLASH_DAY,
        time: '10:00',
        firstName: 'Hana',
        lastName: 'Clash',
        email: 'hana.clash@example.nz',
      });
      calendars.setFile('/work.ics', workCalendar());
      const page = await openAvailability();
      // No script of an event's title ever runs: no alert().
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await addCalendar(page, 'Work', calendars.url('/work.ics'));
      await expectToast(page, 'Calendar added', 'Work now blocks bookings');

      await openPending(page);
      const row = pendingRow(page, 'Hana Clash');
      await row.getByText('Clashes with your calendar').waitFor();
      await row.getByRole('button', { name: /^Approve/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve Booking' });
      await dialog.getByText('Clashes with: Physio course (Work), 10:30-11:30 AM', { exact: true }).waitFor();
      await dialog
        .getByText('Approve anyway if you can still make it; the client is not told about the clash.')
        .waitFor();
      expect(await dialog.getByRole('button', { name: 'Confirm Booking' }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Approve anyway' }).click();
      await expectToast(page, 'Booking approved');
      await dialog.waitFor({ state: 'detached' });
      await row.waitFor({ state: 'detached' });
      const status = await fetch(`${server.baseUrl}/api/bookings/token/${booking.cancelToken}`);
      expect(((await status.json()) as { status: string }).status).toBe('confirmed');

      // A title that looks like HTML, on her pending list and her Appointments tab.
      await createBooking(server.baseUrl, {
        date: HOSTILE_DAY,
        time: '13:00',
        firstName: 'Ari',
        lastName: 'Hostile',
        email: 'ari.hostile@example.nz',
      });
      calendars.setFile('/work.ics', workCalendar(HOSTILE_TITLE));
      await page.goto(`${server.baseUrl}/admin/availability`);
      await section(page).getByRole('heading', { name: 'Add a calendar' }).waitFor();
      await calendarItem(page, 'Work').getByRole('button', { name: 'Sync now Work' }).click();
      await expectToast(page, 'Success', 'Synced: 2 events');

      await openPending(page);
      const hostileRow = pendingRow(page, 'Ari Hostile');
      await hostileRow.getByText('Clashes with your calendar').waitFor();
      await hostileRow.getByRole('button', { name: /^Approve/ }).click();
      const hostileDialog = page.getByRole('dialog', { name: 'Approve Booking' });
      await hostileDialog.getByText(`Clashes with: ${HOSTILE_TITLE} (Work), 1:00-2:00 PM`, { exact: true }).waitFor();
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      await hostileDialog.getByRole('button', { name: 'Cancel' }).click();
      await hostileDialog.waitFor({ state: 'detached' });

      await page.goto(`${server.baseUrl}/admin/appointments`);
      await page.getByRole('heading', { name: 'Upcoming Appointments' }).waitFor();
      await openDay(page, HOSTILE_DAY);
      await dayList(page).getByText(`1:00-2:00 PM · ${HOSTILE_TITLE} · Work`).waitFor();
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(dialogs).toEqual([]);
    },
  );

  it('renames a calendar, asks before removing one, and the removed one’s busy times go with it', async () => {
    const page = await openAvailability({ viewport: 'phone' });
    await calendarItem(page, 'Work').getByRole('button', { name: 'Rename Work' }).click();
    const name = calendarList(page).getByRole('textbox', { name: 'New name for Work' });
    await name.fill('Clinic roster');
    await name.press('Enter');
    await expectToast(page, 'Success', 'Calendar updated');
    await calendarItem(page, 'Clinic roster').waitFor();

    const item = calendarItem(page, 'Family');
    await item.getByRole('button', { name: 'Remove Family' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove calendar' });
    await dialog.getByText('Remove Family? Its busy times stop blocking bookings.').waitFor();
    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await slotsOn(TUESDAY)).not.toContain('15:00');

    await item.getByRole('button', { name: 'Remove Family' }).click();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expectToast(page, 'Success', 'Calendar removed');
    await item.waitFor({ state: 'detached' });
    expect(await slotsOn(TUESDAY)).toEqual(expect.arrayContaining(['14:30', '15:00', '16:00']));
    expect((await visitorAvailability(SATURDAY)).available).toBe(true);
    await calendarItem(page, 'Clinic roster').waitFor();
  });

  it('has no serious or critical axe violations in the section and in Why this time? (light and dark, phone and desktop)', async () => {
    // A calendar whose last sync failed, so that its warning is checked too.
    calendars.setDown('/work.ics', 503);
    const all = await adminCall<{ id: number; name: string }[]>('/api/admin/calendars');
    const clinic = all.find((c) => c.name === 'Clinic roster')!;
    const failed = await fetch(`${server.baseUrl}/api/admin/calendars/${clinic.id}/sync`, {
      method: 'POST',
      headers: { origin: server.baseUrl, cookie },
    });
    expect(failed.status).toBe(422);

    // Opened once, following the system's scheme, and checked in each variant in place.
    const page = await openAvailability({ viewport: 'phone', theme: 'system' });
    await calendarItem(page, 'Clinic roster').getByRole('alert').waitFor();
    // With the result line of an add on screen.
    calendars.setFile('/axe.ics', FAMILY.text);
    await addCalendar(page, 'Axe', calendars.url('/axe.ics'));
    await addForm(page)
      .getByRole('status')
      .getByText(/ events, /)
      .waitFor();
    const problems = await violationsInPlace(page, 'other calendars');

    await page.goto(`${server.baseUrl}/admin/appointments`);
    await page.getByRole('heading', { name: 'Upcoming Appointments' }).waitFor();
    await explain(page, CLASH_DAY);
    problems.push(...(await violationsInPlace(page, 'why this time?')));
    expect(problems).toEqual([]);
  });
});

/** Her 'Work' calendar: the physio course on CLASH_DAY, and with `title`, an event on HOSTILE_DAY 1-2 PM. */
function workCalendar(title?: string): string {
  return googleCalendar('Work', [
    { uid: 'course', summary: 'Physio course', date: CLASH_DAY, start: '10:30', end: '11:30' },
    ...(title ? [{ uid: 'odd', summary: title, date: HOSTILE_DAY, start: '13:00', end: '14:00' }] : []),
  ]);
}

/** Goes to the Pending Requests tab in the same page (signed in already). */
async function openPending(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/admin/pending`);
  await page.getByText(/^\d+ pending request\(s\)$/).waitFor();
}
const pendingRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Pending requests' }).getByRole('row').filter({ hasText: name });
