import { describe, expect, it } from 'vitest';
import { AMOUNT_MISSING, buyVoucherForm } from '../../client/features/vouchers/buy-form';
import { amountOf, clipMessage, type FieldErrors, type SendField } from '../../client/features/vouchers/rules';
import {
  MSG_VALID_EMAIL,
  messageCount,
  voucherCheckoutSchema,
  voucherSendSchema,
  type VoucherOffer,
  type VoucherSend,
} from '../../shared/vouchers';

/** The shared schema's first message for each field that breaks a rule, as the send form's resolver reports them. */
function sendFieldErrors(values: VoucherSend): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of voucherSendSchema.safeParse(values).error?.issues ?? []) errors[issue.path[0] as SendField] ??= issue.message;
  return errors;
}
const emailError = (email: string) => voucherCheckoutSchema.shape.purchaser_email.safeParse(email).error?.issues[0]?.message ?? null;

const OFFER: VoucherOffer = { amounts: [25, 50, 100], custom: { min: 10, max: 500 }, validity_months: 12 };
const RANGE = 'Please enter an amount from £10.00 to £500.00';

describe('voucher amount', () => {
  it('takes a fixed amount only when it is on offer', () => {
    expect(amountOf(OFFER, { kind: 'fixed', amount: 50 }, 'GBP')).toEqual({ amount: 50 });
    expect(amountOf(OFFER, { kind: 'fixed', amount: 60 }, 'GBP').amount).toBeNull();
    expect(amountOf(OFFER, null, 'GBP')).toEqual({ amount: null, error: null });
  });

  it('takes a custom amount within the bounds, to the penny, and says the bounds otherwise', () => {
    expect(amountOf(OFFER, { kind: 'custom', text: '10' }, 'GBP')).toEqual({ amount: 10 });
    expect(amountOf(OFFER, { kind: 'custom', text: ' 500.00 ' }, 'GBP')).toEqual({ amount: 500 });
    expect(amountOf(OFFER, { kind: 'custom', text: '42.5' }, 'GBP')).toEqual({ amount: 42.5 });
    for (const text of ['9.99', '500.01', '1e2', '-20', '12.345', 'abc']) {
      expect(amountOf(OFFER, { kind: 'custom', text }, 'GBP'), text).toEqual({ amount: null, error: RANGE });
    }
    expect(amountOf(OFFER, { kind: 'custom', text: '' }, 'GBP')).toEqual({ amount: null, error: null });
  });

  it('refuses a custom amount where none is offered', () => {
    expect(amountOf({ ...OFFER, custom: null }, { kind: 'custom', text: '50' }, 'GBP').amount).toBeNull();
  });
});

describe('voucher send form', () => {
  const ok = { recipient_name: 'Sam', recipient_email: 'sam@example.test', purchaser_name: 'Robin', custom_message: '' };

  it('is valid with the three fields and no message', () => {
    expect(sendFieldErrors(ok)).toEqual({});
  });

  it("names each field's problem with the shared schema's words", () => {
    expect(sendFieldErrors({ recipient_name: ' ', recipient_email: 'sam@', purchaser_name: '', custom_message: '' })).toEqual({
      recipient_name: "Please enter the recipient's name",
      recipient_email: MSG_VALID_EMAIL,
      purchaser_name: 'Please enter your name',
    });
    expect(emailError('robin@example.test')).toBeNull();
    expect(emailError('robin')).toBe(MSG_VALID_EMAIL);
  });

  it('cuts the message at 320 characters and counts it', () => {
    const long = 'x'.repeat(321);
    expect(clipMessage(long)).toHaveLength(320);
    expect(messageCount(clipMessage(long))).toBe('320 characters (max 320)');
    expect(sendFieldErrors({ ...ok, custom_message: clipMessage(long) })).toEqual({});
    expect(sendFieldErrors({ ...ok, custom_message: long }).custom_message).toBe('Please use at most 320 characters');
  });
});

/** Each field's first message, as the form's resolver reports it. */
function problems(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('buying a voucher: the offer, then the checkout call’s rules', () => {
  const offer = { amounts: [25, 50, 100], custom: { min: 10, max: 500 }, validity_months: 12 };
  const form = buyVoucherForm(offer, 'GBP', 'GB');

  it('sends the checkout body for an amount on offer and a valid email', () => {
    const body = form.parse({ choice: { kind: 'custom', text: '12.50' }, email: ' robin@example.test ' });
    expect(body).toEqual({ amount: 12.5, purchaser_email: 'robin@example.test' });
    expect(voucherCheckoutSchema.safeParse(body).success).toBe(true);
  });

  it('says nothing of an amount not chosen yet, and the range of one out of bounds', () => {
    expect(problems(form.safeParse({ choice: null, email: 'robin' }))).toEqual({ choice: AMOUNT_MISSING, email: MSG_VALID_EMAIL });
    expect(problems(form.safeParse({ choice: { kind: 'custom', text: '5' }, email: 'robin@example.test' }))).toEqual({
      choice: 'Please enter an amount from £10.00 to £500.00',
    });
  });
});
