/**
 * The first run's steps (docs/product.md §2 "First run"): her account, then a short guided setup, each
 * later step skippable ('Later'). The step after the account is carried in the address (`?step=base`), so a reload
 * keeps her place. Pure: unit-tested.
 */
export const SETUP_STEPS = ['account', 'practice', 'base', 'area', 'hours', 'service'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const SETUP_PATH = '/admin/setup';

export const STEP_TITLES: Record<SetupStep, string> = {
  account: 'Your account',
  practice: 'Your practice',
  base: 'Where you work from',
  area: 'Your service area',
  hours: 'Your hours',
  service: 'Your first service',
};

/** The step a `?step=` names, or null (none, or not one of ours). */
export function stepFromSearch(search: string): SetupStep | null {
  const step = new URLSearchParams(search).get('step');
  return (SETUP_STEPS as readonly string[]).includes(step ?? '') ? (step as SetupStep) : null;
}

/** The address of a step: the account is /admin/setup itself. */
export const stepPath = (step: SetupStep): string => (step === 'account' ? SETUP_PATH : `${SETUP_PATH}?step=${step}`);

/** The step after `step`, or null after the last (she lands in the dashboard). */
export function nextStep(step: SetupStep): SetupStep | null {
  return SETUP_STEPS[SETUP_STEPS.indexOf(step) + 1] ?? null;
}

/** 'Step 2 of 6'. */
export const stepCountText = (step: SetupStep): string =>
  `Step ${SETUP_STEPS.indexOf(step) + 1} of ${SETUP_STEPS.length}`;

/**
 * Where /admin/setup sends her: signed in, the later step the address names (her account exists, whatever an older
 * answer of GET /api/setup said); else the account step while the site has no administrator; once it has one, the
 * dashboard for her and sign-in for anyone else.
 */
export function setupRoute(
  needed: boolean,
  signedIn: boolean,
  asked: SetupStep | null,
): { show: SetupStep } | { redirect: string } {
  if (signedIn && asked && asked !== 'account') return { show: asked };
  if (needed) return { show: 'account' };
  return { redirect: signedIn ? '/admin' : '/admin/login' };
}

/** Where the guided setup ends: the dashboard, with the card that lists what is still missing. */
export const SETUP_DONE_PATH = '/admin?setup=done';

/** What the site still lacks after the guided setup (each a step she skipped), in the steps' order. */
export function missingSteps(site: {
  baseAddress: string | null;
  localTowns: readonly string[];
  openDays: number;
  services: number;
}): SetupStep[] {
  const missing: SetupStep[] = [];
  if (site.baseAddress === null) missing.push('base');
  if (site.localTowns.length === 0) missing.push('area');
  if (site.openDays === 0) missing.push('hours');
  if (site.services === 0) missing.push('service');
  return missing;
}

/** '$12.50' typed as dollars, in cents; null when it is not an amount. */
export function dollarsToCents(text: string): number | null {
  const clean = text.trim().replace(/^\$/, '');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** 1000 → '10', 1050 → '10.50': a fee as she types it. */
export const centsToDollars = (cents: number): string =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
