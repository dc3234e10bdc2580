/** GET /api/admin/money?from=&to=&gstPeriod=: her numbers for a period (docs/product.md §18.4), from the server. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DateRange, GstPeriodMonths } from '@shared/money-periods';
import { moneySummaryUrl, type MoneySummary } from '@shared/schemas/money';
import { getJson } from '@/lib/get-json';

export const moneySummaryKey = (range: DateRange, gstPeriod: GstPeriodMonths) =>
  [moneySummaryUrl({ ...range, gstPeriod })] as const;

export const getMoneySummary = (range: DateRange, gstPeriod: GstPeriodMonths, signal?: AbortSignal) =>
  getJson<MoneySummary>(moneySummaryKey(range, gstPeriod)[0], signal);

export function useMoneySummary(range: DateRange, gstPeriod: GstPeriodMonths) {
  return useQuery({
    queryKey: moneySummaryKey(range, gstPeriod),
    queryFn: ({ signal }) => getMoneySummary(range, gstPeriod, signal),
    // Another period keeps the figures on screen (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
  });
}
