import { describe, expect, it, vi } from 'vitest';
import { loadPracticeProfile } from '../../practice-profile';
import type { GeoNamesResult } from './geonames';
import { createOfflineProvider, drivingMinutes, haversineKm } from './offline-provider';
import type { Place } from './place-names';

const place = (name: string, lat = 0, lon = 0, ...aliases: string[]): Place => ({
  name,
  names: [name, ...aliases],
  lat,
  lon,
});
const silentLog = () => ({ info: vi.fn(), warn: vi.fn() });

describe('haversineKm and drivingMinutes', () => {
  it('measures the great-circle distance', () => {
    expect(haversineKm({ lat: -37.8008, lon: 174.8706 }, { lat: -37.8008, lon: 174.8706 })).toBe(0);
    // Raglan to Hamilton central, straight line: about 36 km.
    expect(haversineKm({ lat: -37.8008, lon: 174.8706 }, { lat: -37.787, lon: 175.2793 })).toBeCloseTo(35.9, 1);
    // One degree of latitude is about 111.2 km.
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(111.2, 1);
  });

  it.each([
    [0, 60, 0],
    [30, 60, 30],
    [30.000000000000004, 60, 30],
    [30.1, 60, 31],
    [46.7, 60, 47],
    [10, 50, 12],
  ])('%s km at %s km/h: %s min', (km, speed, minutes) => expect(drivingMinutes(km, speed)).toBe(minutes));
});

describe('offline provider with the demo profile', () => {
  const profile = loadPracticeProfile({});
  const provider = createOfflineProvider({
    base: profile.base,
    localities: profile.localities,
    localTowns: profile.localTowns,
    roadFactor: 1.3,
    averageSpeedKmh: 60,
  });

  it('has its localities, kept off the public profile', () => {
    expect(profile.localities.length).toBeGreaterThanOrEqual(15);
    expect(profile.localities.map((l) => l.name)).toEqual(
      expect.arrayContaining(['Raglan', 'Te Uku', 'Hamilton', 'Auckland']),
    );
  });

  it.each([
    // address, locality, km from (inclusive), km to (exclusive)
    ['12 Bow Street, Raglan', 'Raglan', 0, 1],
    ['Te Uku', 'Te Uku', 8, 15],
    ['Whatawhata', 'Whatawhata', 30, 35], // road from Raglan ~33 km: just into the extended range
    ['Waitetuna Valley', 'Waitetuna', 15, 25],
    ['100 Victoria Street, Hamilton', 'Hamilton', 44, 50], // straight line ~36 km x 1.3
    ['Hamilton East', 'Hamilton East', 44, 50],
    ['1 Queen Street, Auckland', 'Auckland', 120, 160],
    ['Kirikiriroa', 'Hamilton', 44, 50],
  ])('%j is in %s, %s-%s km', async (address, locality, from, to) => {
    const e = await provider.estimate(address);
    expect(e).not.toBeNull();
    expect(e!.locality).toBe(locality);
    expect(e!.distanceKm).toBeGreaterThanOrEqual(from);
    expect(e!.distanceKm).toBeLessThan(to);
    expect(e!.travelTimeMinutes).toBe(drivingMinutes(e!.distanceKm, 60));
  });

  it('uses the road factor and the average speed', async () => {
    const e = await provider.estimate('Hamilton');
    const straight = haversineKm(
      profile.base,
      profile.localities.find((l) => l.name === 'Hamilton')!,
    );
    expect(e!.distanceKm).toBeCloseTo(straight * 1.3, 6);
    expect(e!.travelTimeMinutes).toBe(Math.ceil(((straight * 1.3) / 60) * 60));
  });

  it('finds a New Zealand place the profile does not list in the GeoNames package', async () => {
    const e = await provider.estimate('1 Lambton Quay, Wellington');
    expect(e!.locality).toBe('Wellington');
    expect(e!.distanceKm).toBeGreaterThan(300);
  });

  it('prefers the profile over the package (the package Frankton is in Queenstown)', async () => {
    const e = await provider.estimate('Frankton');
    expect(e!.distanceKm).toBeLessThan(50);
  });

  it('does not know an address with no known place in it', async () => {
    expect(await provider.estimate('1 Nowhere Lane, Atlantis')).toBeNull();
  });
});

describe('offline provider rules', () => {
  const base = { lat: -37.8008, lon: 174.8706 };
  const geoNames = async (): Promise<GeoNamesResult> => ({
    places: [
      place('Whitianga', -36.833, 175.7),
      place('Richmond', -41.34, 173.18), // Nelson
      place('Richmond', -39.5, 176.9), // nearer the base
    ],
    error: null,
  });

  it('gives a local town missing from the localities the package coordinates, or the base', async () => {
    const p = createOfflineProvider({
      base,
      localities: [],
      localTowns: ['Whitianga', 'Nowhere Town'],
      roadFactor: 1,
      averageSpeedKmh: 60,
      geoNames,
    });
    expect((await p.estimate('Whitianga'))!.distanceKm).toBeGreaterThan(50);
    expect(await p.estimate('Nowhere Town')).toEqual({
      distanceKm: 0,
      travelTimeMinutes: 0,
      locality: 'Nowhere Town',
      location: base,
    });
  });

  it('of several package places with one name, takes the nearest to the base', async () => {
    const p = createOfflineProvider({
      base,
      localities: [],
      localTowns: ['A', 'B'],
      roadFactor: 1,
      averageSpeedKmh: 60,
      geoNames,
    });
    const e = await p.estimate('Richmond');
    expect(e!.distanceKm).toBeCloseTo(haversineKm(base, { lat: -39.5, lon: 176.9 }), 6);
  });

  it('works on the profile alone when the package cannot be read, and says so once', async () => {
    const log = silentLog();
    const broken = async (): Promise<GeoNamesResult> => ({ places: [], error: new Error('Cannot find module') });
    const p = createOfflineProvider({
      base,
      localities: [{ name: 'Raglan', lat: base.lat, lon: base.lon }],
      localTowns: ['Raglan', 'Te Uku'],
      roadFactor: 1.3,
      averageSpeedKmh: 60,
      geoNames: broken,
      log,
    });
    expect(await p.estimate('Wellington')).toBeNull();
    expect(await p.estimate('Auckland')).toBeNull();
    expect((await p.estimate('Bow Street, Raglan'))!.locality).toBe('Raglan');
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('can leave the package out', async () => {
    const p = createOfflineProvider({
      base,
      localities: [],
      localTowns: ['Raglan', 'Te Uku'],
      roadFactor: 1,
      averageSpeedKmh: 60,
      geoNames: null,
    });
    expect(await p.estimate('Wellington')).toBeNull();
  });
});
