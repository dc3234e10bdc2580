/**
 * The Settings sections' forms (docs/product.md §19): what she types (text boxes, dollars, paragraphs in one box) to
 * the parts of PATCH /api/admin/settings, through the shared schema's own fields so the server's messages show before
 * it is asked.
 */
import { z } from 'zod';
import { dollarsToCents } from '@shared/money';
import {
  bookingRulesSchema,
  mapsSettingsSchema,
  practiceSettingsSchema,
  serviceAreaSchema,
  settingsProblems,
  type Settings,
} from '@shared/schemas/settings';

const P = practiceSettingsSchema.shape;
const S = serviceAreaSchema.shape;
const R = bookingRulesSchema.shape;
const M = mapsSettingsSchema.shape;

/** A number typed in a box; an empty box is no number (so the schema says '... must be a number', not 0). */
const toNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));
const numberText = z.string().transform(toNumber);
/** Dollars as she types them ('$10', '12.50', '1,000') to cents. */
const toCents = (text: string): number => {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  return t === '' ? Number.NaN : dollarsToCents(t);
};
const dollarsText = z.string().transform(toCents);

/** Cents to the dollars shown in the box: 1000 -> '10', 1050 -> '10.50'. */
export function centsToDollarsText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The introduction's paragraphs in one box, a blank line between two. */
export const introToText = (intro: readonly string[]): string => intro.join('\n\n');
export const textToIntro = (text: string): string[] =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');

const text = (v: string | null): string => v ?? '';

/** The parts of her settings, each saved by its own sections. */
export type SettingsArea = 'practice' | 'serviceArea' | 'rules' | 'maps';

// ── Your practice ─────────────────────────────────────────────────────────────────────────────────────────────────

export const practiceFormSchema = z.object({
  name: P.name,
  shortName: P.shortName,
  tagline: P.tagline,
  locality: P.locality,
  region: P.region,
  intro: z.string().transform(textToIntro).pipe(P.intro),
  blurb: P.blurb,
  therapistName: P.therapistName,
  email: P.email,
  phone: P.phone,
  socialUrl: P.socialUrl,
  socialLabel: P.socialLabel,
  businessAddress: P.businessAddress,
});
export type PracticeFormInput = z.input<typeof practiceFormSchema>;
export type PracticeFormOutput = z.output<typeof practiceFormSchema>;

export function practiceFormValues(p: Settings['practice']) {
  return {
    name: p.name,
    shortName: p.shortName,
    tagline: p.tagline,
    locality: p.locality,
    region: p.region,
    intro: introToText(p.intro),
    blurb: p.blurb,
    therapistName: p.therapistName,
    email: p.email,
    phone: p.phone,
    socialUrl: text(p.socialUrl),
    socialLabel: text(p.socialLabel),
    businessAddress: text(p.businessAddress),
  } satisfies PracticeFormInput;
}

// ── Where you work from ───────────────────────────────────────────────────────────────────────────────────────────

export const NOT_LOCATED = 'Press Find to locate this address before saving';

export const baseFormSchema = z
  .object({
    baseAddress: P.baseAddress,
    base: P.base,
    localTowns: P.localTowns,
    /** The address as it was when it was last located (or as saved): a changed address must be found again. */
    locatedFor: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.baseAddress !== null && v.baseAddress !== v.locatedFor.trim()) {
      ctx.addIssue({ code: 'custom', path: ['baseAddress'], message: NOT_LOCATED });
    }
  })
  .transform(({ baseAddress, base, localTowns }) => ({ baseAddress, base, localTowns }));
export type BaseFormInput = z.input<typeof baseFormSchema>;
export type BaseFormOutput = z.output<typeof baseFormSchema>;

export function baseFormValues(p: Settings['practice']) {
  return {
    baseAddress: text(p.baseAddress),
    base: p.base,
    localTowns: [...p.localTowns],
    locatedFor: text(p.baseAddress),
  } satisfies BaseFormInput;
}

// ── Service area and travel fees ──────────────────────────────────────────────────────────────────────────────────

/** Her service area in the form's terms; `saved` gives the checks between fields the rest of her settings. */
export function serviceAreaFormSchema(saved: Settings) {
  return z
    .object({
      maxKm: numberText.pipe(S.maxKm),
      extendedFromKm: numberText.pipe(S.extendedFromKm),
      outsideLocalFeeCents: dollarsText.pipe(S.outsideLocalFeeCents),
      extendedFeeCents: dollarsText.pipe(S.extendedFeeCents),
    })
    .superRefine((serviceArea, ctx) => {
      for (const problem of settingsProblems({ ...saved, serviceArea })) {
        const [area, field] = problem.path.split('.');
        if (area === 'serviceArea' && field) ctx.addIssue({ code: 'custom', path: [field], message: problem.message });
      }
    });
}
export type ServiceAreaFormInput = z.input<ReturnType<typeof serviceAreaFormSchema>>;
export type ServiceAreaFormOutput = z.output<ReturnType<typeof serviceAreaFormSchema>>;

export function serviceAreaFormValues(a: Settings['serviceArea']) {
  return {
    maxKm: String(a.maxKm),
    extendedFromKm: String(a.extendedFromKm),
    outsideLocalFeeCents: centsToDollarsText(a.outsideLocalFeeCents),
    extendedFeeCents: centsToDollarsText(a.extendedFeeCents),
  } satisfies ServiceAreaFormInput;
}

/** The service area as typed so far, for the live sentence; null while any box is not a valid amount. */
export function typedServiceArea(values: ServiceAreaFormInput): Settings['serviceArea'] | null {
  const parsed = z
    .object({
      maxKm: numberText.pipe(S.maxKm),
      extendedFromKm: numberText.pipe(S.extendedFromKm),
      outsideLocalFeeCents: dollarsText.pipe(S.outsideLocalFeeCents),
      extendedFeeCents: dollarsText.pipe(S.extendedFeeCents),
    })
    .safeParse(values);
  return parsed.success ? parsed.data : null;
}

// ── Booking rules ─────────────────────────────────────────────────────────────────────────────────────────────────

export const rulesFormSchema = z
  .object({
    minNoticeHours: numberText.pipe(R.minNoticeHours),
    horizonDays: numberText.pipe(R.horizonDays),
    bufferMinutes: numberText.pipe(R.bufferMinutes),
    setupMinutes: numberText.pipe(R.setupMinutes),
    pendingExpiryHours: numberText.pipe(R.pendingExpiryHours),
    /** Off: no reminder e-mails (null on the wire); the hours box is then not checked. */
    reminderOn: z.boolean(),
    reminderHours: z.string(),
    changeCutoffHours: numberText.pipe(R.changeCutoffHours),
  })
  .superRefine((v, ctx) => {
    if (!v.reminderOn) return;
    const hours = R.reminderHours.safeParse(toNumber(v.reminderHours));
    if (!hours.success || hours.data === null) {
      ctx.addIssue({ code: 'custom', path: ['reminderHours'], message: hours.error?.issues[0]?.message ?? '' });
    }
  })
  .transform(({ reminderOn, reminderHours, ...rest }) => ({
    ...rest,
    reminderHours: reminderOn ? toNumber(reminderHours) : null,
  }));
export type RulesFormInput = z.input<typeof rulesFormSchema>;
export type RulesFormOutput = z.output<typeof rulesFormSchema>;

export function rulesFormValues(r: Settings['rules']) {
  return {
    minNoticeHours: String(r.minNoticeHours),
    horizonDays: String(r.horizonDays),
    bufferMinutes: String(r.bufferMinutes),
    setupMinutes: String(r.setupMinutes),
    pendingExpiryHours: String(r.pendingExpiryHours),
    reminderOn: r.reminderHours !== null,
    reminderHours: r.reminderHours === null ? '24' : String(r.reminderHours),
    changeCutoffHours: String(r.changeCutoffHours),
  } satisfies RulesFormInput;
}

// ── Money details ─────────────────────────────────────────────────────────────────────────────────────────────────

export const moneyDetailsFormSchema = z.object({
  gstNumber: P.gstNumber,
  bankAccount: P.bankAccount,
  bankAccountName: P.bankAccountName,
  membershipBody: P.membershipBody,
  membershipNumber: P.membershipNumber,
});
export type MoneyDetailsFormInput = z.input<typeof moneyDetailsFormSchema>;
export type MoneyDetailsFormOutput = z.output<typeof moneyDetailsFormSchema>;

export function moneyDetailsFormValues(p: Settings['practice']) {
  return {
    gstNumber: text(p.gstNumber),
    bankAccount: text(p.bankAccount),
    bankAccountName: text(p.bankAccountName),
    membershipBody: text(p.membershipBody),
    membershipNumber: text(p.membershipNumber),
  } satisfies MoneyDetailsFormInput;
}

// ── Drives and maps ───────────────────────────────────────────────────────────────────────────────────────────────

/** A choice where '' is 'told by the address' (null on the wire). */
const choice = z.string().transform((v) => (v === '' ? null : v));

export const mapsFormSchema = z.object({
  geocoderUrl: M.geocoderUrl,
  geocoderKind: choice.pipe(M.geocoderKind),
  routerUrl: M.routerUrl,
  routerKind: choice.pipe(M.routerKind),
  userAgent: M.userAgent,
});
export type MapsFormInput = z.input<typeof mapsFormSchema>;
export type MapsFormOutput = z.output<typeof mapsFormSchema>;

export function mapsFormValues(m: Settings['maps']) {
  return {
    geocoderUrl: text(m.geocoderUrl),
    geocoderKind: text(m.geocoderKind),
    routerUrl: text(m.routerUrl),
    routerKind: text(m.routerKind),
    userAgent: text(m.userAgent),
  } satisfies MapsFormInput;
}

// ── The server's answer ───────────────────────────────────────────────────────────────────────────────────────────

/**
 * The form field a 400's `errors[].path` names ('practice.gstNumber' -> 'gstNumber', 'practice.intro.1' -> 'intro'),
 * or null when it is not one of this form's (then the message is shown under the form).
 */
export function fieldOfPath<F extends string>(
  path: string,
  area: SettingsArea,
  fields: readonly F[],
  aliases: Partial<Record<string, F>> = {},
): F | null {
  const [first, second] = path.split('.');
  if (first !== area || !second) return null;
  const field = aliases[second] ?? second;
  return (fields as readonly string[]).includes(field) ? (field as F) : null;
}
