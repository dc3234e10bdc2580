/** GET /api/admin/vouchers: every gift voucher issued, newest first, with what is left on each (docs/product.md §18.5).
 * */
import { useQuery } from '@tanstack/react-query';
import type { AdminVouchers } from '@shared/schemas/vouchers';
import { getJson } from '@/lib/get-json';

export const VOUCHERS_KEY = ['/api/admin/vouchers'] as const;

export const useVouchers = () =>
  useQuery({ queryKey: VOUCHERS_KEY, queryFn: ({ signal }) => getJson<AdminVouchers>(VOUCHERS_KEY[0], signal) });
