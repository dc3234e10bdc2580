/** 'iCal address' or 'CalDAV account': two native radios (arrow keys move between them), styled as tiles. */
import type { CalendarKind } from '@shared/schemas/other-calendar';
import { cn } from '@/lib/utils';
import { CALENDAR_TEXTS } from '../texts';

const CHOICES: { kind: CalendarKind; label: string }[] = [
  { kind: 'ics', label: CALENDAR_TEXTS.kindIcs },
  { kind: 'caldav', label: CALENDAR_TEXTS.kindCaldav },
];

interface CalendarKindChoiceProps {
  name: string;
  value: CalendarKind;
  onChange: (kind: CalendarKind) => void;
  disabled?: boolean;
}

export function CalendarKindChoice({ name, value, onChange, disabled }: CalendarKindChoiceProps) {
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">{CALENDAR_TEXTS.kindLegend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {CHOICES.map(({ kind, label }) => (
          <label
            key={kind}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === kind ? 'border-primary bg-primary/10 font-medium' : 'hover:bg-accent',
            )}
          >
            <input
              type="radio"
              name={name}
              value={kind}
              checked={value === kind}
              onChange={() => onChange(kind)}
              className="size-4 accent-primary"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
