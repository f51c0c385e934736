import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { linkButton, outlineButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';

/**
 * 'Buy a gift voucher', to /voucher, where the salon sells vouchers online (salon details
 * `vouchers`); nothing otherwise. `quiet`: a link in the text rather than a button.
 */
export function BuyVoucherLink({ quiet = false }: { quiet?: boolean }) {
  const { salon } = useSalon();
  if (!salon.vouchers) return null;
  return (
    <Link to="/voucher" className={quiet ? `${linkButton} ${css({ display: 'inline-block', py: '2' })}` : outlineButton}>
      Buy a gift voucher
    </Link>
  );
}
