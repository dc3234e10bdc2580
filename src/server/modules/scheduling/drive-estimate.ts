/**
 * Drives between two visits for the route rule: the offline estimate (the same straight line
 * x road factor at the average speed as the travel quote from base) and a small cache keyed
 * by the rounded coordinate pair, so a day's route asks each pair once.
 */
import { drivingMinutes, haversineKm } from '../travel/offline-provider';
import type { LatLon } from '../travel/place-names';
import type { Drive, DriveLookup } from './route-rule';

export interface OfflineDriveOptions {
  roadFactor: number;
  averageSpeedKmh: number;
}

/** The offline drive between two places: never unknown. */
export function offlineDriveLookup(options: OfflineDriveOptions): (from: LatLon, to: LatLon) => Drive {
  return (from, to) => {
    const km = haversineKm(from, to) * options.roadFactor;
    return { km, minutes: drivingMinutes(km, options.averageSpeedKmh) };
  };
}

/** 4 decimal places of a degree is about 11 m: the same house, whatever the geocoder's noise. */
const KEY_DECIMALS = 4;
const DEFAULT_MAX_ENTRIES = 10_000;

const pointKey = (p: LatLon) => `${p.lat.toFixed(KEY_DECIMALS)},${p.lon.toFixed(KEY_DECIMALS)}`;

/** The cache key of a directed pair (a road provider's answer may differ each way). */
export function drivePairKey(from: LatLon, to: LatLon): string {
  return `${pointKey(from)}>${pointKey(to)}`;
}

export interface DriveCache {
  lookup: DriveLookup;
  /** Pairs held, for tests and metrics. */
  size(): number;
  clear(): void;
}

/**
 * Remembers the source's answers per rounded pair, unknown ones included (the source said so
 * once; it is asked again after eviction). The oldest entry goes when full, so a long-running
 * server's memory stays bounded.
 */
export function createDriveCache(source: DriveLookup, maxEntries = DEFAULT_MAX_ENTRIES): DriveCache {
  const entries = new Map<string, Drive | null>();
  return {
    lookup(from, to) {
      const key = drivePairKey(from, to);
      if (entries.has(key)) return entries.get(key) ?? null;
      const answer = source(from, to);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, answer);
      return answer;
    },
    size: () => entries.size,
    clear: () => entries.clear(),
  };
}
