/** The wizard's calendar: a day's button and month navigation. */
import { format, parseISO } from 'date-fns';
import type { Locator, Page } from 'playwright-core';
import { waitInPage } from './browser';

/** The button of a day (yyyy-MM-dd) in the visible month. */
export function calendarDay(page: Page, date: string): Locator {
  const d = parseISO(date);
  const name = new RegExp(`\\b${format(d, 'MMMM d')}(st|nd|rd|th)?,? ${format(d, 'yyyy')}\\b`);
  return page.locator(`[data-date="${date}"]`).or(page.getByRole('button', { name })).first();
}

/** Moves the calendar (Previous month / Next month) until the month of `date` is shown. */
export async function showMonthOf(page: Page, date: string): Promise<void> {
  const target = format(parseISO(date), 'yyyy-MM');
  const next = page.getByRole('button', { name: /next month/i });
  const previous = page.getByRole('button', { name: /previous month/i });
  await next.waitFor({ timeout: 20_000 });
  for (let i = 0; i < 4; i++) {
    const shown = await shownMonth(page);
    if (shown === target) break;
    await (shown < target ? next : previous).click();
    await waitInPage(page, `(${shownMonthInPage})() !== ${JSON.stringify(shown)}`);
  }
  if ((await shownMonth(page)) !== target) throw new Error(`the calendar does not show ${target}`);
  await page.waitForLoadState('networkidle');
}

// The month of the calendar's grid from its title ('December 2026' -> '2026-12'), read in the page.
const shownMonthInPage = `() => {
  const grid = document.querySelector('[role=grid]');
  const id = grid && grid.getAttribute('aria-labelledby');
  const title = (id && document.getElementById(id)?.textContent) || grid?.getAttribute('aria-label') || '';
  const m = /([A-Z][a-z]+) (\\d{4})/.exec(title);
  if (!m) return '';
  const month = ['January','February','March','April','May','June','July','August','September','October','November','December'].indexOf(m[1]) + 1;
  return m[2] + '-' + String(month).padStart(2, '0');
}`;

async function shownMonth(page: Page): Promise<string> {
  return page.evaluate<string>(`(${shownMonthInPage})()`);
}

export async function isDayDisabled(day: Locator): Promise<boolean> {
  await day.waitFor();
  return (await day.isDisabled()) || (await day.getAttribute('aria-disabled')) === 'true';
}
