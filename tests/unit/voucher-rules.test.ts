import { describe, expect, it } from 'vitest';
import { amountOf, clipMessage, emailError, sendFieldErrors } from '../../client/features/vouchers/rules';
import { MSG_VALID_EMAIL, messageCount, type VoucherOffer } from '../../shared/vouchers';

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
