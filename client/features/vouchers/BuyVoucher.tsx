import { useState } from 'react';
import { Navigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { formatMoney, toMinor } from '../../../shared/money';
import type { VoucherOffer } from '../../../shared/vouchers';
import { PageTitle } from '../../components/PageTitle';
import { StickyNext } from '../../components/StickyNext';
import { TextField } from '../../components/TextField';
import { CallError } from '../../lib/api';
import { useSalon } from '../../lib/salon-context';
import { useAuth } from '../auth';
import { startCheckout } from './api';
import { AmountPicker } from './AmountPicker';
import { amountOf, emailError, type AmountChoice } from './rules';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';

/** /voucher: what the salon sells; without vouchers the client goes back to the start. */
export function BuyVoucher() {
  const { salon } = useSalon();
  if (!salon.vouchers) return <Navigate to="/" replace />;
  return <BuyVoucherForm offer={salon.vouchers} />;
}

/** The server's refusal: under the field it names, or above PAY. */
interface Refusal {
  amount?: string;
  purchaser_email?: string;
  other?: string;
}

function refusalOf(e: unknown): Refusal {
  if (!(e instanceof CallError)) return { other: String(e) };
  if (e.field === 'amount' || e.field === 'purchaser_email') return { [e.field]: e.message };
  return { other: e.message };
}

/** An amount, the purchaser's email and PAY, which sends the browser to Stripe Checkout. */
function BuyVoucherForm({ offer }: { offer: VoucherOffer }) {
  const { salon } = useSalon();
  const { user } = useAuth();
  const [choice, setChoice] = useState<AmountChoice>(offer.amounts.length === 0 && offer.custom ? { kind: 'custom', text: '' } : null);
  const [customLeft, setCustomLeft] = useState(false);
  // null until typed: the logged-in client's email fills it, even when the session is restored late.
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const [emailLeft, setEmailLeft] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>({});
  const idempotency = useIdempotencyKey();

  const email = typedEmail ?? user?.email ?? '';
  const chosen = amountOf(offer, choice, salon.currency, salon.country.code);
  const badEmail = emailError(email);
  const amountProblem = refusal.amount ?? (customLeft ? chosen.error : null);
  const emailProblem = refusal.purchaser_email ?? (emailLeft ? badEmail : null);
  const months = offer.validity_months;

  const pay = async () => {
    if (chosen.amount === null || badEmail) return;
    const body = { amount: chosen.amount, purchaser_email: email.trim() };
    setBusy(true);
    setRefusal({});
    try {
      const checkout = await startCheckout(salon.id, body, idempotency.forPress(body));
      idempotency.answered();
      window.location.assign(checkout.url);
    } catch (e) {
      // No answer (offline, time-out): the next press retries this one with the same key.
      if (!(e instanceof CallError && e.status === 0)) idempotency.answered();
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
      <AmountPicker
        offer={offer}
        choice={choice}
        onChoose={(c) => {
          setChoice(c);
          setRefusal((r) => ({ ...r, amount: undefined }));
        }}
        onCustomBlur={() => setCustomLeft(true)}
        error={amountProblem}
      />
      <TextField
        label="Your email address"
        type="email"
        autoComplete="email"
        hint="We'll send the voucher here"
        value={email}
        onChange={(v) => {
          setTypedEmail(v);
          setRefusal((r) => ({ ...r, purchaser_email: undefined }));
        }}
        onBlur={() => setEmailLeft(true)}
        error={emailProblem}
      />
      {refusal.other && (
        <p role="alert" className={css({ color: 'danger', mb: '3' })}>
          {refusal.other}
        </p>
      )}
      <StickyNext label="PAY" ariaLabel="Payment" disabled={busy || chosen.amount === null || !!badEmail} onNext={() => void pay()}>
        {chosen.amount !== null && (
          <span className={css({ fontWeight: '700' })}>{formatMoney(toMinor(chosen.amount), salon.currency, salon.country.code)}</span>
        )}
      </StickyNext>
    </>
  );
}
