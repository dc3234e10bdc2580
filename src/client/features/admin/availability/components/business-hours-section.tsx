/**
 * 'Business Hours' (docs/product.md §2, §4, §5): seven day cards, Sunday to Saturday, each with an
 * Open/Closed switch and, when open, start and end selects. Every change is saved at once; one
 * that leaves active bookings outside the hours is held behind the warning dialog first.
 */
import { Clock } from 'lucide-react';
import { useState } from 'react';
import type { BusinessHoursInput } from '@shared/schemas/hours';
import { nzToday } from '@shared/time';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useBusinessHours } from '@/lib/queries/get-business-hours';
import { toast } from '@/lib/toast';
import { serverMessage } from '../../shared/action-errors';
import { changedHours, findHoursConflicts, weekHours, type DayHours } from '../availability-rules';
import { useSaveBusinessHours } from '../api/save-business-hours';
import { TEXTS, TOASTS } from '../texts';
import { useConflictGuard } from '../use-conflict-guard';
import { ConflictDialog } from './conflict-dialog';
import { DayHoursCard } from './day-hours-card';

function describeChange(day: DayHours, next: BusinessHoursInput): string {
  return next.isOpen
    ? `New ${day.name} hours leave these bookings outside them.`
    : `Closing ${day.name} leaves these bookings on a closed day.`;
}

export function BusinessHoursSection() {
  const hours = useBusinessHours();
  const save = useSaveBusinessHours();
  const { held, guard, confirm, cancel } = useConflictGuard();
  // The change being checked or saved, shown at once so the switch and selects do not jump back.
  const [draft, setDraft] = useState<BusinessHoursInput | null>(null);
  const days = weekHours(hours.data);

  const commit = (next: BusinessHoursInput) =>
    save.mutate(next, {
      onSuccess: () => toast(TOASTS.hoursSaved),
      onError: (error) =>
        toast({ title: 'Error', description: serverMessage(error) ?? TOASTS.hoursFailed, variant: 'destructive' }),
      onSettled: () => setDraft(null),
    });

  const change = (day: DayHours, patch: Partial<BusinessHoursInput>) => {
    const existed = hours.data?.some((e) => e.dayOfWeek === day.dayOfWeek) ?? false;
    const next = changedHours(day, patch, existed);
    setDraft(next);
    const today = nzToday();
    void guard(
      describeChange(day, next),
      (bookings) => findHoursConflicts(bookings, next, today),
      () => commit(next),
      () => setDraft(null),
    );
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight">
          <Clock className="size-5 text-primary" aria-hidden />
          {TEXTS.hoursTitle}
        </h2>
        <CardDescription>Changes are saved as you make them. Times are NZ time.</CardDescription>
      </CardHeader>
      <CardContent>
        {hours.isPending ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4" role="status" aria-busy="true">
            <span className="sr-only">Loading business hours</span>
            {Array.from({ length: 7 }, (_, i) => (
              <Skeleton key={i} className="h-32" />
            ))}
          </div>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4" aria-label={TEXTS.hoursTitle}>
            {days.map((day) => (
              <li key={day.dayOfWeek}>
                <DayHoursCard
                  day={draft?.dayOfWeek === day.dayOfWeek ? { ...day, ...draft } : day}
                  busy={draft?.dayOfWeek === day.dayOfWeek}
                  onChange={(patch) => change(day, patch)}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConflictDialog held={held} onConfirm={confirm} onCancel={cancel} />
    </Card>
  );
}
