/**
 * Regulars (docs/product.md §4 "Regulars") as the therapist, on a server of its own: from a client's
 * page she makes a fortnightly series of 6 for a regular; the date that clashes with a blocked day is listed with
 * its reason and the nearest times that fit; she picks one and it is booked. The form and the result are each
 * checked in place with axe on a phone and a desktop, light and dark; she fills the form on a phone and picks on a
 * desktop. The browser's zone is America/Los_Angeles: every date shown must be New Zealand's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Series } from '../../src/shared/schemas/series';
import { useBrowser } from './browser';
import { checkInEveryVariant, openSignedIn } from './e2e-d-session';
import { adminCookie, createBooking, nzWeekdayAhead, startServer, type RunningServer } from './harness.mjs';

useBrowser();

let server: RunningServer;
let cookie: string;

/** 'Friday, December 4, 2026' for an NZ date, whatever the zone of this process. */
function dayName(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
const plusDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function admin(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { origin: server.baseUrl, cookie, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** A confirmed booking of a regular, and the day two weeks on blocked: answers the client's id. */
async function regular(who: { firstName: string; email: string; phone: string }, date: string, time: string) {
  const booking = (await createBooking(server.baseUrl, { ...who, lastName: 'Regular', date, time })) as { id: number };
  expect(
    (await admin(`/api/admin/bookings/${booking.id}/status`, { method: 'PATCH', body: { status: 'confirmed' } }))
      .status,
  ).toBe(200);
  const blocked = plusDays(date, 14);
  expect(
    (await admin('/api/blocked-dates', { method: 'POST', body: { date: blocked, isFullDay: true, reason: 'Holiday' } }))
      .status,
  ).toBe(201);
  const all = (await (await admin('/api/admin/bookings')).json()) as { id: number; clientId: number }[];
  return { bookingId: booking.id, clientId: all.find((b) => b.id === booking.id)!.clientId, date, blocked };
}

beforeAll(async () => {
  server = await startServer({ quiet: true });
  cookie = await adminCookie(server.baseUrl);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('Make a series', () => {
  it('a fortnightly series of 6: the blocked date is listed with alternatives, and she picks one', async () => {
    const r = await regular(
      { firstName: 'Hana', email: 'hana.regular@example.nz', phone: '021 555 0301' },
      nzWeekdayAhead(5),
      '10:00',
    );
    // Following the system's colour scheme, so each state is checked in the four variants in place.
    const page = await openSignedIn(server.baseUrl, `/admin/clients/${r.clientId}`, {
      viewport: 'phone',
      theme: 'system',
    });
    await page
      .getByRole('region', { name: 'Visits' })
      .or(page.getByRole('heading', { name: 'Visits' }))
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Repeat…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a series' });
    await dialog.waitFor();
    await dialog.getByText('Every 2 weeks').click();
    await dialog.getByLabel('Number of visits').check();
    await dialog.getByLabel('Visits, this one included').fill('6');
    const problems = await checkInEveryVariant(page, 'series form');
    await dialog.getByRole('button', { name: 'Make series' }).click();

    const dates = dialog.getByRole('list', { name: 'Dates of the series' });
    await dates.waitFor();
    // NZ dates, not the browser's: the first is the booking itself.
    const items = dates.locator(':scope > li');
    await expect.poll(() => items.first().textContent()).toContain(dayName(r.date));
    const clash = items.filter({ hasText: dayName(r.blocked) });
    expect(await clash.textContent()).toContain('Does not fit');
    expect(await clash.textContent()).toContain('Blocked all day: Holiday');
    const alternatives = clash.getByRole('button', { name: /^Book .* instead$/ });
    expect(await alternatives.count()).toBeGreaterThan(0);
    problems.push(...(await checkInEveryVariant(page, 'series result')));
    expect(problems, problems.join('\n\n')).toEqual([]);

    const choice = (await alternatives.first().textContent())!;
    await alternatives.first().click();
    await expect.poll(() => clash.textContent(), { timeout: 15_000 }).toContain('Booked');
    // The server agrees: the date is booked at the picked time, which is not the blocked day.
    const [series] = (await (await admin(`/api/admin/series?bookingId=${r.bookingId}`)).json()) as Series[];
    const picked = series!.occurrences.find((o) => o.forDate === r.blocked)!;
    expect(picked.status).toBe('booked');
    expect(picked.date).not.toBe(r.blocked);
    expect(choice).toContain(dayName(picked.date).replace(/, \d{4}$/, ''));
  });
});
