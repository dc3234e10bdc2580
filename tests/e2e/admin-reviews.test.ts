/**
 * The Reviews tab, 'Manage Reviews' (docs/product.md §2, §4, §5, §8), as the therapist
 * on a server of its own: add a review with the star select (featured off by default), feature it
 * and see the home page show it, hide it and see the home page drop it, the toasts (good and
 * failed), the dialog's validation and focus, a public submission waiting under 'Not featured',
 * and axe in both themes on a phone and a desktop.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXE_VARIANTS, describeViolations, runAxe } from './axe';
import { openPage, useBrowser, type Theme, type ViewportName } from './browser';
import { openSignedIn } from './e2e-c-session';
import { showAtRest, violationsInPlace } from './e2e-c-variants';
import { adminCookie, startServer, type RunningServer } from './harness.mjs';
import { openToasts } from './toasts';

useBrowser();

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ quiet: true });
  cookie = await adminCookie(server.baseUrl);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

interface ApiReview {
  id: number;
  name: string;
  rating: number;
  featured: boolean;
  hidden: boolean;
}

/** Every review, as the administrator sees them. */
async function allReviews(): Promise<ApiReview[]> {
  const res = await fetch(`${server.baseUrl}/api/reviews`, { headers: { cookie } });
  return (await res.json()) as ApiReview[];
}

/** A visitor's review from /review (it arrives unfeatured). */
async function submitPublicReview(name: string): Promise<void> {
  const res = await fetch(`${server.baseUrl}/api/reviews`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ name, rating: 4, comment: 'The best massage I have had in years.' }),
  });
  expect(res.status).toBe(201);
}

/** A hidden review to look at (the dimmed card), made through the API if none is hidden yet. */
async function ensureHiddenReview(): Promise<void> {
  if ((await allReviews()).some((r) => r.hidden)) return;
  const headers = { cookie, origin: server.baseUrl, 'content-type': 'application/json' };
  const res = await fetch(`${server.baseUrl}/api/admin/reviews`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Hidden Spam', rating: 1, comment: 'Cheap watches', featured: false }),
  });
  const { id } = (await res.json()) as ApiReview;
  const hidden = await fetch(`${server.baseUrl}/api/reviews/${id}/hidden`, {
    method: 'PATCH',
    headers: { cookie, origin: server.baseUrl },
  });
  expect(hidden.status).toBe(200);
}

interface OpenOptions {
  viewport?: ViewportName;
  theme?: Theme;
  allowConsoleErrors?: RegExp[];
}

/** The tab with her session (signing in through the form is admin-auth.test.ts's). */
async function openReviews(options: OpenOptions = {}): Promise<Page> {
  const page = await openSignedIn(server.baseUrl, '/admin/reviews', { viewport: 'desktop', ...options });
  await tab(page).getByRole('heading', { name: 'Manage Reviews' }).waitFor();
  await tab(page).getByRole('list', { name: 'Reviews' }).waitFor();
  return page;
}

const tab = (page: Page) => page.getByRole('main');
const card = (page: Page, name: string) => tab(page).getByRole('listitem', { name });
const toastWith = (page: Page, text: string) => openToasts(page).filter({ hasText: text });

/**
 * The names in the home page's 'Client Reviews', as a visitor loading it now sees them: a visitor's page, loaded
 * afresh (opened on the first call, reloaded on the next ones).
 */
function homeReviews(): () => Promise<string> {
  let home: Page | undefined;
  return async () => {
    if (home) await home.reload();
    else home = await openPage(`${server.baseUrl}/`, { viewport: 'desktop' });
    return reviewSection(home);
  };
}
async function reviewSection(home: Page): Promise<string> {
  const section = home.locator('section').filter({ has: home.getByRole('heading', { name: 'Client Reviews' }) });
  await section.waitFor();
  return section.innerText();
}

describe('Reviews tab', () => {
  it('adds a review with the star select, featured off, and lists it as not featured', async () => {
    const page = await openReviews();
    const add = tab(page).getByRole('button', { name: 'Add Review' });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add Review' });
    await dialog.getByText('Create a new testimonial to display on your website.').waitFor();
    // Focus is in the dialog, on its first field.
    await expect
      .poll(() => dialog.getByLabel('Name').evaluate((el) => el === el.ownerDocument.activeElement))
      .toBe(true);

    // §5: the required messages.
    await dialog.getByRole('button', { name: 'Add Review' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Comment is required').waitFor();

    // Defaults: five stars, not featured.
    const rating = dialog.getByRole('combobox', { name: 'Rating' });
    expect(await rating.innerText()).toContain('5 stars');
    const featured = dialog.getByRole('switch', { name: 'Featured' });
    expect(await featured.getAttribute('aria-checked')).toBe('false');

    await dialog.getByLabel('Name').fill('Aroha Tane');
    // The star select, by keyboard: open, move to 4 stars, choose.
    await rating.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: '5 stars' }).waitFor();
    // Radix moves focus onto the chosen option a moment after opening; keys pressed before that are lost.
    const focusedOption = () =>
      page.evaluate<string>(
        `document.activeElement?.getAttribute('role') === 'option' ? document.activeElement.textContent ?? '' : ''`,
      );
    await expect.poll(focusedOption).toContain('5 stars');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedOption).toContain('4 stars');
    await page.keyboard.press('Enter');
    await expect.poll(() => rating.innerText()).toContain('4 stars');
    // And by pointer: 3 stars, then back to 4.
    await rating.click();
    await page.getByRole('option', { name: '3 stars' }).click();
    expect(await rating.innerText()).toContain('3 stars');
    await rating.click();
    await page.getByRole('option', { name: '4 stars' }).click();
    await dialog.getByLabel('Comment').fill('Relaxing from start to finish.');

    const posted = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/reviews') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Add Review' }).click();
    const response = await posted;
    expect(response.request().postDataJSON()).toEqual({
      name: 'Aroha Tane',
      rating: 4,
      comment: 'Relaxing from start to finish.',
      featured: false,
    });
    await toastWith(page, 'Review added successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened the dialog.
    await expect.poll(() => add.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);

    const added = card(page, 'Aroha Tane');
    await added.getByRole('img', { name: 'Rated 4 out of 5' }).waitFor();
    await added.getByText('Relaxing from start to finish.').waitFor();
    await added.getByText('Not featured').waitFor();
    await added.getByRole('button', { name: 'Feature review by Aroha Tane' }).waitFor();
    // The date is today's in New Zealand (the browser is in Los Angeles).
    const nzToday = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Pacific/Auckland',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date());
    await added.getByText(nzToday, { exact: true }).waitFor();

    const stored = (await allReviews()).find((r) => r.name === 'Aroha Tane');
    expect(stored).toMatchObject({ rating: 4, featured: false, hidden: false });
  });

  it('features a review (the home page shows it), then hides it (the home page drops it)', async () => {
    const homeReviewNames = homeReviews();
    await submitPublicReview('Mere Visitor');
    expect(await homeReviewNames()).not.toContain('Mere Visitor');

    const page = await openReviews();
    const review = card(page, 'Mere Visitor');
    await review.getByText('Not featured').waitFor();
    // The visitor's review waits under 'Not featured', with its count.
    await tab(page)
      .getByRole('button', { name: /^Not featured \d+$/ })
      .click();
    await review.waitFor();

    await review.getByRole('button', { name: 'Feature review by Mere Visitor' }).click();
    await toastWith(page, 'Review featured status updated').waitFor();
    await review.getByRole('button', { name: 'Featured review by Mere Visitor' }).waitFor();
    await review.getByText('On home page').waitFor();
    // It stays in view on this filter (so she can undo) until she changes filter.
    expect(await review.isVisible()).toBe(true);
    expect(await homeReviewNames()).toContain('Mere Visitor');

    await tab(page)
      .getByRole('button', { name: /^All \d+$/ })
      .click();
    await review.getByRole('button', { name: 'Hide review by Mere Visitor' }).click();
    await toastWith(page, 'Review visibility updated').waitFor();
    await review.getByRole('button', { name: 'Show review by Mere Visitor' }).waitFor();
    await review.getByText('Hidden', { exact: true }).waitFor();
    expect(await homeReviewNames()).not.toContain('Mere Visitor');
    expect((await allReviews()).find((r) => r.name === 'Mere Visitor')).toMatchObject({ featured: true, hidden: true });

    // Show again: back on the home page.
    await review.getByRole('button', { name: 'Show review by Mere Visitor' }).click();
    await review.getByRole('button', { name: 'Hide review by Mere Visitor' }).waitFor();
    expect(await homeReviewNames()).toContain('Mere Visitor');
  });

  it('says when a change failed (§8 toasts) and keeps the card as it was', async () => {
    const page = await openReviews({ allowConsoleErrors: [/status of 500/, /API request error/] });
    await page.route('**/api/reviews/*/featured', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.route('**/api/reviews/*/hidden', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.route('**/api/admin/reviews', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );

    const review = card(page, 'Aroha Tane');
    await review.getByRole('button', { name: 'Feature review by Aroha Tane' }).click();
    await toastWith(page, 'Failed to update featured status').waitFor();
    await review.getByRole('button', { name: 'Hide review by Aroha Tane' }).click();
    await toastWith(page, 'Failed to update visibility').waitFor();
    await review.getByRole('button', { name: 'Feature review by Aroha Tane' }).waitFor();
    await review.getByRole('button', { name: 'Hide review by Aroha Tane' }).waitFor();

    await tab(page).getByRole('button', { name: 'Add Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Review' });
    await dialog.getByLabel('Name').fill('Nobody');
    await dialog.getByLabel('Comment').fill('Not stored');
    await dialog.getByRole('button', { name: 'Add Review' }).click();
    await toastWith(page, 'Failed to add review').waitFor();
    // The dialog stays open with what she typed.
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Nobody');
  });

  it('has no serious or critical axe violations (light and dark, phone and desktop; cards, hidden card and dialog)', async () => {
    await ensureHiddenReview();
    // Opened once, following the system's scheme; each state checked in the four variants in place.
    const page = await openReviews({ viewport: 'phone', theme: 'system' });
    // A hidden card (dimmed) must still read well.
    await tab(page).getByText('Hidden', { exact: true }).first().waitFor();
    const problems = await violationsInPlace(page, 'reviews');
    await tab(page).getByRole('button', { name: 'Add Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Review' });
    await dialog.getByRole('button', { name: 'Add Review' }).click();
    await dialog.getByText('Name is required').waitFor();
    problems.push(...(await violationsInPlace(page, 'add dialog')));
    // The star select closes when the window is resized (Radix): opened again in each variant.
    for (const variant of AXE_VARIANTS) {
      await showAtRest(page, variant);
      if (!(await page.getByRole('listbox').isVisible()))
        await dialog.getByRole('combobox', { name: 'Rating' }).click();
      await page.getByRole('option', { name: '1 star' }).waitFor();
      problems.push(
        ...describeViolations(`star select (${variant.viewport}, ${variant.colorScheme})`, await runAxe(page)),
      );
    }
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });
});
