/**
 * Her SMS settings (docs/decisions/038-text-messages.md): GET /api/admin/settings/sms answers
 * `smsSettingsSchema` (the auth token never: only whether one is saved), PATCH takes `smsSettingsPatchSchema` (any
 * subset; null or '' clears a field, and the environment's value stands again).
 */
import { z } from 'zod';
import { isAllowedReminderTime, SMS_MESSAGES } from '../sms';

/** Twilio's Account SID: AC and 32 hex digits. */
export const ACCOUNT_SID_RE = /^AC[0-9a-fA-F]{32}$/;
/** Twilio's auth token: 32 letters and digits. */
export const AUTH_TOKEN_RE = /^[A-Za-z0-9]{32}$/;
/** A sender: a number in international form (+6421...), or a name of up to 11 letters, digits and spaces. */
export const SENDER_NUMBER_RE = /^\+[1-9]\d{6,14}$/;
export const SENDER_NAME_RE = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;
export const MONTHLY_CAP_MAX = 100_000;

/** A text field where empty means none: null, and the environment's value (if any) stands. */
const cleared = (check: (v: string) => boolean, message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v) => (v === '' ? null : v))
    .refine((v) => v === null || check(v), message)
    .nullable();

export const smsSettingsPatchSchema = z
  .strictObject({
    accountSid: cleared((v) => ACCOUNT_SID_RE.test(v), 'An Account SID starts with AC and has 34 characters'),
    /** Write-only: never answered back. */
    authToken: cleared((v) => AUTH_TOKEN_RE.test(v), 'The auth token has 32 letters and digits'),
    sender: cleared(
      (v) => SENDER_NUMBER_RE.test(v) || SENDER_NAME_RE.test(v),
      'Enter a number such as +64211234567, or a name of up to 11 letters and digits',
    ),
    reminderTime: z
      .string({ error: SMS_MESSAGES.reminderTime })
      .refine(isAllowedReminderTime, SMS_MESSAGES.reminderTime),
    monthlyCap: z
      .number({ error: 'The monthly limit must be a number' })
      .int('The monthly limit must be a whole number of texts')
      .min(0, 'The monthly limit cannot be negative')
      .max(MONTHLY_CAP_MAX, `The monthly limit must be at most ${MONTHLY_CAP_MAX}`)
      .nullable(),
  })
  .partial();
export type SmsSettingsPatch = z.output<typeof smsSettingsPatchSchema>;

/** Where a value in force comes from: her Settings, the environment, or nowhere. */
export const settingSourceSchema = z.enum(['settings', 'environment', 'none']);

export const smsSettingsSchema = z
  .object({
    /** Texts go out: an account, its auth token and a sender are all known. */
    configured: z.boolean(),
    accountSid: z.string().nullable(),
    accountSidSource: settingSourceSchema,
    /** Whether an auth token is saved or set in the environment; the token itself is never answered. */
    authTokenSet: z.boolean(),
    authTokenSource: settingSourceSchema,
    sender: z.string().nullable(),
    senderSource: settingSourceSchema,
    reminderTime: z.string(),
    monthlyCap: z.number().int().nullable(),
    /** Texts sent in this New Zealand month (the cap counts these). */
    sentThisMonth: z.number().int(),
    /** Where Twilio posts replies and delivery reports: her number's 'A message comes in' webhook. */
    webhookUrl: z.string(),
  })
  .meta({ id: 'SmsSettings' });
export type SmsSettings = z.infer<typeof smsSettingsSchema>;
