import { useSalon } from '../../lib/salon-context';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { MSG_VOUCHER_NOT_FOUND, SESSION_ID, type VoucherFromSession } from '../../../shared/vouchers';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { outlineButton } from '../../components/styles';
import { voucherQuery } from './api';

/** BACK TO HOME: to the salon's start. */
export function BackToHome({ className = outlineButton }: { className?: string }) {
  return (
    <Link to="/" className={className}>
      BACK TO HOME
    </Link>
  );
}

/** An unknown, unpaid or malformed session: the spec's message as the heading, and BACK TO HOME. */
function VoucherNotFound() {
  return (
    <>
      <PageTitle back={false}>{MSG_VOUCHER_NOT_FOUND}</PageTitle>
      <div className={css({ display: 'flex', mt: '2' })}>
        <BackToHome />
      </div>
    </>
  );
}

/**
 * The voucher of the page's `?session_id=` (a Stripe Checkout Session): its screen once loaded,
 * the not-found message for a session that bought none (a malformed id is not even asked for).
 */
export function VoucherGate({ children }: { children: (voucher: VoucherFromSession, sessionId: string) => ReactNode }) {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const valid = SESSION_ID.test(sessionId);
  const { salon } = useSalon();
  const voucher = useQuery(voucherQuery(salon.id, sessionId, valid));
  if (!valid) return <VoucherNotFound />;
  if (voucher.data) return children(voucher.data, sessionId);
  if (!voucher.isError) return <Loading what="your voucher" />;
  if (voucher.error.status === 404) return <VoucherNotFound />;
  return <CallFailed message={voucher.error.message} onRetry={() => void voucher.refetch()} />;
}
