import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { formatMoney, toMinor } from '../../../shared/money';
import type { VoucherFromSession } from '../../../shared/vouchers';
import { PageTitle } from '../../components/PageTitle';
import { card, primaryButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { fullDate } from '../../lib/salon-time';
import { VoucherCode } from './VoucherCode';
import { BackToHome, VoucherGate } from './VoucherGate';

/** /voucher/confirmation?session_id=: where Stripe Checkout comes back after the payment. */
export function VoucherConfirmation() {
  return <VoucherGate>{(voucher, sessionId) => <Confirmed voucher={voucher} sessionId={sessionId} />}</VoucherGate>;
}

const term = css({ fontSize: 'sm', color: 'textMuted', mt: '3' });
const value = css({ fontWeight: '600', overflowWrap: 'anywhere' });

/** The code, amount, expiry, the salon's address and the purchaser's email; SEND TO RECIPIENT and BACK TO HOME. */
function Confirmed({ voucher, sessionId }: { voucher: VoucherFromSession; sessionId: string }) {
  const { salon } = useSalon();
  const address = [salon.address_line_1, salon.address_line_2, salon.city, salon.postcode].filter(Boolean);
  return (
    <>
      <PageTitle back={false}>Payment successful! Your voucher has been sent.</PageTitle>
      <VoucherCode code={voucher.voucher_code} />
      <dl className={`${card} ${css({ p: '4', mb: '4' })}`}>
        <dt className={css({ fontSize: 'sm', color: 'textMuted' })}>Amount</dt>
        <dd className={value}>{formatMoney(toMinor(voucher.amount), salon.currency, salon.country.code)}</dd>
        <dt className={term}>Expiry date</dt>
        <dd className={value}>{fullDate(voucher.expiry_date)}</dd>
        <dt className={term}>Salon</dt>
        <dd className={value}>
          {salon.name}
          {address.map((line) => (
            <span key={line} className={css({ display: 'block', fontWeight: '400' })}>
              {line}
            </span>
          ))}
        </dd>
        <dt className={term}>Purchased by</dt>
        <dd className={value}>{voucher.purchased_by_client_email}</dd>
      </dl>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <Link to={`/voucher/send?session_id=${encodeURIComponent(sessionId)}`} className={primaryButton}>
          SEND TO RECIPIENT
        </Link>
        <BackToHome />
      </div>
    </>
  );
}
