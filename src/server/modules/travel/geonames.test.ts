import { describe, expect, it } from 'vitest';
import { loadNzGeoNames } from './geonames';
import { haversineKm } from './offline-provider';
import { findPlace } from './place-names';

describe('loadNzGeoNames', () => {
  it('reads the kept New Zealand places once', async () => {
    const first = await loadNzGeoNames();
    expect(first.error).toBeNull();
    expect(first.places.length).toBeGreaterThan(700);
    const raglan = first.places.find((p) => p.name === 'Raglan');
    expect(raglan).toBeDefined();
    expect(haversineKm(raglan!, { lat: -37.8008, lon: 174.8706 })).toBeLessThan(3);
    // The Chatham Islands lie past 180°.
    expect(first.places.every((p) => p.lat < -30 && p.lat > -53 && (p.lon > 165 || p.lon < -175))).toBe(true);
    expect(await loadNzGeoNames()).toBe(first);
  });

  // docs/product.md §19: the Kāpiti Coast's suburbs and localities, which the former list (towns only) did not have.
  it.each([
    ['12 Poplar Avenue, Raumati South', 'Raumati South', { lat: -40.94, lon: 174.98 }],
    ['300 School Road, Te Horo', 'Te Horo', { lat: -40.8, lon: 175.1 }],
    ['7 Pairuku Lane, Peka Peka', 'Peka Peka', { lat: -40.835, lon: 175.04 }],
    ['20 Main Street, Ōtaki', 'Otaki', { lat: -40.758, lon: 175.15 }],
    ['1 Ngaio Road, Waikanae', 'Waikanae', { lat: -40.88, lon: 175.065 }],
    ['5 Marine Parade, Paraparaumu Beach', 'Paraparaumu Beach', { lat: -40.892, lon: 174.98 }],
  ])('finds %j in %s', async (address, name, near) => {
    const { places } = await loadNzGeoNames();
    const found = findPlace(address, places);
    expect(found?.name).toBe(name);
    expect(haversineKm(found!, near)).toBeLessThan(2);
  });
});
