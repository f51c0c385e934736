import { queryOptions } from '@tanstack/react-query';
import type { RedeemInput } from '../../../shared/console/vouchers';
import { answer, salon, salonCalls } from '../lib/api';

export const vouchersKey = (salonId: number) => ['console', salonId, 'vouchers'] as const;

const vouchers = salonCalls.vouchers;

export const voucherQuery = (salonId: number, code: string) =>
  queryOptions({
    queryKey: [...vouchersKey(salonId), 'code', code],
    queryFn: () => answer(vouchers[':code'].$get({ param: { ...salon(salonId), code } })),
    staleTime: 0,
  });

export const soldQuery = (salonId: number, page: number) =>
  queryOptions({
    queryKey: [...vouchersKey(salonId), 'sold', page],
    queryFn: () => answer(vouchers.$get({ param: salon(salonId), query: { page: String(page) } })),
  });

/** A redemption under the till's key: sent again with the same key, it is the same redemption. */
export const redeemVoucher = (salonId: number, code: string, body: RedeemInput, tillKey: string) =>
  answer(
    vouchers[':code'].redemptions.$post({ param: { ...salon(salonId), code }, json: body }, { headers: { 'Idempotency-Key': tillKey } }),
  );
