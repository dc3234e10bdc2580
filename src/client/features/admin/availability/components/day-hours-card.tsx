/** One day of 'Business Hours': its name, the Open/Closed switch and, when open, start and end. */
import { Loader2 } from 'lucide-react';
import { useId } from 'react';
import type { BusinessHoursInput } from '@shared/schemas/hours';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { endChoices, timeChoices, type DayHours } from '../availability-rules';
import { TEXTS } from '../texts';
import { TimeSelect } from './time-select';

const START_CHOICES = timeChoices();

interface DayHoursCardProps {
  day: DayHours;
  busy: boolean;
  onChange: (patch: Partial<BusinessHoursInput>) => void;
}

export function DayHoursCard({ day, busy, onChange }: DayHoursCardProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-name`}
      aria-busy={busy || undefined}
      className={cn('flex h-full flex-col gap-3 rounded-lg border p-4', day.isOpen ? 'bg-background' : 'bg-muted/50')}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={`${id}-name`} className="flex items-center gap-2 font-semibold">
          {day.name}
          {busy && <Loader2 className="size-4 animate-spin text-muted-foreground" aria-label="Saving" />}
        </h3>
        <div className="flex items-center gap-2">
          <Label htmlFor={`${id}-open`} className={cn('text-sm', !day.isOpen && 'text-muted-foreground')}>
            {day.isOpen ? TEXTS.open : TEXTS.closed}
          </Label>
          <Switch
            id={`${id}-open`}
            aria-label={`${day.name} open`}
            checked={day.isOpen}
            onCheckedChange={(isOpen) => onChange({ isOpen })}
          />
        </div>
      </div>
      {day.isOpen ? (
        <div className="flex gap-3">
          <TimeSelect
            id={`${id}-start`}
            label="Start"
            value={day.openTime}
            choices={START_CHOICES}
            onChange={(openTime) => onChange({ openTime })}
          />
          <TimeSelect
            id={`${id}-end`}
            label="End"
            value={day.closeTime}
            choices={endChoices(day.openTime)}
            onChange={(closeTime) => onChange({ closeTime })}
          />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Not taking bookings</p>
      )}
    </section>
  );
}
