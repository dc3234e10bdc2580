/**
 * Possible matches on her screens (docs/decisions/034), as the therapist, on a server of its own: a
 * client books and is confirmed; a second request with the same e-mail under another name shows 'Possible match:
 * … (same e-mail, different name and phone)' on its card, leading to the existing client's page; approving asks
 * whether it is the same person and waits for the answer; 'Someone else' approves and leaves the existing client as
 * they were; 'Same person' approves and adds the visit to the existing client's record; on a client's page the
 * notice's 'Same person: merge into …' merges and moves to the existing client. The clients list marks a request's
 * client 'Possible match of …', and the pending row's 'Open this request's client' leads to its own page. Confirming
 * such a request from the Appointments tab's details asks the same question first. Axe on a
 * phone and a desktop, light and dark, on the card, the dialog asking and the notice. HV_SHOTS=1 writes
 * docs/screens/issue-39/.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBooking } from '../../src/shared/schemas/booking';
import type { ClientDetail } from '../../src/shared/schemas/client';
import { describeViolations, runAxe } from './axe';
import { useBrowser, VIEWPORTS, type OpenOptions } from './browser';
import { calendarDay, showMonthOf } from './calendar';
import { checkEveryVariant, expectNoSidewaysScroll, openSignedIn, screenshot, type Variant } from './e2e-b-session';
import { adminCookie, createBooking, nzWeekdayAhead, startServer, type RunningServer } from './harness.mjs';
import { openToasts } from './toasts';
import { displayDate } from './wizard';

useBrowser();

const SHOTS_DIR = path.join(import.meta.dirname, '../../docs/screens/issue-39');

/** The client who booked first, and is confirmed. */
const AROHA = { firstName: 'Aroha', lastName: 'Matchtest', email: 'aroha.matchtest@example.nz', phone: '021 555 0101' };
/** Another person, booking with Aroha's e-mail. */
const HANA = { firstName: 'Hana', lastName: 'Someone', email: AROHA.email, phone: '021 555 0202' };
/** Aroha again, under another surname and e-mail, with her phone: the same person, linked on approval. */
const AROHA_AGAIN = { firstName: 'Aroha', lastName: 'Newsurname', email: 'aroha.new@example.nz', phone: AROHA.phone };
/** Aroha a third time, decided on the request's client page. */
const AROHA_THIRD = { firstName: 'Aroha', lastName: 'Thirdname', email: 'aroha.third@example.nz', phone: AROHA.phone };
/** Someone else with Aroha's phone and first name, kept apart on the client page. */
const AROHA_OTHER = {
  firstName: 'Aroha',
  lastName: 'Otherperson',
  email: 'aroha.other@example.nz',
  phone: AROHA.phone,
};
/** For the layout: a confirmed client with a long name, and a pending request with her e-mail that stays open. */
const TUI = {
  firstName: 'Tuimaleali‘ifano',
  lastName: 'Existing-Longsurname',
  email: 'tui.existing@example-company.co.nz',
  phone: '027 700 0001',
};
const TIA = { firstName: 'Tia', lastName: 'Newname', email: TUI.email, phone: '027 700 0002' };
/** A confirmed client, and a request with her e-mail that she confirms from the Appointments tab. */
const MERE = { firstName: 'Mere', lastName: 'Calendarmatch', email: 'mere.calendar@example.nz', phone: '022 600 0101' };
const RAWIRI = { firstName: 'Rawiri', lastName: 'Fromcalendar', email: MERE.email, phone: '022 600 0202' };

let server: RunningServer;
let cookie: string;
let arohaId: number;
let tuiId: number;
let mereId: number;

async function admin(method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { origin: server.baseUrl, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function pendingBookings(): Promise<AdminBooking[]> {
  const res = await admin('GET', '/api/admin/bookings/pending');
  expect(res.status).toBe(200);
  return (await res.json()) as AdminBooking[];
}

async function pendingOf(lastName: string): Promise<AdminBooking> {
  const found = (await pendingBookings()).find((b) => b.lastName === lastName);
  if (!found) throw new Error(`no pending request from ${lastName}`);
  return found;
}

async function client(id: number): Promise<ClientDetail> {
  const res = await admin('GET', `/api/admin/clients/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ClientDetail;
}

/** Books at the first free time from `day` weekdays ahead on (the demo data holds visits of its own). */
async function book(details: typeof AROHA, day: number): Promise<{ id: number }> {
  for (let ahead = day; ahead < day + 15; ahead++) {
    for (const time of ['10:00', '13:00', '15:00']) {
      try {
        return await createBooking(server.baseUrl, { ...details, date: nzWeekdayAhead(ahead), time });
      } catch (error) {
        if (!String(error).includes('SLOT_TAKEN')) throw error;
      }
    }
  }
  throw new Error(`no free time for ${details.lastName}`);
}

/** Books, then approves through the API (no match asked: the client is new). Answers the client's id. */
async function bookAndConfirm(details: typeof AROHA, day: number): Promise<number> {
  const booking = await book(details, day);
  const pending = (await pendingBookings()).find((b) => b.id === booking.id);
  expect(pending?.clientMatch).toBeNull();
  const res = await admin('PATCH', `/api/admin/bookings/${booking.id}/status`, { status: 'confirmed' });
  expect(res.status, await res.clone().text()).toBe(200);
  return pending!.clientId!;
}

beforeAll(async () => {
  server = await startServer({ quiet: true });
  cookie = await adminCookie(server.baseUrl);
  arohaId = await bookAndConfirm(AROHA, 9);
  tuiId = await bookAndConfirm(TUI, 14);
  mereId = await bookAndConfirm(MERE, 12);
  await book(HANA, 10);
  await book(TIA, 11);
  await book(RAWIRI, 13);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** Her screen `next`, already signed in (the sign-in form is proven in admin-auth.test.ts). */
async function openAdmin(next: string, options: OpenOptions = {}): Promise<Page> {
  return openSignedIn(server.baseUrl, next, { cookie, ...options });
}

const main = (page: Page) => page.getByRole('main');
const table = (page: Page) => main(page).getByRole('table', { name: 'Pending requests' });
const cards = (page: Page) => main(page).getByRole('list', { name: 'Pending requests' });
const row = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });
const card = (page: Page, name: string) => cards(page).getByRole('listitem').filter({ hasText: name });

async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = openToasts(page).filter({ hasText: title });
  await toast.waitFor();
  expect(await toast.innerText()).toContain(description);
}

const HANA_LINE = 'Possible match: Aroha Matchtest (same e-mail, different name and phone)';

describe('a request whose e-mail leads to an existing client', () => {
  it('shows the possible match on its row, leading to the existing client', async () => {
    const hana = await pendingOf(HANA.lastName);
    expect(hana.clientMatch).toMatchObject({ clientId: arohaId, name: 'Aroha Matchtest' });
    expect(hana.clientId).not.toBe(arohaId);

    const page = await openAdmin('/admin/pending');
    const hanaRow = row(page, 'Hana Someone');
    await hanaRow.waitFor();
    expect(await hanaRow.innerText()).toContain(HANA_LINE);
    const link = hanaRow.getByRole('link', { name: 'Aroha Matchtest' });
    expect(await link.getAttribute('href')).toBe(`/admin/clients/${arohaId}`);
    await link.click();
    await page.waitForURL((url) => url.pathname === `/admin/clients/${arohaId}`);
    await main(page).getByRole('heading', { name: 'Aroha Matchtest', level: 2 }).waitFor();
    // The existing client has no possible match of their own: no notice.
    expect(await main(page).getByText('Possible match: this may be').count()).toBe(0);
  });

  it("asks on approval; 'Someone else' approves and leaves the existing client unchanged", async () => {
    const page = await openAdmin('/admin/pending');
    await row(page, 'Hana Someone')
      .getByRole('button', { name: /^Approve/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Approve Booking' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(HANA_LINE);
    const question = dialog.getByRole('group', { name: 'Is this the same person?' });
    const same = question.getByRole('radio', { name: "Same person: add this visit to Aroha Matchtest's record" });
    const other = question.getByRole('radio', { name: 'Someone else: keep them as a new client' });
    expect(await same.isChecked()).toBe(false);
    expect(await other.isChecked()).toBe(false);
    const confirm = dialog.getByRole('button', { name: 'Confirm Booking' });
    expect(await confirm.isDisabled()).toBe(true);
    await other.check();
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await expectToast(
      page,
      'Booking approved',
      'The booking has been confirmed. An email has been sent to the client.',
    );
    await row(page, 'Hana Someone').waitFor({ state: 'detached' });

    // The existing client is as they were; Hana is a client of her own, with no match left open.
    const aroha = await client(arohaId);
    expect(aroha.name).toBe('Aroha Matchtest');
    expect(aroha.phone).toBe(AROHA.phone);
    expect(aroha.visits).toHaveLength(1);
    await page.goto(`${server.baseUrl}/admin/clients`);
    const clients = main(page);
    await clients.getByRole('heading', { name: 'Clients', level: 2 }).waitFor();
    await clients
      .getByRole('link', { name: /Aroha Matchtest/ })
      .first()
      .waitFor();
    await clients
      .getByRole('link', { name: /Hana Someone/ })
      .first()
      .waitFor();
    const res = await admin('GET', `/api/admin/clients?q=${encodeURIComponent('Hana Someone')}`);
    const [hana] = (await res.json()) as { id: number }[];
    expect((await client(hana!.id)).possibleMatch).toBeNull();
  });

  it("'Same person' approves and adds the visit to the existing client's record", async () => {
    await book(AROHA_AGAIN, 16);
    const again = await pendingOf(AROHA_AGAIN.lastName);
    expect(again.clientMatch?.clientId).toBe(arohaId);

    const page = await openAdmin('/admin/pending');
    const againRow = row(page, 'Aroha Newsurname');
    await againRow.waitFor();
    expect(await againRow.innerText()).toContain('Possible match: Aroha Matchtest (');
    await againRow.getByRole('button', { name: /^Approve/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Booking' });
    await dialog.getByRole('radio', { name: /^Same person/ }).check();
    await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
    await expectToast(
      page,
      'Booking approved',
      'The booking has been confirmed. An email has been sent to the client.',
    );
    await againRow.waitFor({ state: 'detached' });

    // The existing client's page now holds both visits, under the existing name.
    await page.goto(`${server.baseUrl}/admin/clients/${arohaId}`);
    await main(page).getByRole('heading', { name: 'Aroha Matchtest', level: 2 }).waitFor();
    await expect
      .poll(async () => main(page).getByRole('list', { name: 'Visits, newest first' }).getByRole('listitem').count())
      .toBe(2);
    const aroha = await client(arohaId);
    expect(aroha.name).toBe('Aroha Matchtest');
    expect(aroha.visits.map((v) => v.bookingId)).toContain(again.id);
  });

  it("on the request's client page, 'Same person: merge into …' merges and moves to the existing client", async () => {
    await book(AROHA_THIRD, 20);
    const third = await pendingOf(AROHA_THIRD.lastName);
    expect(third.clientMatch?.clientId).toBe(arohaId);

    const page = await openAdmin(`/admin/clients/${third.clientId}`);
    await main(page).getByRole('heading', { name: 'Aroha Thirdname', level: 2 }).waitFor();
    const notice = main(page).getByRole('region', { name: 'Possible match' });
    expect(await notice.innerText()).toMatch(/Possible match: this may be Aroha Matchtest \(same phone/);
    expect(await notice.getByRole('link', { name: 'Aroha Matchtest' }).getAttribute('href')).toBe(
      `/admin/clients/${arohaId}`,
    );
    await notice.getByRole('button', { name: 'Same person: merge into Aroha Matchtest' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/clients/${arohaId}`);
    await expectToast(page, 'Success', 'Merged into Aroha Matchtest');
    await main(page).getByRole('heading', { name: 'Aroha Matchtest', level: 2 }).waitFor();
    expect(await main(page).getByRole('region', { name: 'Possible match' }).count()).toBe(0);
    // The request is Aroha's now: its card names no match.
    expect((await pendingOf(AROHA_THIRD.lastName)).clientMatch).toBeNull();
    expect((await pendingOf(AROHA_THIRD.lastName)).clientId).toBe(arohaId);
  });
});

describe("the client page's 'Someone else'", () => {
  it('clears the match, stays on the page and leaves the existing client as they were', async () => {
    await book(AROHA_OTHER, 24);
    const other = await pendingOf(AROHA_OTHER.lastName);
    expect(other.clientMatch?.clientId).toBe(arohaId);

    const page = await openAdmin(`/admin/clients/${other.clientId}`);
    const notice = main(page).getByRole('region', { name: 'Possible match' });
    await notice.getByRole('button', { name: 'Someone else' }).click();
    await expectToast(page, 'Success', 'Kept apart from Aroha Matchtest');
    await notice.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/admin/clients/${other.clientId}`);
    await main(page).getByRole('heading', { name: 'Aroha Otherperson', level: 2 }).waitFor();
    expect((await client(other.clientId!)).possibleMatch).toBeNull();
    expect((await client(arohaId)).name).toBe('Aroha Matchtest');
    expect((await pendingOf(AROHA_OTHER.lastName)).clientMatch).toBeNull();
  });
});

describe("a request's own client, from the clients list and the pending row", () => {
  const TUI_NAME = `${TUI.firstName} ${TUI.lastName}`;

  it("marks the request's client 'Possible match of …' in the clients list, not the existing client (phone and desktop)", async () => {
    const tia = await pendingOf(TIA.lastName);
    const page = await openAdmin('/admin/clients', { viewport: 'phone' });
    // The same page on a phone (cards) and resized to a desktop (a table).
    for (const viewport of ['phone', 'desktop'] as const) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      const list =
        viewport === 'phone'
          ? main(page).getByRole('list', { name: 'Clients' }).locator(':scope > li')
          : main(page).getByRole('table', { name: 'Clients' }).getByRole('row');
      const entry = (name: string) => list.filter({ has: page.getByRole('link', { name, exact: true }) });
      await entry('Tia Newname').waitFor();
      expect(await entry('Tia Newname').innerText()).toContain(`Possible match of ${TUI_NAME}`);
      expect(await entry(TUI_NAME).innerText()).not.toContain('Possible match');
      expect(await entry('Aroha Matchtest').innerText()).not.toContain('Possible match');
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        VIEWPORTS[viewport].width,
      );
    }
    const res = await admin('GET', `/api/admin/clients?q=${encodeURIComponent('Tia Newname')}`);
    const [summary] = (await res.json()) as { id: number; possibleMatch: unknown }[];
    expect(summary).toMatchObject({ id: tia.clientId, possibleMatch: { clientId: tuiId, name: TUI_NAME } });
  });

  it("opens the request's own client page from its pending row, where she can decide without approving", async () => {
    const tia = await pendingOf(TIA.lastName);
    const page = await openAdmin('/admin/pending');
    const tiaRow = row(page, 'Tia Newname');
    await tiaRow.waitFor();
    const link = tiaRow.getByRole('link', { name: "Open this request's client (Tia Newname)" });
    expect(await link.getAttribute('href')).toBe(`/admin/clients/${tia.clientId}`);
    // A request with no match open has no such link.
    const unmatched = (await pendingBookings()).find((b) => b.clientMatch === null);
    if (unmatched) {
      const plain = row(page, `${unmatched.firstName} ${unmatched.lastName}`).first();
      await plain.waitFor();
      expect(await plain.getByRole('link', { name: /^Open this request's client/ }).count()).toBe(0);
    }
    await link.click();
    await page.waitForURL((url) => url.pathname === `/admin/clients/${tia.clientId}`);
    await main(page).getByRole('heading', { name: 'Tia Newname', level: 2 }).waitFor();
    const notice = main(page).getByRole('region', { name: 'Possible match' });
    await notice.getByRole('button', { name: `Same person: merge into ${TUI_NAME}` }).waitFor();
    await notice.getByRole('button', { name: 'Someone else' }).waitFor();
    // Only opened: the request is still pending, its match still open.
    expect((await pendingOf(TIA.lastName)).clientMatch?.clientId).toBe(tuiId);

    // On a phone, the card has the same link.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(`${server.baseUrl}/admin/pending`);
    const tiaCard = card(page, 'Tia Newname');
    await tiaCard.waitFor();
    expect(
      await tiaCard.getByRole('link', { name: "Open this request's client (Tia Newname)" }).getAttribute('href'),
    ).toBe(`/admin/clients/${tia.clientId}`);
  });
});

describe("the Appointments tab's Confirm", () => {
  it("asks whether it is the same person; 'Someone else' confirms and leaves the existing client unchanged", async () => {
    const rawiri = await pendingOf(RAWIRI.lastName);
    expect(rawiri.clientMatch).toMatchObject({ clientId: mereId, name: 'Mere Calendarmatch' });
    const before = await client(mereId);

    // Her phone, dark: where she confirms on the go.
    const page = await openAdmin('/admin/appointments', { viewport: 'phone', theme: 'dark' });
    await page.getByRole('heading', { name: 'Upcoming Appointments' }).waitFor();
    await showMonthOf(page, rawiri.date);
    await calendarDay(page, rawiri.date).click();
    await page.getByRole('heading', { name: new RegExp(displayDate(rawiri.date)) }).waitFor();
    await page
      .getByRole('list', { name: /^Appointments on / })
      .getByRole('button', { name: /Rawiri Fromcalendar/ })
      .click();
    const details = page.getByRole('dialog', { name: 'Appointment Details' });
    await details.getByText('Possible match: Mere Calendarmatch (same e-mail, different name and phone)').waitFor();

    const confirm = () => details.getByRole('button', { name: 'Confirm', exact: true }).click();
    await confirm();
    const asking = page.getByRole('dialog', { name: 'Before you confirm' });
    const question = asking.getByRole('group', { name: 'Is this the same person?' });
    await question.waitFor();
    expect(await asking.innerText()).toContain(
      'Possible match: Mere Calendarmatch (same e-mail, different name and phone)',
    );
    const same = question.getByRole('radio', { name: "Same person: add this visit to Mere Calendarmatch's record" });
    const other = question.getByRole('radio', { name: 'Someone else: keep them as a new client' });
    expect(await same.isChecked()).toBe(false);
    expect(await other.isChecked()).toBe(false);
    const go = asking.getByRole('button', { name: 'Confirm', exact: true });
    expect(await go.isDisabled()).toBe(true);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    const problems = describeViolations('appointment confirm asking (dark, phone)', await runAxe(page));
    await screenshot(page, SHOTS_DIR, 'appointment-asks-phone-dark');
    expect(problems).toEqual([]);

    // 'Go back' leaves it pending, the match open; asked again, the answer starts afresh.
    await asking.getByRole('button', { name: 'Go back' }).click();
    await asking.waitFor({ state: 'detached' });
    expect((await pendingOf(RAWIRI.lastName)).clientMatch?.clientId).toBe(mereId);
    await confirm();
    await question.waitFor();
    expect(await other.isChecked()).toBe(false);
    expect(await go.isDisabled()).toBe(true);

    await other.check();
    expect(await go.isDisabled()).toBe(false);
    await go.click();
    await expectToast(page, 'Appointment confirmed', 'The client will receive a confirmation email.');
    await asking.waitFor({ state: 'detached' });
    expect(await details.getByRole('button', { name: 'Confirm', exact: true }).count()).toBe(0);
    // Decided: the details no longer name a possible match.
    await details.getByText('Possible match:').waitFor({ state: 'detached' });

    const res = await admin('GET', '/api/admin/bookings');
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminBooking[]).find((b) => b.id === rawiri.id)?.status).toBe('confirmed');
    expect((await pendingBookings()).some((b) => b.id === rawiri.id)).toBe(false);
    // Mere is as she was; Rawiri is a client of his own, with no match left open.
    const after = await client(mereId);
    expect(after).toMatchObject({
      name: before.name,
      email: before.email,
      phone: before.phone,
      otherContacts: before.otherContacts,
    });
    expect(after.visits.map((v) => v.bookingId)).toEqual(before.visits.map((v) => v.bookingId));
    expect((await client(rawiri.clientId!)).possibleMatch).toBeNull();
  });
});

describe('possible matches: layout and accessibility', () => {
  it('has no serious or critical axe violations on a phone and a desktop, light and dark (card, dialog, notice)', async () => {
    const tia = await pendingOf(TIA.lastName);
    expect(tia.clientMatch?.clientId).toBe(tuiId);
    // Each screen reached once, then shown in the four variants in place.
    const page = await openAdmin('/admin/pending', { viewport: 'phone' });
    /** The request on screen: a card on a phone, a row on a desktop. */
    const item = (viewport: Variant['viewport']) =>
      viewport === 'phone' ? card(page, 'Tia Newname') : row(page, 'Tia Newname');
    /** The pending list as a whole page; the dialog and the notice as she sees them, scrolled to. */
    const shot = (what: string, v: Variant, fullPage = false) =>
      screenshot(page, SHOTS_DIR, `${what}-${v.viewport}-${v.colorScheme}`, fullPage);

    await item('phone').getByText('Possible match:').waitFor();
    const problems = await checkEveryVariant(page, 'pending with a match', async (v) => {
      await item(v.viewport).getByText('Possible match:').waitFor();
      await expectNoSidewaysScroll(page, v);
      if (v.viewport === 'phone') await item(v.viewport).scrollIntoViewIfNeeded();
      await shot('pending-match', v, true);
    });

    await item('desktop')
      .getByRole('button', { name: /^Approve/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Approve Booking' });
    const question = dialog.getByRole('group', { name: 'Is this the same person?' });
    await question.waitFor();
    problems.push(
      ...(await checkEveryVariant(page, 'approve dialog asking', async (v) => {
        await question.scrollIntoViewIfNeeded();
        await shot('approve-asks', v);
      })),
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${server.baseUrl}/admin/clients/${tia.clientId}`);
    await main(page).getByRole('region', { name: 'Possible match' }).waitFor();
    problems.push(
      ...(await checkEveryVariant(page, 'client page notice', async (v) => {
        await expectNoSidewaysScroll(page, v);
        await shot('client-notice', v);
      })),
    );
    expect(problems).toEqual([]);
  });
});
