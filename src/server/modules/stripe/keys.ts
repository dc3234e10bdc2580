/**
 * Her Stripe keys (decision 037): pasted in Settings, sealed at rest like the CalDAV passwords
 * (secret-box.ts), laid over the environment's (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET) into `config.stripe`, which
 * every use reads. A key is never answered back: her screens see whether it is set and its last 4 characters.
 */
import { eq, sql } from 'drizzle-orm';
import type { CardPaymentSettings, CardPaymentSettingsPatch, KeyState } from '@shared/schemas/card-payments';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { stripeSettings } from '../../db/schema';
import { openStored, type SecretBox } from '../../secret-box';

export interface SavedKeys {
  secretKey: string | null;
  webhookSecret: string | null;
}

/** Her saved keys, opened; a key this server cannot open (another SECRET_KEY) reads as not saved. */
export async function readSavedKeys(db: DbOrTx, box: SecretBox): Promise<SavedKeys> {
  const [row] = await db.select().from(stripeSettings).where(eq(stripeSettings.id, 1));
  return {
    secretKey: openStored(box, row?.secretKeySealed ?? null),
    webhookSecret: openStored(box, row?.webhookSecretSealed ?? null),
  };
}

/** Saves the keys the patch names (null removes one), sealed; the row is locked so two saves apply in turn. */
export async function saveKeys(
  db: DbOrTx,
  box: SecretBox,
  patch: CardPaymentSettingsPatch,
  actor: string,
): Promise<void> {
  const set: Partial<typeof stripeSettings.$inferInsert> = { updatedAt: new Date(), updatedBy: actor };
  if (patch.stripeSecretKey !== undefined) {
    set.secretKeySealed = patch.stripeSecretKey === null ? null : box.seal(patch.stripeSecretKey);
  }
  if (patch.stripeWebhookSecret !== undefined) {
    set.webhookSecretSealed = patch.stripeWebhookSecret === null ? null : box.seal(patch.stripeWebhookSecret);
  }
  await db.execute(sql`INSERT INTO stripe_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING`);
  await db.update(stripeSettings).set(set).where(eq(stripeSettings.id, 1));
}

/** Writes the keys in force into the configuration: hers, else the environment's. */
export function applyKeys(config: AppConfig['stripe'], saved: SavedKeys): void {
  config.secretKey = saved.secretKey ?? config.environment.secretKey;
  config.webhookSecret = saved.webhookSecret ?? config.environment.webhookSecret;
}

/** Card payments are offered only with both keys: a payment is recorded from a verified webhook, never without. */
export const cardPaymentsEnabled = (config: AppConfig['stripe']): boolean =>
  config.secretKey !== null && config.webhookSecret !== null;

function keyState(saved: string | null, environment: string | null): KeyState {
  const inForce = saved ?? environment;
  return {
    set: inForce !== null,
    last4: inForce === null ? null : inForce.slice(-4),
    source: saved !== null ? 'settings' : environment !== null ? 'environment' : 'none',
  };
}

/** What her Settings show: never a key, only whether each is set, where from, and its last 4 characters. */
export function settingsView(config: AppConfig, saved: SavedKeys): CardPaymentSettings {
  const s = config.stripe;
  return {
    enabled: cardPaymentsEnabled(s),
    testMode: s.secretKey === null ? null : /^(sk|rk)_test_/.test(s.secretKey),
    stripeSecretKey: keyState(saved.secretKey, s.environment.secretKey),
    stripeWebhookSecret: keyState(saved.webhookSecret, s.environment.webhookSecret),
    webhookUrl: `${config.publicUrl.replace(/\/+$/, '')}/api/webhooks/stripe`,
  };
}
