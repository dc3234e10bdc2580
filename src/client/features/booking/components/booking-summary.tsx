import { formatCents } from '@shared/money';
import type { DurationOption } from '@shared/schemas/service';
import { formatTime12 } from '@shared/clock-time';
import { bookingTotal, travelFeeOf } from '../booking-request';
import { dayLabel, formatDuration, formatTravelFee } from '@/lib/format';
import type { TravelState } from '../use-travel-quote';

interface BookingSummaryProps {
  serviceName: string;
  option: DurationOption;
  date: string | null;
  time: string | null;
  travel: TravelState;
}

function travelFeeText(travel: TravelState): string {
  switch (travel.kind) {
    case 'idle':
      return 'From your address';
    case 'loading':
      return 'Calculating…';
    case 'error':
      return 'To be confirmed';
    case 'ready':
      if (travel.quote.refused) return 'Not available';
      if (travel.quote.unresolved) return 'To be confirmed';
      return formatTravelFee(travel.quote.travelCost);
  }
}

/** The step 3 summary (service, duration, price, travel fee, total). */
export function BookingSummary({ serviceName, option, date, time, travel }: BookingSummaryProps) {
  const quote = travel.kind === 'ready' ? travel.quote : null;
  const fee = travelFeeOf(quote);
  const feeKnown = quote !== null && !quote.refused && !quote.unresolved;
  const rows: [string, string][] = [
    ['Service', serviceName],
    ['Duration', formatDuration(option.duration)],
  ];
  if (date) rows.push(['Date', dayLabel(date)]);
  if (time) rows.push(['Time', `${formatTime12(time)} (NZ time)`]);
  rows.push(['Price', formatCents(option.price)], ['Travel fee', travelFeeText(travel)]);

  return (
    <section aria-labelledby="booking-summary-heading" className="rounded-lg border bg-muted/40 p-5">
      <h3 id="booking-summary-heading" className="text-base font-semibold">
        Booking summary
      </h3>
      <dl className="mt-4 space-y-2.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right font-medium tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t pt-3 text-base">
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold tabular-nums">{formatCents(bookingTotal(option.price, fee))}</dd>
        </div>
      </dl>
      {!feeKnown && !quote?.refused && (
        <p className="mt-2 text-xs text-muted-foreground">Plus any travel fee for your address.</p>
      )}
    </section>
  );
}
