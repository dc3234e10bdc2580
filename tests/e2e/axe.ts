/** axe-core in the page (evaluated through the DevTools protocol, so the page's CSP does not apply). */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { VIEWPORTS, type ViewportName } from './browser';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

export async function runAxe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(`typeof window.axe === 'object'`))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate<{ violations: AxeViolation[] }>(
    `axe.run(document, { resultTypes: ['violations'] })`,
  );
  return results.violations;
}

/** The serious and critical violations, written out for a person to read. */
export function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `      ${JSON.stringify(n.target)} ${n.html.slice(0, 160)}\n        ${(n.failureSummary ?? '').replace(/\n/g, '\n        ')}`,
        )
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      ... and ${v.nodes.length - 5} more` : '';
      return `${where}: [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    });
}

/** The four ways a screen is checked: phone and desktop, light and dark. */
export const AXE_VARIANTS: { viewport: ViewportName; colorScheme: 'light' | 'dark' }[] = [
  { viewport: 'phone', colorScheme: 'light' },
  { viewport: 'phone', colorScheme: 'dark' },
  { viewport: 'desktop', colorScheme: 'dark' },
  { viewport: 'desktop', colorScheme: 'light' },
];

/**
 * Puts an open page in a variant in place: the window resized, the system's colour scheme switched (a page opened with
 * the theme 'system' follows it live); waits until it shows the scheme and every transition of the switch has ended
 * (axe would read colours half way). Evaluated through the DevTools protocol, as axe is: the page's CSP allows no eval.
 */
export async function showVariant(page: Page, variant: (typeof AXE_VARIANTS)[number]): Promise<void> {
  await page.setViewportSize(VIEWPORTS[variant.viewport]);
  await page.emulateMedia({ colorScheme: variant.colorScheme });
  const dark = variant.colorScheme === 'dark';
  for (let tries = 0; ; tries++) {
    if (await page.evaluate(`document.documentElement.classList.contains('dark') === ${dark}`)) break;
    if (tries > 50) throw new Error(`the page did not turn ${variant.colorScheme}`);
    await page.waitForTimeout(100);
  }
  await settle(page);
}

/**
 * Waits until no animation runs two frames on: a colour transition can start a frame or more after the switch (seen
 * on the outbox's buttons, axe reading their text half way from dark to light).
 */
async function settle(page: Page): Promise<void> {
  for (let tries = 0; tries < 10; tries++) {
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    const running = await page.evaluate<number>(
      "document.getAnimations().filter((a) => a.playState === 'running').length",
    );
    if (running === 0) return;
    await page.evaluate('Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})))');
  }
}

/**
 * axe on a screen once opened (with the theme 'system'), in each of the four variants in place (a screen
 * behind a few steps is reached once, not four times): the serious and critical violations, written out.
 */
export async function violationsInEveryVariant(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  for (const variant of AXE_VARIANTS) {
    // The page at rest: no hover state left by a click. Before the switch, so that showVariant waits out the colour
    // transition the hover's end starts (axe read it half way once: a false contrast failure).
    await page.mouse.move(0, 0);
    await showVariant(page, variant);
    problems.push(...describeViolations(`${where} (${variant.viewport}, ${variant.colorScheme})`, await runAxe(page)));
  }
  return problems;
}
