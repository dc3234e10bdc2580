import { describe, expect, it } from 'vitest';
import { clientPatchSchema } from '@shared/schemas/client';
import { changedContact, contactField, contactValues } from './contact-form';

const initial = contactValues({
  firstName: 'Mere',
  lastName: 'Tester',
  email: 'mere@example.nz',
  phone: '+64211234567',
});

describe('the contact form', () => {
  it('sends only the fields she changed, trimmed', () => {
    expect(changedContact(initial, { ...initial })).toEqual({});
    expect(changedContact(initial, { ...initial, phone: ' 021 765 4321 ' })).toEqual({ phone: '021 765 4321' });
    expect(changedContact(initial, { ...initial, firstName: 'Merewyn', email: 'MERE@example.nz' })).toEqual({
      firstName: 'Merewyn',
      email: 'MERE@example.nz',
    });
    expect(changedContact(initial, { ...initial, lastName: 'Tester  ' })).toEqual({});
  });

  it('checks with the booking form’s messages', () => {
    const result = clientPatchSchema.safeParse({ ...initial, email: 'nope', phone: '1' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(['email: Please enter a valid email', 'phone: Please enter a valid phone number']);
  });

  it('places a server field error on its field', () => {
    expect(contactField('email')).toBe('email');
    expect(contactField('body.phone')).toBe('phone');
    expect(contactField('keep')).toBeNull();
  });
});
