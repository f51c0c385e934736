import type { StripeCardCvcElement, StripeCardExpiryElement, StripeCardNumberElement, StripeElementChangeEvent } from '@stripe/stripe-js';
import { useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { fieldError, fieldLabel } from '../../../components/form-styles';
import type { CardFieldsProps } from '../types';
import { stripeFor } from './load';

type Field = 'number' | 'expiry' | 'cvc';

const box = css({ minH: '11', px: '3', py: '3', rounded: 'md', border: '1px solid', borderColor: 'border', bg: 'bg' });

/**
 * The production card form: Stripe Elements' cardNumber, cardExpiry and cardCvc (their own
 * formatting, checks and errors), focus moving on as each completes, confirmCardSetup to save.
 */
export function StripeCardFields({ setup, formRef, onCompleteChange, disabled }: CardFieldsProps) {
  const id = useId();
  const hosts = { number: useRef<HTMLDivElement>(null), expiry: useRef<HTMLDivElement>(null), cvc: useRef<HTMLDivElement>(null) };
  const elements = useRef<{ number?: StripeCardNumberElement; expiry?: StripeCardExpiryElement; cvc?: StripeCardCvcElement }>({});
  const [complete, setComplete] = useState<Record<Field, boolean>>({ number: false, expiry: false, cvc: false });
  const [errors, setErrors] = useState<Record<Field, string | null>>({ number: null, expiry: null, cvc: null });
  const [failed, setFailed] = useState<string | null>(null);

  const all = complete.number && complete.expiry && complete.cvc && !errors.number && !errors.expiry && !errors.cvc;
  useEffect(() => onCompleteChange(all), [all, onCompleteChange]);

  useEffect(() => {
    let gone = false;
    const made: { destroy(): void }[] = [];
    void stripeFor(setup.publishable_key).then((stripe) => {
      if (gone) return;
      if (!stripe) return setFailed('The card form could not be loaded. Please check your connection and try again.');
      const group = stripe.elements();
      const style = { base: { fontSize: '16px', color: getComputedStyle(document.body).color } };
      const number = group.create('cardNumber', { style, showIcon: true });
      const expiry = group.create('cardExpiry', { style });
      const cvc = group.create('cardCvc', { style });
      const watch = (f: Field, next?: { focus(): void }) => (e: StripeElementChangeEvent) => {
        setComplete((c) => ({ ...c, [f]: e.complete }));
        setErrors((x) => ({ ...x, [f]: e.error?.message ?? null }));
        if (e.complete && next) next.focus();
      };
      number.on('change', watch('number', expiry));
      expiry.on('change', watch('expiry', cvc));
      cvc.on('change', watch('cvc'));
      number.mount(hosts.number.current!);
      expiry.mount(hosts.expiry.current!);
      cvc.mount(hosts.cvc.current!);
      elements.current = { number, expiry, cvc };
      made.push(number, expiry, cvc);
    });
    return () => {
      gone = true;
      for (const el of made) el.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [setup.publishable_key]);

  useEffect(() => {
    for (const el of Object.values(elements.current)) el?.update({ disabled });
  }, [disabled]);

  useImperativeHandle(
    formRef,
    () => ({
      confirmSetup: async (s) => {
        const stripe = await stripeFor(s.publishable_key);
        const card = elements.current.number;
        if (!stripe || !card) return { status: 'failed', error: { type: 'api_connection_error', message: 'The card form is not ready.' } };
        // Stripe.js shows 3-D Secure in its own modal, so no redirect is needed here.
        const result = await stripe.confirmCardSetup(s.client_secret ?? '', { payment_method: { card } });
        if (result.error) return { status: 'failed', error: result.error };
        if (result.setupIntent.status === 'succeeded') return { status: 'succeeded', setupIntentId: result.setupIntent.id };
        return { status: 'failed', error: { type: 'card_error', message: `The card setup ended as ${result.setupIntent.status}.` } };
      },
    }),
    [],
  );

  const field = (f: Field, label: string) => (
    <div className={css({ flex: f === 'number' ? '1 1 100%' : '1 1 0', minW: 0 })}>
      <span id={`${id}-${f}-label`} className={fieldLabel}>
        {label}
      </span>
      <div ref={hosts[f]} className={box} aria-labelledby={`${id}-${f}-label`} />
      <p role={errors[f] ? 'alert' : undefined} className={fieldError}>
        {errors[f]}
      </p>
    </div>
  );

  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', mb: '3' })} data-card-form="stripe">
      {failed && (
        <p role="alert" className={fieldError}>
          {failed}
        </p>
      )}
      {field('number', 'Card number')}
      {field('expiry', 'Expiration date')}
      {field('cvc', 'Security code')}
    </div>
  );
}
