/**
 * docs/product.md §4 "Changing a visit", the change cut-off on the private link: inside CHANGE_CUTOFF_HOURS a confirmed
 * visit is no longer cancelled online; the cancel page says why and how to reach her, and offers no button.
 * A request she has not answered yet can still be withdrawn. (A server of its own with a cut-off of
 * 14 days, so that a visit a few days ahead is inside it whenever the test runs.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './browser';
import { adminCookie, createBooking, nzWeekdayAhead, startServer, type RunningServer } from './harness.mjs';

useBrowser();

let server: RunningServer;
let confirmedToken: string;
let pendingToken: string;

/** Books the first free weekday slot a few days ahead (the demo data holds some times). */
async function bookAhead(over: Record<string, unknown>, fromDay: number): Promise<{ id: number; cancelToken: string }> {
  for (let day = fromDay; day < fromDay + 6; day++) {
    for (const time of ['10:00', '13:00', '15:00']) {
      try {
        return await createBooking(server.baseUrl, { ...over, date: nzWeekdayAhead(day), time });
      } catch (err) {
        if (!/SLOT_TAKEN|409/.test((err as Error).message)) throw err;
      }
    }
  }
  throw new Error('no free slot in the next days');
}

beforeAll(async () => {
  server = await startServer({ quiet: true, env: { CHANGE_CUTOFF_HOURS: '336' } });
  const confirmed = await bookAhead({ email: 'kiri.cutoff@example.nz' }, 3);
  const pending = await bookAhead({ email: 'rua.cutoff@example.nz', phone: '021 555 0909', firstName: 'Rua' }, 4);
  const cookie = await adminCookie(server.baseUrl);
  const res = await fetch(`${server.baseUrl}/api/admin/bookings/${confirmed.id}/status`, {
    method: 'PATCH',
    headers: { origin: server.baseUrl, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'confirmed' }),
  });
  expect(res.status).toBe(200);
  confirmedToken = confirmed.cancelToken;
  pendingToken = pending.cancelToken;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('the cancel page inside the change cut-off', () => {
  it("says why a confirmed visit can't be cancelled online and how to reach her, with no button", async () => {
    const page = await openPage(null, { viewport: 'phone' });
    await page.goto(`${server.baseUrl}/booking/cancel/${encodeURIComponent(confirmedToken)}`);
    await page
      .getByText(/^This visit starts in less than 336 hours, so it can no longer be changed or cancelled online\. /)
      .waitFor();
    await page.getByText(/Please call or e-mail .+ on .+ or .+@.+\./).waitFor();
    expect(await page.getByRole('button', { name: 'Confirm Cancellation' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Go Back' }).waitFor();
  });

  it('still lets a visitor withdraw a request she has not answered', async () => {
    const page = await openPage(null, { viewport: 'phone' });
    await page.goto(`${server.baseUrl}/booking/cancel/${encodeURIComponent(pendingToken)}`);
    await page.getByRole('button', { name: 'Confirm Cancellation' }).waitFor();
    expect(await page.getByText(/can no longer be changed or cancelled online/).count()).toBe(0);
  });
});
