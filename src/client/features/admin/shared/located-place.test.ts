import { describe, expect, it } from 'vitest';
import { coordinatesText, distanceFromSavedText, openStreetMapUrl, straightLineKm } from './located-place';

const PARAPARAUMU = { lat: -40.9152, lon: 175.0057 };
const RAGLAN = { lat: -37.8008, lon: 174.8706 };

describe('a located base', () => {
  it('links to OpenStreetMap at its point', () => {
    expect(openStreetMapUrl(PARAPARAUMU)).toBe(
      'https://www.openstreetmap.org/?mlat=-40.91520&mlon=175.00570#map=14/-40.91520/175.00570',
    );
    expect(coordinatesText(RAGLAN)).toBe('-37.80080, 174.87060');
  });
  it('says how far it is from the base saved now', () => {
    expect(straightLineKm(PARAPARAUMU, RAGLAN)).toBeCloseTo(346.5, 0);
    expect(distanceFromSavedText(PARAPARAUMU, RAGLAN)).toBe('347 km from the base saved now (straight line)');
    expect(distanceFromSavedText({ lat: -40.95, lon: 175.0057 }, PARAPARAUMU)).toBe(
      '3.9 km from the base saved now (straight line)',
    );
    expect(distanceFromSavedText(PARAPARAUMU, { lat: -40.9155, lon: 175.0057 })).toBe(
      'The same place as the base saved now',
    );
  });
});
