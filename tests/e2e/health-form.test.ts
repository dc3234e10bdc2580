/**
 * The client's health form (docs/product.md §13): a new client's confirmation page asks
 * for it, the link opens /booking/health/{token}, the form refuses a blank submit with the shared
 * messages and focuses the first, follow-ups appear with their parents, and a filled-in form (30
 * weeks pregnant, on warfarin) is saved. A later booking finds the form up to date, can update it
 * starting afresh (the earlier answers are never sent to the link), and an out-of-date one is
 * confirmed again in one step. Axe on the confirmation page, the form (its messages and a follow-up shown) and
 * /privacy, each reached once and checked in place on a phone and a desktop, light and dark.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_QUESTIONS } from '../../src/shared/health-form';
import { privacyStatement } from '../../src/shared/privacy';
import { api, baseUrl, openPage, useBrowser } from './browser';
import { AXE_VARIANTS, showVariant } from './axe';
import { adminCookie, createBooking, nzWeekdayAhead, type ApiBooking } from './harness.mjs';
import { checkInEveryVariant, openSignedIn } from './e2e-d-session';
import { displayDate, displayTime } from './wizard';

useBrowser();

const FORM_HEADING = 'Your Health Form';
const SAVE = 'Save my health form';
const CONSENT_NAME = 'Type your full name to give your consent';
const label = (id: string) => HEALTH_QUESTIONS.find((q) => q.id === id)!.label;

/** A yes/no or one-of-a-list question: the radio with `answer` in the question's group. */
async function choose(page: Page, id: string, answer: string) {
  await page
    .getByRole('group', { name: label(id), exact: true })
    .getByRole('radio', { name: answer, exact: true })
    .check();
}

/** Every yes/no question answered no, except the ones given. */
async function answerYesNo(page: Page, yes: readonly string[]) {
  for (const q of HEALTH_QUESTIONS.filter((question) => question.kind === 'boolean'))
    await choose(page, q.id, yes.includes(q.id) ? 'Yes' : 'No');
}

/** The form filled in for a client 30 weeks pregnant and on warfarin, and the consent given. */
async function fillPregnantOnWarfarin(page: Page, fullName: string) {
  await answerYesNo(page, ['pregnant', 'takingMedication', 'bloodThinners']);
  await page.getByLabel(label('pregnancyWeeks'), { exact: true }).fill('30');
  await page.getByLabel(label('medicationNames'), { exact: true }).fill('Warfarin 5 mg daily');
  await choose(page, 'bloodPressure', 'Normal');
  await page
    .getByRole('group', { name: label('allergies'), exact: true })
    .getByRole('checkbox', { name: 'None of these', exact: true })
    .check();
  await choose(page, 'pressure', 'Medium');
  await page.getByLabel(label('emergencyContactName'), { exact: true }).fill('Tama Ngata');
  await page.getByLabel(label('emergencyContactPhone'), { exact: true }).fill('021 555 0199');
  await page.getByLabel(CONSENT_NAME).fill(fullName);
}

async function healthFormStatus(token: string): Promise<string> {
  const res = await api(`/api/bookings/token/${encodeURIComponent(token)}/health-form`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { status: string }).status;
}

const EMAIL = 'aroha.health@example.nz';
let first: ApiBooking;

beforeAll(async () => {
  first = await createBooking(baseUrl(), {
    date: nzWeekdayAhead(18),
    time: '10:00',
    firstName: 'Aroha',
    lastName: 'Health',
    email: EMAIL,
    phone: '021 777 8888',
  });
});

/**
 * She says a later booking with Aroha's e-mail is Aroha (docs/decisions/034): until then it is a client of its own,
 * with no form.
 */
async function linkToHer(booking: ApiBooking): Promise<void> {
  const cookie = await adminCookie(baseUrl());
  const all = (await (await api('/api/admin/bookings', { cookie })).json()) as { id: number; clientId: number }[];
  const clientId = all.find((b) => b.id === booking.id)!.clientId;
  const res = await api(`/api/admin/clients/${clientId}/match`, { body: { decision: 'link' }, cookie });
  expect(res.status, await res.text()).toBe(200);
}

describe('health form', () => {
  it('is asked for on the confirmation page, refuses a blank form, and saves a filled-in one', async () => {
    // Following the system's colour scheme, so axe can check each screen in the four variants in place.
    const page = await openPage(`/booking/confirm/${encodeURIComponent(first.cancelToken)}`, { theme: 'system' });
    await page.getByRole('heading', { name: 'Booking Request Received!' }).waitFor();
    await page.getByRole('heading', { name: 'Please fill in your health form before your visit' }).waitFor();
    await page.waitForLoadState('networkidle');
    const problems = await checkInEveryVariant(page, 'the confirmation page asking for the form');
    await showVariant(page, AXE_VARIANTS[0]!);
    await page.getByRole('link', { name: 'Fill in the form' }).click();
    await page.waitForURL((url) => url.pathname === `/booking/health/${encodeURIComponent(first.cancelToken)}`);
    await page.getByRole('heading', { name: FORM_HEADING, level: 1 }).waitFor();
    expect(await page.title()).toContain(FORM_HEADING);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    // The consent's words and version, and the privacy statement with its link.
    await page.getByText('Consent version ').waitFor();
    // Kept by her practice, named (docs/product.md §19), never by the software.
    const { name: practiceName } = (await (await api('/api/practice')).json()) as { name: string };
    await page.getByText(privacyStatement(undefined, practiceName)).waitFor();
    expect(await page.getByRole('link', { name: 'Read more about privacy' }).getAttribute('href')).toBe('/privacy');

    // A blank submit: the shared messages under their questions, the first question focused.
    await page.getByRole('button', { name: SAVE }).click();
    await page.getByText(`Please answer: ${label('recentSurgery')}`, { exact: true }).waitFor();
    await page.getByText('Please type your full name to give consent', { exact: true }).waitFor();
    expect(await page.evaluate('document.activeElement?.id')).toBe('health-recentSurgery');
    const firstRadio = page.locator('#health-recentSurgery');
    expect(await firstRadio.getAttribute('aria-invalid')).toBe('true');

    // A follow-up shows only while its parent is answered yes.
    const weeks = page.getByLabel(label('pregnancyWeeks'), { exact: true });
    expect(await weeks.count()).toBe(0);
    await choose(page, 'pregnant', 'Yes');
    await weeks.waitFor();
    // Axe on the form with its messages and a follow-up shown.
    problems.push(...(await checkInEveryVariant(page, 'the form with its messages and a follow-up')));
    expect(problems, problems.join('\n\n')).toEqual([]);
    await showVariant(page, AXE_VARIANTS[0]!);
    await choose(page, 'pregnant', 'No');
    await weeks.waitFor({ state: 'detached' });

    // 'None of these' stands alone.
    const allergies = page.getByRole('group', { name: label('allergies'), exact: true });
    await allergies.getByRole('checkbox', { name: 'Latex', exact: true }).check();
    await allergies.getByRole('checkbox', { name: 'None of these', exact: true }).check();
    expect(await allergies.getByRole('checkbox', { name: 'Latex', exact: true }).isChecked()).toBe(false);

    // A number outside the range, with the shared message.
    await choose(page, 'pregnant', 'Yes');
    await weeks.fill('50');
    await page.getByRole('button', { name: SAVE }).click();
    await page.getByText(`Please enter a whole number from 1 to 42: ${label('pregnancyWeeks')}`).waitFor();

    await fillPregnantOnWarfarin(page, 'Aroha Health');
    await page.getByRole('button', { name: SAVE }).click();
    await page.getByRole('heading', { name: 'Health Form Saved' }).waitFor({ timeout: 20_000 });
    await page.getByText('Thank you, Aroha. Your health form is saved.').waitFor();
    // The visit in NZ words, whatever the browser's zone.
    await page.getByText(`${displayDate(first.date)} at ${displayTime(first.time)}`).waitFor();
    expect(await healthFormStatus(first.cancelToken)).toBe('current');

    // Back on the booking, nothing is asked for any more: not even for a moment while the booking
    // is fetched again, nor once it has been.
    const refetched = page.waitForResponse(
      (res) => res.url().endsWith(`/api/bookings/token/${first.cancelToken}`) && res.request().method() === 'GET',
    );
    await page.getByRole('link', { name: 'Back to your booking' }).click();
    await page.getByRole('heading', { name: 'Booking Request Received!' }).waitFor();
    const callout = page.getByText('Please fill in your health form before your visit');
    expect(await callout.count()).toBe(0);
    await refetched;
    await page
      .getByText(`${displayDate(first.date)}`)
      .first()
      .waitFor();
    expect(await callout.count()).toBe(0);
  });

  it('shows her the red flags on the pending request, and approving asks her to confirm she has read them', async () => {
    const page = await openSignedIn(baseUrl(), '/admin/pending', { viewport: 'desktop' });
    const request = page.getByRole('main').getByRole('row').filter({ hasText: 'Aroha Health' });
    await request.getByText('Health: blood thinners, 30 weeks pregnant').waitFor();
    await request.getByRole('button', { name: /^Approve/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Health: blood thinners, 30 weeks pregnant').waitFor();
    const approve = dialog.getByRole('button', { name: 'Confirm Booking' });
    expect(await approve.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'I have read the health answers' }).check();
    expect(await approve.isDisabled()).toBe(false);
    await approve.click();
    await dialog.waitFor({ state: 'detached' });
    const res = await api(`/api/bookings/token/${encodeURIComponent(first.cancelToken)}`);
    expect(((await res.json()) as { status: string }).status).toBe('confirmed');
  });

  it("opens the form on the client's page only when she asks, and the access log shows that reading", async () => {
    const page = await openSignedIn(baseUrl(), '/admin/clients', { viewport: 'phone' });
    await page.getByRole('searchbox', { name: 'Search clients' }).fill('aroha.health');
    await page.getByRole('link', { name: 'Aroha Health' }).first().click();
    const health = page.getByRole('region', { name: 'Health form' });
    await health.getByText("Opening it is written to the client's access log.").waitFor();
    const log = page.getByRole('region', { name: 'Access log' });
    await log.getByText('Health form saved by the client (their private link)').first().waitFor();
    expect(await log.getByText(/^Health form read by/).count()).toBe(0);

    await health.getByRole('button', { name: 'Show health form' }).click();
    await health.getByText('Health: blood thinners, 30 weeks pregnant').waitFor();
    await health.getByText('Warfarin 5 mg daily').waitFor();
    await health.getByText(/Consent given by Aroha Health on/).waitFor();
    await log.getByText(/^Health form read by/).waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  });

  it('finds the form up to date on the next booking, and updates it without ever showing the earlier answers', async () => {
    const second = await createBooking(baseUrl(), {
      date: nzWeekdayAhead(19),
      time: '14:00',
      firstName: 'Aroha',
      lastName: 'Health',
      email: EMAIL,
      phone: '021 777 8888',
    });
    // A stranger's until she links it: no form to show.
    expect(await healthFormStatus(second.cancelToken)).toBe('missing');
    await linkToHer(second);
    expect(await healthFormStatus(second.cancelToken)).toBe('current');
    const page = await openPage(`/booking/health/${encodeURIComponent(second.cancelToken)}`);
    await page.getByRole('heading', { name: 'Your Health Form Is Up to Date' }).waitFor();
    await page.getByRole('button', { name: 'Update my answers' }).click();
    await page.getByRole('heading', { name: FORM_HEADING, level: 1 }).waitFor();
    // The link goes to whoever booked: the earlier answers are never sent to it, so the form starts empty.
    await page.getByText('your earlier answers are not shown on this page').waitFor();
    const pregnantYes = page
      .getByRole('group', { name: label('pregnant'), exact: true })
      .getByRole('radio', { name: 'Yes', exact: true });
    expect(await pregnantYes.isChecked()).toBe(false);
    expect(await page.getByLabel(label('pregnancyWeeks'), { exact: true }).count()).toBe(0);
    expect(await page.getByLabel(CONSENT_NAME).inputValue()).toBe('');
    await fillPregnantOnWarfarin(page, 'Aroha Health');
    await page.getByRole('button', { name: SAVE }).click();
    await page.getByRole('heading', { name: 'Health Form Saved' }).waitFor({ timeout: 20_000 });
  });

  it("confirms an out-of-date form in one step: 'Nothing has changed'", async () => {
    // Each booking of this file at its own time (on the server the e2e files share).
    const third = await createBooking(baseUrl(), {
      date: nzWeekdayAhead(20),
      time: '12:00',
      firstName: 'Aroha',
      lastName: 'Health',
      email: EMAIL,
      phone: '021 777 8888',
    });
    await linkToHer(third);
    const page = await openPage(null);
    // The client's form is days old, not HEALTH_FORM_MONTHS: the page is told it is out of date,
    // as it would be months from now. The re-confirmation itself goes to the server.
    await page.route('**/api/bookings/token/*/health-form', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const res = await route.fetch();
      const body = (await res.json()) as { status: string; previous?: { canReconfirm: boolean } };
      expect(body.previous?.canReconfirm).toBe(true);
      return route.fulfill({ response: res, json: { ...body, status: 'outdated', submittedAt: null } });
    });
    await page.goto(`/booking/health/${encodeURIComponent(third.cancelToken)}`);
    await page.getByRole('heading', { name: 'Is Your Health Form Still Right?' }).waitFor();
    await page.getByRole('button', { name: 'Nothing has changed' }).click();
    await page.getByText('Please type your full name to give consent', { exact: true }).waitFor();
    expect(await page.evaluate('document.activeElement?.id')).toBe('health-consent-name');
    await page.getByLabel(CONSENT_NAME).fill('Aroha Health');
    await page.getByRole('button', { name: 'Nothing has changed' }).click();
    await page.getByRole('heading', { name: 'Health Form Saved' }).waitFor({ timeout: 20_000 });
    await page.getByText('Thank you, Aroha. Your health form is saved.').waitFor();
    await page.unroute('**/api/bookings/token/*/health-form');
    expect(await healthFormStatus(third.cancelToken)).toBe('current');
  });

  it("shows 'Form Not Found' for an unknown link", async () => {
    const page = await openPage('/booking/health/no-such-token', {
      allowConsoleErrors: [
        /status of 404 \(Not Found\) \(http:\/\/[^/]+\/api\/bookings\/token\/no-such-token\/health-form:/,
        /API request error: Error: 404: /,
      ],
    });
    await page.getByRole('heading', { name: 'Form Not Found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it("shows the server's message for a cancelled booking", async () => {
    const cancelled = await createBooking(baseUrl(), {
      date: nzWeekdayAhead(22),
      time: '16:00',
      phone: '021 777 0022',
      firstName: 'Aroha',
      lastName: 'Cancelled',
      email: 'aroha.cancelled@example.nz',
    });
    const token = cancelled.cancelToken;
    expect((await api(`/api/bookings/cancel/${token}`, { body: { cancelToken: token } })).status).toBe(200);
    const res = await api(`/api/bookings/token/${encodeURIComponent(token)}/health-form`);
    expect([400, 409]).toContain(res.status);
    const { message } = (await res.json()) as { message: string };
    const page = await openPage(`/booking/health/${encodeURIComponent(token)}`, {
      allowConsoleErrors: [/status of (400|409) /, /API request error: Error: (400|409): /],
    });
    await page.getByRole('heading', { name: 'No Health Form Needed' }).waitFor();
    await page.getByText(message, { exact: true }).waitFor();
  });
});

describe('health form accessibility (axe-core: no serious or critical violations)', () => {
  it('/privacy, on a phone and a desktop, light and dark', async () => {
    const page = await openPage('/privacy', { theme: 'system' });
    await page.getByRole('heading', { name: 'Privacy', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const problems = await checkInEveryVariant(page, '/privacy');
    expect(problems, problems.join('\n\n')).toEqual([]);
  });
});
