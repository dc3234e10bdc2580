/**
 * What a travel provider answers: how far the therapist drives from the base to an
 * address. The offline estimate is the default; Google's Distance Matrix is used when a
 * key is configured. Either answers null when it cannot tell; the fee rules then flag
 * the booking.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { TravelSource } from '@shared/constants';
import type { LatLon } from './place-names';

export interface TravelEstimate {
  /** Road distance from the base, unrounded. */
  distanceKm: number;
  travelTimeMinutes: number;
  /** The place the address was found in (compared with the local towns), when known. */
  locality: string | null;
  /**
   * Where the visit is, for the route between visits (docs/product.md §10): the place's coordinates.
   * Absent when the provider does not give them (Google's Distance Matrix answers distances only).
   */
  location?: LatLon;
  /** Whose distance it is; the chain (service.ts) fills it in for a provider that does not say. */
  source?: TravelSource;
}

/** Where an address is (her base in Settings, decision 035): the point, the address as found, and its locality. */
export interface LocatedPlace {
  lat: number;
  lon: number;
  label: string;
  locality: string | null;
}

export interface TravelProvider {
  name: string;
  estimate(address: string): Promise<TravelEstimate | null>;
  /** Where the address is, by this provider's geocoder; null when it cannot tell. */
  locate?(address: string): Promise<LocatedPlace | null>;
  /** Forget the addresses it remembers (after a client is erased); a provider that keeps none has none. */
  forget?(): void;
}

export type TravelLogger = Pick<FastifyBaseLogger, 'info' | 'warn'>;
