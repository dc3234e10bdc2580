/**
 * The Availability tab (docs/product.md §2): 'Business Hours' on top, then 'Block Specific Dates'
 * beside 'Blocked Dates' (below it on a phone), then her 'Other calendars' (docs/product.md §11). Dates are
 * Pacific/Auckland whatever the browser's zone.
 */
import { useMemo, useState } from 'react';
import { nzToday } from '@shared/time';
import { sortBlockedDates } from '../availability-rules';
import { useBlockedDates } from '../api/get-blocked-dates';
import { BlockDateSection } from './block-date-section';
import { BlockedDatesList } from './blocked-dates-list';
import { BusinessHoursSection } from './business-hours-section';
import { OtherCalendarsSection } from './other-calendars-section';

export function AvailabilityTab() {
  const [today] = useState(() => nzToday());
  const query = useBlockedDates();
  const blocked = useMemo(() => sortBlockedDates(query.data ?? []), [query.data]);

  return (
    <div className="flex flex-col gap-6">
      <BusinessHoursSection />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(18rem,24rem)] xl:items-start">
        <BlockDateSection today={today} blocked={blocked} loading={query.isPending} />
        <BlockedDatesList blocked={blocked} loading={query.isPending} failed={query.isError} />
      </div>
      <OtherCalendarsSection />
    </div>
  );
}
