/**
 * Her SMS settings (decision 038, migration 0028): one row, the auth token sealed with the secret box like the CalDAV
 * passwords. A field she has not saved is the environment's (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, SMS_FROM). Read at
 * each use (one small row), so every process follows a save without a restart.
 */
import { eq, sql } from 'drizzle-orm';
import type { SmsSettingsPatch } from '@shared/schemas/sms';
import { DEFAULT_REMINDER_TIME } from '@shared/sms';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { smsSettings } from '../../db/schema';
import { openStored, type SecretBox } from '../../secret-box';

export type SettingSource = 'settings' | 'environment' | 'none';

/** Twilio's account and the sender, when all three are known. */
export interface SmsAccount {
  accountSid: string;
  authToken: string;
  from: string;
}

export interface SmsState {
  /** null: texts are not set up (nothing is queued, nothing sent). */
  account: SmsAccount | null;
  accountSid: string | null;
  authToken: string | null;
  sender: string | null;
  sources: { accountSid: SettingSource; authToken: SettingSource; sender: SettingSource };
  reminderTime: string;
  monthlyCap: number | null;
  capNotifiedMonth: string | null;
}

const source = (saved: string | null, env: string | null): SettingSource =>
  saved !== null ? 'settings' : env !== null ? 'environment' : 'none';

export async function readSmsState(db: DbOrTx, box: SecretBox, config: Pick<AppConfig, 'sms'>): Promise<SmsState> {
  const [row] = await db.select().from(smsSettings).where(eq(smsSettings.id, 1));
  // A token sealed with a key this server no longer has reads as unsaved (the environment's, or none).
  const savedToken = openStored(box, row?.authTokenEncrypted ?? null);
  const savedSid = row?.accountSid ?? null;
  const savedSender = row?.sender ?? null;
  const env = config.sms;
  const accountSid = savedSid ?? env.accountSid;
  const authToken = savedToken ?? env.authToken;
  const sender = savedSender ?? env.from;
  return {
    account: accountSid && authToken && sender ? { accountSid, authToken, from: sender } : null,
    accountSid,
    authToken,
    sender,
    sources: {
      accountSid: source(savedSid, env.accountSid),
      authToken: source(savedToken, env.authToken),
      sender: source(savedSender, env.from),
    },
    reminderTime: row?.reminderTime ?? DEFAULT_REMINDER_TIME,
    monthlyCap: row?.monthlyCap ?? null,
    capNotifiedMonth: row?.capNotifiedMonth ?? null,
  };
}

/** Saves the fields given (null clears one: the environment's stands again); the token sealed. */
export async function saveSmsSettings(db: DbOrTx, box: SecretBox, patch: SmsSettingsPatch): Promise<void> {
  const set: Partial<typeof smsSettings.$inferInsert> = {};
  if (patch.accountSid !== undefined) set.accountSid = patch.accountSid;
  if (patch.authToken !== undefined)
    set.authTokenEncrypted = patch.authToken === null ? null : box.seal(patch.authToken);
  if (patch.sender !== undefined) set.sender = patch.sender;
  if (patch.reminderTime !== undefined) set.reminderTime = patch.reminderTime;
  if (patch.monthlyCap !== undefined) {
    set.monthlyCap = patch.monthlyCap;
    // A new limit is told of again when it is reached.
    set.capNotifiedMonth = null;
  }
  await db
    .insert(smsSettings)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: smsSettings.id, set: { ...set, updatedAt: sql`now()` } });
}

/**
 * Claims the telling of this month's cap: true once per month (and per limit she sets), in whichever process
 * gets there first.
 */
export async function claimCapNotice(db: DbOrTx, month: string): Promise<boolean> {
  const rows = await db
    .update(smsSettings)
    .set({ capNotifiedMonth: month })
    .where(sql`${smsSettings.id} = 1 AND ${smsSettings.capNotifiedMonth} IS DISTINCT FROM ${month}`)
    .returning({ id: smsSettings.id });
  return rows.length > 0;
}

/**
 * Whether texts are set up, without opening the token (a booking's transaction has no secret box): an account, a
 * token and a sender, saved or from the environment.
 */
export async function smsConfigured(db: DbOrTx, config: Pick<AppConfig, 'sms'>): Promise<boolean> {
  const [row] = await db.select().from(smsSettings).where(eq(smsSettings.id, 1));
  const env = config.sms;
  return Boolean(
    (row?.accountSid ?? env.accountSid) && (row?.authTokenEncrypted ?? env.authToken) && (row?.sender ?? env.from),
  );
}
