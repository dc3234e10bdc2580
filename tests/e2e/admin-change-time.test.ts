/**
 * Her 'Change time…' (docs/product.md §4 "Changing a visit") as the therapist, on a server of its own:
 * from Appointment Details she moves a confirmed 10 AM visit to 2 PM on the next open day, picking from the times
 * the server offers that visit; the server agrees (same booking, still confirmed, at the new NZ time). On a phone
 * and a desktop, light and dark, axe on the dialog. From the series dialog she moves a regular's visits from the
 * opened one on to a new time ('Change this and following…'). The browser is in Los Angeles: every date and
 * time is NZ's.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Series } from '../../src/shared/schemas/series';
import { describeViolations, runAxe, showVariant } from './axe';
import { useBrowser, type ViewportName } from './browser';
import { calendarDay, showMonthOf } from './calendar';
import { openSignedIn } from './e2e-c-session';
import { violationsInPlace } from './e2e-c-variants';
import { adminCookie, createBooking, nzWeekdayAhead, startServer, type RunningServer } from './harness.mjs';
import { openToasts } from './toasts';
import { displayDate } from './wizard';

useBrowser();

let server: RunningServer;
let cookie: string;

async function admin(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { origin: server.baseUrl, cookie, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

beforeAll(async () => {
  server = await startServer({ quiet: true });
  cookie = await adminCookie(server.baseUrl);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const cases: { viewport: ViewportName; colorScheme: 'light' | 'dark'; firstName: string; day: number }[] = [
  { viewport: 'phone', colorScheme: 'dark', firstName: 'Mere', day: 4 },
  { viewport: 'desktop', colorScheme: 'light', firstName: 'Rawiri', day: 9 },
];

/** The Appointments tab with her session (signing in through the form is admin-auth.test.ts's). */
async function openAppointments(options: Parameters<typeof openSignedIn>[2]): Promise<Page> {
  const page = await openSignedIn(server.baseUrl, '/admin/appointments', options);
  await page.getByRole('heading', { name: 'Upcoming Appointments' }).waitFor();
  return page;
}

async function openDetails(page: Page, date: string, firstName: string) {
  await showMonthOf(page, date);
  await calendarDay(page, date).click();
  await page.getByRole('heading', { name: new RegExp(displayDate(date)) }).waitFor();
  await page
    .getByRole('list', { name: /^Appointments on / })
    .getByRole('button', { name: new RegExp(firstName) })
    .click();
  const details = page.getByRole('dialog', { name: 'Appointment Details' });
  await details.waitFor();
  return details;
}

describe('Change time…', () => {
  it('moves a confirmed visit to 2 PM on the next open day, on a phone (dark) and on a desktop (light); axe on the dialog in every variant', async () => {
    const moving: { id: number; date: string; to: string }[] = [];
    for (const c of cases) {
      const date = nzWeekdayAhead(c.day);
      const booking = (await createBooking(server.baseUrl, {
        firstName: c.firstName,
        lastName: 'Mover',
        email: `${c.firstName.toLowerCase()}.mover@example.nz`,
        phone: `021 555 07${c.day.toString().padStart(2, '0')}`,
        date,
        time: '10:00',
      })) as { id: number };
      const ok = await admin(`/api/admin/bookings/${booking.id}/status`, {
        method: 'PATCH',
        body: { status: 'confirmed' },
      });
      expect(ok.status).toBe(200);
      moving.push({ id: booking.id, date, to: nzWeekdayAhead(c.day + 1) });
    }

    // One page, following the system's scheme: each visit is moved in its own variant, shown in place.
    const page = await openAppointments({ viewport: 'phone', theme: 'system' });
    for (const [i, c] of cases.entries()) {
      const { id, date, to } = moving[i]!;
      await showVariant(page, c);
      const details = await openDetails(page, date, c.firstName);
      await details.getByRole('button', { name: 'Change time…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change time' });
      await dialog.waitFor();
      // Its own time is offered for itself on its own day.
      await dialog.getByText(/^10:00 AM \(current\)$/).waitFor();
      await dialog.getByLabel('New date').fill(to);
      await dialog.getByText('2:00 PM', { exact: true }).waitFor();
      if (i === 0) {
        expect(await violationsInPlace(page, 'change time')).toEqual([]);
        await showVariant(page, c);
      }
      await dialog.getByText('2:00 PM', { exact: true }).click();
      // The toast of this move, not one of the move before still on screen.
      await page.evaluate(
        `document.querySelectorAll('[role=region] li').forEach((li) => li.setAttribute('data-seen', ''))`,
      );
      await dialog.getByRole('button', { name: 'Move visit' }).click();
      await openToasts(page).and(page.locator(':not([data-seen])')).getByText('Appointment moved').waitFor();
      await dialog.waitFor({ state: 'hidden' });

      const all = (await (await admin('/api/admin/bookings')).json()) as {
        id: number;
        date: string;
        time: string;
        status: string;
      }[];
      expect(all.find((b) => b.id === id)).toMatchObject({ date: to, time: '14:00', status: 'confirmed' });
      await details.getByRole('button', { name: 'Close', exact: true }).first().click();
      await details.waitFor({ state: 'hidden' });
    }
  });
});

describe('Change this and following…', () => {
  it('moves a series’ visits from the opened one on to 2 PM, in one go (desktop, dark)', async () => {
    const date = nzWeekdayAhead(12);
    const booking = (await createBooking(server.baseUrl, {
      firstName: 'Aroha',
      lastName: 'Regular',
      email: 'aroha.regular@example.nz',
      phone: '021 555 0790',
      date,
      time: '10:00',
    })) as { id: number };
    expect(
      (await admin(`/api/admin/bookings/${booking.id}/status`, { method: 'PATCH', body: { status: 'confirmed' } }))
        .status,
    ).toBe(200);
    const made = await admin('/api/admin/series', {
      method: 'POST',
      body: { bookingId: booking.id, everyWeeks: 1, count: 3 },
    });
    expect(made.status).toBe(201);
    const series = (await made.json()) as Series;

    const page = await openAppointments({ viewport: 'desktop', theme: 'dark' });
    const details = await openDetails(page, date, 'Aroha');
    await details.getByRole('button', { name: 'Repeat…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a series' });
    await dialog.getByRole('button', { name: 'Change this and following…' }).click();
    await dialog.getByLabel('New time (NZ time)').fill('14:00');
    const problems = describeViolations('this and following (desktop dark)', await runAxe(page));
    expect(problems).toEqual([]);
    await dialog.getByRole('button', { name: 'Move them to 2:00 PM' }).click();
    await openToasts(page).getByText('Series changed').waitFor();

    const after = (await (await admin(`/api/admin/series/${series.id}`)).json()) as Series;
    expect(after.time).toBe('14:00');
    expect(after.occurrences.map((o) => [o.date, o.time])).toEqual(series.occurrences.map((o) => [o.date, '14:00']));
  });
});
