/**
 * Settings → Text messages (decision 038): what she types to PATCH /api/admin/settings/sms, through the
 * shared schema's own fields so the server's messages show before it is asked. Only the fields she changed are sent:
 * a field showing the environment's value (TWILIO_ACCOUNT_SID, SMS_FROM) is not copied into her Settings, and the
 * monthly limit's notice is re-armed only when she changes the limit.
 */
import { z } from 'zod';
import { smsSettingsPatchSchema, type SmsSettings, type SmsSettingsPatch } from '@shared/schemas/sms';

const P = smsSettingsPatchSchema.shape;

/** A whole number typed in a box; an empty box is no limit, anything else not a number says so. */
const toLimit = (text: string): number | null => {
  const t = text.trim();
  if (t === '') return null;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
};

export const smsFormSchema = z.object({
  accountSid: P.accountSid.unwrap(),
  /** Write-only: the box starts empty; empty keeps the token in force (clearing it is its own button). */
  authToken: P.authToken.unwrap(),
  sender: P.sender.unwrap(),
  reminderTime: P.reminderTime.unwrap(),
  monthlyCap: z.string().transform(toLimit).pipe(P.monthlyCap.unwrap()),
});
export type SmsFormInput = z.input<typeof smsFormSchema>;
export type SmsFormOutput = z.output<typeof smsFormSchema>;
export type SmsFormField = keyof SmsFormInput;
export const SMS_FORM_FIELDS = [
  'accountSid',
  'authToken',
  'sender',
  'reminderTime',
  'monthlyCap',
] as const satisfies readonly SmsFormField[];

/** The form's boxes from the saved settings (the token's box always empty). */
export function smsFormValues(settings: SmsSettings): SmsFormInput {
  return {
    accountSid: settings.accountSid ?? '',
    authToken: '',
    sender: settings.sender ?? '',
    reminderTime: settings.reminderTime,
    monthlyCap: settings.monthlyCap === null ? '' : String(settings.monthlyCap),
  };
}

/** The fields she changed, as the PATCH takes them; a token typed replaces the one in force, an empty box keeps it. */
export function smsPatchOf(values: SmsFormOutput, dirty: Partial<Record<SmsFormField, boolean>>): SmsSettingsPatch {
  const patch: SmsSettingsPatch = {};
  if (dirty.accountSid) patch.accountSid = values.accountSid;
  if (values.authToken !== null) patch.authToken = values.authToken;
  if (dirty.sender) patch.sender = values.sender;
  if (dirty.reminderTime) patch.reminderTime = values.reminderTime;
  if (dirty.monthlyCap) patch.monthlyCap = values.monthlyCap;
  return patch;
}

/** Whether a sender is a name (an alphanumeric sender ID), which cannot receive replies such as STOP. */
export const isSenderName = (sender: string | null): boolean => sender !== null && !sender.startsWith('+');
