/** Finding a place's name in a free-text New Zealand address, whatever its case, macrons or punctuation. */

export interface LatLon {
  lat: number;
  lon: number;
}

export interface Place extends LatLon {
  /** The name the place is reported by (the estimate's locality). */
  name: string;
  /** Every spelling that means this place: the name itself, then its aliases. */
  names: readonly string[];
}

/** 'Ngāruawāhia,  NZ' -> 'ngaruawahia nz': lower case, no macrons or accents, words only. */
export function normalisePlaceText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether two place names are the same, ignoring case, macrons and punctuation. */
export function samePlaceName(a: string, b: string): boolean {
  return normalisePlaceText(a) === normalisePlaceText(b);
}

/**
 * Words that make a place name part of a street name ('5 Raglan Street, Hamilton' is in
 * Hamilton, not Raglan) when one follows the name within the same part of the address.
 */
const STREET_WORDS = new Set([
  'street',
  'st',
  'road',
  'rd',
  'avenue',
  'ave',
  'drive',
  'dr',
  'lane',
  'ln',
  'place',
  'pl',
  'terrace',
  'tce',
  'crescent',
  'cres',
  'way',
  'highway',
  'hwy',
  'close',
  'court',
  'ct',
  'grove',
  'parade',
  'pde',
  'boulevard',
  'blvd',
  'esplanade',
  'square',
  'sq',
  'quay',
  'mews',
  'rise',
  'loop',
]);

/** 'Road' and 'Street' after a name; not 'RD 1' (a rural delivery area, as in 'Te Uku, RD 1'). */
function isStreetWord(words: readonly string[], i: number): boolean {
  const w = words[i];
  if (w === undefined || !STREET_WORDS.has(w)) return false;
  return !(w === 'rd' && /^\d+$/.test(words[i + 1] ?? ''));
}

interface Hit {
  place: Place;
  /** Which comma-separated part of the address the name was found in. */
  part: number;
  /** Word offset inside that part. */
  start: number;
  /** Length of the matched name, in words. */
  words: number;
}

/**
 * The place an address is in, or null. A name counts when it appears as whole words and
 * not as part of a street name. Where names overlap ('Hamilton East' and 'Hamilton'),
 * the longer wins; otherwise the one written first wins, as a New Zealand address runs
 * from the most specific part to the least ('Frankton, Hamilton').
 */
export function findPlace(address: string, places: readonly Place[]): Place | null {
  const parts = address
    .split(/[,;\n]+/)
    .map((p) => normalisePlaceText(p).split(' ').filter(Boolean))
    .filter((p) => p.length > 0);
  if (parts.length === 0) return null;
  const hits: Hit[] = [];
  for (const place of places) {
    for (const name of place.names) {
      const nameWords = normalisePlaceText(name).split(' ').filter(Boolean);
      if (nameWords.length === 0) continue;
      parts.forEach((words, part) => {
        for (let start = 0; start + nameWords.length <= words.length; start++) {
          if (!nameWords.every((w, i) => words[start + i] === w)) continue;
          const end = start + nameWords.length;
          if (isStreetWord(words, end) || isStreetWord(words, end + 1)) continue;
          hits.push({ place, part, start, words: nameWords.length });
        }
      });
    }
  }
  const covers = (longer: Hit, h: Hit) =>
    longer.part === h.part &&
    longer.words > h.words &&
    longer.start <= h.start &&
    h.start + h.words <= longer.start + longer.words;
  const kept = hits.filter((h) => !hits.some((other) => covers(other, h)));
  // Stable sort: between equal hits, the earlier place in the list wins.
  kept.sort((a, b) => a.part - b.part || a.start - b.start || b.words - a.words);
  return kept[0]?.place ?? null;
}
