import { describe, expect, it } from 'vitest';
import type { SmsSettings } from '@shared/schemas/sms';
import { smsFormSchema, smsFormValues, smsPatchOf } from './sms-settings-form';

const saved: SmsSettings = {
  configured: true,
  accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
  accountSidSource: 'environment',
  authTokenSet: true,
  authTokenSource: 'settings',
  sender: '+64211112222',
  senderSource: 'settings',
  reminderTime: '09:00',
  monthlyCap: null,
  sentThisMonth: 3,
  webhookUrl: 'https://massage.example.nz/api/webhooks/sms',
};

describe('the Text messages form', () => {
  it('starts from the saved settings, the token box empty, no limit as an empty box', () => {
    expect(smsFormValues(saved)).toEqual({
      accountSid: saved.accountSid,
      authToken: '',
      sender: '+64211112222',
      reminderTime: '09:00',
      monthlyCap: '',
    });
    expect(smsFormValues({ ...saved, monthlyCap: 250 }).monthlyCap).toBe('250');
  });

  it('sends only what she changed; an empty token box keeps the token, a typed one replaces it', () => {
    const values = smsFormSchema.parse({ ...smsFormValues(saved), monthlyCap: ' 500 ' });
    expect(smsPatchOf(values, { monthlyCap: true })).toEqual({ monthlyCap: 500 });
    const token = 'abcdef0123456789ABCDEF0123456789';
    const typed = smsFormSchema.parse({ ...smsFormValues(saved), authToken: token, sender: 'Kapiti' });
    expect(smsPatchOf(typed, { authToken: true, sender: true })).toEqual({ authToken: token, sender: 'Kapiti' });
    // An emptied box clears her saved value (the environment's stands again); an emptied limit is no limit.
    const cleared = smsFormSchema.parse({ ...smsFormValues(saved), sender: '', monthlyCap: '' });
    expect(smsPatchOf(cleared, { sender: true, monthlyCap: true })).toEqual({ sender: null, monthlyCap: null });
  });

  it("says the shared schema's messages", () => {
    const result = smsFormSchema.safeParse({
      accountSid: 'AC123',
      authToken: 'short',
      sender: 'Far too long a name',
      reminderTime: '21:00',
      monthlyCap: 'ten',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({
      accountSid: 'An Account SID starts with AC and has 34 characters',
      authToken: 'The auth token has 32 letters and digits',
      sender: 'Enter a number such as +64211234567, or a name of up to 11 letters and digits',
      reminderTime: 'Choose a time from 8:00 AM to 8:00 PM',
      monthlyCap: 'The monthly limit must be a number',
    });
    expect(smsFormSchema.safeParse({ ...smsFormValues(saved), monthlyCap: '2.5' }).error?.issues[0]?.message).toBe(
      'The monthly limit must be a whole number of texts',
    );
  });
});
