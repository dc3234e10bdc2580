import { describe, expect, it } from 'vitest';
import { loadNzGeoNames } from './geonames';
import { haversineKm } from './offline-provider';

describe('loadNzGeoNames', () => {
  it('reads the New Zealand places of the package once', async () => {
    const first = await loadNzGeoNames();
    expect(first.error).toBeNull();
    expect(first.places.length).toBeGreaterThan(500);
    const raglan = first.places.find((p) => p.name === 'Raglan');
    expect(raglan).toBeDefined();
    expect(haversineKm(raglan!, { lat: -37.8008, lon: 174.8706 })).toBeLessThan(3);
    expect(first.places.every((p) => p.lat < -30 && p.lat > -53)).toBe(true);
    expect(await loadNzGeoNames()).toBe(first);
  });
});
