/**
 * The travel quote for an address: the providers' estimate through the fee rules. The providers form a chain, each
 * asked when the one before has no answer (a failure, a timeout, an address it cannot place): Google (when
 * GOOGLE_MAPS_API_KEY is set), then OpenStreetMap (when GEOCODER_URL or ROUTER_URL is set), then the offline estimate
 * from the practice's localities and the kept gazetteer (docs/decisions/035). Everything is read from `config` when
 * used: Settings changes it in place and calls `reconfigure()` (docs/product.md §19).
 */
import type { TravelSource } from '@shared/constants';
import type { TravelQuote } from '@shared/schemas/booking';
import type { AppConfig } from '../../config';
import type { LatLon } from './place-names';
import { quoteTravel } from './fees';
import { createGoogleProvider } from './google-provider';
import { createOfflineProvider } from './offline-provider';
import { createHostQueue, defaultUserAgent, type HostQueue } from './osm-http';
import { createOsmProvider, offersSuggestions, type OsmProvider } from './osm-provider';
import type { LocatedPlace, TravelEstimate, TravelLogger, TravelProvider } from './travel-provider';

export interface TravelAssessment {
  quote: TravelQuote;
  /** Where the address is, when the provider can tell (stored with a booking for its route). */
  location: LatLon | null;
  /** Whose distance the quote is (stored with a booking: her screens mark an estimate); null when not located. */
  source: TravelSource | null;
}

export interface TravelService {
  /** The chain as now configured. */
  readonly provider: TravelProvider;
  quote(address: string): Promise<TravelQuote>;
  assess(address: string): Promise<TravelAssessment>;
  /** Where an address is (her base in Settings): Google's geocoding, the OpenStreetMap geocoder, the gazetteer. */
  locate(address: string): Promise<LocatedPlace | null>;
  /** A few New Zealand addresses for what a visitor typed, from the OpenStreetMap geocoder; [] without one. */
  suggest(q: string): Promise<string[]>;
  /** Whether `suggest` can answer (the site config's addressSuggestions). */
  offersSuggestions(): boolean;
  /** Rebuild the providers from the current config (after Settings are saved); remembered answers go. */
  reconfigure(): void;
  /** Forget every address remembered (clients/erasure.ts: an erased client's among them). */
  forget(): void;
}

interface Step {
  provider: TravelProvider;
  /** The source of its estimates when it does not say. */
  source: TravelSource;
}

const osmGeocoder = (config: AppConfig) =>
  config.travel.geocoderUrl ? { url: config.travel.geocoderUrl, kind: config.travel.geocoderKind } : null;

function createSteps(
  config: AppConfig,
  queue: HostQueue,
  log?: TravelLogger,
): { steps: Step[]; osm: OsmProvider | null } {
  const { practice, travel } = config;
  const steps: Step[] = [];
  if (travel.googleMapsApiKey) {
    const google = createGoogleProvider({
      apiKey: travel.googleMapsApiKey,
      url: travel.distanceMatrixUrl,
      geocodingUrl: travel.geocodingUrl,
      origin: practice.base,
      localTowns: practice.localTowns,
      log,
    });
    steps.push({ provider: google, source: 'google' });
  }
  const offline = createOfflineProvider({
    base: practice.base,
    localities: practice.localities,
    localTowns: practice.localTowns,
    roadFactor: travel.roadFactor,
    averageSpeedKmh: travel.averageSpeedKmh,
    log,
  });
  let osm: OsmProvider | null = null;
  if (travel.geocoderUrl || travel.routerUrl) {
    osm = createOsmProvider({
      geocoder: osmGeocoder(config),
      router: travel.routerUrl ? { url: travel.routerUrl, kind: travel.routerKind } : null,
      userAgent: travel.mapsUserAgent ?? defaultUserAgent(config.publicUrl),
      queue,
      origin: () => config.practice.base,
      localTowns: () => config.practice.localTowns,
      estimate: () => ({ roadFactor: config.travel.roadFactor, averageSpeedKmh: config.travel.averageSpeedKmh }),
      placeWithoutGeocoder: (address) => offline.locate?.(address) ?? Promise.resolve(null),
      log,
    });
    steps.push({ provider: osm, source: 'osm' });
  }
  steps.push({ provider: offline, source: 'estimate' });
  return { steps, osm };
}

/** The steps as one provider: the first answer wins, a step that throws is logged and passed over. */
function chainOf(
  steps: readonly Step[],
  log?: TravelLogger,
): TravelProvider & Required<Pick<TravelProvider, 'locate' | 'forget'>> {
  return {
    name: steps.map((s) => s.provider.name).join('>'),
    async estimate(address): Promise<TravelEstimate | null> {
      for (const { provider, source } of steps) {
        try {
          const estimate = await provider.estimate(address);
          if (estimate) return { ...estimate, source: estimate.source ?? source };
        } catch (err) {
          // A provider should answer null itself; a bug in one must not stop a booking.
          log?.warn({ err: (err as Error).message, provider: provider.name }, 'travel estimate failed');
        }
      }
      return null;
    },
    async locate(address) {
      for (const { provider } of steps) {
        try {
          const place = await provider.locate?.(address);
          if (place) return place;
        } catch (err) {
          log?.warn({ err: (err as Error).message, provider: provider.name }, 'locating an address failed');
        }
      }
      return null;
    },
    forget() {
      for (const { provider } of steps) provider.forget?.();
    },
  };
}

/** What the providers are built from: when any of it changes, they are built again. */
function configKey(config: AppConfig): string {
  const { practice, travel } = config;
  return JSON.stringify([
    practice.base,
    practice.localTowns,
    practice.localities,
    travel.googleMapsApiKey,
    travel.distanceMatrixUrl,
    travel.geocodingUrl,
    travel.geocoderUrl,
    travel.geocoderKind,
    travel.routerUrl,
    travel.routerKind,
    travel.mapsUserAgent,
    travel.roadFactor,
    travel.averageSpeedKmh,
    config.publicUrl,
  ]);
}

/** The chain for `config` as it is now (tests and tools). */
export function createProvider(config: AppConfig, log?: TravelLogger): TravelProvider {
  return chainOf(createSteps(config, createHostQueue(), log).steps, log);
}

/**
 * `queue`: the app's one-a-second turns per host, for the service's life (a rebuilt provider still waits its turn at
 * each host), shared with the drives between visits (scheduling/drive-source.ts).
 */
export function createTravelService(
  config: AppConfig,
  log?: TravelLogger,
  queue: HostQueue = createHostQueue(),
): TravelService {
  let built!: { key: string; chain: ReturnType<typeof chainOf>; osm: OsmProvider | null };
  const build = () => {
    built?.chain.forget();
    const { steps, osm } = createSteps(config, queue, log);
    built = { key: configKey(config), chain: chainOf(steps, log), osm };
  };
  build();
  /** The providers for the current config (rebuilt when Settings changed it and nobody said). */
  const current = () => {
    if (configKey(config) !== built.key) build();
    return built;
  };

  async function assess(address: string): Promise<TravelAssessment> {
    const estimate = await current().chain.estimate(address.trim());
    // The fee rules are read now: she may have changed them since the last quote.
    const rules = {
      localTowns: config.practice.localTowns,
      feeCents: config.travel.feeCents,
      extendedFeeCents: config.travel.extendedFeeCents,
      maxKm: config.travel.maxKm,
      extendedFromKm: config.travel.extendedFromKm,
    };
    const quote = quoteTravel(estimate, rules);
    return {
      quote,
      location: estimate?.location ?? null,
      source: quote.unresolved ? null : (estimate?.source ?? null),
    };
  }
  return {
    get provider() {
      return current().chain;
    },
    assess,
    async quote(address) {
      return (await assess(address)).quote;
    },
    locate: (address) => current().chain.locate(address.trim()),
    async suggest(q) {
      const osm = current().osm;
      return (await osm?.suggest(q.trim())) ?? [];
    },
    offersSuggestions: () => offersSuggestions(osmGeocoder(config)),
    reconfigure: build,
    forget() {
      built.chain.forget();
    },
  };
}
