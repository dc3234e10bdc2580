/**
 * Her screens say when a drive is an estimate (docs/product.md §19): a distance the offline straight line gave (no road
 * answer from Google or OpenStreetMap) reads '23.0 km (estimate)'. Relative imports only: unit tests import this file.
 */
import type { TravelSource } from '@shared/constants';
import { formatDistance } from '../../../lib/format';

export const ESTIMATE_NOTE = '(estimate)';

/** '23.0 km', or '23.0 km (estimate)' when the offline straight line gave it. */
export function distanceWithSource(km: number, source: TravelSource | null | undefined): string {
  return source === 'estimate' ? `${formatDistance(km)} ${ESTIMATE_NOTE}` : formatDistance(km);
}
