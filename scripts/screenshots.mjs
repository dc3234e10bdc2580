// `npm run screenshots`: every public page and the admin login and tabs at 360x740 and 1366x900, light and dark,
// full page, into screenshots/ (gitignored). Builds when stale and runs its own server
// on a temp data dir; a booking made through the API gives the confirm/cancel pages.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  adminCookie,
  buildApp,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  createBooking,
  nzWeekdayAhead,
  root,
  startServer,
} from '../tests/e2e/harness.mjs';

const OUT = path.join(root, 'screenshots');
const VIEWPORTS = { phone: { width: 360, height: 740 }, desktop: { width: 1366, height: 900 } };
const THEMES = ['light', 'dark'];
const SLOT = /^\s*\d{1,2}:\d{2}\s?(AM|PM)\s*$/i;

const heading = (name) => (page) => page.getByRole('heading', { name }).first().waitFor();

/**
 * @typedef {import('playwright-core').Page} Page
 * @type {{ name: string, path: (tokens: { pending: string, cancelled: string, soon: string }) => string,
 *   ready?: (page: Page) => Promise<unknown>, act?: (page: Page, viewport: string) => Promise<unknown>,
 *   only?: 'phone' | 'desktop', expectErrors?: boolean, viewportOnly?: boolean, admin?: boolean,
 *   element?: (page: Page) => import('playwright-core').Locator }[]}
 */
const SHOTS = [
  { name: 'home', path: () => '/', ready: heading('My Massage Offerings') },
  {
    name: 'home-menu',
    viewportOnly: true,
    path: () => '/',
    ready: heading('My Massage Offerings'),
    only: 'phone',
    act: async (page) => {
      await page.getByRole('button', { name: /menu/i }).first().click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'booking-step1',
    path: () => '/booking',
    ready: (page) =>
      page
        .getByRole('button', { name: /^Select\b/ })
        .first()
        .waitFor(),
  },
  {
    name: 'booking-step2',
    path: () => '/booking',
    ready: (page) =>
      page
        .getByRole('button', { name: /^Select\b/ })
        .first()
        .waitFor(),
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Select\b/ })
        .first()
        .click();
      await page.getByRole('button', { name: SLOT }).first().waitFor({ timeout: 20_000 });
    },
  },
  {
    // docs/product.md §4 "Waitlist": 'Tell me if a time opens' in step 2, the form open.
    name: 'booking-waitlist',
    path: () => '/booking',
    ready: (page) =>
      page
        .getByRole('button', { name: /^Select\b/ })
        .first()
        .waitFor(),
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Select\b/ })
        .first()
        .click();
      await page.getByRole('button', { name: 'Tell me if a time opens' }).click();
      await page.getByRole('form', { name: 'Tell me if a time opens' }).waitFor();
    },
  },
  {
    name: 'booking-step3',
    path: () => '/booking',
    ready: (page) =>
      page
        .getByRole('button', { name: /^Select\b/ })
        .first()
        .waitFor(),
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Select\b/ })
        .first()
        .click();
      const slot = page.getByRole('button', { name: SLOT }).first();
      await slot.waitFor({ timeout: 20_000 });
      await slot.click();
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByRole('button', { name: 'Complete Booking' }).waitFor();
    },
  },
  {
    name: 'booking-step3-filled',
    path: () => '/booking',
    ready: (page) =>
      page
        .getByRole('button', { name: /^Select\b/ })
        .first()
        .waitFor(),
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Select\b/ })
        .first()
        .click();
      const slot = page.getByRole('button', { name: SLOT }).first();
      await slot.waitFor({ timeout: 20_000 });
      await slot.click();
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByLabel(/^first name/i).fill('Mere');
      await page.getByLabel(/^last name/i).fill('Screenshot');
      await page.getByLabel(/^email/i).fill('mere@example.nz');
      await page.getByLabel(/^phone/i).fill('021 123 4567');
      const travel = page.waitForResponse((r) => r.url().endsWith('/api/calculate-travel'));
      await page
        .getByLabel(/address/i)
        .first()
        .fill('Wainui Road, Te Mata');
      await travel;
    },
  },
  {
    name: 'booking-confirm',
    path: (t) => `/booking/confirm/${t.pending}`,
    ready: heading('Booking Request Received!'),
  },
  {
    name: 'booking-confirm-cancelled',
    path: (t) => `/booking/confirm/${t.cancelled}`,
    ready: heading('Booking Cancelled'),
  },
  {
    name: 'booking-cancel',
    path: (t) => `/booking/cancel/${t.pending}`,
    ready: (page) => page.getByRole('button', { name: 'Confirm Cancellation' }).waitFor(),
  },
  {
    name: 'booking-cancel-prompt',
    viewportOnly: true,
    path: (t) => `/booking/cancel/${t.pending}`,
    ready: (page) => page.getByRole('button', { name: 'Confirm Cancellation' }).waitFor(),
    act: async (page) => {
      await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
      await page.getByText('Are you sure you want to cancel this booking?').waitFor();
    },
  },
  {
    name: 'booking-cancel-cancelled',
    path: (t) => `/booking/cancel/${t.cancelled}`,
    ready: heading('Booking Cancelled'),
  },
  {
    name: 'booking-health',
    path: (t) => `/booking/health/${t.pending}`,
    ready: heading('Your Health Form'),
    act: async (page) => {
      // A follow-up shown: 'How many weeks pregnant are you?' under 'Are you pregnant?' answered yes.
      await page
        .getByRole('group', { name: 'Are you pregnant?', exact: true })
        .getByRole('radio', { name: 'Yes' })
        .check();
      await page.getByLabel('How many weeks pregnant are you?').fill('30');
    },
  },
  {
    name: 'booking-health-errors',
    viewportOnly: true,
    path: (t) => `/booking/health/${t.pending}`,
    ready: heading('Your Health Form'),
    act: async (page) => {
      await page.getByRole('button', { name: 'Save my health form' }).click();
      await page.getByText('Please answer: Have you had surgery in the last 6 months?').waitFor();
    },
  },
  { name: 'privacy', path: () => '/privacy', ready: heading('Privacy') },
  { name: 'gift-vouchers', path: () => '/gift-vouchers', ready: heading('Gift vouchers') },
  {
    name: 'booking-not-found',
    path: () => '/booking/confirm/no-such-token',
    ready: heading('Booking Not Found'),
    expectErrors: true,
  },
  { name: 'review', path: () => '/review', ready: heading('Customer Reviews') },
  { name: 'not-found', path: () => '/this/does/not/exist', ready: heading('404 Page Not Found') },
  { name: 'admin-login', path: () => '/admin/login', ready: heading('Administrator Login') },
  {
    name: 'admin-login-errors',
    path: () => '/admin/login?next=%2Fadmin%2Fpending&reason=expired',
    ready: heading('Administrator Login'),
    act: async (page) => {
      await page.getByLabel('Username').fill('therapist');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByText('Password is required').waitFor();
    },
  },
  { name: 'admin-appointments', admin: true, path: () => '/admin', ready: heading(/^Welcome back/) },
  {
    name: 'admin-appointments-details',
    admin: true,
    viewportOnly: true,
    path: () => '/admin',
    ready: heading(/^Welcome back/),
    act: async (page) => {
      await page
        .getByRole('button', { name: /Screenshot/ })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Appointment Details' }).waitFor();
    },
  },
  {
    name: 'admin-calendar-feed',
    admin: true,
    viewportOnly: true,
    path: () => '/admin',
    ready: heading(/^Welcome back/),
    act: async (page) => {
      await page.getByRole('button', { name: 'Calendar feed' }).click();
      await page.getByRole('dialog', { name: 'Calendar feed' }).waitFor();
    },
  },
  {
    // docs/product.md §4 "Bookings she takes herself": 'New booking', a booking she takes herself.
    name: 'admin-new-booking',
    admin: true,
    viewportOnly: true,
    path: () => '/admin',
    ready: heading(/^Welcome back/),
    act: async (page) => {
      await page.getByRole('button', { name: 'New booking' }).click();
      await page.getByRole('dialog', { name: 'New booking' }).waitFor();
    },
  },
  {
    name: 'admin-export',
    admin: true,
    viewportOnly: true,
    path: () => '/admin',
    ready: heading(/^Welcome back/),
    act: async (page) => {
      await page.getByRole('button', { name: 'Export CSV' }).click();
      await page.getByRole('dialog', { name: 'Export bookings' }).waitFor();
    },
  },
  {
    name: 'admin-pending',
    admin: true,
    path: () => '/admin/pending',
    ready: (page) => page.getByText(/pending request\(s\)/).waitFor(),
  },
  {
    name: 'admin-pending-approve',
    admin: true,
    viewportOnly: true,
    path: () => '/admin/pending',
    ready: (page) => page.getByText(/pending request\(s\)/).waitFor(),
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Approve/ })
        .first()
        .click();
      await page.getByLabel('Additional instructions (optional)').waitFor();
    },
  },
  {
    // docs/product.md §12: the clients (the sample bookings' people) and one client's page.
    name: 'admin-clients',
    admin: true,
    path: () => '/admin/clients',
    ready: (page) =>
      page
        .getByRole('link', { name: /Screenshot$/ })
        .first()
        .waitFor(),
  },
  {
    name: 'admin-client',
    admin: true,
    path: () => '/admin/clients',
    ready: (page) =>
      page
        .getByRole('link', { name: /Screenshot$/ })
        .first()
        .waitFor(),
    act: async (page) => {
      await page
        .getByRole('link', { name: /Screenshot$/ })
        .first()
        .click();
      await page.getByRole('region', { name: 'Visits', exact: true }).waitFor();
    },
  },
  {
    // The Privacy Act's 'Erase': the dialog, with the name typed (not sent).
    name: 'admin-client-erase',
    admin: true,
    viewportOnly: true,
    path: () => '/admin/clients',
    ready: (page) =>
      page
        .getByRole('link', { name: /Screenshot$/ })
        .first()
        .waitFor(),
    act: async (page) => {
      await page
        .getByRole('link', { name: /Screenshot$/ })
        .first()
        .click();
      const name = (await page.getByRole('heading', { level: 2 }).first().innerText()).trim();
      await page.getByRole('button', { name: 'Erase this client…' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(`Type ${name} to confirm`).fill(name);
    },
  },
  {
    // docs/product.md §4 "Regulars": 'Repeat…' on a client's upcoming visit: a fortnightly series of 6, the date on a
    // blocked day listed with the nearest times that fit. The first run makes the series; the others open it again.
    name: 'admin-series',
    admin: true,
    viewportOnly: true,
    path: () => '/admin/clients',
    ready: (page) =>
      page
        .getByRole('link', { name: /Aroha Screenshot/ })
        .first()
        .waitFor(),
    act: async (page) => {
      await page
        .getByRole('link', { name: /Aroha Screenshot/ })
        .first()
        .click();
      await page.getByRole('region', { name: 'Visits', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Repeat…' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Make a series' });
      const list = dialog.getByRole('list', { name: 'Dates of the series' });
      const make = dialog.getByRole('button', { name: 'Make series' });
      await list.or(make).first().waitFor();
      if (await make.isVisible()) {
        await dialog.getByText('Every 2 weeks').click();
        await dialog.getByLabel('Visits, this one included').fill('6');
        await make.click();
      }
      await list.waitFor();
      await dialog.getByText('Does not fit').first().scrollIntoViewIfNeeded();
    },
  },
  { name: 'admin-availability', admin: true, path: () => '/admin/availability', ready: heading('Business Hours') },
  {
    // docs/product.md §11: the section alone, with the calendar added at start-up and the result of adding another.
    name: 'admin-other-calendars',
    admin: true,
    path: () => '/admin/availability',
    ready: (page) => page.getByRole('heading', { name: 'Family', exact: true }).waitFor(),
    act: async (page) => {
      const form = page.getByRole('form', { name: 'Add a calendar' });
      await form.getByLabel('Name').fill('Work');
      await form.getByRole('textbox', { name: 'Address' }).fill(calendarUrl('/work.ics'));
      await form.getByRole('button', { name: 'Add calendar' }).click();
      await form
        .getByRole('status')
        .getByText(/^Work: /)
        .waitFor();
      // The 'Calendar added' toast would cover the section.
      const toasts = page.locator('[role=region][aria-label^="Notification"] li');
      await toasts.getByRole('button', { name: 'Close' }).click();
      await toasts.first().waitFor({ state: 'detached' });
      // Removed again, so that the next shot shows one calendar too.
      await removeCalendar('Work');
    },
    element: (page) => cardOf(page.getByRole('heading', { name: 'Other calendars', exact: true })),
  },
  {
    // docs/product.md §11: 'Why this time?' answered for the Tuesday of the sample calendar's school run.
    name: 'admin-why-this-time',
    admin: true,
    path: () => '/admin',
    ready: heading(/^Welcome back/),
    act: async (page) => {
      await page.getByRole('button', { name: 'Why this time?' }).click();
      const card = cardOf(page.getByRole('button', { name: 'Why this time?' }));
      await card.getByLabel('Date').fill(SAMPLE_TUESDAY);
      await card.getByRole('button', { name: 'Explain' }).click();
      await card.getByRole('list', { name: /^Start times/ }).waitFor();
    },
    element: (page) => cardOf(page.getByRole('button', { name: 'Why this time?' })),
  },
  {
    // docs/product.md §4 "Changing a visit": 'Change time' from the private link, a new time chosen (the sample request
    // is a week and more ahead).
    name: 'booking-change',
    path: (t) => `/booking/change/${encodeURIComponent(t.pending)}`,
    ready: (page) => page.getByRole('button', { name: SLOT }).first().waitFor({ timeout: 20_000 }),
    act: async (page) => {
      await page.getByRole('button', { name: SLOT }).last().click();
      await page.getByText(/^New time:/).waitFor();
    },
  },
  {
    // docs/product.md §4: the same link 20 hours before a confirmed visit: no picker, why, and how to reach her.
    name: 'booking-change-closed',
    path: (t) => `/booking/change/${encodeURIComponent(t.soon)}`,
    ready: heading('Contact to change'),
  },
  {
    // docs/product.md §4 "Waitlist": the Waitlist section of the Pending Requests tab (two sample entries, one holding
    // an offer).
    name: 'admin-waitlist',
    admin: true,
    path: () => '/admin/pending',
    ready: heading('Waitlist'),
    element: (page) => cardOf(page.getByRole('heading', { name: 'Waitlist', exact: true })),
  },
  { name: 'admin-services', admin: true, path: () => '/admin/services', ready: heading('Manage Services') },
  { name: 'admin-reviews', admin: true, path: () => '/admin/reviews', ready: heading('Manage Reviews') },
  {
    name: 'admin-settings',
    admin: true,
    path: () => '/admin/settings',
    ready: (page) => page.getByRole('button', { name: 'Save practice details' }).waitFor(),
  },
  {
    name: 'admin-outbox',
    admin: true,
    path: () => '/admin/outbox',
    ready: (page) => page.getByRole('tab', { name: /^All/ }).or(page.getByText(/^All/)).first().waitFor(),
  },
];

/** The card (its nearest .bg-card ancestor) holding `inner`. */
const cardOf = (inner) => inner.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " bg-card ")][1]');

/** NZ today as yyyy-MM-dd, and a date `days` after a yyyy-MM-dd. */
const nzToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());
const addDays = (date, days) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** The first date on or after `from` with this weekday (0 = Sunday). */
const weekdayFrom = (from, weekday) => {
  let d = from;
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== weekday) d = addDays(d, 1);
  return d;
};
const SAMPLE_TUESDAY = weekdayFrom(addDays(nzToday(), 2), 2);

/** A calendar as Google publishes one: a weekly Tuesday 3-4 PM school run and a family weekend (docs/product.md §11).
 * */
function sampleCalendar(name) {
  const compact = (date) => date.replace(/-/g, '');
  const saturday = weekdayFrom(addDays(nzToday(), 8), 6);
  const firstTuesday = weekdayFrom(addDays(nzToday(), -21), 2);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Homevisit screenshots//EN',
    `X-WR-CALNAME:${name}`,
    'X-WR-TIMEZONE:Pacific/Auckland',
    'BEGIN:VEVENT',
    'UID:school-run@screenshots',
    'DTSTAMP:20260101T000000Z',
    `DTSTART;TZID=Pacific/Auckland:${compact(firstTuesday)}T150000`,
    `DTEND;TZID=Pacific/Auckland:${compact(firstTuesday)}T160000`,
    'RRULE:FREQ=WEEKLY;BYDAY=TU',
    'SUMMARY:School run',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:weekend@screenshots',
    'DTSTAMP:20260101T000000Z',
    `DTSTART;VALUE=DATE:${compact(saturday)}`,
    `DTEND;VALUE=DATE:${compact(addDays(saturday, 2))}`,
    'SUMMARY:Family weekend',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** Serves the sample calendar at any path ending in .ics, on 127.0.0.1. */
const calendarServer = http.createServer((req, res) => {
  if (!req.url?.endsWith('.ics')) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(sampleCalendar('Sample'));
});
await new Promise((resolve) => calendarServer.listen(0, '127.0.0.1', resolve));
const calendarUrl = (file) => `http://127.0.0.1:${calendarServer.address().port}${file}`;

/**
 * A confirmed visit 19 to 22 hours from now (inside the change cut-off, docs/product.md §4 "Changing a visit"): that
 * day's hours are opened wide for the booking and put back after it. Answers its private token.
 */
async function confirmedAbout20HoursAhead(baseUrl, cookie) {
  const admin = (url, method, body) =>
    fetch(`${baseUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
      body: JSON.stringify(body),
    });
  const nzParts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Pacific/Auckland',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const hours = await (await fetch(`${baseUrl}/api/business-hours`)).json();
  for (let minutes = 19 * 60; minutes <= 22 * 60; minutes += 30) {
    const at = new Date(Math.ceil((Date.now() + minutes * 60_000) / 1_800_000) * 1_800_000);
    const [date, time] = nzParts.format(at).split(', ');
    if (time > '22:30') continue;
    const dayOfWeek = new Date(`${date}T12:00:00Z`).getUTCDay();
    const before = hours.find((h) => h.dayOfWeek === dayOfWeek);
    await admin('/api/business-hours', 'POST', { dayOfWeek, isOpen: true, openTime: '00:00', closeTime: '23:30' });
    try {
      const b = await createBooking(baseUrl, {
        date,
        time,
        firstName: 'Tui',
        lastName: 'Screenshot',
        phone: '021 555 0105',
        email: 'tui@example.nz',
      });
      const res = await admin(`/api/admin/bookings/${b.id}/status`, 'PATCH', { status: 'confirmed' });
      if (!res.ok) throw new Error(`confirming the visit 20 hours ahead answered ${res.status}`);
      return b.cancelToken;
    } catch (err) {
      if (!/409/.test(err.message)) throw err;
    } finally {
      const { dayOfWeek: _d, id: _id, ...rest } = before ?? { isOpen: false, openTime: '09:00', closeTime: '17:00' };
      await admin('/api/business-hours', 'POST', { dayOfWeek, ...rest });
    }
  }
  throw new Error('no free time 19 to 22 hours ahead');
}

/** Set by the start-up below: removes her calendar of that name through the API. */
let removeCalendar = async (_name) => {};

/** `npm run screenshots -- admin`: only the shots whose name contains one of the words given. */
const only = process.argv.slice(2);
const selected = only.length ? SHOTS.filter((shot) => only.some((word) => shot.name.includes(word))) : SHOTS;

if (!fs.existsSync(CHROMIUM_PATH)) {
  console.error(`Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH).`);
  process.exit(1);
}

buildApp();
const server = await startServer({
  quiet: true,
  // The sample calendar is served on 127.0.0.1; no sync on a timer while the shots are taken.
  env: { CALENDAR_ALLOW_PRIVATE_URLS: 'true', CALENDAR_SYNC_ENABLED: 'false' },
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const written = [];
const failures = [];
try {
  const pending = await createBooking(server.baseUrl, {
    firstName: 'Mere',
    lastName: 'Screenshot',
    // A phone of their own: one shared phone makes one client of them all (docs/product.md §12).
    phone: '021 555 0101',
    email: 'mere@example.nz',
    address: '12 Wainui Road, Te Mata',
    hasInjuries: true,
    injuryDetails: 'Old shoulder injury, gentle pressure please.',
  });
  const cancelled = await createBooking(server.baseUrl, {
    time: '14:00',
    firstName: 'Tama',
    lastName: 'Screenshot',
    phone: '021 555 0102',
    email: 'tama@example.nz',
  });
  const res = await fetch(`${server.baseUrl}/api/bookings/cancel/${cancelled.cancelToken}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ cancelToken: cancelled.cancelToken }),
  });
  if (!res.ok) throw new Error(`cancelling the sample booking answered ${res.status}`);
  // The dashboard's sample day: a confirmed visit and a request, soon, so the current month shows them.
  const cookie = await adminCookie(server.baseUrl);
  const tokens = {
    pending: pending.cancelToken,
    cancelled: cancelled.cancelToken,
    soon: await confirmedAbout20HoursAhead(server.baseUrl, cookie),
  };
  const soon = nzWeekdayAhead(2);
  const confirmed = await createBooking(server.baseUrl, {
    date: soon,
    time: '09:00',
    firstName: 'Aroha',
    lastName: 'Screenshot',
    phone: '021 555 0103',
    email: 'aroha@example.nz',
  });
  await createBooking(server.baseUrl, {
    date: soon,
    time: '13:00',
    firstName: 'Wiremu',
    lastName: 'Screenshot',
    phone: '021 555 0104',
    email: 'wiremu@example.nz',
    hasInjuries: true,
  });
  const approved = await fetch(`${server.baseUrl}/api/admin/bookings/${confirmed.id}/status`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie },
    body: JSON.stringify({ status: 'confirmed', adminNote: 'Parking is on the street.' }),
  });
  if (!approved.ok) throw new Error(`approving the sample booking answered ${approved.status}`);
  // docs/product.md §4 "Regulars": a holiday two weeks after her visit, so the series shot shows a date that does not
  // fit.
  const holiday = new Date(`${soon}T12:00:00Z`);
  holiday.setUTCDate(holiday.getUTCDate() + 14);
  await fetch(`${server.baseUrl}/api/blocked-dates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie },
    body: JSON.stringify({ date: holiday.toISOString().slice(0, 10), isFullDay: true, reason: 'Holiday' }),
  });
  // Her other calendar (docs/product.md §11): the Appointments tab shows its busy times, the Availability tab lists it.
  const added = await fetch(`${server.baseUrl}/api/admin/calendars`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie },
    body: JSON.stringify({ name: 'Family', url: calendarUrl('/family.ics') }),
  });
  if (added.status !== 201)
    throw new Error(`adding the sample calendar answered ${added.status}: ${await added.text()}`);
  removeCalendar = async (name) => {
    const list = await (await fetch(`${server.baseUrl}/api/admin/calendars`, { headers: { cookie } })).json();
    for (const c of list.filter((c) => c.name === name)) {
      await fetch(`${server.baseUrl}/api/admin/calendars/${c.id}`, {
        method: 'DELETE',
        headers: { origin: server.baseUrl, cookie },
      });
    }
  };
  // The waitlist (docs/product.md §4 "Waitlist"): two visitors waiting, in Raglan and in Hamilton.
  const [service] = await (await fetch(`${server.baseUrl}/api/services`)).json();
  for (const [firstName, address, phone] of [
    ['Hine', '12 Bow Street, Raglan', '021 555 0105'],
    ['Rangi', '100 Victoria Street, Hamilton', '021 555 0106'],
  ]) {
    const joined = await fetch(`${server.baseUrl}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({
        serviceId: service.id,
        duration: 60,
        dates: [nzWeekdayAhead(3), nzWeekdayAhead(4), nzWeekdayAhead(5)],
        earliest: '13:00',
        latest: '15:30',
        firstName,
        lastName: 'Screenshot',
        email: `${firstName.toLowerCase()}@example.nz`,
        phone,
        address,
      }),
    });
    if (joined.status !== 201) throw new Error(`joining the sample waitlist answered ${joined.status}`);
  }
  const sessionCookies = cookie.split('; ').map((pair) => {
    const [name, ...rest] = pair.split('=');
    return { name, value: rest.join('='), url: server.baseUrl };
  });
  fs.mkdirSync(OUT, { recursive: true });
  for (const shot of selected) {
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      if (shot.only && shot.only !== viewportName) continue;
      for (const theme of THEMES) {
        const file = path.join(OUT, `${shot.name}-${viewportName}-${theme}.png`);
        const context = await browser.newContext({
          viewport,
          baseURL: server.baseUrl,
          timezoneId: 'America/Los_Angeles',
          locale: 'en-US',
          colorScheme: theme,
          reducedMotion: 'reduce',
        });
        context.setDefaultTimeout(15_000);
        await context.addInitScript(
          `try { localStorage.setItem('homevisit-theme', ${JSON.stringify(theme)}); } catch (e) {}`,
        );
        if (shot.admin) await context.addCookies(sessionCookies);
        const page = await context.newPage();
        const errors = [];
        // The session check's 401 for a visitor and the not-found page's logged 404 are expected.
        page.on('console', (msg) => {
          const text = msg.text().split('\n')[0];
          if (msg.type() !== 'error' || /status of 401/.test(text) || (shot.expectErrors && /404/.test(text))) return;
          errors.push(text);
        });
        page.on('pageerror', (err) => errors.push(err.message.split('\n')[0]));
        try {
          await page.goto(shot.path(tokens));
          await shot.ready?.(page);
          await shot.act?.(page, viewportName);
          await page.waitForLoadState('networkidle');
          await page.evaluate('document.fonts.ready.then(() => undefined)');
          // A full-page shot of a scrolled page draws the sticky header part-way down.
          if (!shot.viewportOnly) await page.evaluate('window.scrollTo(0, 0)');
          await page.mouse.move(0, 0);
          // A modal over a full-page shot is drawn part-way down: those are taken as the screen shows them.
          if (shot.element) await shot.element(page).screenshot({ path: file });
          else await page.screenshot({ path: file, fullPage: !shot.viewportOnly });
          written.push(path.relative(root, file) + (errors.length ? `   (console errors: ${errors.join(' | ')})` : ''));
        } catch (err) {
          failures.push(`${shot.name} ${viewportName} ${theme}: ${err.message.split('\n')[0]}`);
        } finally {
          await context.close();
        }
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
  calendarServer.close();
}
console.log(`Wrote ${written.length} screenshots:`);
for (const f of written) console.log(`  ${f}`);
if (failures.length) {
  console.error(`\n${failures.length} could not be taken:`);
  for (const f of failures) console.error(`  ${f}`);
  process.exitCode = 1;
}
