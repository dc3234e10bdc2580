/**
 * 'Export' on the client page (docs/privacy.md, the Privacy Act: everything held about a person), on a phone:
 * the button sits beside her name without widening the page; its menu offers the JSON file and the
 * readable page, which opens in a new tab headed by her name, and the export shows in her access log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientSummary } from '../../src/shared/schemas/client';
import { signInAsAdmin } from './admin';
import { openPage, useBrowser } from './browser';
import { adminCookie, createBooking, nzWeekdayAhead, startServer, type RunningServer } from './harness.mjs';

useBrowser();

const PERSON = { firstName: 'Hana', lastName: 'Exporter', email: 'hana.exporter@example.nz', phone: '021 555 0707' };

let server: RunningServer;
let id: number;

beforeAll(async () => {
  server = await startServer({ quiet: true });
  await createBooking(server.baseUrl, { ...PERSON, date: nzWeekdayAhead(12), time: '10:00' });
  const cookie = await adminCookie(server.baseUrl);
  const res = await fetch(`${server.baseUrl}/api/admin/clients?q=exporter`, {
    headers: { origin: server.baseUrl, cookie },
  });
  const [client] = (await res.json()) as ClientSummary[];
  id = client!.id;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('Export on the client page', () => {
  it('offers the JSON file and opens the readable page in a new tab', async () => {
    const page = await openPage(null, { viewport: 'phone' });
    await signInAsAdmin(page, server.baseUrl, `/admin/clients/${id}`);
    await page.getByRole('heading', { name: 'Hana Exporter', level: 2 }).waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Export' }).click();
    const json = page.getByRole('menuitem', { name: 'Download JSON' });
    expect(await json.getAttribute('href')).toBe(`/api/admin/clients/${id}/export?download=1`);

    const opened = page.context().waitForEvent('page');
    await page.getByRole('menuitem', { name: 'Readable page' }).click();
    const readable = await opened;
    await readable.waitForLoadState();
    expect(new URL(readable.url()).pathname).toBe(`/api/admin/clients/${id}/export.html`);
    await readable.getByRole('heading', { name: 'Hana Exporter', level: 1 }).waitFor();
    await readable.getByRole('heading', { name: 'Bookings', level: 2 }).waitFor();

    // The access log on her page shows the export once it is read again.
    const log = page.getByRole('region', { name: 'Access log', exact: true });
    await log.getByText('Exported as a readable page').waitFor();
  });
});
