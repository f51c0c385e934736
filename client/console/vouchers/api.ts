import { queryOptions } from '@tanstack/react-query';
import type { DeskVoucherDetail, RedeemAnswer, RedeemInput, SoldVouchers } from '../../../shared/console/vouchers';
import { staffCall } from '../lib/api';

export const vouchersKey = (salonId: number) => ['console', salonId, 'vouchers'] as const;

export const voucherQuery = (salonId: number, code: string) =>
  queryOptions({
    queryKey: [...vouchersKey(salonId), 'code', code],
    queryFn: () => staffCall<DeskVoucherDetail>(`salons/${salonId}/vouchers/${encodeURIComponent(code)}`),
    staleTime: 0,
  });

export const soldQuery = (salonId: number, page: number) =>
  queryOptions({
    queryKey: [...vouchersKey(salonId), 'sold', page],
    queryFn: () => staffCall<SoldVouchers>(`salons/${salonId}/vouchers?page=${page}`),
  });

/** A redemption under the till's key: sent again with the same key, it is the same redemption. */
export const redeemVoucher = (salonId: number, code: string, body: RedeemInput, tillKey: string) =>
  staffCall<RedeemAnswer>(`salons/${salonId}/vouchers/${encodeURIComponent(code)}/redemptions`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': tillKey },
  });
