import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import { billOf, METHOD_NAMES, type Bill, type PaymentMethod, type SaleAnswer } from '../../../shared/console/checkout';
import { toMajor } from '../../../shared/money';
import { CallFailed, Loading } from '../../components/CallFailed';
import { Field } from '../../components/Field';
import { fieldInput, selectInput } from '../../components/form-styles';
import { Modal } from '../../components/Modal';
import { linkButton, outlineButton, primaryButton } from '../../components/styles';
import { table } from '../ui/looks';
import { FormAlert } from '../ui/Field';
import { diaryChanged } from '../diary';
import { money } from '../lib/format';
import { ConsoleCallError } from '../lib/api';
import { putServerErrors } from '../lib/form-mutation';
import { billQuery, refundSale, sendReceipt, takePayment } from './api';
import { checkoutFormSchema, requestOf, type CheckoutForm } from './forms';

const row = css({ display: 'flex', flexWrap: 'wrap', columnGap: '3', alignItems: 'flex-end' });
const grow = css({ flex: '1 1 10rem', mb: '3' });
const narrow = css({ flex: '0 1 7rem', mb: '3' });
const box = css({ borderTop: '1px solid', borderColor: 'border', pt: '3', mt: '2' });
const h3 = css({ fontWeight: '700', mb: '2' });

const STATUS_WORDS = {
  pending: 'waiting',
  requires_action: 'waiting for the client to approve it',
  succeeded: 'taken',
  failed: 'failed',
  canceled: 'given back',
} as const;

const major = (minor: number) => (minor === 0 ? '' : toMajor(minor).toFixed(2));

/**
 * Checkout (docs/console/checkout.md): the appointment's bill, changed to what was done, paid by
 * any mix of methods. Each press of "Take payment" sends one Idempotency-Key; a payment under way
 * (a card reader, a client approving on their phone) is followed until it is taken or fails.
 */
export function CheckoutDialog(p: { salonId: number; appointmentId: number; title: string; onClose: () => void }) {
  const q = useQuery({
    ...billQuery(p.salonId, p.appointmentId),
    // a payment under way: asked again every 2 seconds until it is taken or fails
    refetchInterval: (query) => (query.state.data?.sale?.status === 'open' ? 2000 : false),
  });
  return (
    <Modal title={`Checkout: ${p.title}`} onClose={p.onClose}>
      {q.isPending ? (
        <Loading what="the bill" />
      ) : q.isError ? (
        <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />
      ) : q.data.sale && q.data.sale.status !== 'failed' ? (
        <SaleDone salonId={p.salonId} bill={q.data} sale={q.data.sale} />
      ) : (
        <BillForm salonId={p.salonId} bill={q.data} failed={q.data.sale} />
      )}
      <button type="button" className={css({ mt: '4' }) + ' ' + outlineButton} onClick={p.onClose}>
        Close
      </button>
    </Modal>
  );
}

function defaults(bill: Bill): CheckoutForm {
  return {
    lines: bill.lines.map((l) => ({
      kind: l.kind,
      service_id: l.service_id ?? null,
      stylist_id: l.stylist_id ?? null,
      name: l.name,
      quantity: String(l.quantity),
      price: major(l.price),
      from_price: l.from_price,
    })),
    discount: { kind: 'none', value: '', reason: '' },
    tip: { amount: '', stylist_id: String(bill.lines[0]?.stylist_id ?? '') },
    payments:
      bill.due > 0
        ? [{ method: bill.client.card ? 'card_on_file' : 'cash', amount: major(bill.due), voucher_code: '', reader_id: '' }]
        : [],
  };
}

function BillForm({ salonId, bill, failed }: { salonId: number; bill: Bill; failed: SaleAnswer | null }) {
  const queries = useQueryClient();
  const form = useForm<CheckoutForm>({ resolver: zodResolver(checkoutFormSchema), defaultValues: defaults(bill) });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const payments = useFieldArray({ control: form.control, name: 'payments' });
  const [failure, setFailure] = useState<string | null>(null);
  const pressing = useRef(false);
  const { errors, isSubmitting } = form.formState;
  const v = useWatch({ control: form.control }) as CheckoutForm;
  const request = requestOf(v);
  const figures = billOf({
    lines: request.lines!.map((l) => ({
      price: Number.isFinite(l.price) ? l.price : 0,
      quantity: Number.isFinite(l.quantity) ? l.quantity : 0,
    })),
    discount: request.discount && Number.isFinite(request.discount.value) ? request.discount : null,
    tip: request.tip && Number.isFinite(request.tip.amount) ? request.tip : null,
    paidBefore: bill.paid_before,
  });
  const paying = request.payments.reduce((s, x) => s + (Number.isFinite(x.amount) ? x.amount : 0), 0);
  const left = figures.due - paying;
  const cur = bill.currency;
  const methods = (Object.keys(METHOD_NAMES) as PaymentMethod[]).filter(
    (m) => (m !== 'card_on_file' || bill.client.card) && (m !== 'reader' || bill.readers.length > 0),
  );

  const submit = form.handleSubmit(async (values) => {
    // one key per press: a double press is refused here, a resent one is the same sale on the server
    if (pressing.current) return;
    pressing.current = true;
    setFailure(null);
    try {
      await takePayment(salonId, bill.appointment_id, requestOf(values), crypto.randomUUID());
      void queries.invalidateQueries({ queryKey: billQuery(salonId, bill.appointment_id).queryKey });
      void diaryChanged(queries, salonId);
    } catch (e) {
      if (!(e instanceof ConsoleCallError)) throw e;
      // the bill's fields take their messages (lib/form-mutation.ts); the payments' own is the notice too
      const notice = putServerErrors(form, e, (f) => (/^(lines|discount|tip|payments)/.test(f) ? (f as Path<CheckoutForm>) : null));
      setFailure(e.fieldErrors.payments ?? notice);
    } finally {
      pressing.current = false;
    }
  });

  return (
    <form onSubmit={submit} noValidate className={css({ fontSize: 'sm' })}>
      {failed && (
        <FormAlert>
          The last try did not go through:{' '}
          {failed.payments
            .filter((x) => x.status === 'failed')
            .map((x) => `${METHOD_NAMES[x.method]}: ${x.failure_message ?? 'failed'}`)
            .join(' ') || 'a payment failed'}
          . Nothing was kept.
        </FormAlert>
      )}
      <h3 className={h3}>The bill</h3>
      {lines.fields.map((line, i) => (
        <fieldset key={line.id} className={box}>
          <legend className={css({ srOnly: true })}>Line {i + 1}</legend>
          <div className={row}>
            {line.kind === 'service' ? (
              <p className={grow}>
                <strong>{line.name}</strong>
                {bill.lines[i]?.stylist_name && <span> with {bill.lines[i]!.stylist_name}</span>}
              </p>
            ) : (
              <Field label="Product or extra" error={errors.lines?.[i]?.name?.message} className={grow}>
                {(a) => <input {...a} {...form.register(`lines.${i}.name`)} autoComplete="off" className={fieldInput} />}
              </Field>
            )}
            {line.kind !== 'service' && (
              <Field label="Quantity" error={errors.lines?.[i]?.quantity?.message} className={narrow}>
                {(a) => <input {...a} {...form.register(`lines.${i}.quantity`)} inputMode="numeric" className={fieldInput} />}
              </Field>
            )}
            <Field
              label={line.from_price ? `Price (from ${money(bill.lines[i]?.price ?? 0, cur)})` : 'Price'}
              error={errors.lines?.[i]?.price?.message}
              className={narrow}
            >
              {(a) => <input {...a} {...form.register(`lines.${i}.price`)} inputMode="decimal" className={fieldInput} />}
            </Field>
            {line.kind !== 'service' && (
              <button type="button" className={linkButton + ' ' + css({ mb: '4' })} onClick={() => lines.remove(i)}>
                Remove
              </button>
            )}
          </div>
        </fieldset>
      ))}
      <button
        type="button"
        className={linkButton}
        onClick={() =>
          lines.append({ kind: 'product', service_id: null, stylist_id: null, name: '', quantity: '1', price: '', from_price: false })
        }
      >
        Add a product or extra
      </button>

      <Adjustments form={form} bill={bill} />

      <table className={table + ' ' + css({ my: '3' })}>
        <tbody>
          <tr>
            <th scope="row">Subtotal</th>
            <td>{money(figures.subtotal, cur)}</td>
          </tr>
          {figures.discount > 0 && (
            <tr>
              <th scope="row">Discount</th>
              <td>−{money(figures.discount, cur)}</td>
            </tr>
          )}
          {figures.tip > 0 && (
            <tr>
              <th scope="row">Tip</th>
              <td>{money(figures.tip, cur)}</td>
            </tr>
          )}
          <tr>
            <th scope="row">Total</th>
            <td>{money(figures.total, cur)}</td>
          </tr>
          {bill.paid_before_items.map((x) => (
            <tr key={x.kind}>
              <th scope="row">{x.kind === 'deposit' ? 'Deposit paid' : 'Deposit request paid'}</th>
              <td>−{money(x.amount, cur)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Due</th>
            <td>
              <strong>{money(figures.due, cur)}</strong>
            </td>
          </tr>
        </tbody>
      </table>

      <h3 className={h3}>Payments</h3>
      {payments.fields.map((pay, i) => (
        <fieldset key={pay.id} className={box}>
          <legend className={css({ srOnly: true })}>Payment {i + 1}</legend>
          <div className={row}>
            <Field label="Method" error={errors.payments?.[i]?.method?.message} className={grow}>
              {(a) => (
                <select {...a} {...form.register(`payments.${i}.method`)} className={selectInput + ' ' + css({ w: 'full' })}>
                  {methods.map((m) => (
                    <option key={m} value={m}>
                      {m === 'card_on_file' && bill.client.card
                        ? `Card on file (${bill.client.card.brand} ${bill.client.card.last4})`
                        : METHOD_NAMES[m]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Amount" error={errors.payments?.[i]?.amount?.message} className={narrow}>
              {(a) => <input {...a} {...form.register(`payments.${i}.amount`)} inputMode="decimal" className={fieldInput} />}
            </Field>
            {v.payments?.[i]?.method === 'voucher' && (
              <Field label="Voucher code" error={errors.payments?.[i]?.voucher_code?.message} className={grow}>
                {(a) => <input {...a} {...form.register(`payments.${i}.voucher_code`)} autoComplete="off" className={fieldInput} />}
              </Field>
            )}
            {v.payments?.[i]?.method === 'reader' && (
              <Field label="Card reader" error={errors.payments?.[i]?.reader_id?.message} className={grow}>
                {(a) => (
                  <select {...a} {...form.register(`payments.${i}.reader_id`)} className={selectInput + ' ' + css({ w: 'full' })}>
                    <option value="">Choose…</option>
                    {bill.readers.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
            <button type="button" className={linkButton + ' ' + css({ mb: '4' })} onClick={() => payments.remove(i)}>
              Remove
            </button>
          </div>
        </fieldset>
      ))}
      <button
        type="button"
        className={linkButton}
        onClick={() => payments.append({ method: 'cash', amount: left > 0 ? major(left) : '', voucher_code: '', reader_id: '' })}
      >
        Add a payment
      </button>
      <p aria-live="polite" className={css({ mt: '2', fontWeight: '600' })}>
        {left === 0
          ? 'The payments cover what is due.'
          : left > 0
            ? `${money(left, cur)} left to pay`
            : `${money(-left, cur)} more than is due`}
      </p>
      {failure && <FormAlert>{failure}</FormAlert>}
      <button type="submit" className={primaryButton + ' ' + css({ mt: '3' })} disabled={isSubmitting}>
        {isSubmitting ? 'Taking payment…' : `Take ${money(figures.due, cur)}`}
      </button>
    </form>
  );
}

/** The discount (none, an amount or a per cent, with its reason) and the tip with its stylist. */
function Adjustments({ form, bill }: { form: UseFormReturn<CheckoutForm>; bill: Bill }) {
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'discount.kind' });
  return (
    <div className={box}>
      <div className={row}>
        <Field label="Discount" error={errors.discount?.kind?.message} className={narrow}>
          {(a) => (
            <select {...a} {...form.register('discount.kind')} className={selectInput + ' ' + css({ w: 'full' })}>
              <option value="none">None</option>
              <option value="amount">Amount</option>
              <option value="percent">Per cent</option>
            </select>
          )}
        </Field>
        {kind !== 'none' && (
          <>
            <Field label={kind === 'percent' ? 'Per cent' : 'Amount off'} error={errors.discount?.value?.message} className={narrow}>
              {(a) => <input {...a} {...form.register('discount.value')} inputMode="decimal" className={fieldInput} />}
            </Field>
            <Field label="Reason" error={errors.discount?.reason?.message} className={grow}>
              {(a) => <input {...a} {...form.register('discount.reason')} autoComplete="off" className={fieldInput} />}
            </Field>
          </>
        )}
      </div>
      <div className={row}>
        <Field label="Tip" error={errors.tip?.amount?.message} className={narrow}>
          {(a) => <input {...a} {...form.register('tip.amount')} inputMode="decimal" className={fieldInput} />}
        </Field>
        <Field label="Tip for" error={errors.tip?.stylist_id?.message} className={grow}>
          {(a) => (
            <select {...a} {...form.register('tip.stylist_id')} className={selectInput + ' ' + css({ w: 'full' })}>
              <option value="">Choose…</option>
              {bill.stylists.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </div>
  );
}

/** A sale taken (or under way): its payments, a receipt, and refunds. */
function SaleDone({ salonId, bill, sale }: { salonId: number; bill: Bill; sale: SaleAnswer }) {
  const cur = sale.currency;
  return (
    <div className={css({ display: 'grid', gap: '3', fontSize: 'sm' })}>
      <p role="status" className={css({ fontWeight: '700' })}>
        {sale.status === 'paid'
          ? `Paid: ${money(sale.due, cur)}${sale.refunded > 0 ? ` (${money(sale.refunded, cur)} refunded)` : ''}.`
          : `Waiting: ${sale.payments.some((x) => x.method === 'reader' && x.status === 'pending') ? 'the card reader asks for the card.' : 'the client has been texted a link to approve the payment.'}`}
      </p>
      <table className={table}>
        <tbody>
          {sale.payments.map((x) => (
            <tr key={x.id}>
              <th scope="row">{METHOD_NAMES[x.method]}</th>
              <td>{money(x.amount, cur)}</td>
              <td>{STATUS_WORDS[x.status]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {sale.status === 'paid' && <Receipt salonId={salonId} sale={sale} phone={bill.client.phone} />}
      {sale.status === 'paid' && sale.refunded < sale.due && <Refund salonId={salonId} sale={sale} appointmentId={bill.appointment_id} />}
    </div>
  );
}

function Receipt({ salonId, sale, phone }: { salonId: number; sale: SaleAnswer; phone: string | null }) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ done?: string; error?: string }>({});
  const send = async (body: { email: string } | { phone: string }) => {
    setState({});
    try {
      const r = await sendReceipt(salonId, sale.id, body);
      setState({ done: `Receipt sent to ${r.to}.` });
    } catch (e) {
      setState({ error: e instanceof ConsoleCallError ? (Object.values(e.fieldErrors)[0] ?? e.message) : 'The receipt was not sent' });
    }
  };
  return (
    <section aria-label="Receipt" className={box}>
      <h3 className={h3}>Receipt</h3>
      <form
        className={row}
        onSubmit={(e) => {
          e.preventDefault();
          void send({ email });
        }}
      >
        <Field label="Email" error={state.error} className={grow}>
          {(a) => <input {...a} type="email" value={email} onChange={(e) => setEmail(e.target.value)} className={fieldInput} />}
        </Field>
        <button type="submit" className={outlineButton + ' ' + css({ mb: '4' })}>
          Email it
        </button>
      </form>
      {phone && (
        <button type="button" className={outlineButton} onClick={() => void send({ phone })}>
          Text it to {phone}
        </button>
      )}
      <p aria-live="polite">{state.done}</p>
    </section>
  );
}

/** A refund: the lines ticked (or the whole sale), back the way it was paid. */
function Refund({ salonId, sale, appointmentId }: { salonId: number; sale: SaleAnswer; appointmentId: number }) {
  const queries = useQueryClient();
  const [ticked, setTicked] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [state, setState] = useState<{ done?: string; error?: string; busy?: boolean }>({});
  const open = sale.lines.filter((l) => l.refunded < l.amount);
  const amount = ticked.reduce(
    (s, id) => s + (open.find((l) => l.id === id)?.amount ?? 0) - (open.find((l) => l.id === id)?.refunded ?? 0),
    0,
  );
  const refund = async () => {
    setState({ busy: true });
    try {
      const body = ticked.length ? { lines: ticked.map((line_id) => ({ line_id })), reason } : { reason };
      const r = await refundSale(salonId, sale.id, body, crypto.randomUUID());
      setTicked([]);
      setState({ done: `Refunded ${money(r.refund.amount, sale.currency)}.` });
      void queries.invalidateQueries({ queryKey: billQuery(salonId, appointmentId).queryKey });
    } catch (e) {
      setState({ error: e instanceof ConsoleCallError ? (Object.values(e.fieldErrors)[0] ?? e.message) : 'The refund failed' });
    }
  };
  return (
    <details className={box}>
      <summary className={css({ cursor: 'pointer', fontWeight: '600' })}>Refund</summary>
      <fieldset className={css({ mt: '2' })}>
        <legend className={css({ mb: '1' })}>Lines to refund (none ticked: the whole sale)</legend>
        {open.map((l) => (
          <label key={l.id} className={css({ display: 'flex', gap: '2', alignItems: 'center', mb: '1' })}>
            <input
              type="checkbox"
              checked={ticked.includes(l.id)}
              onChange={(e) => setTicked(e.target.checked ? [...ticked, l.id] : ticked.filter((x) => x !== l.id))}
            />
            {l.name}, {money(l.amount - l.refunded, sale.currency)}
          </label>
        ))}
      </fieldset>
      <Field label="Reason" className={css({ my: '2' })}>
        {(a) => <input {...a} value={reason} onChange={(e) => setReason(e.target.value)} className={fieldInput} />}
      </Field>
      <button type="button" className={outlineButton} disabled={state.busy} onClick={() => void refund()}>
        {ticked.length ? `Refund ${money(amount, sale.currency)}` : 'Refund the whole sale'}
      </button>
      <div aria-live="polite">
        {state.error && <FormAlert>{state.error}</FormAlert>}
        {state.done && <p>{state.done}</p>}
      </div>
    </details>
  );
}
