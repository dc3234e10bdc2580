import { AlertCircle, AlertTriangle, Car, Loader2, MapPin } from 'lucide-react';
import { beyondServiceAreaInline, TRAVEL_UNAVAILABLE } from '@shared/messages';
import { Badge } from '@/components/ui/badge';
import { formatDistance, formatTravelFee, formatTravelTime } from '@/lib/format';
import { OUTSIDE_AREA_HEADING, OUTSIDE_STANDARD_AREA } from '../texts';
import type { TravelState } from '../use-travel-quote';

/** The live travel result under the address field (docs/product.md §2, §8, §9). */
export function TravelResult({
  state,
  practiceEmail,
  maxKm,
  id,
}: {
  state: TravelState;
  practiceEmail: string | undefined;
  /** Her service area (docs/product.md §19); the specification's 50 km until the practice is known. */
  maxKm?: number;
  id?: string;
}) {
  return (
    <div id={id} aria-live="polite" className="empty:hidden">
      {state.kind === 'loading' && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Calculating travel…
        </p>
      )}
      {(state.kind === 'error' || (state.kind === 'ready' && state.quote.unresolved)) && (
        <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {TRAVEL_UNAVAILABLE}
        </p>
      )}
      {state.kind === 'ready' && state.quote.refused && (
        <div className="rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm">
          <p className="flex items-center gap-2 font-semibold text-destructive">
            <AlertTriangle className="size-4 shrink-0" aria-hidden />
            {OUTSIDE_AREA_HEADING}
          </p>
          <p className="mt-1.5 text-foreground">
            {practiceEmail ? (
              <>
                Please email{' '}
                <a className="font-medium text-primary underline underline-offset-4" href={`mailto:${practiceEmail}`}>
                  {practiceEmail}
                </a>{' '}
                to ask whether a visit can be arranged.
              </>
            ) : (
              'Please email us to ask whether a visit can be arranged.'
            )}
          </p>
          <p className="mt-1.5 text-muted-foreground">{beyondServiceAreaInline(maxKm)}</p>
        </div>
      )}
      {state.kind === 'ready' && !state.quote.refused && !state.quote.unresolved && (
        <div className="rounded-md border bg-muted/50 p-3 text-sm">
          <p className="flex items-start gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span className="font-medium">{state.quote.message}</span>
          </p>
          {state.quote.isOutsideServiceArea && (
            <Badge variant="warning" className="mt-2 ml-6">
              {OUTSIDE_STANDARD_AREA}
            </Badge>
          )}
          <dl className="mt-2 ml-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-muted-foreground">
            {state.quote.distanceKm !== null && state.quote.distanceKm > 0 && (
              <>
                <dt>Distance</dt>
                <dd className="text-foreground tabular-nums">
                  {formatDistance(state.quote.distanceKm)}
                  {state.quote.travelTimeMinutes !== null && state.quote.travelTimeMinutes > 0 && (
                    <span className="text-muted-foreground">
                      {' '}
                      <Car className="mb-0.5 inline size-3.5" aria-hidden />{' '}
                      {formatTravelTime(state.quote.travelTimeMinutes)}
                    </span>
                  )}
                </dd>
              </>
            )}
            <dt>Travel fee</dt>
            <dd className="font-medium text-foreground tabular-nums">{formatTravelFee(state.quote.travelCost)}</dd>
          </dl>
        </div>
      )}
    </div>
  );
}
