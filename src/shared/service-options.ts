/** Reading a service's duration options the way docs/product.md §3 describes, for every screen. */
import {
  DEFAULT_DURATION_MINUTES,
  DEFAULT_SWEDISH_PRICE_CENTS,
  NEW_OPTION_PRICE_FACTOR,
  DURATION_STEP_MINUTES,
  SWEDISH_MASSAGE_SERVICE_ID,
} from './constants';
import type { DurationOption } from './schemas/service';

interface ServiceLike {
  id?: number;
  duration?: number | null;
  price?: number | null;
  durationOptions?: DurationOption[] | string | null;
}

/**
 * The options of a service: durationOptions (parsed when it arrives as JSON text);
 * when absent, one option from duration and price; service 1 falls back to
 * Swedish Massage's 60 min at 8000 cents; otherwise 60 minutes.
 */
export function serviceOptions(service: ServiceLike): DurationOption[] {
  let options = service.durationOptions;
  if (typeof options === 'string') {
    try {
      options = JSON.parse(options) as DurationOption[];
    } catch {
      options = null;
    }
  }
  if (Array.isArray(options) && options.length > 0) return options;
  const isSwedish = service.id === SWEDISH_MASSAGE_SERVICE_ID;
  return [
    {
      duration: service.duration || DEFAULT_DURATION_MINUTES,
      price: service.price ?? (isSwedish ? DEFAULT_SWEDISH_PRICE_CENTS : 0),
    },
  ];
}

/** 'Swedish Massage - 60 min' -> 'Swedish Massage'. */
export function displayServiceName(name: string): string {
  return name.replace(/\s*[-–]\s*\d+\s*min(ute)?s?\s*$/i, '').trim();
}

/** A new option in the service form: the last duration plus 30 minutes, the last price times 1.5. */
export function nextDurationOption(options: DurationOption[]): DurationOption {
  const last = options[options.length - 1];
  if (!last) return { duration: DEFAULT_DURATION_MINUTES, price: DEFAULT_SWEDISH_PRICE_CENTS };
  return { duration: last.duration + DURATION_STEP_MINUTES, price: Math.round(last.price * NEW_OPTION_PRICE_FACTOR) };
}
