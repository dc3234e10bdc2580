/** The toasts on screen (docs/product.md §9): Radix renders them as items of the 'Notification' region. */
import type { Locator, Page } from 'playwright-core';

export function openToasts(page: Page): Locator {
  return page.locator('[role=region][aria-label^="Notification"] li[data-state=open]');
}
