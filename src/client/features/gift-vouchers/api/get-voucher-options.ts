/** GET /api/vouchers/options: what the Gift vouchers page offers (her amounts, the massages at their prices). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VoucherOptions } from '@shared/schemas/vouchers';
import { getJson } from '@/lib/get-json';

export const voucherOptionsQuery = queryOptions({
  queryKey: ['/api/vouchers/options'],
  queryFn: ({ signal }) => getJson<VoucherOptions>('/api/vouchers/options', signal),
  staleTime: 5 * 60_000,
});

export const useVoucherOptions = () => useQuery(voucherOptionsQuery);
