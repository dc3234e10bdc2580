/**
 * A screen reached once and then shown in each of the four variants in place (axe.ts showVariant): axe in each, and
 * what depends on the variant (its layout, its screenshot) checked by the caller's `each`.
 */
import type { Page } from 'playwright-core';
import { AXE_VARIANTS, describeViolations, runAxe, showVariant } from './axe';

export type Variant = (typeof AXE_VARIANTS)[number];

/** `${viewport}-${colorScheme}`, as the screenshots are named. */
export const variantName = (variant: Variant): string => `${variant.viewport}-${variant.colorScheme}`;

/**
 * Shows the page in each variant (all four unless `only` says which), runs axe (no hover left over), then `each`;
 * answers the serious and critical violations, written out. The page must follow the system's colour scheme.
 */
export async function inEveryVariant(
  page: Page,
  where: string,
  each: (variant: Variant) => Promise<void> = async () => {},
  only: readonly Variant[] = AXE_VARIANTS,
): Promise<string[]> {
  const problems: string[] = [];
  for (const variant of only) {
    await showVariant(page, variant);
    await page.mouse.move(0, 0);
    problems.push(...describeViolations(`${where} (${variant.viewport}, ${variant.colorScheme})`, await runAxe(page)));
    await each(variant);
  }
  return problems;
}

/** The variant of a viewport and a colour scheme. */
export const variant = (viewport: Variant['viewport'], colorScheme: Variant['colorScheme']): Variant =>
  AXE_VARIANTS.find((v) => v.viewport === viewport && v.colorScheme === colorScheme)!;

/** The widest the page scrolls: at most the window's width means no sideways scroll. */
export const scrollWidth = (page: Page): Promise<number> =>
  page.evaluate<number>('document.documentElement.scrollWidth');
