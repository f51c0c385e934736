import { css } from '../../../styled-system/css';
import { formatMoney, toMinor } from '../../../shared/money';
import { useSalon } from '../../lib/salon-context';
import { card } from '../../components/styles';
import type { AppointmentCost } from './api';

/** 'Total:' and 'of which payable today:' of the appointment. */
export function Totals({ cost }: { cost: AppointmentCost }) {
  const { salon } = useSalon();
  const money = (major: number) => formatMoney(toMinor(major), salon.currency, salon.country.code);
  const row = css({ display: 'flex', justifyContent: 'space-between', gap: '3' });
  return (
    <dl aria-label="Cost" className={`${card} ${css({ p: '3', mb: '4' })}`}>
      <div className={`${row} ${css({ fontWeight: '700' })}`}>
        <dt>Total:</dt>
        <dd data-testid="total">{money(cost.appointment_cost)}</dd>
      </div>
      <div className={row}>
        <dt>of which payable today:</dt>
        <dd data-testid="pay-today">{money(cost.pay_today)}</dd>
      </div>
    </dl>
  );
}
