/**
 * Her settings (docs/product.md §19): saved in the database, applied in every server process without a
 * restart. A save applies in its own process before it answers; the others hear of it from the change feed
 * (practice_settings' trigger) and read the row again.
 */
import type { FieldError } from '@shared/api-error';
import { settingsProblems, type Settings, type SettingsPatch } from '@shared/schemas/settings';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { validationFailed } from '../../http/errors';
import { applySettings, effectiveSettings, mergePatch, readOverrides, settingsOf } from './effective';
import { lockStoredSettings, readStoredSettings, writeStoredSettings } from './repository';

export interface SettingsService {
  /** The settings in force in this process. */
  current(): Settings;
  /** Reads the saved row and applies it when it is newer than what this process applied. */
  reload(): Promise<void>;
  /** Saves a subset (checked field by field by the route, together here) and applies it; answers all settings. */
  save(patch: SettingsPatch, actor: string): Promise<Settings>;
}

export interface SettingsDeps {
  db: Db;
  config: AppConfig;
  /** After new settings are applied: drop what was worked out from the old ones (caches, the travel provider). */
  onApplied: (settings: Settings) => void;
}

/** A field named by a problem that this save did not touch is reported on the field it did touch. */
function problemsOf(next: Settings, patch: SettingsPatch): FieldError[] {
  return settingsProblems(next).map((p) => {
    if (p.path === 'serviceArea.extendedFromKm' && patch.serviceArea?.extendedFromKm === undefined) {
      return {
        path: 'serviceArea.maxKm',
        message: `The service area must reach the start of the extended range (${next.serviceArea.extendedFromKm} km or more)`,
      };
    }
    return p;
  });
}

export function createSettingsService({ db, config, onApplied }: SettingsDeps): SettingsService {
  // The environment's and profile's values, taken before anything saved is laid over them.
  const baseline = settingsOf(config);
  let appliedVersion = 0;

  const apply = (settings: Settings, version: number) => {
    if (version < appliedVersion) return;
    appliedVersion = version;
    applySettings(config, settings);
    onApplied(settings);
  };

  return {
    current: () => settingsOf(config),

    async reload() {
      const stored = await readStoredSettings(db);
      // Nothing saved yet and nothing applied: the configuration already holds the baseline.
      if (stored.version === 0 && appliedVersion === 0) return;
      if (stored.version === appliedVersion) return;
      apply(effectiveSettings(baseline, readOverrides(stored.overrides)), stored.version);
    },

    async save(patch, actor) {
      const { settings, version } = await db.transaction(async (tx) => {
        const stored = await lockStoredSettings(tx);
        const overrides = mergePatch(readOverrides(stored.overrides), patch);
        const next = effectiveSettings(baseline, overrides);
        const problems = problemsOf(next, patch);
        if (problems.length > 0) throw validationFailed(problems);
        const nextVersion = stored.version + 1;
        await writeStoredSettings(tx, overrides, nextVersion, actor);
        return { settings: next, version: nextVersion };
      });
      apply(settings, version);
      return settings;
    },
  };
}
