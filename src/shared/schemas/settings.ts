/**
 * Her settings (docs/product.md §19): who the practice is, where it works and its booking rules, saved in the
 * database and applied at once. GET /api/admin/settings answers `settingsSchema`; PATCH takes any subset
 * (`settingsPatchSchema`: every field checked on its own; the server checks the ones that depend on each other).
 */
import { z } from 'zod';
import { LIMITS } from '../constants';
import { normalisePhone } from '../contact';
import { bankAccountProblem, formatBankAccount } from '../nz-bank-account';
import { formatGstNumber, gstNumberProblem } from '../nz-gst-number';
import { multiLine, singleLine } from './text';

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(...singleLine);

/** An optional line: empty means none (null). */
const optional = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(...singleLine)
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** Her base must be on the New Zealand map: a positive latitude once put her 11,829 km from Paraparaumu. */
export const NZ_BOUNDS = { minLat: -47.5, maxLat: -34, minLon: 166, maxLon: 178.8 } as const;
export const BASE_OUTSIDE_NZ = 'Her base must be in New Zealand: choose the address again';

export const latLonSchema = z
  .object({
    lat: z.number({ error: 'Latitude must be a number' }),
    lon: z.number({ error: 'Longitude must be a number' }),
  })
  .refine(
    (p) =>
      p.lat >= NZ_BOUNDS.minLat && p.lat <= NZ_BOUNDS.maxLat && p.lon >= NZ_BOUNDS.minLon && p.lon <= NZ_BOUNDS.maxLon,
    BASE_OUTSIDE_NZ,
  );

const townName = required('Town', LIMITS.nameMax);

/** A town's name for comparing: 'Paekākāriki' and 'paekakariki ' are the same town. */
export const foldedTownName = (town: string): string =>
  town.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
export const MAX_LOCAL_TOWNS = 30;

const practiceFields = {
  name: required('Practice name', LIMITS.nameMax),
  shortName: required('Short name', 40),
  tagline: required('Tagline', 200),
  /** Paragraphs of the home page's introduction. */
  intro: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A paragraph cannot be empty')
        .max(LIMITS.textMax, `A paragraph must be at most ${LIMITS.textMax} characters`)
        .refine(...multiLine),
      { error: 'Introduction must be a list of paragraphs' },
    )
    .min(1, 'Write at least one paragraph of introduction')
    .max(10, 'Introduction has at most 10 paragraphs'),
  blurb: required('Short description', 300),
  therapistName: required('Your name', LIMITS.nameMax),
  /** Where she works, on the home page and in e-mails: 'Paraparaumu, Kāpiti Coast'. */
  locality: required('Area', LIMITS.nameMax),
  region: required('Region', LIMITS.nameMax),
  email: z
    .string({ error: 'Please enter a valid email' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Please enter a valid email').max(LIMITS.emailMax)),
  phone: required('Phone', LIMITS.phoneMax).refine(
    (v) => normalisePhone(v) !== null,
    'Please enter a valid phone number',
  ),
  socialUrl: optional('Social link', LIMITS.calendarUrlMax).refine(
    (v) => v === null || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v),
    'Enter the full link, starting with https://',
  ),
  socialLabel: optional('Social link name', 40),
  businessAddress: optional('Business address', LIMITS.addressMax),
  /** Her base as she typed it; `base` is where it was located. */
  baseAddress: optional('Base address', LIMITS.addressMax),
  base: latLonSchema,
  /** The towns she treats as local: no travel fee (any number, none at all too). */
  localTowns: z
    .array(townName, { error: 'Local towns must be a list' })
    .max(MAX_LOCAL_TOWNS, `At most ${MAX_LOCAL_TOWNS} local towns`)
    .refine((towns) => new Set(towns.map(foldedTownName)).size === towns.length, 'Each town once'),
  gstNumber: optional('GST number', 20)
    .refine((v) => v === null || gstNumberProblem(v) === null, {
      error: (issue) => gstNumberProblem(String(issue.input)) ?? 'Invalid GST number',
    })
    .transform((v) => (v === null ? null : formatGstNumber(v))),
  bankAccount: optional('Bank account', 30)
    .refine((v) => v === null || bankAccountProblem(v) === null, {
      error: (issue) => bankAccountProblem(String(issue.input)) ?? 'Invalid bank account',
    })
    .transform((v) => (v === null ? null : formatBankAccount(v))),
  bankAccountName: optional('Account name', LIMITS.nameMax),
  membershipBody: optional('Professional body', LIMITS.nameMax),
  membershipNumber: optional('Membership number', 40),
};

const km = (label: string, min = 0) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of km`)
    .min(min, min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min} km`)
    .max(300, `${label} must be at most 300 km`);
const cents = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} cannot be negative`)
    .max(LIMITS.maxPriceCents, `${label} is too large`);

const serviceAreaFields = {
  /** No booking further than this (the specification's 50 km). */
  maxKm: km('Service area', 1),
  /** Further than this is the extended range (the specification's 30 km). */
  extendedFromKm: km('Extended range'),
  extendedFeeCents: cents('Extended range fee'),
  /** Outside her local towns, up to extendedFromKm (the specification's $10). */
  outsideLocalFeeCents: cents('Travel fee'),
};

const number = (label: string, unit: string, min: number, max: number, int = false) => {
  let n = z.number({ error: `${label} must be a number` });
  if (int) n = n.int(`${label} must be a whole number of ${unit}`);
  return n.min(min, `${label} must be ${min} to ${max} ${unit}`).max(max, `${label} must be ${min} to ${max} ${unit}`);
};

const rulesFields = {
  minNoticeHours: number('Minimum notice', 'hours', 0, 24 * 14),
  horizonDays: number('Booking horizon', 'days', 1, 365, true),
  bufferMinutes: number('Gap between visits', 'minutes', 0, 240, true),
  setupMinutes: number('Setting up', 'minutes', 0, 120, true),
  pendingExpiryHours: number('Unanswered requests expire after', 'hours', 1, 24 * 14),
  /** null: no automatic reminders. */
  reminderHours: number('Reminder', 'hours', 1, 24 * 7).nullable(),
  changeCutoffHours: number('Change cut-off', 'hours', 0, 24 * 14),
};

/** An http(s) address of a maps service (her own server may be on the same machine: http://127.0.0.1:5000). */
const serviceUrl = (label: string) =>
  optional(label, LIMITS.calendarUrlMax).refine((v) => {
    if (v === null) return true;
    try {
      const url = new URL(v);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'Enter the full address, starting with https://');

/**
 * Where drives come from without a paid key (decision 035): an OpenStreetMap geocoder (Nominatim or Photon)
 * and router (OSRM or Valhalla), the public servers within their usage policies or her own. The environment's
 * GEOCODER_URL / ROUTER_URL / MAPS_USER_AGENT are the first values. A kind left null is told by the address.
 */
const mapsFields = {
  geocoderUrl: serviceUrl('Geocoder address'),
  geocoderKind: z.enum(['nominatim', 'photon'], { error: 'Choose Nominatim or Photon' }).nullable(),
  routerUrl: serviceUrl('Router address'),
  routerKind: z.enum(['osrm', 'valhalla'], { error: 'Choose OSRM or Valhalla' }).nullable(),
  /** Sent with every request: the public servers ask for one that names the site and a contact. */
  userAgent: optional('User-Agent', 200),
};

export const practiceSettingsSchema = z.object(practiceFields);
export const mapsSettingsSchema = z.object(mapsFields);
export const serviceAreaSchema = z.object(serviceAreaFields);
export const bookingRulesSchema = z.object(rulesFields);

export const settingsSchema = z
  .object({
    practice: practiceSettingsSchema,
    serviceArea: serviceAreaSchema,
    rules: bookingRulesSchema,
    maps: mapsSettingsSchema,
  })
  .meta({ id: 'Settings' });
export type Settings = z.infer<typeof settingsSchema>;
export type SettingsInput = z.input<typeof settingsSchema>;

/** PATCH /api/admin/settings: any subset; an unknown field is refused (a typo must not look saved). */
export const settingsPatchSchema = z.strictObject({
  practice: z.strictObject(practiceFields).partial().optional(),
  serviceArea: z.strictObject(serviceAreaFields).partial().optional(),
  rules: z.strictObject(rulesFields).partial().optional(),
  maps: z.strictObject(mapsFields).partial().optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** The checks between fields, on the settings as they would be saved: [path, message] for each problem. */
export function settingsProblems(s: Settings): Array<{ path: string; message: string }> {
  const problems: Array<{ path: string; message: string }> = [];
  if (s.serviceArea.extendedFromKm > s.serviceArea.maxKm) {
    problems.push({
      path: 'serviceArea.extendedFromKm',
      message: `The extended range must start within the service area (${s.serviceArea.maxKm} km or less)`,
    });
  }
  return problems;
}

/** GET /api/admin/settings/locate?address=: where an address is, for her base. */
export const locateQuerySchema = z.object({
  address: z
    .string({ error: 'Enter an address' })
    .trim()
    .min(5, 'Enter an address')
    .max(LIMITS.addressMax)
    .refine(...singleLine),
});
export const locatedPlaceSchema = z
  .object({ lat: z.number(), lon: z.number(), label: z.string(), locality: z.string().nullable() })
  .meta({ id: 'LocatedPlace' });
export type LocatedPlace = z.infer<typeof locatedPlaceSchema>;
