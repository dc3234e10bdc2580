/**
 * The travel quote for an address: the configured provider's estimate through the fee
 * rules. Google's Distance Matrix when GOOGLE_MAPS_API_KEY is set, else the offline
 * estimate from the practice profile's localities and the GeoNames places.
 */
import type { TravelQuote } from '@shared/schemas/booking';
import type { AppConfig } from '../../config';
import type { LatLon } from './place-names';
import { quoteTravel } from './fees';
import { createGoogleProvider } from './google-provider';
import { createOfflineProvider } from './offline-provider';
import type { TravelEstimate, TravelLogger, TravelProvider } from './travel-provider';

export interface TravelAssessment {
  quote: TravelQuote;
  /** Where the address is, when the provider can tell (stored with a booking for its route). */
  location: LatLon | null;
}

export interface TravelService {
  provider: TravelProvider;
  quote(address: string): Promise<TravelQuote>;
  assess(address: string): Promise<TravelAssessment>;
  /** Forget every address remembered (clients/erasure.ts: an erased client's among them). */
  forget(): void;
}

export function createProvider(config: AppConfig, log?: TravelLogger): TravelProvider {
  const { practice, travel } = config;
  if (travel.googleMapsApiKey) {
    return createGoogleProvider({
      apiKey: travel.googleMapsApiKey,
      url: travel.distanceMatrixUrl,
      geocodingUrl: travel.geocodingUrl,
      origin: practice.base,
      localTowns: practice.localTowns,
      log,
    });
  }
  return createOfflineProvider({
    base: practice.base,
    localities: practice.localities,
    localTowns: practice.localTowns,
    roadFactor: travel.roadFactor,
    averageSpeedKmh: travel.averageSpeedKmh,
    log,
  });
}

export function createTravelService(
  config: AppConfig,
  log?: TravelLogger,
  provider = createProvider(config, log),
): TravelService {
  const rules = {
    localTowns: config.practice.localTowns,
    feeCents: config.travel.feeCents,
    extendedFeeCents: config.travel.extendedFeeCents,
  };
  async function assess(address: string): Promise<TravelAssessment> {
    let estimate: TravelEstimate | null = null;
    try {
      estimate = await provider.estimate(address.trim());
    } catch (err) {
      // A provider should answer null itself; a bug in one must not stop a booking.
      log?.warn({ err: (err as Error).message, provider: provider.name }, 'travel estimate failed');
    }
    return { quote: quoteTravel(estimate, rules), location: estimate?.location ?? null };
  }
  return {
    provider,
    assess,
    async quote(address) {
      return (await assess(address)).quote;
    },
    forget() {
      provider.forget?.();
    },
  };
}
