/**
 * Step 3's route check (docs/product.md §10): a visitor who skipped step 2's address, or typed another one
 * here, may have chosen a time the therapist cannot drive to this address for. The chosen date's
 * times are asked for again with this address (debounced as the travel quote); when the chosen
 * time is not among them, the nearest that are. The server refuses such a booking anyway (409
 * ROUTE_DOES_NOT_FIT): this says so before submitting.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dayAvailabilityQueryOptions } from './api/get-day-availability';
import { addressToCheck, misfitOf } from './route-fit';
import { useDebouncedValue } from './use-debounced-value';
import { quoteNow, TRAVEL_DEBOUNCE_MS } from './use-travel-quote';

/** An answer this fresh is reused on submit rather than asked again. */
const CHECK_STALE_MS = 5_000;

interface RouteCheckInput {
  date: string | null;
  time: string | null;
  duration: number;
  /** Step 3's address field, as typed. */
  address: string;
  /** The time chosen in step 2 and the address its times were asked for (null: none given). */
  timesFor: TimesFor | null;
}

export interface TimesFor {
  address: string | null;
  time: string;
}

export function useRouteCheck({ date, time, duration, address, timesFor }: RouteCheckInput) {
  const queryClient = useQueryClient();
  const current = address.trim();
  const debounced = useDebouncedValue(current, TRAVEL_DEBOUNCE_MS);
  // Step 2 vouches for its own time only: a time picked here is checked against any address.
  const vouchedFor = timesFor !== null && timesFor.time === time ? timesFor.address : null;
  const checked = addressToCheck(debounced, vouchedFor);
  const query = useQuery({
    ...dayAvailabilityQueryOptions(date ?? '', duration, checked),
    enabled: checked !== null && date !== null,
    staleTime: CHECK_STALE_MS,
  });
  // Still typing: the last answer belongs to another address.
  const fitting = checked !== null && debounced === current ? misfitOf(query.data, time) : null;
  // Why it does not fit, in the server's answer for that date (docs/product.md §19); undefined: the time is not free
  // any more.
  const cause = fitting !== null && time !== null ? query.data?.routeMisfits?.[time] : undefined;

  /**
   * On submit: whether the time fits exactly the submitted address, asked now when not known.
   * A refused address (beyond the service area) is the travel check's to refuse; a failed
   * question leaves it to the server.
   */
  const fitsNow = async (submitted: string): Promise<boolean> => {
    const toCheck = addressToCheck(submitted, vouchedFor);
    if (toCheck === null || date === null || time === null) return true;
    if ((await quoteNow(queryClient, submitted))?.refused) return true;
    try {
      const answer = await queryClient.fetchQuery({
        ...dayAvailabilityQueryOptions(date, duration, toCheck),
        staleTime: CHECK_STALE_MS,
      });
      return misfitOf(answer, time) === null;
    } catch {
      return true;
    }
  };

  /**
   * fitting: null when the chosen time fits (or nothing is known yet), else up to 3 nearest times that do ([] none);
   * cause: why it does not.
   */
  return { fitting, cause, fitsNow };
}
