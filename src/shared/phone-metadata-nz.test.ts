import { parsePhoneNumberFromString } from 'libphonenumber-js';
import fullMetadata from 'libphonenumber-js/metadata.min.json';
import { describe, expect, it } from 'vitest';
import { PHONE_METADATA_NZ } from './phone-metadata-nz';
import { nzMobileE164 } from './nz-mobile';

/** nzMobileE164 as it was, with every country's metadata. */
function withEveryCountry(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), 'NZ');
  if (!parsed?.isValid() || parsed.country !== 'NZ' || !parsed.nationalNumber.startsWith('2')) return null;
  return parsed.number;
}

describe('New Zealand phone metadata (issue 42)', () => {
  it('is the installed libphonenumber-js’s own entry for New Zealand', () => {
    expect(PHONE_METADATA_NZ.version).toBe(fullMetadata.version);
    expect(PHONE_METADATA_NZ.countries.NZ).toEqual(fullMetadata.countries.NZ);
    expect(fullMetadata.country_calling_codes['64']).toEqual(['NZ']);
  });

  it('reads every number as the whole metadata does: a NZ mobile, anything else refused', () => {
    const typed = [
      '021 123 4567',
      '0211234567',
      '+64 21 123 4567',
      '+64211234567',
      '0064 21 123 4567',
      '64 21 123 4567',
      '022 012 3456',
      '027 123 4567',
      '020 1234 5678',
      '029 123 4567',
      '(021) 123-4567',
      '021 123 4567 ext. 5',
      '021 12',
      '09 123 4567',
      '+64 9 123 4567',
      '0800 123 456',
      '+61 412 345 678',
      '0061 412 345 678',
      '+44 7700 900123',
      '+1 415 555 0123',
      '+6421123456',
      '1 21 123 4567',
      '',
      'not a number',
      '+64',
      '0',
      '２１ １２３ ４５６７',
    ];
    for (const raw of typed) expect(nzMobileE164(raw), raw).toBe(withEveryCountry(raw));
    // National numbers of 6 to 11 digits starting 2 (valid and not), on a seeded spread.
    let seed = 42;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const length = 6 + (seed % 6);
      const digits = `2${String(seed)
        .padStart(10, '0')
        .slice(-(length - 1))}`;
      for (const raw of [`0${digits}`, `+64${digits}`]) expect(nzMobileE164(raw), raw).toBe(withEveryCountry(raw));
    }
  });
});
