/** The side column's counters (docs/product.md §2): confirmed today and from today on, '...' while loading. */
import { CalendarCheck, CalendarClock } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { Card } from '@/components/ui/card';
import { useBookingSummary } from '../api/get-booking-summary';

function Counter({
  label,
  hint,
  value,
  icon: Icon,
}: {
  label: string;
  hint: string;
  value: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}) {
  return (
    <Card className="flex flex-col gap-1 p-4">
      <span className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
        {label}
        <Icon className="size-4 text-primary" aria-hidden />
      </span>
      <span className="text-3xl font-semibold tabular-nums">{value}</span>
      <span className="text-xs text-muted-foreground">{hint}</span>
    </Card>
  );
}

export function AppointmentCounters() {
  const summary = useBookingSummary();
  const show = (n: number | undefined) =>
    summary.isPending ? '...' : summary.isError || n === undefined ? '–' : String(n);
  return (
    <section
      aria-label="Appointment counts"
      className="grid grid-cols-2 gap-4"
      aria-busy={summary.isPending || undefined}
    >
      <Counter label="Today" hint="Confirmed for today" value={show(summary.data?.today)} icon={CalendarCheck} />
      <Counter
        label="Upcoming"
        hint="Confirmed from today on"
        value={show(summary.data?.upcoming)}
        icon={CalendarClock}
      />
    </section>
  );
}
