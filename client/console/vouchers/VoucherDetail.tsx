import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '../../components/Field';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import { appointmentNo, typedAppointmentNumber } from '../../../shared/console/appointment-number';
import { redeemSchema, type DeskVoucherDetail, type RedeemInput, type VoucherState } from '../../../shared/console/vouchers';
import { fieldInput } from '../../components/form-styles';
import { primaryButton } from '../../components/styles';
import { sectionBox, sectionTitle, table } from '../ui/looks';
import { tableScroll } from '../ui/table-scroll';
import { FormAlert } from '../ui/Field';
import { dayOf, moneyOf, salonTime } from '../lib/salon-facts';
import { ApiError } from '../lib/api';
import { useFormMutation } from '../lib/form-mutation';
import { redeemVoucher, voucherQuery, vouchersKey } from './api';

export const STATE_WORDS: Record<VoucherState, string> = { active: 'Active', used: 'Used up', expired: 'Expired' };

const facts = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, auto)' },
  gap: '3',
  mb: '4',
  '& dt': { color: 'textMuted', fontSize: 'sm' },
  '& dd': { fontWeight: '600', overflowWrap: 'anywhere' },
});

/** One voucher: what it is worth now, taking some of it, and what was taken before. */
export function VoucherDetail({ salonId, voucher: v, timezone }: { salonId: number; voucher: DeskVoucherDetail; timezone: string }) {
  return (
    <section aria-labelledby="voucher-found" className={sectionBox}>
      <h2 id="voucher-found" className={sectionTitle}>
        Voucher <span className={css({ fontFamily: 'mono' })}>{v.code}</span>
      </h2>
      <dl className={facts}>
        <div>
          <dt>Balance</dt>
          <dd aria-label={`Balance ${moneyOf(v.balance, v.currency)}`} className={css({ fontSize: 'xl' })}>
            {moneyOf(v.balance, v.currency)}
          </dd>
        </div>
        <div>
          <dt>Bought for</dt>
          <dd>{moneyOf(v.amount, v.currency)}</dd>
        </div>
        <div>
          <dt>{v.state === 'expired' ? 'Expired on' : 'Use by'}</dt>
          <dd>{dayOf(v.expiry_date)}</dd>
        </div>
        <div>
          <dt>Bought by</dt>
          <dd>{v.purchaser_email}</dd>
        </div>
      </dl>
      {v.state === 'active' ? (
        <Redeem salonId={salonId} voucher={v} />
      ) : (
        <p role="status" className={css({ mb: '4', fontWeight: '600' })}>
          {v.state === 'used' ? 'This voucher has been used up.' : 'This voucher has expired and cannot be used.'}
        </p>
      )}
      <h3 className={css({ fontWeight: '700', mb: '2' })}>Redemptions</h3>
      {v.redemptions.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <div className={tableScroll}>
          <table className={table}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Taken</th>
                <th scope="col">Left</th>
                <th scope="col">For</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {v.redemptions.map((r) => (
                <tr key={r.id}>
                  <td>{salonTime(r.created_at, timezone)}</td>
                  <td>{moneyOf(r.amount, v.currency)}</td>
                  <td>{moneyOf(r.balance, v.currency)}</td>
                  <td>{r.appointment_number ? `Appointment ${appointmentNo(r.appointment_number)}` : 'At the till'}</td>
                  <td>{r.staff_name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Redeem({ salonId, voucher: v }: { salonId: number; voucher: DeskVoucherDetail }) {
  const queries = useQueryClient();
  // The till's key for this redemption: a resend after a lost answer is the same redemption.
  const tillKey = useRef(crypto.randomUUID());
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<RedeemInput>({ resolver: zodResolver(redeemSchema), defaultValues: { appointment_number: null } });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useFormMutation(form, {
    mutationFn: (body) => {
      setDone(null);
      return redeemVoucher(salonId, v.code, body, tillKey.current);
    },
    onSuccess: (a) => {
      tillKey.current = crypto.randomUUID();
      queries.setQueryData(voucherQuery(salonId, v.code).queryKey, a.voucher);
      void queries.invalidateQueries({ queryKey: [...vouchersKey(salonId), 'sold'] });
      setDone(`${moneyOf(a.redemption.amount, v.currency)} taken. ${moneyOf(a.voucher.balance, v.currency)} left on the voucher.`);
      form.reset({ appointment_number: null });
    },
    onError: (e) => {
      if (!(e instanceof ApiError)) return;
      // refused: nothing was taken, so the next try is a new redemption
      if (e.status >= 400 && e.status < 500) tillKey.current = crypto.randomUUID();
      if (e.status === 409) void queries.invalidateQueries({ queryKey: voucherQuery(salonId, v.code).queryKey });
    },
    fieldOf: (f) => (f === 'amount' || f === 'appointment_number' ? f : null),
  });
  return (
    <form onSubmit={submit} noValidate className={css({ mb: '5', maxW: '480px' })} aria-label="Redeem">
      <Field label={`Amount to take (${v.currency})`} hint={`Up to ${moneyOf(v.balance, v.currency)}`} error={errors.amount?.message}>
        {(a) => <input {...a} {...form.register('amount', { valueAsNumber: true })} inputMode="decimal" className={fieldInput} />}
      </Field>
      <Field
        label="Appointment number (optional)"
        hint="The appointment it pays for, such as 12 for No. 12 in the diary; leave it empty for a sale at the till"
        error={errors.appointment_number?.message}
      >
        {(a) => (
          <input
            {...a}
            {...form.register('appointment_number', { setValueAs: typedAppointmentNumber })}
            inputMode="numeric"
            className={fieldInput}
          />
        )}
      </Field>
      {failure && <FormAlert>{failure}</FormAlert>}
      {done && (
        <p role="status" className={css({ mb: '3', fontWeight: '600' })}>
          {done}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={isSubmitting}>
        {isSubmitting ? 'Redeeming…' : 'Redeem'}
      </button>
    </form>
  );
}
