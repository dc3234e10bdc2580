/**
 * The practice profile: who the practice is and where it works from. One JSON file
 * (config/practice.json by default, PRACTICE_PROFILE to choose another) with
 * PRACTICE_* environment overrides, so another practice runs without code changes.
 * A new practice without demo data starts from config/practice.starter.json (docs/product.md §2 "Start fresh"):
 * no fictional practice's GST number, bank account or texts on her live site.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { practiceLogo, type LogoRef } from '@shared/logo';
import type { PracticeInfo } from '@shared/practice';
import { MAX_LOCAL_TOWNS, practiceSettingsSchema } from '@shared/schemas/settings';

const latitude = z.coerce.number().min(-90).max(90);
const longitude = z.coerce.number().min(-180).max(180);

/**
 * A nearby place the practice travels to, with its coordinates: the offline travel
 * estimate finds these names (or their aliases) in a client's address.
 */
export const localitySchema = z.object({
  name: z.string().trim().min(1),
  lat: latitude,
  lon: longitude,
  /** Other spellings that mean the same place (without macrons, a te reo Māori name). */
  aliases: z.array(z.string().trim().min(1)).optional(),
});
export type Locality = z.infer<typeof localitySchema>;

export const practiceProfileSchema = z.object({
  name: z.string().min(1),
  shortName: z.string().min(1),
  tagline: z.string().min(1),
  intro: z.array(z.string().min(1)).min(1),
  blurb: z.string().min(1),
  therapistName: z.string().min(1),
  locality: z.string().min(1),
  region: z.string().min(1),
  email: z.email(),
  phone: z.string().min(1),
  socialUrl: z.url().nullable().default(null),
  socialLabel: z.string().nullable().default(null),
  base: z.object({ lat: latitude, lon: longitude }),
  /** The towns she treats as local (no travel fee): any number (docs/product.md §2 "Start fresh"; the specification's
   * demo has two). */
  localTowns: z.array(z.string().trim().min(1)).max(MAX_LOCAL_TOWNS),
  /** The practice's own list of nearby places (server-side only, like base). */
  localities: z.array(localitySchema).default([]),
  /**
   * docs/product.md §18.3, money. Her business address as printed on receipts (the locality when absent); her GST
   * number (GST_NUMBER overrides; when set, prices are GST-inclusive and receipts are tax invoices); the bank account
   * a deposit is paid into; her professional body and membership number, for clients' insurance claims.
   */
  businessAddress: z.string().trim().min(1).nullable().default(null),
  // Her Settings' own checks (IRD's check digit, the bank's algorithm), so a profile value is held to the same rules.
  gstNumber: practiceSettingsSchema.shape.gstNumber.default(null),
  bankAccount: practiceSettingsSchema.shape.bankAccount.default(null),
  /** The name the bank account is in (docs/product.md §19), printed beside it on invoices. */
  bankAccountName: z.string().trim().min(1).nullable().default(null),
  /** Her base as an address (decision 035): set in Settings, where it is located to `base`. */
  baseAddress: z.string().trim().min(1).nullable().default(null),
  membershipBody: z.string().trim().min(1).nullable().default(null),
  membershipNumber: z.string().trim().min(1).nullable().default(null),
});
export type PracticeProfile = z.infer<typeof practiceProfileSchema>;

export const DEFAULT_PROFILE_PATH = 'config/practice.json';
export const STARTER_PROFILE_PATH = 'config/practice.starter.json';

type Env = Record<string, string | undefined>;

/** `starter`: a practice without the demo (a production start) reads the starter profile, unless PRACTICE_PROFILE. */
export function loadPracticeProfile(
  env: Env,
  cwd = process.cwd(),
  options: { starter?: boolean } = {},
): PracticeProfile {
  const file = env.PRACTICE_PROFILE || `${cwd}/${options.starter ? STARTER_PROFILE_PATH : DEFAULT_PROFILE_PATH}`;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new Error(`Cannot read the practice profile ${file}: ${(err as Error).message}`, { cause: err });
  }
  const overrides: Record<string, unknown> = {};
  const str = (key: string, envKey: string) => {
    const v = env[envKey];
    if (v !== undefined && v !== '') overrides[key] = v;
  };
  str('name', 'PRACTICE_NAME');
  str('shortName', 'PRACTICE_SHORT_NAME');
  str('tagline', 'PRACTICE_TAGLINE');
  str('blurb', 'PRACTICE_BLURB');
  str('therapistName', 'PRACTICE_THERAPIST_NAME');
  str('locality', 'PRACTICE_LOCALITY');
  str('region', 'PRACTICE_REGION');
  str('email', 'PRACTICE_EMAIL');
  str('phone', 'PRACTICE_PHONE');
  str('socialUrl', 'PRACTICE_SOCIAL_URL');
  str('socialLabel', 'PRACTICE_SOCIAL_LABEL');
  str('businessAddress', 'PRACTICE_ADDRESS');
  str('gstNumber', 'GST_NUMBER');
  str('bankAccount', 'PRACTICE_BANK_ACCOUNT');
  str('bankAccountName', 'PRACTICE_BANK_ACCOUNT_NAME');
  str('baseAddress', 'PRACTICE_BASE_ADDRESS');
  str('membershipBody', 'PRACTICE_MEMBERSHIP_BODY');
  str('membershipNumber', 'PRACTICE_MEMBERSHIP_NUMBER');
  // Paragraphs of the intro are separated by a blank line.
  if (env.PRACTICE_INTRO) overrides.intro = env.PRACTICE_INTRO.split(/\n\s*\n/).map((p) => p.trim());
  if (env.PRACTICE_BASE_LAT || env.PRACTICE_BASE_LON) {
    const base = (raw.base ?? {}) as Record<string, unknown>;
    overrides.base = { lat: env.PRACTICE_BASE_LAT ?? base.lat, lon: env.PRACTICE_BASE_LON ?? base.lon };
  }
  if (env.PRACTICE_LOCAL_TOWNS)
    overrides.localTowns = env.PRACTICE_LOCAL_TOWNS.split(',')
      .map((t) => t.trim())
      .filter(Boolean);
  const parsed = practiceProfileSchema.safeParse({ ...raw, ...overrides });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`The practice profile ${file} is not valid: ${problems}`);
  }
  return parsed.data;
}

/**
 * What GET /api/practice answers: the profile's public fields and the fee the booking form
 * mentions (the base coordinates and localities stay on the server).
 */
export function publicPracticeInfo(
  p: PracticeProfile,
  travel: { feeCents: number; extendedFeeCents: number; maxKm: number; extendedFromKm: number },
  rules: Pick<PracticeInfo, 'retention' | 'changeCutoffHours'>,
  logo: LogoRef | null,
): PracticeInfo {
  return {
    name: p.name,
    shortName: p.shortName,
    tagline: p.tagline,
    therapistName: p.therapistName,
    intro: p.intro,
    blurb: p.blurb,
    locality: p.locality,
    region: p.region,
    email: p.email,
    phone: p.phone,
    socialUrl: p.socialUrl,
    socialLabel: p.socialLabel,
    localTowns: p.localTowns,
    travelFeeCents: travel.feeCents,
    serviceArea: {
      maxKm: travel.maxKm,
      extendedFromKm: travel.extendedFromKm,
      extendedFeeCents: travel.extendedFeeCents,
    },
    retention: rules.retention,
    changeCutoffHours: rules.changeCutoffHours,
    logo: logo ? practiceLogo(logo) : null,
  };
}
