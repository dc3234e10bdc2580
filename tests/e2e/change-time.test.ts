/**
 * docs/product.md §4 "Changing a visit", 'Change time', as a visitor tries it: her confirmed Thursday 10 AM visit is
 * moved to Friday 2 PM from the 'Change time' link of her confirmation e-mail (read with mailparser); the page shows
 * the new time and that it is still confirmed; the e-mail that follows carries a calendar file that ical.js reads as
 * the same event (same UID, higher SEQUENCE), so her calendar app moves it. 20 hours before a visit the link
 * offers no change: it says to call, with her phone and e-mail. The browser is in Los Angeles; every time is
 * NZ time. axe-core on the picker and the 'Contact to change' page, each checked in place on the journey that opens
 * it, on a phone and a desktop, light and dark.
 */
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Received } from '../helpers/smtp';
import { AXE_VARIANTS, showVariant } from './axe';
import { openPage, useBrowser } from './browser';
import { calendarDay, showMonthOf } from './calendar';
import { adminCookie, createBooking } from './harness.mjs';
import { openToasts } from './toasts';
import { useMailServer } from './mail-server';
import { checkInEveryVariant, openSignedIn } from './e2e-d-session';
import { displayDate, displayTime } from './wizard';

useBrowser();

const inbox = useMailServer();
const base = () => inbox.server.baseUrl;

/** The NZ date `days` from today (yyyy-MM-dd). */
function nzDateAhead(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

async function admin(path: string, method: string, body: unknown): Promise<Response> {
  const cookie = await adminCookie(base());
  return fetch(`${base()}${path}`, {
    method,
    headers: { origin: base(), cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function confirmBooking(id: number): Promise<void> {
  const res = await admin(`/api/admin/bookings/${id}/status`, 'PATCH', { status: 'confirmed' });
  expect(res.status, await res.text()).toBe(200);
}

/** The one event of the e-mail's calendar file, as a calendar app reads it. */
function eventOf(mail: Received): ICAL.Event {
  const part = mail.parts.find((p) => p.contentType === 'text/calendar');
  expect(part, `a calendar file in '${mail.headers.subject}'`).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(part!.content) as unknown[]);
  const [event] = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  return event!;
}

/** axe on the open page (following the system's colour scheme) in the four variants in place, then back on a phone. */
async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const problems = await checkInEveryVariant(page, where);
  expect(problems, problems.join('\n\n')).toEqual([]);
  await showVariant(page, AXE_VARIANTS[0]!);
}

/** The confirmed visit about 20 hours ahead (the second describe makes it). */
let soon: Awaited<ReturnType<typeof createBooking>> | undefined;

describe("'Change time' from the e-mail", () => {
  it('moves her Thursday 10 AM to Friday 2 PM; the page and the calendar file follow', async () => {
    // A Thursday at least a week ahead whose 10:00 is free, with the Friday's 2 PM free for her address.
    let booking: Awaited<ReturnType<typeof createBooking>> | undefined;
    let thursday = '';
    let friday = '';
    for (let days = 7; days < 50 && !booking; days++) {
      const date = nzDateAhead(days);
      if (weekday(date) !== 4) continue;
      try {
        const made = await createBooking(base(), {
          date,
          time: '10:00',
          firstName: 'Aroha',
          lastName: 'Mover',
          email: 'aroha.mover@example.nz',
          phone: '021 555 0101',
          address: '7 Wainui Road, Raglan',
        });
        const next = nzDateAhead(days + 1);
        const times = await fetch(
          `${base()}/api/bookings/token/${encodeURIComponent(made.cancelToken)}/availability/${next}`,
        );
        const slots = ((await times.json()) as { timeSlots: string[] }).timeSlots;
        if (!slots.includes('14:00')) continue;
        booking = made;
        thursday = date;
        friday = next;
      } catch (err) {
        if (!/409/.test((err as Error).message)) throw err;
      }
    }
    expect(booking, 'a free Thursday 10 AM with the Friday 2 PM free').toBeDefined();
    await confirmBooking(booking!.id);

    const confirmation = await inbox.mailTo('aroha.mover@example.nz', 'Your appointment has been confirmed');
    const before = eventOf(confirmation);
    // The link, as her mail client shows it.
    const changeUrl = confirmation.text.match(/https?:\/\/\S+\/booking\/change\/[\w%-]+/)?.[0] ?? '';
    expect(changeUrl).toBe(`${base()}/booking/change/${encodeURIComponent(booking!.cancelToken)}`);

    const page = await openPage(null, { viewport: 'phone', theme: 'system' });
    await page.goto(changeUrl);
    await page.getByRole('heading', { name: 'Change time', level: 1 }).waitFor();
    await page
      .getByRole('button', { name: /^\d{1,2}:\d{2} (AM|PM)$/ })
      .first()
      .waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(page, 'the picker');
    // The current time, in NZ time although the browser is in Los Angeles.
    await page.getByText(`Current time: Thursday, ${displayDate(thursday)} at 10:00 AM (NZ time)`).waitFor();
    // Her own time is offered back to her (free for itself), but choosing it changes nothing.
    await page.getByRole('button', { name: '10:00 AM', exact: true }).click();
    await page.getByText('That is your current time.').waitFor();
    expect(await page.getByRole('button', { name: 'Confirm new time' }).isDisabled()).toBe(true);

    await showMonthOf(page, friday);
    await calendarDay(page, friday).click();
    await page.getByText(`Friday, ${displayDate(friday)}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: '2:00 PM', exact: true }).click();
    await page.getByText(`New time: Friday, ${displayDate(friday)} at 2:00 PM`).waitFor();
    await page.getByRole('button', { name: 'Confirm new time' }).click();

    await page.getByRole('heading', { name: 'Time Changed', level: 1 }).waitFor({ timeout: 20_000 });
    await page
      .getByText(`Friday, ${displayDate(friday)} at 2:00 PM`)
      .first()
      .waitFor();
    await page.getByText('It is still confirmed.', { exact: false }).waitFor();
    await openToasts(page).getByText('Time changed', { exact: true }).waitFor();

    // The booking page shows it too, still confirmed.
    await page.getByRole('link', { name: 'View Booking' }).click();
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    await page.getByText(displayDate(friday)).first().waitFor();
    await page.getByText('2:00 PM').first().waitFor();
    await page.getByRole('link', { name: 'Change time' }).waitFor();

    // Her calendar app moves the event: the same UID, a higher SEQUENCE, the new NZ instant.
    const moved = await inbox.mailTo('aroha.mover@example.nz', 'Your appointment has been moved');
    const after = eventOf(moved);
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    const nzStart = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Pacific/Auckland',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(after.startDate.toJSDate());
    expect(nzStart).toBe(`${friday}, 14:00`);
    expect(moved.text).toContain('2:00 PM');
  });
});

describe('20 hours before a visit', () => {
  it('the link says to call, with her phone and e-mail, and offers no Change time', async () => {
    // A slot 19 to 22 hours from now, with that day's hours opened wide enough to hold it.
    let made: Awaited<ReturnType<typeof createBooking>> | undefined;
    for (let minutes = 19 * 60; minutes <= 22 * 60 && !made; minutes += 30) {
      const at = new Date(Math.ceil((Date.now() + minutes * 60_000) / 1_800_000) * 1_800_000);
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Pacific/Auckland',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(at);
      const [date, time] = parts.split(', ') as [string, string];
      if (time > '22:30') continue;
      const hours = await admin('/api/business-hours', 'POST', {
        dayOfWeek: weekday(date),
        isOpen: true,
        openTime: '00:00',
        closeTime: '23:30',
      });
      expect(hours.status, await hours.text()).toBe(200);
      try {
        made = await createBooking(base(), {
          date,
          time,
          firstName: 'Tui',
          email: 'tui.soon@example.nz',
          phone: '021 555 0202',
        });
      } catch (err) {
        if (!/409/.test((err as Error).message)) throw err;
      }
    }
    expect(made, 'a visit about 20 hours ahead').toBeDefined();
    await confirmBooking(made!.id);
    soon = made!;
    const practice = (await (await fetch(`${base()}/api/practice`)).json()) as { phone: string; email: string };
    const cutoffText = /^This visit starts in less than 24 hours, so it can no longer be changed or cancelled online\./;

    const page = await openPage(null, { viewport: 'phone', theme: 'system' });
    await page.goto(`${base()}/booking/confirm/${encodeURIComponent(made!.cancelToken)}`);
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    await page.getByText(cutoffText).waitFor();
    expect(await page.getByRole('link', { name: 'Change time' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Cancel Appointment' }).count()).toBe(1);

    // The e-mail's 'Change time' link lands on 'Contact to change', with no picker.
    const mail = await inbox.mailTo('tui.soon@example.nz', 'Your appointment has been confirmed');
    const link = mail.text.match(/https?:\/\/\S+\/booking\/change\/[\w%-]+/)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Contact to change', level: 1 }).waitFor();
    await page.getByText(cutoffText).waitFor();
    await page.getByRole('link', { name: `Call ${practice.phone}` }).waitFor();
    await page.locator('#main-content').getByRole('link', { name: practice.email }).waitFor();
    expect(await page.getByRole('button', { name: 'Confirm new time' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /next month/i }).count()).toBe(0);
    await expectNoAxeViolations(page, "'Contact to change'");
  });
});

describe("her 'Late cancellation'", () => {
  it('marks the visit 20 hours ahead cancelled late, and sees it counted on the client’s page', async () => {
    expect(soon, 'the visit about 20 hours ahead').toBeDefined();
    const page = await openSignedIn(base(), '/admin/appointments', { viewport: 'desktop' });
    await page.getByRole('heading', { name: 'Upcoming Appointments' }).waitFor();
    await showMonthOf(page, soon!.date);
    await calendarDay(page, soon!.date).click();
    await page.getByRole('heading', { name: new RegExp(displayDate(soon!.date)) }).waitFor();
    await page
      .getByRole('list', { name: /^Appointments on / })
      .getByRole('button', { name: /Tui/ })
      .click();
    const details = page.getByRole('dialog', { name: 'Appointment Details' });
    await details.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Appointment' });
    await dialog.getByText(displayTime(soon!.time)).waitFor();
    const late = dialog.getByRole('checkbox', { name: 'Late cancellation' });
    await late.click();
    expect(await late.getAttribute('aria-checked')).toBe('true');
    await dialog.getByRole('button', { name: 'Yes, Cancel Appointment' }).click();
    await openToasts(page).filter({ hasText: 'Appointment cancelled' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The details show the mark.
    await page
      .getByRole('list', { name: /^Appointments on / })
      .getByRole('button', { name: /Tui/ })
      .click();
    await details.getByText('Late cancellation', { exact: true }).waitFor();

    // The client's page counts it with the no-shows, and the visit says so.
    const cookie = await adminCookie(base());
    const all = (await (
      await fetch(`${base()}/api/admin/bookings`, { headers: { cookie, origin: base() } })
    ).json()) as { id: number; clientId: number; lateCancellation: boolean }[];
    const row = all.find((b) => b.id === soon!.id);
    expect(row?.lateCancellation).toBe(true);
    await page.goto(`${base()}/admin/clients/${row!.clientId}`);
    const totals = page.getByRole('region', { name: 'Totals', exact: true });
    await totals.getByText('Late cancellations', { exact: true }).waitFor();
    expect(await totals.innerText()).toMatch(/Late cancellations\s+1/);
    expect(await totals.innerText()).toMatch(/Cancellations\s+0/);
    await page
      .getByRole('region', { name: 'Visits', exact: true })
      .getByText('Late cancellation', { exact: true })
      .waitFor();
  });
});
