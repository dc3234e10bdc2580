import { MapPin } from 'lucide-react';
import { formatTime12 } from '@shared/clock-time';
import { cn } from '@/lib/utils';

export const NEARBY_LEGEND_ID = 'booking-nearby-legend';

interface TimeSlotGridProps {
  label: string;
  slots: readonly string[];
  chosen: string | null;
  onChoose: (time: string) => void;
  /** Times next to another of her visits in the same area (docs/product.md §10): marked, and described by the legend.
   * */
  nearby: ReadonlySet<string>;
  /** '{name} is nearby that day'. */
  nearbyText: string;
  /** New times for another address are on their way: the shown ones are the last answer. */
  updating?: boolean;
}

/** Step 2's time buttons. A button's name stays its time; a nearby mark is its description. */
export function TimeSlotGrid({
  label,
  slots,
  chosen,
  onChoose,
  nearby,
  nearbyText,
  updating = false,
}: TimeSlotGridProps) {
  const anyNearby = slots.some((slot) => nearby.has(slot));
  return (
    <>
      <div
        role="group"
        aria-label={label}
        aria-busy={updating || undefined}
        className={cn(
          'grid grid-cols-3 gap-2 transition-opacity sm:grid-cols-4 md:grid-cols-3 lg:grid-cols-4',
          updating && 'opacity-60',
        )}
      >
        {slots.map((slot) => {
          const isChosen = slot === chosen;
          const isNearby = nearby.has(slot);
          return (
            <button
              key={slot}
              type="button"
              aria-pressed={isChosen}
              aria-describedby={isNearby ? NEARBY_LEGEND_ID : undefined}
              data-nearby={isNearby || undefined}
              onClick={() => onChoose(slot)}
              className={cn(
                'relative h-11 rounded-md border text-sm font-medium tabular-nums transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
                isChosen
                  ? 'border-primary bg-primary text-primary-foreground shadow-sm'
                  : 'border-input bg-background hover:border-primary/60 hover:bg-accent hover:text-accent-foreground',
                isNearby && !isChosen && 'border-primary/50',
              )}
            >
              {formatTime12(slot)}
              {isNearby && (
                <MapPin
                  className={cn('absolute top-1 right-1 size-3', isChosen ? 'text-primary-foreground' : 'text-primary')}
                  aria-hidden
                />
              )}
            </button>
          );
        })}
      </div>
      {anyNearby && (
        <p id={NEARBY_LEGEND_ID} className="mt-3 flex items-center gap-1.5 text-xs text-muted-foreground">
          <MapPin className="size-3.5 shrink-0 text-primary" aria-hidden />
          {nearbyText}
        </p>
      )}
    </>
  );
}
