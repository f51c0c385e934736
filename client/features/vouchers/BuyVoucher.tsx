import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Navigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { formatMoney, toMinor } from '../../../shared/money';
import type { VoucherCheckoutRequest, VoucherOffer } from '../../../shared/vouchers';
import { PageTitle } from '../../components/PageTitle';
import { StickyNext } from '../../components/StickyNext';
import { FormTextField } from '../../components/FormFields';
import { ApiError } from '../../lib/api';
import { useSalon } from '../../lib/salon-context';
import { useAuth } from '../auth';
import { startCheckout } from './api';
import { AmountPicker } from './AmountPicker';
import { amountOf } from './rules';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';
import { AMOUNT_MISSING, buyVoucherForm, type BuyVoucherFormValues } from './buy-form';

/** /voucher: what the salon sells; without vouchers the client goes back to the start. */
export function BuyVoucher() {
  const { salon } = useSalon();
  if (!salon.vouchers) return <Navigate to="/" replace />;
  return <BuyVoucherForm offer={salon.vouchers} />;
}

/** The server's refusal: under the field it names, or above PAY (kept apart from the form's own checks, so PAY stays as they say). */
interface Refusal {
  choice?: string;
  email?: string;
  other?: string;
}

function refusalOf(e: unknown): Refusal {
  if (!(e instanceof ApiError)) return { other: String(e) };
  if (e.field === 'amount') return { choice: e.message };
  if (e.field === 'purchaser_email') return { email: e.message };
  return { other: e.message };
}

/** An amount, the purchaser's email and PAY, which sends the browser to Stripe Checkout. */
function BuyVoucherForm({ offer }: { offer: VoucherOffer }) {
  const { salon } = useSalon();
  const { user } = useAuth();
  const schema = useMemo(() => buyVoucherForm(offer, salon.currency, salon.country.code), [offer, salon.currency, salon.country.code]);
  const form = useForm<BuyVoucherFormValues, unknown, VoucherCheckoutRequest>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    shouldFocusError: false,
    defaultValues: { choice: offer.amounts.length === 0 && offer.custom ? { kind: 'custom', text: '' } : null, email: user?.email ?? '' },
  });
  const { errors, touchedFields, isValid } = form.formState;
  // Until the client types one, the logged-in client's email fills it, even when the session is restored late.
  const typed = useRef(false);
  const { setValue } = form;
  useEffect(() => {
    if (user?.email && !typed.current) setValue('email', user.email, { shouldValidate: true });
  }, [user?.email, setValue]);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>({});
  const idempotency = useIdempotencyKey();

  const chosen = amountOf(offer, form.watch('choice'), salon.currency, salon.country.code);
  // A field's problem shows once it was left; the server's refusal of it at once, until it changes.
  const shown = (f: 'choice' | 'email') => {
    const message = errors[f]?.message;
    return refusal[f] ?? (touchedFields[f] && message !== AMOUNT_MISSING ? message : null);
  };
  const months = offer.validity_months;

  const pay = async (body: VoucherCheckoutRequest) => {
    setBusy(true);
    setRefusal({});
    try {
      const checkout = await startCheckout(salon.id, body, idempotency.forPress(body));
      idempotency.answered();
      window.location.assign(checkout.url);
    } catch (e) {
      // No answer (offline, time-out): the next press retries this one with the same key.
      if (!(e instanceof ApiError && e.status === 0)) idempotency.answered();
      setRefusal(refusalOf(e));
      setBusy(false);
    }
  };

  return (
    <>
      <PageTitle>Buy a gift voucher</PageTitle>
      <p className={css({ mb: '4', color: 'textMuted' })}>
        Valid for {months} {months === 1 ? 'month' : 'months'}
      </p>
      <Controller
        control={form.control}
        name="choice"
        render={({ field }) => (
          <AmountPicker
            offer={offer}
            choice={field.value}
            onChoose={(c) => {
              field.onChange(c);
              setRefusal((r) => ({ ...r, choice: undefined }));
            }}
            onCustomBlur={field.onBlur}
            error={shown('choice')}
          />
        )}
      />
      <FormTextField
        control={form.control}
        name="email"
        label="Your email address"
        type="email"
        autoComplete="email"
        hint="We'll send the voucher here"
        onEdit={() => {
          typed.current = true;
          setRefusal((r) => ({ ...r, email: undefined }));
        }}
        error={shown('email')}
      />
      {refusal.other && (
        <p role="alert" className={css({ color: 'danger', mb: '3' })}>
          {refusal.other}
        </p>
      )}
      <StickyNext label="PAY" ariaLabel="Payment" disabled={busy || !isValid} onNext={() => void form.handleSubmit(pay)()}>
        {chosen.amount !== null && (
          <span className={css({ fontWeight: '700' })}>{formatMoney(toMinor(chosen.amount), salon.currency, salon.country.code)}</span>
        )}
      </StickyNext>
    </>
  );
}
