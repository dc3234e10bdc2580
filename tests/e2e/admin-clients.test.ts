/**
 * The Clients tab and the client page (docs/product.md §12) as the therapist, on a server
 * of its own: two requests with the same e-mail in different case are one client once she links the second
 * (docs/decisions/034); the search finds
 * them (and says when nothing matches); the client page lists both requests; she corrects the phone
 * (and is told when an e-mail is another client's), adds an alert (the 200-character limit, Remove
 * asks first), and merges in the same person booked under another e-mail and phone, keeping that
 * phone; the merged-away client is gone. Axe on a phone and a desktop, light and dark (each screen reached once and
 * switched in place).
 * The browser's zone is America/Los_Angeles: every date shown must be New Zealand's.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDetail, ClientSummary } from '../../src/shared/schemas/client';
import { useBrowser, VIEWPORTS, type OpenOptions } from './browser';
import { checkEveryVariant, openSignedIn } from './e2e-b-session';
import { adminCookie, createBooking, nzWeekdayAhead, startServer, type RunningServer } from './harness.mjs';
import { openToasts } from './toasts';

useBrowser();

const AROHA = { firstName: 'Aroha', lastName: 'Clientele', phone: '021 555 0101' };
/** The same person, under her work e-mail and phone: a client of her own until merged. */
const WORK = { firstName: 'Aroha', lastName: 'Worker', email: 'aroha.work@example.nz', phone: '022 999 0202' };
const NEW_PHONE = '021 555 0199';
const ALERT = 'Dog at the gate';

/** The failures this file provokes on purpose: a 409 (an e-mail of another client), a 404 (a merged-away client). */
const EXPECTED_ERRORS = [
  /status of 409 \(Conflict\)/,
  /API request error: Error: 409: /,
  /status of 404 \(Not Found\)/,
  /API request error: Error: 404: /,
];

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ quiet: true });
  cookie = await adminCookie(server.baseUrl);
  // Two requests, the e-mail in different case: one client, once she says the second is the same person.
  await createBooking(server.baseUrl, {
    ...AROHA,
    email: 'Aroha.Clientele@Example.NZ',
    date: nzWeekdayAhead(12),
    time: '10:00',
  });
  const again = await createBooking(server.baseUrl, {
    ...AROHA,
    email: 'aroha.clientele@example.nz',
    date: nzWeekdayAhead(16),
    time: '13:00',
  });
  // A request proves nothing of who made it (docs/decisions/034): its client names hers as a possible match,
  // and she links it.
  const all = (await (await adminGet('/api/admin/bookings')).json()) as { id: number; clientId: number }[];
  const linked = await fetch(
    `${server.baseUrl}/api/admin/clients/${all.find((b) => b.id === again.id)!.clientId}/match`,
    {
      method: 'POST',
      headers: { origin: server.baseUrl, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'link' }),
    },
  );
  expect(linked.status).toBe(200);
  await createBooking(server.baseUrl, { ...WORK, date: nzWeekdayAhead(20), time: '15:00' });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function adminGet(path: string): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, { headers: { origin: server.baseUrl, cookie } });
}
async function findClients(q: string): Promise<ClientSummary[]> {
  const res = await adminGet(`/api/admin/clients?q=${encodeURIComponent(q)}`);
  if (!res.ok) throw new Error(`GET /api/admin/clients?q=${q} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as ClientSummary[];
}
async function clientId(q: string): Promise<number> {
  const found = await findClients(q);
  expect(found, `clients matching ${q}`).toHaveLength(1);
  return found[0]!.id;
}

/** Her Clients tab, already signed in (the sign-in form is proven in admin-auth.test.ts). */
async function openClients(options: OpenOptions = {}): Promise<Page> {
  const page = await openSignedIn(server.baseUrl, '/admin/clients', {
    cookie,
    allowConsoleErrors: EXPECTED_ERRORS,
    ...options,
  });
  await page.getByRole('heading', { name: 'Clients', level: 2 }).waitFor();
  return page;
}

async function openClient(id: number, options: OpenOptions = {}): Promise<Page> {
  const page = await openSignedIn(server.baseUrl, `/admin/clients/${id}`, {
    cookie,
    allowConsoleErrors: EXPECTED_ERRORS,
    ...options,
  });
  await section(page, 'Contact').waitFor();
  return page;
}

/** Back to the Clients tab on the same page, at a desktop's width (the table). */
async function backToClients(page: Page): Promise<void> {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto(`${server.baseUrl}/admin/clients`);
  await page.getByRole('heading', { name: 'Clients', level: 2 }).waitFor();
}

async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
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

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search clients' });
/** The list: a table from the md breakpoint up, cards below it. */
const clientTable = (page: Page) => page.getByRole('table', { name: 'Clients' });
const clientCards = (page: Page) => page.getByRole('list', { name: 'Clients' });
const tableRow = (page: Page, name: string) => clientTable(page).getByRole('row').filter({ hasText: name });
/** A section of the client page, by its heading. */
const section = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });
const visitItems = (page: Page) =>
  section(page, 'Visits').getByRole('list', { name: 'Visits, newest first' }).locator(':scope > li');
const digits = (text: string) => text.replace(/\D/g, '');

/** Types into the search box and waits for the list to answer it. */
async function search(page: Page, q: string): Promise<void> {
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/admin/clients?q=') && new URL(r.url()).searchParams.get('q') === q,
  );
  await searchBox(page).fill(q);
  expect((await answered).status()).toBe(200);
}

describe('Clients', () => {
  it('lists one client for two requests with the same e-mail in different case, and finds them by search', async () => {
    const page = await openClients();
    expect(await page.getByRole('link', { name: 'Clients', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await searchBox(page).getAttribute('placeholder')).toBe('Name, e-mail, phone or suburb');

    await search(page, 'CLIENTELE');
    await tableRow(page, 'Aroha Clientele').waitFor();
    await expect.poll(() => clientTable(page).getByRole('row').count()).toBe(2); // the header and one client
    const row = await tableRow(page, 'Aroha Clientele').innerText();
    expect(row.toLowerCase()).toContain('aroha.clientele@example.nz');
    expect(row).not.toContain('Aroha Worker');
    // Pending requests are no visits (docs/product.md §12).
    expect(row).toContain('No visits yet');

    // By e-mail, in capitals.
    await search(page, 'AROHA.CLIENTELE@');
    await tableRow(page, 'Aroha Clientele').waitFor();
    await expect.poll(() => clientTable(page).getByRole('row').count()).toBe(2);

    await search(page, 'zzz-nobody');
    await page.getByRole('heading', { name: 'No clients match "zzz-nobody"' }).waitFor();

    // A phone (the same page, narrowed): cards, nothing wider than the screen.
    await page.setViewportSize(VIEWPORTS.phone);
    await search(page, 'aroha');
    await clientCards(page).getByRole('link', { name: 'Aroha Clientele' }).waitFor();
    await clientCards(page).getByRole('link', { name: 'Aroha Worker' }).waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  });

  it('opens the client page with both requests, under the Clients tab', async () => {
    const page = await openClients();
    await search(page, 'clientele');
    await tableRow(page, 'Aroha Clientele').getByRole('link', { name: 'Aroha Clientele' }).click();
    await page.waitForURL(/\/admin\/clients\/\d+$/);
    await page.getByRole('heading', { name: 'Aroha Clientele', level: 2 }).waitFor();
    expect(await page.getByRole('link', { name: 'Clients', exact: true }).getAttribute('aria-current')).toBe('page');

    await expect.poll(() => visitItems(page).count()).toBe(2);
    const visits = await visitItems(page).allInnerTexts();
    for (const visit of visits) expect(visit).toContain('Pending');
    // Newest first: the later request (1:00 PM) above the earlier one (10:00 AM).
    expect(visits[0]).toContain('1:00 PM');
    expect(visits[1]).toContain('10:00 AM');
    // 'Tue 3 Dec 2026': the NZ date, not Los Angeles'.
    expect(visits[0]).toMatch(/\b(Mon|Tue|Wed|Thu|Fri) \d{1,2} [A-Z][a-z]{2} \d{4}\b/);

    const totals = await section(page, 'Totals').innerText();
    expect(totals).toMatch(/Visits\s+0/);
    expect(totals).toMatch(/Spend\s+\$0\.00/);

    // Back to the list.
    await page.getByRole('link', { name: 'All clients' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/clients');
    await searchBox(page).waitFor();
  });

  it('corrects the phone, and says so when the e-mail is another client’s', async () => {
    const id = await clientId('clientele');
    const page = await openClient(id);
    const contact = section(page, 'Contact');

    // An e-mail that belongs to another client: 409, said in the form, which keeps her input.
    await contact.getByRole('button', { name: 'Edit contact details' }).click();
    let dialog = page.getByRole('dialog', { name: 'Edit contact details' });
    await dialog.getByLabel('E-mail').fill(WORK.email);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByLabel('E-mail').inputValue()).toBe(WORK.email);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The booking form's own message for a bad phone.
    await contact.getByRole('button', { name: 'Edit contact details' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit contact details' });
    // Her record keeps the e-mail as first booked: a later request, even linked, never rewrites it (decision 034).
    expect(await dialog.getByLabel('E-mail').inputValue()).toBe('Aroha.Clientele@Example.NZ');
    await dialog.getByLabel('Phone').fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please enter a valid phone number').waitFor();

    await dialog.getByLabel('Phone').fill(NEW_PHONE);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/admin/clients/${id}`) && r.request().method() === 'PATCH',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    // Only the phone was changed, so only the phone is sent.
    expect(Object.keys(response.request().postDataJSON() as object)).toEqual(['phone']);
    await expectToast(page, 'Success', 'Contact details saved');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => digits(await contact.innerText())).toContain('5550199');

    const detail = (await (await adminGet(`/api/admin/clients/${id}`)).json()) as ClientDetail;
    expect(digits(detail.phone)).toContain('5550199');
  });

  it('adds an alert (at most 200 characters) that shows on the page and in the list, and asks before removing one', async () => {
    const id = await clientId('clientele');
    const page = await openClient(id, { viewport: 'phone' });
    const alerts = section(page, 'Alerts');
    const input = alerts.getByLabel('New alert');

    // Too long: the counter and the schema's message; nothing sent.
    await input.fill('x'.repeat(201));
    await alerts.getByText('201/200').waitFor();
    await alerts.getByRole('button', { name: 'Add alert' }).click();
    await alerts.getByText('Alert must be at most 200 characters').waitFor();

    await input.fill(ALERT);
    await alerts.getByText('15/200').waitFor();
    await alerts.getByRole('button', { name: 'Add alert' }).click();
    await expectToast(page, 'Success', 'Alert added');
    await alerts.getByRole('listitem').filter({ hasText: ALERT }).waitFor();
    expect(await input.inputValue()).toBe('');
    // Beside the name at the top too.
    await page.getByRole('heading', { name: 'Aroha Clientele', level: 2 }).waitFor();
    expect(await page.getByRole('list', { name: 'Alerts' }).first().innerText()).toContain(ALERT);

    // A second one, removed: Remove asks first, and Cancel keeps it.
    await input.fill('Remove me');
    await alerts.getByRole('button', { name: 'Add alert' }).click();
    await expectToast(page, 'Success', 'Alert added');
    const removeButton = alerts.getByRole('button', { name: 'Remove alert: Remove me' });
    await removeButton.click();
    const dialog = page.getByRole('dialog', { name: 'Remove alert' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await removeButton.waitFor();
    await removeButton.click();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expectToast(page, 'Success', 'Alert removed');
    await removeButton.waitFor({ state: 'detached' });
    await alerts.getByRole('listitem').filter({ hasText: ALERT }).waitFor();

    // The list shows the alert beside the name.
    await backToClients(page);
    await search(page, 'clientele');
    expect(await tableRow(page, 'Aroha Clientele').innerText()).toContain(ALERT);
  });

  it('merges the same person booked under another e-mail and phone, keeping the other’s phone', async () => {
    const id = await clientId('clientele');
    const otherId = await clientId(WORK.email);
    const page = await openClient(id);

    await page.getByRole('button', { name: 'Merge with another client…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge with another client' });
    await dialog.getByRole('searchbox', { name: 'Search clients' }).fill('aroha');
    const candidates = dialog.getByRole('list', { name: 'Clients to merge' });
    const choose = candidates.getByRole('button', { name: 'Choose Aroha Worker' });
    await choose.waitFor();
    // Never this client itself.
    expect(await candidates.innerText()).not.toContain('Aroha Clientele');
    await choose.click();

    // Each field shows both values; this client's are chosen unless she picks the other's.
    const phone = dialog.getByRole('group', { name: 'Keep which phone?' });
    const phoneRadios = phone.getByRole('radio');
    expect(await phoneRadios.count()).toBe(2);
    expect(await phoneRadios.nth(0).isChecked()).toBe(true);
    expect(digits(await phone.innerText())).toContain('9990202');
    await dialog
      .getByRole('group', { name: 'Keep which name?' })
      .getByText(/Aroha Worker/)
      .first()
      .waitFor();
    await phoneRadios.nth(1).check();

    const merged = page.waitForResponse((r) => r.url().endsWith(`/api/admin/clients/${id}/merge`));
    await dialog.getByRole('button', { name: 'Merge clients' }).click();
    const response = await merged;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({
      otherId,
      keep: { name: 'this', email: 'this', phone: 'other' },
    });
    await expectToast(page, 'Success', 'Clients merged into Aroha Clientele');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === `/admin/clients/${id}`);

    // Every booking of both, the chosen phone, and the other e-mail kept as a further contact.
    await expect.poll(() => visitItems(page).count()).toBe(3);
    const contact = section(page, 'Contact');
    await expect.poll(async () => digits(await contact.innerText())).toContain('9990202');
    expect(await contact.innerText()).toContain(WORK.email);
    await page.getByRole('heading', { name: 'Aroha Clientele', level: 2 }).waitFor();

    // The merged-away client is gone: not in the list, and its page says so.
    expect((await adminGet(`/api/admin/clients/${otherId}`)).status).toBe(404);
    await backToClients(page);
    await search(page, 'aroha');
    await tableRow(page, 'Aroha Clientele').waitFor();
    await expect.poll(() => clientTable(page).getByRole('row').count()).toBe(2);
    await page.goto(`${server.baseUrl}/admin/clients/${otherId}`);
    await page.getByRole('heading', { name: 'There is no such client' }).waitFor();
  });

  it('has no serious or critical axe violations on the list and the client page (light and dark, phone and desktop)', async () => {
    const id = await clientId('clientele');
    // Each screen reached once, then shown in the four variants in place.
    const page = await openClients({ viewport: 'phone' });
    await search(page, 'aroha');
    const problems = await checkEveryVariant(page, 'clients list', async (v) => {
      await (v.viewport === 'phone' ? clientCards(page) : clientTable(page)).waitFor();
    });

    await page.goto(`${server.baseUrl}/admin/clients/${id}`);
    await section(page, 'Visits').waitFor();
    problems.push(...(await checkEveryVariant(page, 'client page')));

    await page.getByRole('button', { name: 'Merge with another client…' }).click();
    await page.getByRole('dialog', { name: 'Merge with another client' }).waitFor();
    problems.push(...(await checkEveryVariant(page, 'merge dialog')));
    expect(problems).toEqual([]);
  });
});
