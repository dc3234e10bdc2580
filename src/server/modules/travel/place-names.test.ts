import { describe, expect, it } from 'vitest';
import { findPlace, normalisePlaceText, type Place } from './place-names';

const place = (name: string, lat = 0, lon = 0, ...aliases: string[]): Place => ({
  name,
  names: [name, ...aliases],
  lat,
  lon,
});

describe('normalisePlaceText', () => {
  it.each([
    ['Ngāruawāhia', 'ngaruawahia'],
    ['  12 Bow St,  RAGLAN 3225 ', '12 bow st raglan 3225'],
    ["O'Neill's Point", 'oneills point'],
    ['Ōtorohanga/Kāwhia', 'otorohanga kawhia'],
  ])('%s -> %s', (input, output) => expect(normalisePlaceText(input)).toBe(output));
});

describe('findPlace', () => {
  const places = [
    place('Raglan'),
    place('Te Uku'),
    place('Hamilton'),
    place('Hamilton East'),
    place('Frankton'),
    place('Ngāruawāhia', 0, 0, 'Ngaruawahia'),
    place('Whale Bay'),
  ];
  it.each([
    ['12 Bow Street, Raglan', 'Raglan'],
    ['12 bow street raglan 3225', 'Raglan'],
    ['1 Main Road, TE UKU', 'Te Uku'],
    ['5 Raglan Street, Hamilton', 'Hamilton'], // a street named after a place is not that place
    ['22 Hamilton Road, Raglan', 'Raglan'],
    ['5 Te Uku Rd, Raglan', 'Raglan'],
    ['100 Raglan Hamilton Road, Te Uku', 'Te Uku'], // two words before the street word
    ['Te Uku, RD 1, Raglan', 'Te Uku'], // RD 1 is a rural delivery area, not a road
    ['3 Grey Street, Hamilton East, Hamilton 3216', 'Hamilton East'], // the longer overlapping name
    ['9 Lake Road, Frankton, Hamilton', 'Frankton'], // the most specific part, written first
    ['Calvert Road, Whale Bay, Raglan', 'Whale Bay'],
    ['4 Galileo Street, Ngaruawahia', 'Ngāruawāhia'], // an alias, reported by the name
    ['4 Galileo Street, NGĀRUAWĀHIA', 'Ngāruawāhia'],
    ['Raglanview Drive, Te Uku', 'Te Uku'], // whole words only
    ['1 Nowhere Lane, Atlantis', null],
    ['', null],
  ])('%j -> %s', (address, expected) => {
    expect(findPlace(address, places)?.name ?? null).toBe(expected);
  });

  it('of two places with the same name, the first listed wins', () => {
    expect(findPlace('Richmond', [place('Richmond', 1), place('Richmond', 2)])?.lat).toBe(1);
  });
});
