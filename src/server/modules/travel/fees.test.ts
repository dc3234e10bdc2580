import { describe, expect, it } from 'vitest';
import { OUTSIDE_SERVICE_AREA, TRAVEL_UNAVAILABLE } from '@shared/messages';
import { localTownsPhrase, quoteTravel } from './fees';

const rules = {
  localTowns: ['Raglan', 'Te Uku'],
  feeCents: 1000,
  extendedFeeCents: 2000,
  maxKm: 50,
  extendedFromKm: 30,
} as const;
const at = (distanceKm: number, locality: string | null = 'Somewhere', travelTimeMinutes = Math.ceil(distanceKm)) =>
  quoteTravel({ distanceKm, travelTimeMinutes, locality }, rules);

describe('quoteTravel', () => {
  it('an address that could not be located: bookable, free, flagged, with the §8 message', () => {
    expect(quoteTravel(null, rules)).toEqual({
      zone: 'unresolved',
      distanceKm: null,
      travelTimeMinutes: null,
      travelCost: 0,
      isWithinServiceArea: true,
      isOutsideServiceArea: false,
      refused: false,
      unresolved: true,
      message: TRAVEL_UNAVAILABLE,
    });
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, -1])('a nonsense distance (%s) counts as not located', (d) => {
    expect(at(d).unresolved).toBe(true);
  });

  it.each([
    // locality, distance, zone, cost, within, outside, refused, message
    ['Raglan', 0.4, 'local', 0, true, false, false, 'Free travel within Raglan and Te Uku'],
    ['raglan', 3, 'local', 0, true, false, false, 'Free travel within Raglan and Te Uku'],
    ['TE UKU', 10.7, 'local', 0, true, false, false, 'Free travel within Raglan and Te Uku'],
    ['Te  Ūku', 10.7, 'local', 0, true, false, false, 'Free travel within Raglan and Te Uku'],
    ['Whale Bay', 8.84, 'standard', 1000, true, false, false, 'Travel fee: $10.00 (8.8 km)'],
    [null, 12.3, 'standard', 1000, true, false, false, 'Travel fee: $10.00 (12.3 km)'],
    ['Waitetuna', 29.9, 'standard', 1000, true, false, false, 'Travel fee: $10.00 (29.9 km)'],
    ['Boundary', 30.0, 'standard', 1000, true, false, false, 'Travel fee: $10.00 (30.0 km)'],
    ['Rounds to 30.0', 30.04, 'standard', 1000, true, false, false, 'Travel fee: $10.00 (30.0 km)'],
    ['Rounds to 30.1', 30.05, 'extended', 2000, true, true, false, 'Extended range: $20.00 travel fee (30.1 km)'],
    ['Whatawhata', 31.9, 'extended', 2000, true, true, false, 'Extended range: $20.00 travel fee (31.9 km)'],
    ['Hamilton', 42, 'extended', 2000, true, true, false, 'Extended range: $20.00 travel fee (42.0 km)'],
    ['Boundary', 50.0, 'extended', 2000, true, true, false, 'Extended range: $20.00 travel fee (50.0 km)'],
    ['Rounds to 50.0', 50.04, 'extended', 2000, true, true, false, 'Extended range: $20.00 travel fee (50.0 km)'],
    ['Rounds to 50.1', 50.05, 'refused', 0, false, true, true, OUTSIDE_SERVICE_AREA],
    ['Auckland', 138.2, 'refused', 0, false, true, true, OUTSIDE_SERVICE_AREA],
  ] as const)('%s at %s km: %s, %s cents', (locality, distance, zone, cost, within, outside, refused, message) => {
    const q = at(distance, locality);
    expect(q).toEqual({
      zone,
      distanceKm: Math.round(distance * 10) / 10,
      travelTimeMinutes: Math.ceil(distance),
      travelCost: cost,
      isWithinServiceArea: within,
      isOutsideServiceArea: outside,
      refused,
      unresolved: false,
      message,
    });
  });

  it('a local town is free whatever the distance says, within the service area', () => {
    expect(at(45, 'Raglan').travelCost).toBe(0);
    expect(at(60, 'Raglan')).toMatchObject({ zone: 'refused', message: OUTSIDE_SERVICE_AREA });
  });

  it('her own service area (issue 40): 40 km, extended from 20 km, named in the refusal', () => {
    const hers = { ...rules, localTowns: ['Paraparaumu', 'Raumati Beach', 'Paekākāriki', 'Waikanae'], maxKm: 40 };
    const area = { ...hers, extendedFromKm: 20 };
    expect(quoteTravel({ distanceKm: 7, travelTimeMinutes: 9, locality: 'Waikanae' }, area)).toMatchObject({
      zone: 'local',
      message: 'Free travel within Paraparaumu, Raumati Beach, Paekākāriki and Waikanae',
    });
    expect(quoteTravel({ distanceKm: 20, travelTimeMinutes: 20, locality: 'Ōtaki' }, area).zone).toBe('standard');
    expect(quoteTravel({ distanceKm: 21, travelTimeMinutes: 20, locality: 'Ōtaki' }, area).zone).toBe('extended');
    expect(quoteTravel({ distanceKm: 40.04, travelTimeMinutes: 40, locality: null }, area).zone).toBe('extended');
    expect(quoteTravel({ distanceKm: 40.05, travelTimeMinutes: 40, locality: null }, area)).toMatchObject({
      zone: 'refused',
      message:
        'We cannot provide services to locations beyond 40km from our business. Please enter an address within our service area.',
    });
  });

  it('rounds the distance to one decimal and the time up to whole minutes', () => {
    const q = quoteTravel({ distanceKm: 12.345, travelTimeMinutes: 12.1, locality: null }, rules);
    expect(q.distanceKm).toBe(12.3);
    expect(q.travelTimeMinutes).toBe(13);
  });

  it('takes the fees from the rules', () => {
    const other = { ...rules, localTowns: ['Whitianga', 'Coroglen'], feeCents: 1550, extendedFeeCents: 0 };
    expect(quoteTravel({ distanceKm: 5, travelTimeMinutes: 5, locality: 'Whitianga' }, other).message).toBe(
      'Free travel within Whitianga and Coroglen',
    );
    expect(quoteTravel({ distanceKm: 5, travelTimeMinutes: 5, locality: 'Raglan' }, other)).toMatchObject({
      travelCost: 1550,
      message: 'Travel fee: $15.50 (5.0 km)',
    });
    expect(quoteTravel({ distanceKm: 40, travelTimeMinutes: 40, locality: null }, other)).toMatchObject({
      travelCost: 0,
      isOutsideServiceArea: true,
      message: 'Extended range: no travel fee (40.0 km)',
    });
    expect(
      quoteTravel({ distanceKm: 5, travelTimeMinutes: 5, locality: null }, { ...other, feeCents: 0 }).message,
    ).toBe('No travel fee (5.0 km)');
  });
});

describe('localTownsPhrase', () => {
  it.each([
    [['Raglan', 'Te Uku'], 'Raglan and Te Uku'],
    [['Raglan'], 'Raglan'],
    [['A', 'B', 'C'], 'A, B and C'],
  ])('%j -> %s', (towns, phrase) => {
    expect(localTownsPhrase(towns)).toBe(phrase);
  });
});
