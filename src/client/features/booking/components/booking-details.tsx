import type { ReactNode } from 'react';
import { formatCents } from '@shared/money';
import type { Booking } from '@shared/schemas/booking';
import { displayServiceName } from '@shared/service-options';
import { formatLongDate } from '@shared/time';
import { formatTime12 } from '@shared/clock-time';
import { Badge } from '@/components/ui/badge';
import { bookingTotal } from '../booking-request';
import { formatDuration } from '@/lib/format';
import { OUTSIDE_STANDARD_AREA } from '../texts';

type Row = { label: string; value: ReactNode; strong?: boolean };

function DetailRows({ rows }: { rows: Row[] }) {
  return (
    <dl className="divide-y text-sm">
      {rows.map((row) => (
        <div
          key={row.label}
          className="grid gap-1 py-2.5 first:pt-0 last:pb-0 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4"
        >
          <dt className="text-muted-foreground">{row.label}</dt>
          <dd className={row.strong ? 'font-semibold' : 'font-medium'}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The confirmation page's details (docs/product.md §2): travel fee only when above 0. */
export function BookingDetails({ booking }: { booking: Booking }) {
  const rows: Row[] = [
    { label: 'Service', value: displayServiceName(booking.serviceName) },
    { label: 'Duration', value: formatDuration(booking.duration) },
    { label: 'Price', value: <span className="tabular-nums">{formatCents(booking.price)}</span> },
  ];
  if (booking.travelCost > 0) {
    rows.push({ label: 'Travel fee', value: <span className="tabular-nums">{formatCents(booking.travelCost)}</span> });
  }
  rows.push(
    {
      label: 'Total',
      value: <span className="tabular-nums">{formatCents(bookingTotal(booking.price, booking.travelCost))}</span>,
      strong: true,
    },
    { label: 'Date', value: formatLongDate(booking.date) },
    { label: 'Time', value: `${formatTime12(booking.time)} (NZ time)` },
    {
      label: 'Massage location',
      value: (
        <span className="flex flex-col items-start gap-1.5">
          <span className="break-words">{booking.address}</span>
          {booking.isOutsideServiceArea && <Badge variant="warning">{OUTSIDE_STANDARD_AREA}</Badge>}
          {booking.travelUnresolved && (
            <span className="text-xs font-normal text-muted-foreground">
              Any travel fee for this address will be confirmed by email.
            </span>
          )}
        </span>
      ),
    },
  );
  if (booking.hasInjuries && booking.injuryDetails) {
    rows.push({
      label: 'Injury details',
      value: <span className="whitespace-pre-line break-words">{booking.injuryDetails}</span>,
    });
  }
  if (booking.notes) {
    rows.push({ label: 'Your notes', value: <span className="whitespace-pre-line break-words">{booking.notes}</span> });
  }
  return <DetailRows rows={rows} />;
}

/** The cancel page's short summary: name, service, date and time. */
export function BookingBrief({ booking }: { booking: Booking }) {
  return (
    <DetailRows
      rows={[
        { label: 'Name', value: `${booking.firstName} ${booking.lastName}` },
        { label: 'Service', value: `${displayServiceName(booking.serviceName)} (${formatDuration(booking.duration)})` },
        { label: 'Date', value: formatLongDate(booking.date) },
        { label: 'Time', value: `${formatTime12(booking.time)} (NZ time)` },
      ]}
    />
  );
}
