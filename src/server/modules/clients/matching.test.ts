import { describe, expect, it } from 'vitest';
import { contactsOf } from './matching';

describe('contactsOf (what a booking is recognised by)', () => {
  it('answers the e-mail first, then the phone, both normalised', () => {
    expect(contactsOf({ email: ' Ana@Example.NZ ', phone: '021 123 4567' })).toEqual([
      { kind: 'email', value: 'ana@example.nz' },
      { kind: 'phone', value: '+64211234567' },
    ]);
  });

  it('leaves out a phone that is not a number, and an empty e-mail', () => {
    expect(contactsOf({ email: 'ana@example.nz', phone: 'call me anytime' })).toEqual([
      { kind: 'email', value: 'ana@example.nz' },
    ]);
    expect(contactsOf({ email: '  ', phone: '0211234567' })).toEqual([{ kind: 'phone', value: '+64211234567' }]);
  });
});
