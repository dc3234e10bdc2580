/**
 * Issue 24's "Done means", as one journey through the built app: a first-time visitor books on a
 * phone, the 'request received' e-mail links the health form, she fills it in (30 weeks pregnant, on
 * warfarin); the therapist's pending request says so and approving asks her to confirm; after the
 * visit she marks it Completed, writes the notes and adds an alert; the same visitor books again with
 * her e-mail in capitals: the request gets a client of its own, a possible match of hers (docs/decisions/034),
 * which the therapist opens from the pending row and merges ('Same person'), and the alert shows on the new
 * request. 'Export' holds it all; 'Erase' leaves no trace of her in any API answer, export, feed or e-mail record.
 *
 * No screen can move time, so the visit is moved into the past the way the API suite does it: in the
 * database. The server runs on a PostgreSQL server of this file's own (several processes may write
 * one, and the server's caches hear of every change), with a real SMTP sink and its mail worker on.
 * The browser's zone is America/Los_Angeles: every date on screen must be New Zealand's.
 */
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_QUESTIONS } from '../../src/shared/health-form';
import type { ClientExport } from '../../src/shared/schemas/client-export';
import type { ClientSummary } from '../../src/shared/schemas/client';
import { DAY_MS, nzDateOf, nzInstant } from '../../src/shared/time';
import { findPgBinaries, startPgServer, type PgServer } from '../helpers/pg-server';
import { withDb } from '../helpers/pg-url';
import { startSmtp, type Received, type Smtp } from '../helpers/smtp';
import { signInAsAdmin } from './admin';
import { openPage, useBrowser } from './browser';
import { startServer, type RunningServer } from './harness.mjs';
import { THERAPIST_EMAIL } from './mail-server';
import { openToasts } from './toasts';
import { continueButton, fillContact, pickLatestTimeSlot, serviceBookLinks } from './wizard';

useBrowser();

const PERSON = {
  firstName: 'Aroha',
  lastName: 'Journey',
  email: 'aroha.journey@example.nz',
  phone: '021 555 0324',
  address: '9 Wainui Road, Raglan',
};
const FULL_NAME = `${PERSON.firstName} ${PERSON.lastName}`;
const ALERT = 'Dog at the gate';
const HEALTH_LINE = 'Health: blood thinners, 30 weeks pregnant';
const NOTES = {
  'What the client reported': 'Lower back ache since the second trimester began',
  'What I found': 'Tight lumbar muscles, no swelling in the calves',
  'What I did': 'Side-lying massage with kawakawa balm, light pressure only',
  'Plan for next time': 'Same side-lying position; check the warfarin dose first',
} as const;
/** Her phone's digits with at most two other characters between any two of them ('021 555 0324', '+6421…'). */
const PHONE_TRACE = /2\D{0,2}1\D{0,2}5\D{0,2}5\D{0,2}5\D{0,2}0\D{0,2}3\D{0,2}2\D{0,2}4/;
/** What must be gone once she is erased: name, e-mail, phone, address, health answers, notes, alert. */
const TRACES: readonly RegExp[] = [
  /aroha/i,
  /journey/i,
  PHONE_TRACE,
  /wainui/i,
  /warfarin/i,
  /pregnan/i,
  /ngata/i,
  /kawakawa/i,
  /dog at the gate/i,
];
/** Nothing the health form holds goes in any e-mail, to anyone (docs/privacy.md). */
const HEALTH_WORDS = /warfarin|pregnan/i;
const UPCOMING = 'This client has upcoming visits. Cancel or decline them first, then erase the client.';
/** The 409 this journey provokes on purpose (Erase while a visit is ahead). */
const EXPECTED_ERRORS = [/status of 409 \(Conflict\)/, /API request error: Error: 409: /];
const LONG = { timeout: 30_000 };

let database: PgServer;
let smtp: Smtp;
let server: RunningServer;
let sql: pg.Client;

// ---------------------------------------------------------------------------------------------
// The visitor

const label = (id: string) => HEALTH_QUESTIONS.find((q) => q.id === id)!.label;

/** A yes/no or one-of-a-list question of the health form: the radio with `answer` in its group. */
async function choose(page: Page, id: string, answer: string): Promise<void> {
  await page
    .getByRole('group', { name: label(id), exact: true })
    .getByRole('radio', { name: answer, exact: true })
    .check();
}

/** The health form of a client 30 weeks pregnant and on warfarin, consent given in her full name. */
async function fillPregnantOnWarfarin(page: Page): Promise<void> {
  const yes = ['pregnant', 'takingMedication', 'bloodThinners'];
  for (const q of HEALTH_QUESTIONS.filter((question) => question.kind === 'boolean'))
    await choose(page, q.id, yes.includes(q.id) ? 'Yes' : 'No');
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
  await page.getByLabel('Type your full name to give your consent').fill(FULL_NAME);
}

interface Booked {
  token: string;
  id: number;
  date: string;
  time: string;
}

/** A visitor on a phone books through the wizard from the home page; answers the booking. */
async function bookAsVisitor(email: string): Promise<Booked> {
  const page = await openPage(null, { viewport: 'phone' });
  await page.goto(`${server.baseUrl}/`);
  const card = serviceBookLinks(page).first();
  await card.waitFor(LONG);
  await card.click();
  await page.waitForURL((url) => url.pathname === '/booking');
  await pickLatestTimeSlot(page);
  await continueButton(page).click();
  await fillContact(page, { ...PERSON, email });
  await page.getByRole('button', { name: 'Complete Booking' }).click();
  await page.getByRole('heading', { name: 'Booking Request Received!' }).waitFor(LONG);
  const token = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const res = await fetch(`${server.baseUrl}/api/bookings/token/${encodeURIComponent(token)}`);
  expect(res.status).toBe(200);
  const booking = (await res.json()) as { id: number; date: string; time: string; status: string };
  expect(booking.status).toBe('pending');
  await page.context().close();
  return { token, id: booking.id, date: booking.date, time: booking.time };
}

// ---------------------------------------------------------------------------------------------
// The mail

/** Waits for the e-mail to `address` (in any case) with `subject`; answers the latest such. */
async function mailTo(address: string, subject: string): Promise<Received> {
  const to = address.toLowerCase();
  const find = () =>
    smtp.received.filter((m) => m.rcptTo.some((r) => r.toLowerCase() === to) && m.headers.subject === subject).at(-1);
  await expect.poll(find, { timeout: 20_000, message: `the e-mail '${subject}' to ${address}` }).toBeDefined();
  return find()!;
}

/** No e-mail the sink received, to anyone, says anything the health form holds. */
function expectNoHealthWordsInMail(): void {
  expect(smtp.received.length).toBeGreaterThan(0);
  for (const m of smtp.received) {
    const all = `${m.headers.subject}\n${m.text}\n${m.html}\n${m.parts.map((p) => p.content).join('\n')}`;
    expect(all, `the e-mail '${m.headers.subject}' to ${m.rcptTo.join(', ')}`).not.toMatch(HEALTH_WORDS);
  }
}

// ---------------------------------------------------------------------------------------------
// The therapist

async function openAdmin(path: string): Promise<Page> {
  const page = await openPage(null, { viewport: 'desktop', allowConsoleErrors: EXPECTED_ERRORS });
  await signInAsAdmin(page, server.baseUrl, path);
  return page;
}

/** The session cookie of a signed-in page, for calls from Node as her. */
async function cookieOf(page: Page): Promise<string> {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
}

const pendingRow = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('table', { name: 'Pending requests' })
    .getByRole('row')
    .filter({ hasText: FULL_NAME });
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const visitItems = (page: Page) =>
  section(page, 'Visits').getByRole('list', { name: 'Visits, newest first' }).locator(':scope > li');

/** Shows `date` (this month or the one before) on the Appointments tab and waits for its list. */
async function openDay(page: Page, date: string): Promise<void> {
  const day = page.locator(`[role=grid] button[data-date="${date}"]`);
  await page.getByRole('button', { name: 'Previous month' }).waitFor(LONG);
  if ((await day.count()) === 0) await page.getByRole('button', { name: 'Previous month' }).click();
  await day.click();
  await page.getByRole('list', { name: /^Appointments on / }).waitFor(LONG);
}

/**
 * Moves a booking to `date` at its time, in the past (as tests/api/visit-notes.test.ts does): the
 * visit has happened. The server's caches hear of it (a trigger's NOTIFY).
 */
async function moveToPast(id: number, date: string, time: string): Promise<void> {
  const start = nzInstant(date, time).toISOString();
  const res = await sql.query(
    `UPDATE bookings SET date = $2, starts_at = ($3)::timestamptz,
       ends_at = ($3)::timestamptz + duration * interval '1 minute',
       buffer_ends_at = ($3)::timestamptz + (duration + 15) * interval '1 minute' WHERE id = $1`,
    [id, date, start],
  );
  expect(res.rowCount).toBe(1);
}

/** Everything the site answers about bookings, clients and mail, as text: where a trace could hide. */
async function everySurface(cookie: string, ids: { client: number; bookings: Booked[] }, feedUrl: string) {
  const get = async (path: string) => {
    const res = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
    return { path, status: res.status, text: await res.text() };
  };
  const dates = ids.bookings.map((b) => b.date).sort();
  const [from, to] = [dates[0]!, dates.at(-1)!];
  const answers = await Promise.all([
    get('/api/admin/bookings'),
    get('/api/admin/bookings/pending'),
    get('/api/admin/bookings/summary'),
    get('/api/admin/clients'),
    get('/api/admin/clients?q=journey'),
    get('/api/admin/clients?q=aroha'),
    get(`/api/admin/clients/${ids.client}`),
    get(`/api/admin/clients/${ids.client}/export`),
    get(`/api/admin/clients/${ids.client}/export.html`),
    get(`/api/admin/clients/${ids.client}/access-log`),
    get('/api/admin/outbox?limit=100'),
    get(`/api/admin/bookings/export.csv?from=${from}&to=${to}&status=all`),
    get(`/api/admin/mileage.csv?from=${from}&to=${to}`),
    get(`/api/bookings/range?startDate=${from}&endDate=${to}`),
    ...dates.map((date) => get(`/api/admin/bookings/day-route?date=${date}`)),
    ...ids.bookings.flatMap((b) => [
      get(`/api/admin/bookings/${b.id}/notes`),
      get(`/api/bookings/token/${encodeURIComponent(b.token)}`),
      get(`/api/bookings/token/${encodeURIComponent(b.token)}/health-form`),
      get(`/api/bookings/token/${encodeURIComponent(b.token)}/calendar.ics`),
    ]),
    get(new URL(feedUrl).pathname),
  ]);
  return answers;
}

// ---------------------------------------------------------------------------------------------

describe.skipIf(findPgBinaries() === null)('issue 24, done means', () => {
  beforeAll(async () => {
    database = await startPgServer();
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('CREATE DATABASE homevisit');
    await admin.end();
    const url = withDb(database.url, 'homevisit');
    smtp = await startSmtp();
    server = await startServer({
      quiet: true,
      env: {
        DATABASE_URL: url,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_WORKER_ENABLED: 'true',
        MAIL_POLL_SECONDS: '0.2',
        MAIL_NOTIFY_TO: THERAPIST_EMAIL,
      },
    });
    sql = new pg.Client({ connectionString: url });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    await server?.stop();
    await smtp?.close();
    await database?.stop();
  });

  it('books, fills the health form, is approved, visited, noted, recognised, exported and erased', async () => {
    // 1. A first-time visitor books on her phone.
    const first = await bookAsVisitor(PERSON.email);

    // 2. The 'request received' e-mail links the health form.
    const received = await mailTo(PERSON.email, 'We received your booking request');
    const healthUrl = `${server.baseUrl}/booking/health/${encodeURIComponent(first.token)}`;
    expect(received.text).toContain('Please fill in a short health form before your visit.');
    expect(received.text.match(/https?:\/\/\S+\/booking\/health\/\S+/)?.[0]).toBe(healthUrl);
    // The therapist is told, by name (the subject ends with the visit's time).
    await expect
      .poll(() => smtp.received.some((m) => m.headers.subject?.startsWith(`New booking request: ${FULL_NAME}, `)), {
        timeout: 20_000,
      })
      .toBe(true);

    // 3. She opens the link and fills in the form: 30 weeks pregnant, on warfarin.
    const form = await openPage(null, { viewport: 'phone' });
    await form.goto(healthUrl);
    await form.getByRole('heading', { name: 'Your Health Form', level: 1 }).waitFor(LONG);
    await fillPregnantOnWarfarin(form);
    await form.getByRole('button', { name: 'Save my health form' }).click();
    await form.getByRole('heading', { name: 'Health Form Saved' }).waitFor(LONG);
    await form.getByText(`Thank you, ${PERSON.firstName}. Your health form is saved.`).waitFor();
    await form.context().close();
    expectNoHealthWordsInMail();

    // 4. The therapist's pending request shows the red flags; approving asks her to confirm she read them.
    const admin = await openAdmin('/admin/pending');
    const request = pendingRow(admin);
    await request.getByText(HEALTH_LINE).waitFor(LONG);
    await request.getByRole('button', { name: /^Approve/ }).click();
    const approveDialog = admin.getByRole('dialog');
    await approveDialog.getByText(HEALTH_LINE).waitFor();
    const approve = approveDialog.getByRole('button', { name: 'Confirm Booking' });
    expect(await approve.isDisabled()).toBe(true);
    await approveDialog.getByRole('checkbox', { name: 'I have read the health answers' }).check();
    await approve.click();
    await approveDialog.waitFor({ state: 'detached' });
    await request.waitFor({ state: 'detached' });
    const approved = await fetch(`${server.baseUrl}/api/bookings/token/${encodeURIComponent(first.token)}`);
    expect(((await approved.json()) as { status: string }).status).toBe('confirmed');
    await mailTo(PERSON.email, 'Your appointment has been confirmed');
    expectNoHealthWordsInMail();

    // 5. The visit happens: yesterday, at the time she booked.
    const visitDate = nzDateOf(new Date(Date.now() - DAY_MS));
    await moveToPast(first.id, visitDate, first.time);
    first.date = visitDate;

    // 6. She marks it Completed and writes the notes from the day's list.
    await admin.getByRole('link', { name: 'Appointments', exact: true }).first().click();
    await admin.getByRole('heading', { name: 'Upcoming Appointments' }).waitFor(LONG);
    await openDay(admin, visitDate);
    const visit = admin
      .getByRole('list', { name: /^Appointments on / })
      .getByRole('listitem')
      .filter({ hasText: FULL_NAME });
    await visit.getByRole('button', { name: 'Completed', exact: true }).click();
    await visit.getByRole('button', { name: 'Completed', exact: true, pressed: true }).waitFor(LONG);
    await visit.getByRole('button', { name: 'Write notes', exact: true }).click();
    const notes = admin.getByRole('dialog', { name: 'Treatment notes' });
    for (const [part, text] of Object.entries(NOTES)) await notes.getByLabel(part, { exact: true }).fill(text);
    await notes.getByRole('button', { name: 'Save notes' }).click();
    // Saved: the dialog shows the note read-only, editable for 24 hours.
    await notes.getByText(NOTES['What I did']).waitFor(LONG);
    await notes.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await openToasts(admin).filter({ hasText: 'Notes saved' }).first().waitFor(LONG);
    // (Escape would go to the toast first.)
    await notes.getByRole('button', { name: 'Close', exact: true }).click();
    await notes.waitFor({ state: 'detached' });

    // ... and adds an alert on her client page.
    await admin.getByRole('link', { name: 'Clients', exact: true }).first().click();
    const answered = admin.waitForResponse((r) => new URL(r.url()).searchParams.get('q') === 'journey');
    await admin.getByRole('searchbox', { name: 'Search clients' }).fill('journey');
    expect((await answered).status()).toBe(200);
    await admin.getByRole('table', { name: 'Clients' }).getByRole('link', { name: FULL_NAME }).click();
    await admin.waitForURL(/\/admin\/clients\/\d+$/);
    const clientId = Number(new URL(admin.url()).pathname.split('/').pop());
    await admin.getByRole('heading', { name: FULL_NAME, level: 2 }).waitFor(LONG);
    await expect.poll(() => visitItems(admin).count(), LONG).toBe(1);
    expect(await visitItems(admin).first().innerText()).toContain('Completed');
    const alerts = section(admin, 'Alerts');
    await alerts.getByLabel('New alert').fill(ALERT);
    await alerts.getByRole('button', { name: 'Add alert' }).click();
    await openToasts(admin).filter({ hasText: 'Alert added' }).first().waitFor(LONG);
    await alerts.getByRole('listitem').filter({ hasText: ALERT }).waitFor();

    // 7. She books again, her e-mail in capitals. Anyone can type an e-mail (docs/decisions/034): the request gets a
    // client of its own, a possible match of hers, until the therapist decides. She sees the match on the pending
    // row, opens the request's own client page from it and says it is the same person there, without approving.
    const second = await bookAsVisitor(PERSON.email.toUpperCase());
    expect(second.id).not.toBe(first.id);
    await admin.getByRole('link', { name: 'Pending Requests' }).first().click();
    const again = pendingRow(admin);
    await again.getByText('Possible match:').waitFor(LONG);
    expect(await again.innerText()).toContain(`Possible match: ${FULL_NAME} (same e-mail, name and phone)`);
    await again.getByRole('link', { name: /^Open this request's client/ }).click();
    await admin.waitForURL((url) => /^\/admin\/clients\/\d+$/.test(url.pathname), LONG);
    const requestClientId = Number(new URL(admin.url()).pathname.split('/').pop());
    expect(requestClientId).not.toBe(clientId);
    await admin.getByRole('heading', { name: FULL_NAME, level: 2 }).waitFor(LONG);
    const notice = admin.getByRole('main').getByRole('region', { name: 'Possible match' });
    await notice.getByRole('button', { name: `Same person: merge into ${FULL_NAME}` }).click();
    // Merged: her screen moves to the existing client's page, which now holds both visits.
    await admin.waitForURL((url) => url.pathname === `/admin/clients/${clientId}`, LONG);
    await openToasts(admin)
      .filter({ hasText: `Merged into ${FULL_NAME}` })
      .first()
      .waitFor(LONG);
    await admin.getByRole('heading', { name: FULL_NAME, level: 2 }).waitFor(LONG);
    await expect.poll(() => visitItems(admin).count(), LONG).toBe(2);
    const clients = (await (
      await fetch(`${server.baseUrl}/api/admin/clients?q=journey`, { headers: { cookie: await cookieOf(admin) } })
    ).json()) as ClientSummary[];
    expect(clients.map((c) => c.id)).toEqual([clientId]);
    expect(clients[0]!.possibleMatch).toBeNull();

    // The request is hers now: her alert shows on it.
    await admin.getByRole('link', { name: 'Pending Requests' }).first().click();
    await pendingRow(admin).getByRole('list', { name: 'Client alerts' }).getByText(ALERT).waitFor(LONG);
    expect(await pendingRow(admin).innerText()).not.toContain('Possible match:');

    // 8. 'Export' holds it all.
    const cookie = await cookieOf(admin);
    const exportRes = await fetch(`${server.baseUrl}/api/admin/clients/${clientId}/export`, { headers: { cookie } });
    expect(exportRes.status).toBe(200);
    const held = (await exportRes.json()) as ClientExport;
    expect(held.client).toMatchObject({ firstName: PERSON.firstName, lastName: PERSON.lastName });
    // The merge keeps her details as she had them (not the request's capitals); the contact that finds her is
    // normalised.
    expect(held.client.email).toBe(PERSON.email);
    expect(held.contacts.map((c) => c.value)).toContain(PERSON.email);
    expect(held.addresses.map((a) => a.address)).toContain(PERSON.address);
    expect(held.alerts.map((a) => a.text)).toEqual([ALERT]);
    expect(held.bookings.map((b) => b.id).sort()).toEqual([first.id, second.id].sort());
    expect(held.bookings.find((b) => b.id === first.id)).toMatchObject({
      status: 'confirmed',
      outcome: 'completed',
      date: visitDate,
    });
    expect(held.bookings.find((b) => b.id === second.id)).toMatchObject({ status: 'pending' });
    const subjects = held.emails.map((e) => e.subject);
    expect(subjects.filter((s) => s === 'We received your booking request')).toHaveLength(2);
    expect(subjects).toContain('Your appointment has been confirmed');
    expect(held.emails.every((e) => !HEALTH_WORDS.test(e.text))).toBe(true);
    expect(held.healthForms).toHaveLength(1);
    const answers = held.healthForms[0]!.answers!.map((a) => `${a.question}: ${a.answer}`).join('\n');
    expect(answers).toContain('Warfarin 5 mg daily');
    expect(answers).toContain(`${label('pregnancyWeeks')}: 30`);
    expect(held.healthForms[0]!.consentName).toBe(FULL_NAME);
    expect(held.healthForms[0]!.flags.join(', ')).toMatch(/blood thinners.*30 weeks pregnant/);
    expect(held.notes).toHaveLength(1);
    expect(held.notes[0]).toMatchObject({
      bookingId: first.id,
      subjective: NOTES['What the client reported'],
      objective: NOTES['What I found'],
      treatment: NOTES['What I did'],
      plan: NOTES['Plan for next time'],
    });
    const actions = held.accessLog.map((l) => l.action);
    for (const action of ['health-form:write', 'notes:write', 'export']) expect(actions).toContain(action);

    // The calendar feed shows her visits until she is erased.
    const feedRes = await fetch(`${server.baseUrl}/api/admin/calendar-feed`, {
      method: 'POST',
      headers: { cookie, origin: server.baseUrl },
    });
    expect(feedRes.status).toBe(201);
    const feedUrl = ((await feedRes.json()) as { url: string }).url;

    // 9. Erase: refused while her request is ahead, in the server's words.
    await admin.goto(`${server.baseUrl}/admin/clients/${clientId}`);
    await admin.getByRole('heading', { name: FULL_NAME, level: 2 }).waitFor(LONG);
    await admin.getByRole('button', { name: 'Erase this client…' }).click();
    const eraseDialog = admin.getByRole('dialog', { name: `Erase ${FULL_NAME}?` });
    await eraseDialog.getByLabel(`Type ${FULL_NAME} to confirm`).fill(FULL_NAME);
    await eraseDialog.getByRole('button', { name: 'Erase client' }).click();
    await openToasts(admin).filter({ hasText: UPCOMING }).first().waitFor(LONG);
    await eraseDialog.getByRole('button', { name: 'Cancel' }).click();
    await eraseDialog.waitFor({ state: 'detached' });

    // She declines the request on Pending Requests.
    await admin.getByRole('link', { name: 'Pending Requests' }).first().click();
    await pendingRow(admin)
      .getByRole('button', { name: /^Reject/ })
      .click();
    const rejectDialog = admin.getByRole('dialog', { name: 'Reject Booking' });
    await rejectDialog.getByRole('button', { name: 'Reject Booking' }).click();
    await openToasts(admin).filter({ hasText: 'Booking rejected' }).first().waitFor(LONG);
    await pendingRow(admin).waitFor({ state: 'detached' });
    await mailTo(PERSON.email, 'We are unable to accept your booking request');

    // Before the erasure every surface below finds her: the checks after it can see a trace.
    const before = (await everySurface(cookie, { client: clientId, bookings: [first, second] }, feedUrl))
      .map((a) => a.text)
      .join('\n');
    for (const trace of TRACES) expect(before).toMatch(trace);

    await admin.goto(`${server.baseUrl}/admin/clients/${clientId}`);
    await admin.getByRole('heading', { name: FULL_NAME, level: 2 }).waitFor(LONG);
    await admin.getByRole('button', { name: 'Erase this client…' }).click();
    await eraseDialog.getByLabel(`Type ${FULL_NAME} to confirm`).fill(FULL_NAME);
    await eraseDialog.getByRole('button', { name: 'Erase client' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/clients', LONG);
    await openToasts(admin)
      .filter({ hasText: `${FULL_NAME} was erased. 2 bookings stay without a name.` })
      .first()
      .waitFor(LONG);
    const answeredAfter = admin.waitForResponse((r) => new URL(r.url()).searchParams.get('q') === 'journey');
    await admin.getByRole('searchbox', { name: 'Search clients' }).fill('journey');
    expect((await answeredAfter).status()).toBe(200);
    await admin.getByRole('heading', { name: 'No clients match "journey"' }).waitFor(LONG);

    // No trace of her anywhere the site answers.
    const after = await everySurface(cookie, { client: clientId, bookings: [first, second] }, feedUrl);
    for (const answer of after) {
      expect(answer.status, answer.path).toBeLessThan(500);
      for (const trace of TRACES) expect(answer.text, `${answer.path} (${answer.status})`).not.toMatch(trace);
    }
    const status = (path: string) => after.find((a) => a.path === path)!.status;
    expect(status(`/api/admin/clients/${clientId}`)).toBe(404);
    expect(status(`/api/admin/clients/${clientId}/export`)).toBe(404);
    for (const b of [first, second]) expect(status(`/api/bookings/token/${encodeURIComponent(b.token)}`)).toBe(404);
    // The bookings stay for the accounts, nameless.
    expect(after.find((a) => a.path === '/api/admin/bookings')!.text).toContain('"Erased"');
    expectNoHealthWordsInMail();
  }, 240_000);
});
