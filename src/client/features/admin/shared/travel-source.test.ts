import { describe, expect, it } from 'vitest';
import { distanceWithSource } from './travel-source';

describe('distanceWithSource', () => {
  it('marks the offline estimate, not a road distance', () => {
    expect(distanceWithSource(23, 'estimate')).toBe('23.0 km (estimate)');
    expect(distanceWithSource(20.4, 'osm')).toBe('20.4 km');
    expect(distanceWithSource(20.4, 'google')).toBe('20.4 km');
    expect(distanceWithSource(9.6, null)).toBe('9.6 km');
  });
});
