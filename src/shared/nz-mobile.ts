/** Who may get texts (decision 038, sms.ts): a New Zealand mobile, as E.164. Apart from sms.ts so that only a check
 * loads libphonenumber-js (issue 42: /booking's first load names the opt-in, and loads the parser with the form's
 * schema). */
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { PHONE_METADATA_NZ } from './phone-metadata-nz';

/**
 * A New Zealand mobile number as E.164 ('+64211234567'), or null. Every New Zealand number whose national number
 * starts with 2 (020-029) is a mobile; landlines start 3, 4, 6, 7 or 9 and free phones 8. Numbers of other
 * countries are refused, so a text never goes abroad by a typo. Read with New Zealand's metadata alone (decision 040:
 * the booking page's bundle); a number of another country has no metadata then, and is refused as before.
 */
export function nzMobileE164(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), 'NZ', PHONE_METADATA_NZ);
  if (!parsed?.isValid() || parsed.country !== 'NZ' || !parsed.nationalNumber.startsWith('2')) return null;
  return parsed.number;
}
