/** /review: the featured reviews and the 'Share Your Experience' form (docs/product.md §2, §5, §8). */
import { describe, expect, it } from 'vitest';
import { api, openPage, useBrowser } from './browser';

useBrowser();

const form = (page: import('playwright-core').Page) =>
  page.locator('form').filter({ has: page.getByLabel(/^comment/i) });

describe('reviews page', () => {
  it('shows the featured reviews with relative dates', async () => {
    const page = await openPage('/review');
    await page.getByRole('heading', { name: 'Customer Reviews' }).waitFor();
    const featured = (await (await api('/api/reviews?featured=true')).json()) as { name: string }[];
    expect(featured.length).toBeGreaterThan(0);
    for (const review of featured) await page.getByText(review.name, { exact: true }).first().waitFor();
    await page
      .getByText(/\b(\d+ (day|week|month)s? ago|today)\b/i)
      .first()
      .waitFor();
  });

  it('refuses an empty review with the §5 messages', async () => {
    const page = await openPage('/review');
    await page.getByRole('heading', { name: 'Share Your Experience' }).waitFor();
    await form(page)
      .getByRole('button', { name: /submit/i })
      .click();
    await page.getByText('Name is required', { exact: true }).waitFor();
    await page.getByText('Comment is required', { exact: true }).waitFor();
  });

  it('submits a review and says thank you', async () => {
    const page = await openPage('/review');
    await page.getByRole('heading', { name: 'Share Your Experience' }).waitFor();
    const f = form(page);
    await f.getByLabel(/^name/i).fill('Hine E2E');
    await f.getByLabel(/^comment/i).fill('Wonderful session, very relaxing after a long week.');
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/reviews') && r.request().method() === 'POST');
    await f.getByRole('button', { name: /submit/i }).click();
    const res = await posted;
    expect(res.status()).toBe(201);
    expect(res.request().postDataJSON()).toMatchObject({ name: 'Hine E2E', rating: 5 });
    await page.getByText('Thank you!', { exact: true }).waitFor();
    await page.getByText('Your review has been submitted successfully.', { exact: true }).waitFor();
  });
});
