/** GET /api/vouchers/{code}: what is left on a voucher and until when (limited per address; nothing about who). */
import { useMutation } from '@tanstack/react-query';
import type { VoucherLookup } from '@shared/schemas/vouchers';
import { getJson } from '@/lib/get-json';

export const lookupVoucher = (code: string) => getJson<VoucherLookup>(`/api/vouchers/${encodeURIComponent(code)}`);

/** A mutation, not a query: each check is a deliberate press, counted by the server's limit. */
export const useLookupVoucher = () => useMutation({ mutationFn: lookupVoucher });
