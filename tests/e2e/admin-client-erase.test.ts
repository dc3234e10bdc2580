/**
 * 'Erase' on the client page (docs/privacy.md, the Privacy Act: delete what is held about a person), on a
 * phone: the dialog says what goes and what stays, asks for the name, refuses while a visit is
 * ahead with the server's words, and once the visit is declined erases the client: her list no
 * longer finds them, and the booking stays under 'Erased client'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBooking } from '../../src/shared/schemas/booking';
import type { ClientSummary } from '../../src/shared/schemas/client';
import { signInAsAdmin } from './admin';
import { openPage, useBrowser } from './browser';
import { adminCookie, createBooking, nzWeekdayAhead, startServer, type RunningServer } from './harness.mjs';
import { openToasts } from './toasts';

useBrowser();

const PERSON = { firstName: 'Tui', lastName: 'Eraseme', email: 'tui.eraseme@example.nz', phone: '021 555 0808' };
const UPCOMING = 'This client has upcoming visits. Cancel or decline them first, then erase the client.';

let server: RunningServer;
let cookie: string;
let id: number;
let bookingId: number;

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}${path}`, {
    ...init,
    headers: { origin: server.baseUrl, cookie, 'content-type': 'application/json', ...init.headers },
  });

beforeAll(async () => {
  server = await startServer({ quiet: true });
  bookingId = (
    (await createBooking(server.baseUrl, { ...PERSON, date: nzWeekdayAhead(13), time: '10:00' })) as {
      id: number;
    }
  ).id;
  cookie = await adminCookie(server.baseUrl);
  const [client] = (await (await api('/api/admin/clients?q=eraseme')).json()) as ClientSummary[];
  id = client!.id;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('Erase on the client page', () => {
  it('asks for the name, refuses while a visit is ahead, then erases the client', async () => {
    const page = await openPage(null, { viewport: 'phone', allowConsoleErrors: [/409/] });
    await signInAsAdmin(page, server.baseUrl, `/admin/clients/${id}`);
    await page.getByRole('heading', { name: 'Tui Eraseme', level: 2 }).waitFor();

    await page.getByRole('button', { name: 'Erase this client…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase Tui Eraseme?' });
    await dialog.getByText('Removed for good: name, e-mail, phone, addresses, health forms').waitFor();
    await dialog.getByText('Kept without the name, as the tax rules need').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Erase client' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type Tui Eraseme to confirm').fill('tui');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type Tui Eraseme to confirm').fill('  tui   ERASEME ');
    expect(await confirm.isDisabled()).toBe(false);

    // Her pending request is ahead: the server refuses, in its own words, and nothing changes.
    await confirm.click();
    await openToasts(page).filter({ hasText: UPCOMING }).first().waitFor();
    expect((await api(`/api/admin/clients/${id}`)).status).toBe(200);

    // Declined, the request no longer holds anything ahead: the erasure goes through.
    const declined = await api(`/api/admin/bookings/${bookingId}/status`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'rejected' }),
    });
    expect(declined.status).toBe(200);
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/admin/clients');
    await openToasts(page)
      .filter({ hasText: 'Tui Eraseme was erased. 1 booking stays without a name.' })
      .first()
      .waitFor();

    expect((await api(`/api/admin/clients/${id}`)).status).toBe(404);
    expect(await (await api('/api/admin/clients?q=eraseme')).json()).toEqual([]);
    const bookings = (await (await api('/api/admin/bookings')).json()) as AdminBooking[];
    expect(bookings.find((b) => b.id === bookingId)).toMatchObject({
      firstName: 'Erased',
      lastName: 'client',
      email: '',
      status: 'rejected',
    });
  });
});
