import { AlertTriangle, CalendarDays, CheckCircle2 } from 'lucide-react';
import type { Ref } from 'react';
import { formatTime12 } from '@shared/clock-time';
import type { RouteMisfit } from '@shared/schemas/booking';
import { Button } from '@/components/ui/button';
import { routeMisfitText } from '../route-fit';

interface RouteMisfitAlertProps {
  therapistName: string | undefined;
  date: string;
  time: string;
  /** The nearest times that fit this address (none: another date). */
  fitting: readonly string[];
  /** Why the time does not fit (the server's answer for the date); undefined: it is not free any more. */
  cause: RouteMisfit | undefined;
  onPick: (time: string) => void;
  onChooseAnotherDate: () => void;
  ref?: Ref<HTMLDivElement>;
}

/** Step 3 (docs/product.md §10): the chosen time does not fit the address typed here; the nearest that do, or another
 * date. */
export function RouteMisfitAlert({
  therapistName,
  date,
  time,
  fitting,
  cause,
  onPick,
  onChooseAnotherDate,
  ref,
}: RouteMisfitAlertProps) {
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <p className="flex items-start gap-2">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        <span>{routeMisfitText(therapistName, date, time, fitting.length > 0, cause)}</span>
      </p>
      <div className="mt-3 ml-6 flex flex-wrap gap-2">
        {fitting.length > 0 ? (
          fitting.map((t) => (
            <Button
              key={t}
              type="button"
              variant="outline"
              size="sm"
              className="tabular-nums"
              onClick={() => onPick(t)}
            >
              {formatTime12(t)}
            </Button>
          ))
        ) : (
          <Button type="button" variant="outline" size="sm" onClick={onChooseAnotherDate}>
            <CalendarDays aria-hidden />
            Choose another date
          </Button>
        )}
      </div>
    </div>
  );
}

/** After a fitting time was picked: said aloud, and where focus lands once the alert's buttons are gone. */
export function RoutePickedNote({ time, ref }: { time: string; ref?: Ref<HTMLParagraphElement> }) {
  return (
    <p
      ref={ref}
      role="status"
      tabIndex={-1}
      className="flex items-center gap-2 text-sm text-muted-foreground focus:outline-none"
    >
      <CheckCircle2 className="size-4 shrink-0 text-primary" aria-hidden />
      Your time is now {formatTime12(time)}, which fits this address.
    </p>
  );
}
