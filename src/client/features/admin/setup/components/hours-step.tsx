/**
 * Guided setup (d): her weekly hours (New Zealand time), one row per weekday, saved with the Availability tab's call
 * (POST /api/business-hours, each day). A week with no open day starts as weekdays 9:00-17:00.
 */
import { useState, type FormEvent } from 'react';
import type { BusinessHours, BusinessHoursInput } from '@shared/schemas/hours';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useBusinessHours } from '@/lib/queries/get-business-hours';
import { useSaveWeekHours } from '../api/save-week-hours';
import { stepErrors } from '../server-errors';
import { StepFrame } from './step-frame';

const DAYS = [
  { dayOfWeek: 1, name: 'Monday' },
  { dayOfWeek: 2, name: 'Tuesday' },
  { dayOfWeek: 3, name: 'Wednesday' },
  { dayOfWeek: 4, name: 'Thursday' },
  { dayOfWeek: 5, name: 'Friday' },
  { dayOfWeek: 6, name: 'Saturday' },
  { dayOfWeek: 0, name: 'Sunday' },
] as const;

/** The week as saved, or weekdays 9-5 when nothing is open yet (a new install). */
export function startingWeek(saved: BusinessHours[] | undefined): BusinessHoursInput[] {
  const anyOpen = saved?.some((d) => d.isOpen) ?? false;
  return DAYS.map(({ dayOfWeek }) => {
    const day = saved?.find((d) => d.dayOfWeek === dayOfWeek);
    if (anyOpen && day) return { dayOfWeek, isOpen: day.isOpen, openTime: day.openTime, closeTime: day.closeTime };
    return { dayOfWeek, isOpen: dayOfWeek >= 1 && dayOfWeek <= 5, openTime: '09:00', closeTime: '17:00' };
  });
}

export function HoursStep({ practiceName, onNext }: { practiceName: string | undefined; onNext: () => void }) {
  const hours = useBusinessHours();
  // Read once: the saved week arrives with the page (seeded), or a moment later.
  if (hours.isPending) return null;
  return <HoursForm key="week" initial={startingWeek(hours.data)} practiceName={practiceName} onNext={onNext} />;
}

function HoursForm({
  initial,
  practiceName,
  onNext,
}: {
  initial: BusinessHoursInput[];
  practiceName: string | undefined;
  onNext: () => void;
}) {
  const [week, setWeek] = useState(initial);
  const [problems, setProblems] = useState<Record<number, string>>({});
  const save = useSaveWeekHours();
  const refusal = save.isError ? stepErrors(save.error, {}) : null;
  const change = (dayOfWeek: number, part: Partial<BusinessHoursInput>) =>
    setWeek((w) => w.map((d) => (d.dayOfWeek === dayOfWeek ? { ...d, ...part } : d)));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<number, string> = {};
    for (const d of week)
      if (d.isOpen && !(d.closeTime > d.openTime)) found[d.dayOfWeek] = 'End time must be after start time';
    setProblems(found);
    if (Object.keys(found).length === 0) save.mutate(week, { onSuccess: onNext });
  };

  return (
    <StepFrame
      step="hours"
      practiceName={practiceName}
      description="The hours clients can book, New Zealand time. You can block single days and change these later in Availability."
      onSubmit={submit}
      onLater={onNext}
      submitLabel="Save and continue"
      pendingLabel="Saving..."
      pending={save.isPending}
      formError={refusal?.form ?? null}
    >
      <ul aria-label="Weekly hours" className="grid gap-3">
        {DAYS.map(({ dayOfWeek, name }) => {
          const day = week.find((d) => d.dayOfWeek === dayOfWeek)!;
          const problem = problems[dayOfWeek];
          const id = `setup-hours-${dayOfWeek}`;
          return (
            <li
              key={dayOfWeek}
              className="grid gap-2 rounded-md border px-2.5 py-3 sm:grid-cols-[9rem_1fr] sm:items-center sm:px-3"
            >
              <div className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-open`}
                  checked={day.isOpen}
                  onCheckedChange={(checked) => change(dayOfWeek, { isOpen: checked === true })}
                />
                <Label htmlFor={`${id}-open`}>{name}</Label>
              </div>
              {day.isOpen ? (
                <div className="flex flex-wrap items-center gap-x-1.5 gap-y-1 sm:gap-x-2">
                  <Input
                    type="time"
                    step={900}
                    aria-label={`${name} from`}
                    className="w-0 min-w-0 flex-1 px-2 sm:w-32 sm:flex-none sm:px-3"
                    value={day.openTime}
                    aria-invalid={problem ? true : undefined}
                    onChange={(e) => change(dayOfWeek, { openTime: e.target.value })}
                  />
                  <span className="text-sm text-muted-foreground" aria-hidden>
                    <span className="sm:hidden">–</span>
                    <span className="hidden sm:inline">to</span>
                  </span>
                  <Input
                    type="time"
                    step={900}
                    aria-label={`${name} to`}
                    className="w-0 min-w-0 flex-1 px-2 sm:w-32 sm:flex-none sm:px-3"
                    value={day.closeTime}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${id}-error` : undefined}
                    onChange={(e) => change(dayOfWeek, { closeTime: e.target.value })}
                  />
                  {problem && (
                    <p id={`${id}-error`} className="basis-full text-sm font-medium text-destructive">
                      {problem}
                    </p>
                  )}
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">Closed</p>
              )}
            </li>
          );
        })}
      </ul>
    </StepFrame>
  );
}
