/** GET /api/admin/vouchers/settings: her preset amounts, whether massages are offered, months until expiry. */
import { useQuery } from '@tanstack/react-query';
import type { VoucherSettings } from '@shared/schemas/vouchers';
import { getJson } from '@/lib/get-json';

export const VOUCHER_SETTINGS_KEY = ['/api/admin/vouchers/settings'] as const;

export const useVoucherSettings = () =>
  useQuery({
    queryKey: VOUCHER_SETTINGS_KEY,
    queryFn: ({ signal }) => getJson<VoucherSettings>(VOUCHER_SETTINGS_KEY[0], signal),
  });
