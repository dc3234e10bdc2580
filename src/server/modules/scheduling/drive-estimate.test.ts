import { describe, expect, it } from 'vitest';
import { drivingMinutes, haversineKm } from '../travel/offline-provider';
import type { LatLon } from '../travel/place-names';
import { createDriveCache, drivePairKey, offlineDriveLookup } from './drive-estimate';
import type { Drive, DriveLookup } from './route-rule';

const RAGLAN: LatLon = { lat: -37.8009, lon: 174.8708 };
const HAMILTON: LatLon = { lat: -37.787, lon: 175.2793 };

describe('offlineDriveLookup', () => {
  const offline = offlineDriveLookup({ roadFactor: 1.3, averageSpeedKmh: 60 });

  it('is the straight line times the road factor, at the average speed (as the quote from base)', () => {
    const km = haversineKm(RAGLAN, HAMILTON) * 1.3;
    expect(offline(RAGLAN, HAMILTON)).toEqual({ km, minutes: drivingMinutes(km, 60) });
    expect(km).toBeCloseTo(46.7, 0);
    expect(offline(HAMILTON, RAGLAN)).toEqual(offline(RAGLAN, HAMILTON));
  });

  it('is nothing for the same place', () => {
    expect(offline(RAGLAN, { ...RAGLAN })).toEqual({ km: 0, minutes: 0 });
  });
});

describe('createDriveCache', () => {
  const counting = (answer: Drive | null) => {
    const calls: [LatLon, LatLon][] = [];
    const source: DriveLookup = (from, to) => {
      calls.push([from, to]);
      return answer;
    };
    return { calls, source };
  };

  it('asks the source once per rounded pair and direction', () => {
    const { calls, source } = counting({ minutes: 47, km: 46.7 });
    const cache = createDriveCache(source);
    expect(cache.lookup(RAGLAN, HAMILTON)).toEqual({ minutes: 47, km: 46.7 });
    // A few metres of geocoder noise is the same house.
    expect(cache.lookup({ lat: -37.80092, lon: 174.87081 }, HAMILTON)).toEqual({ minutes: 47, km: 46.7 });
    expect(calls).toHaveLength(1);
    cache.lookup(HAMILTON, RAGLAN);
    expect(calls).toHaveLength(2);
    expect(cache.size()).toBe(2);
  });

  it('keeps unknown answers too', () => {
    const { calls, source } = counting(null);
    const cache = createDriveCache(source);
    expect(cache.lookup(RAGLAN, HAMILTON)).toBeNull();
    expect(cache.lookup(RAGLAN, HAMILTON)).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('drops the oldest pair when full', () => {
    const { calls, source } = counting({ minutes: 1, km: 1 });
    const cache = createDriveCache(source, 2);
    const places = [0, 1, 2].map((i) => ({ lat: -37.8 - i / 100, lon: 174.87 }));
    for (const p of places) cache.lookup(RAGLAN, p);
    expect(cache.size()).toBe(2);
    cache.lookup(RAGLAN, places[2]!); // still held
    expect(calls).toHaveLength(3);
    cache.lookup(RAGLAN, places[0]!); // evicted: asked again
    expect(calls).toHaveLength(4);
  });

  it('keys a pair by direction and 4 decimals', () => {
    expect(drivePairKey(RAGLAN, HAMILTON)).toBe('-37.8009,174.8708>-37.7870,175.2793');
    expect(drivePairKey(HAMILTON, RAGLAN)).not.toBe(drivePairKey(RAGLAN, HAMILTON));
  });
});
