/**
 * The wizard with the keyboard alone (issue 5's quality bar): Tab, Enter, Space and the
 * calendar's arrow keys take a visitor from choosing a service to the confirmation page.
 * No mouse click anywhere.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, useBrowser } from './browser';
import { SLOT_TEXT, serviceSelectButtons, timeSlots } from './wizard';

useBrowser();

interface Focused {
  tag: string;
  text: string;
  label: string;
  role: string | null;
  date: string | null;
  pressed: string | null;
  checked: string | null;
}

const FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el) return null;
  const labels = el.labels ? Array.from(el.labels).map((l) => l.innerText).join(' ') : '';
  return {
    tag: el.tagName.toLowerCase(),
    text: (el.innerText || '').trim(),
    label: (el.getAttribute('aria-label') || labels || '').trim(),
    role: el.getAttribute('role'),
    date: el.getAttribute('data-date'),
    pressed: el.getAttribute('aria-pressed'),
    checked: el.getAttribute('aria-checked'),
  };
})()`;

const focused = (page: Page) => page.evaluate<Focused>(FOCUSED);

/** Presses Tab until the focused element matches (at most `max` presses). */
async function tabTo(page: Page, what: string, matches: (f: Focused) => boolean, max = 60): Promise<Focused> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (f && matches(f)) return f;
  }
  throw new Error(`Tab never reached ${what}`);
}

const labelled = (re: RegExp) => (f: Focused) => re.test(f.label);

describe('the booking wizard by keyboard', () => {
  it('books with Tab, Enter, Space and arrow keys only', async () => {
    const page = await openPage('/booking');
    await serviceSelectButtons(page).first().waitFor();

    // Step 1: a service's Select button; choosing it moves on to step 2.
    await tabTo(page, 'a Select button', (f) => f.tag === 'button' && /^Select\b/.test(f.text));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Choose Date & Time' }).waitFor();
    await timeSlots(page).first().waitFor({ timeout: 20_000 });

    // Step 2: the calendar takes one Tab stop (the chosen day); arrows move, Enter picks.
    const day = await tabTo(page, 'the chosen calendar day', (f) => f.date !== null);
    // The tab stop is the day whose times are shown, not today (closed on a Sunday).
    expect(day.pressed).toBe('true');
    await page.keyboard.press('ArrowDown');
    const weekLater = await focused(page);
    expect(weekLater.date).not.toBe(day.date);
    expect(Date.parse(weekLater.date!) - Date.parse(day.date!)).toBe(7 * 86_400_000);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).pressed).toBe('true');
    await timeSlots(page).first().waitFor({ timeout: 20_000 });

    const slot = await tabTo(page, 'a time slot', (f) => SLOT_TEXT.test(f.text));
    await page.keyboard.press('Space');
    await expect.poll(async () => (await focused(page)).pressed).toBe('true');
    expect((await focused(page)).text).toBe(slot.text);
    await tabTo(page, 'Continue', (f) => f.text === 'Continue');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your Information' }).waitFor();

    // Step 3: each field reached by Tab and typed into.
    const typeInto = async (label: RegExp, value: string) => {
      await tabTo(page, String(label), labelled(label));
      await page.keyboard.type(value);
    };
    await typeInto(/^First name/i, 'Rawiri');
    await typeInto(/^Last name/i, 'Keys');
    await typeInto(/^Email/i, 'rawiri.keys@example.nz');
    await typeInto(/^Phone/i, '021 765 4321');
    const quote = page.waitForResponse((r) => r.url().endsWith('/api/calculate-travel') && r.ok(), { timeout: 20_000 });
    await typeInto(/^Address/i, '4 Bow Street, Raglan');
    await quote;

    await tabTo(page, 'the injuries checkbox', (f) => f.role === 'checkbox');
    await page.keyboard.press('Space');
    await expect.poll(async () => (await focused(page)).checked).toBe('true');
    await typeInto(/injur|condition/i, 'Stiff neck, please go gently.');

    await tabTo(page, 'Complete Booking', (f) => f.text === 'Complete Booking');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Booking Request Received!' }).waitFor({ timeout: 20_000 });
    await page.getByText('Stiff neck, please go gently.').waitFor();
  });
});
