import { describe, expect, it } from 'vitest';
import { SMS_MESSAGES } from '@shared/sms';
import { wizardResolver } from './wizard-resolver';
import { emptyWizardForm, type WizardFormInput } from './wizard-form';

// The lazily loaded resolver answers the SMS opt-in's rule as the eager schema did: a ticked box needs a NZ mobile.
const options = { fields: {}, shouldUseNativeValidation: false } as const;

async function phoneError(phone: string, smsOptIn: boolean): Promise<string | undefined> {
  // Every other field valid, so the rule is reached (a fixed date: the schema checks its form, not today).
  const values = {
    ...emptyWizardForm(3, 60),
    ...{ date: '2030-03-14', time: '10:00', address: '12 Rimu Road, Paraparaumu 5032' },
    ...{ firstName: 'Aroha', lastName: 'Ngata', email: 'aroha@example.nz', phone, smsOptIn },
  } as WizardFormInput;
  const result = await wizardResolver(values, undefined, options);
  return (result.errors as { phone?: { message?: string } }).phone?.message;
}

describe('the wizard resolver (loaded on first use)', () => {
  it('refuses a landline for text reminders with the opt-in message', async () => {
    expect(await phoneError('04 123 4567', true)).toBe(SMS_MESSAGES.notNzMobile);
  });

  it('takes a NZ mobile with the box ticked, and a landline with it unticked', async () => {
    expect(await phoneError('021 123 4567', true)).toBeUndefined();
    expect(await phoneError('04 123 4567', false)).toBeUndefined();
  });
});
