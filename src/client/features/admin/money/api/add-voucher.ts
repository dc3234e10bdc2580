/** POST /api/admin/vouchers: a voucher she sold off-line; the answer carries its whole code, this once. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminVoucherCreated, AdminVoucherSaleInput } from '@shared/schemas/vouchers';
import { apiRequest } from '@/lib/api';
import { VOUCHERS_KEY } from './get-vouchers';

export async function addVoucher(input: AdminVoucherSaleInput): Promise<AdminVoucherCreated> {
  const res = await apiRequest('POST', '/api/admin/vouchers', input);
  return (await res.json()) as AdminVoucherCreated;
}

export function useAddVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addVoucher,
    // The list and the Money tab's figures (vouchers sold) both change.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: VOUCHERS_KEY }),
        queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/money?') }),
      ]),
  });
}
