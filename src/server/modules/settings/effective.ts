/**
 * Her settings against the running configuration (docs/product.md §19), pure: what the configuration says
 * now, the saved fields laid over the environment's and profile's values, and writing the result back into the
 * configuration objects every module reads at call time.
 */
import {
  bookingRulesSchema,
  mapsSettingsSchema,
  practiceSettingsSchema,
  serviceAreaSchema,
  settingsPatchSchema,
  type Settings,
  type SettingsPatch,
} from '@shared/schemas/settings';
import { HOUR_MS, MINUTE_MS } from '@shared/time';
import type { AppConfig } from '../../config';

type SettingsConfig = Pick<AppConfig, 'practice' | 'travel' | 'booking' | 'mail'>;

/** The settings the configuration holds now (at start: the environment's and profile's). */
export function settingsOf(config: SettingsConfig): Settings {
  const p = config.practice;
  return structuredClone({
    practice: {
      name: p.name,
      shortName: p.shortName,
      tagline: p.tagline,
      intro: p.intro,
      blurb: p.blurb,
      therapistName: p.therapistName,
      locality: p.locality,
      region: p.region,
      email: p.email,
      phone: p.phone,
      socialUrl: p.socialUrl,
      socialLabel: p.socialLabel,
      businessAddress: p.businessAddress,
      baseAddress: p.baseAddress,
      base: p.base,
      localTowns: p.localTowns,
      gstNumber: p.gstNumber,
      bankAccount: p.bankAccount,
      bankAccountName: p.bankAccountName,
      membershipBody: p.membershipBody,
      membershipNumber: p.membershipNumber,
    },
    serviceArea: {
      maxKm: config.travel.maxKm,
      extendedFromKm: config.travel.extendedFromKm,
      extendedFeeCents: config.travel.extendedFeeCents,
      outsideLocalFeeCents: config.travel.feeCents,
    },
    rules: {
      minNoticeHours: config.booking.minNoticeMinutes / 60,
      horizonDays: config.booking.horizonDays,
      bufferMinutes: config.booking.bufferMinutes,
      setupMinutes: config.booking.route.setupMinutes,
      pendingExpiryHours: config.booking.pendingExpiryMs / HOUR_MS,
      reminderHours: config.booking.reminderLeadMs === null ? null : config.booking.reminderLeadMs / HOUR_MS,
      changeCutoffHours: config.booking.changeCutoffHours,
    },
    maps: {
      geocoderUrl: config.travel.geocoderUrl,
      geocoderKind: config.travel.geocoderKind,
      routerUrl: config.travel.routerUrl,
      routerKind: config.travel.routerKind,
      userAgent: config.travel.mapsUserAgent,
    },
  });
}

/**
 * The saved fields as stored, each checked again (a field a later version no longer accepts is dropped, so one stale
 * value cannot stop the server): the valid part of each section.
 */
export function readOverrides(stored: unknown): SettingsPatch {
  const parsed = settingsPatchSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const raw = (stored && typeof stored === 'object' ? stored : {}) as Record<string, Record<string, unknown>>;
  const out: SettingsPatch = {};
  const sections = {
    practice: practiceSettingsSchema,
    serviceArea: serviceAreaSchema,
    rules: bookingRulesSchema,
    maps: mapsSettingsSchema,
  };
  for (const [name, schema] of Object.entries(sections) as Array<[keyof SettingsPatch, typeof serviceAreaSchema]>) {
    const fields = raw[name];
    if (!fields || typeof fields !== 'object') continue;
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) {
      const field = (schema.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>)[
        key
      ];
      const result = field?.safeParse(value);
      if (result?.success) kept[key] = result.data;
    }
    (out as Record<string, unknown>)[name] = kept;
  }
  return out;
}

/** `over`'s fields laid over `base`, section by section (a list or the base's position is replaced whole). */
export function mergePatch<T extends SettingsPatch>(base: T, over: SettingsPatch): T {
  const out = structuredClone(base) as Record<string, Record<string, unknown> | undefined>;
  for (const [section, fields] of Object.entries(over)) {
    if (!fields) continue;
    out[section] = { ...(out[section] ?? {}), ...structuredClone(fields) };
  }
  return out as T;
}

/** The settings in force: the baseline with her saved fields over it. */
export function effectiveSettings(baseline: Settings, overrides: SettingsPatch): Settings {
  return mergePatch(baseline, overrides);
}

/**
 * Writes the settings into the configuration, in place: every module reads `config.practice`, `config.travel` and
 * `config.booking` when it needs them, so the next request uses them.
 */
export function applySettings(config: SettingsConfig, s: Settings): void {
  const nameBefore = config.practice.name;
  const emailBefore = config.practice.email;
  Object.assign(config.practice, structuredClone(s.practice));
  config.travel.maxKm = s.serviceArea.maxKm;
  config.travel.extendedFromKm = s.serviceArea.extendedFromKm;
  config.travel.extendedFeeCents = s.serviceArea.extendedFeeCents;
  config.travel.feeCents = s.serviceArea.outsideLocalFeeCents;
  const b = config.booking;
  b.minNoticeMinutes = Math.round(s.rules.minNoticeHours * 60);
  b.horizonDays = s.rules.horizonDays;
  b.bufferMinutes = s.rules.bufferMinutes;
  b.route.minGapMinutes = s.rules.bufferMinutes;
  b.route.setupMinutes = s.rules.setupMinutes;
  b.pendingExpiryMs = Math.round(s.rules.pendingExpiryHours * HOUR_MS);
  b.reminderLeadMs = s.rules.reminderHours === null ? null : Math.round(s.rules.reminderHours * 60) * MINUTE_MS;
  b.changeCutoffHours = s.rules.changeCutoffHours;
  config.travel.geocoderUrl = s.maps.geocoderUrl;
  config.travel.geocoderKind = s.maps.geocoderKind;
  config.travel.routerUrl = s.maps.routerUrl;
  config.travel.routerKind = s.maps.routerKind;
  config.travel.mapsUserAgent = s.maps.userAgent;
  // Her e-mails come from her practice's name and go to her address, unless MAIL_FROM / MAIL_NOTIFY_TO say otherwise.
  if (config.mail.followsPractice.from && (nameBefore !== s.practice.name || emailBefore !== s.practice.email)) {
    config.mail.from = `${s.practice.name} <${s.practice.email}>`;
  }
  if (config.mail.followsPractice.notifyTo) config.mail.notifyTo = s.practice.email;
}
