/**
 * libphonenumber-js's metadata for New Zealand alone (decision 040), taken from the package's own min metadata: the
 * booking page checks a number for texts (nz-mobile.ts) with this 0.6 kB instead of every country's 84 kB. A
 * number of another country is refused either way. phone-metadata-nz.test.ts fails when the installed package's New
 * Zealand entry differs; write it again with:
 *   node -e "const m=require('libphonenumber-js/metadata.min.json');console.log(JSON.stringify(m.countries.NZ))"
 */
import type { MetadataJson } from 'libphonenumber-js/core';

export const PHONE_METADATA_NZ: MetadataJson = {
  version: 4,
  country_calling_codes: { '64': ['NZ'] },
  countries: {
    NZ: [
      '64',
      '0(?:0|161)',
      '[1289]\\d{9}|50\\d{5}(?:\\d{2,3})?|[27-9]\\d{7,8}|(?:[34]\\d|6[0-35-9])\\d{6}|8\\d{4,6}',
      [5, 6, 7, 8, 9, 10],
      [
        ['(\\d{2})(\\d{3,8})', '$1 $2', ['8[1-79]'], '0$1'],
        ['(\\d{3})(\\d{2})(\\d{2,3})', '$1 $2 $3', ['50[036-8]|8|90', '50(?:[0367]|88)|8|90'], '0$1'],
        ['(\\d)(\\d{3})(\\d{4})', '$1 $2 $3', ['24|[346]|7[2-57-9]|9[2-9]'], '0$1'],
        ['(\\d{3})(\\d{3})(\\d{3,4})', '$1 $2 $3', ['2(?:10|74)|[589]'], '0$1'],
        ['(\\d{2})(\\d{3,4})(\\d{4})', '$1 $2 $3', ['1|2[028]'], '0$1'],
        ['(\\d{2})(\\d{3})(\\d{3,5})', '$1 $2 $3', ['2(?:[169]|7[0-35-9])|7'], '0$1'],
      ],
      '0',
      0,
      0,
      0,
      0,
      0,
      0,
      '00',
    ],
  },
  nonGeographic: {},
};
