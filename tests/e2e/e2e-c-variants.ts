/**
 * A screen reached once, checked in the four variants in place (axe.ts showVariant), with the page at rest before
 * axe reads its colours: the mouse moved away first, then two frames (a class React changes in an effect is styled
 * and its transitions started) and the end of every transition. axe.ts's violationsInEveryVariant waits for the
 * transitions before it moves the mouse and before a frame has passed: on the Pending tab's table a colour half way
 * from dark to light was read as a contrast failure.
 */
import type { Page } from 'playwright-core';
import { AXE_VARIANTS, describeViolations, runAxe, showVariant } from './axe';

export type Variant = (typeof AXE_VARIANTS)[number];

/** Waits two frames, then for every running animation and transition to end. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(`new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))`);
  await page.evaluate(`Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})))`);
}

/** Shows `variant` in place and waits until the page is at rest (the mouse out of the way). */
export async function showAtRest(page: Page, variant: Variant): Promise<void> {
  await showVariant(page, variant);
  await page.mouse.move(0, 0);
  await settle(page);
}

/**
 * axe's serious and critical violations in each variant, written out; `alsoCheck` runs in each variant first (the
 * checks that depend on it: no sideways scroll on a phone, which layout shows...).
 */
export async function violationsInPlace(
  page: Page,
  where: string,
  alsoCheck?: (variant: Variant) => Promise<void>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const variant of AXE_VARIANTS) {
    await showAtRest(page, variant);
    await alsoCheck?.(variant);
    problems.push(...describeViolations(`${where} (${variant.viewport}, ${variant.colorScheme})`, await runAxe(page)));
  }
  return problems;
}
