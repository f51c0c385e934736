import { describe, expect, it } from 'vitest';
import {
  bookingVerificationText,
  deskBookedText,
  depositRequestText,
  voucherGiftEmail,
  voucherReceiptEmail,
  type SalonOfMessage,
} from '../../worker/messaging/templates';
import { VOUCHER_MESSAGE_MAX } from '../../shared/vouchers';

const SALON: SalonOfMessage = {
  name: 'Willow & Co',
  address_line_1: '12 High Street',
  address_line_2: '',
  city: 'Bath',
  postcode: 'BA1 1AA',
  currency: 'GBP',
  timezone: 'Europe/London',
};
const HOSTILE = `<script>alert("x")</script><img src=x onerror='y'>`;
// 31 Dec 2027, 23:30 UTC is already 1 Jan 2028 in Auckland
const EXPIRES = Date.UTC(2027, 11, 31, 23, 30);

describe('texts', () => {
  it('the booking verification text carries the salon name and the link', () => {
    expect(bookingVerificationText('Willow & Co', 'https://book.example.com/verify/1/abc123')).toBe(
      'Willow & Co: please confirm your booking: https://book.example.com/verify/1/abc123',
    );
  });

  it('the deposit request text names the amount in the currency and the time in the salon timezone', () => {
    const base = {
      salonName: 'Willow & Co',
      amountMinor: 1500,
      currency: 'GBP',
      startAt: Date.UTC(2025, 4, 14, 13, 0),
      timezone: 'Europe/London',
      link: 'https://x.test/login/1/code',
      reminder: false,
    };
    expect(depositRequestText({ ...base, request: 'deposit' })).toBe(
      'Willow & Co: please pay a deposit of £15.00 for your appointment on Wed 14 May, 14:00: https://x.test/login/1/code',
    );
    expect(depositRequestText({ ...base, request: 'full_price', reminder: true })).toBe(
      'Willow & Co: a reminder, please pay £15.00 for your appointment on Wed 14 May, 14:00: https://x.test/login/1/code',
    );
    expect(depositRequestText({ ...base, request: 'card_only', currency: 'EUR', timezone: 'Europe/Paris' })).toBe(
      'Willow & Co: please confirm your appointment on Wed 14 May, 15:00 with a card: https://x.test/login/1/code',
    );
  });
});

describe('voucher emails', () => {
  it('the receipt has the code, the value in the salon currency, the expiry date and the salon name and address', () => {
    const e = voucherReceiptEmail({ salon: SALON, code: 'GIFT-7K2P', amountMinor: 5000, expiresAt: EXPIRES });
    expect(e.subject).toBe('Your gift voucher for Willow & Co');
    for (const part of [e.text, e.html]) {
      expect(part).toContain('GIFT-7K2P');
      expect(part).toContain('£50.00');
      expect(part).toContain('31 December 2027');
      expect(part).toContain('12 High Street');
      expect(part).toContain('BA1 1AA');
    }
    expect(e.text).toContain('Willow & Co');
    expect(e.html).toContain('Willow &amp; Co');
    expect(e.html).not.toContain('Willow & Co');
  });

  it('formats the value in the salon currency and the expiry in its timezone', () => {
    const e = voucherReceiptEmail({
      salon: { ...SALON, currency: 'NZD', timezone: 'Pacific/Auckland', country: { code: 'NZ' } },
      code: 'A1',
      amountMinor: 12345,
      expiresAt: EXPIRES,
    });
    expect(e.text).toContain('$123.45');
    expect(e.text).toContain('1 January 2028');
  });

  it('the gift carries the recipient, the purchaser and their message; every value is escaped in the HTML', () => {
    const e = voucherGiftEmail({
      salon: { ...SALON, name: `Salon ${HOSTILE}`, address_line_2: HOSTILE },
      code: `C<b>1</b>`,
      amountMinor: 2500,
      expiresAt: EXPIRES,
      recipientName: `Sam ${HOSTILE}`,
      purchaserName: `Alex "A" O'Neil`,
      message: `Happy birthday!\n${HOSTILE}`,
    });
    expect(e.html).not.toMatch(/<script|<img|<b>1/);
    expect(e.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(e.html).toContain('Alex &quot;A&quot; O&#39;Neil');
    expect(e.html).toContain('Happy birthday!<br>');
    expect(e.html).toContain('C&lt;b&gt;1&lt;/b&gt;');
    expect(e.text).toContain(`Dear Sam ${HOSTILE},`);
    expect(e.text).toContain(`Happy birthday!\n${HOSTILE}`);
    expect(e.subject).toBe(`Alex "A" O'Neil has sent you a gift voucher for Salon ${HOSTILE}`);
  });

  it('the gift message is optional and at most 320 characters', () => {
    const base = { salon: SALON, code: 'A1', amountMinor: 100, expiresAt: EXPIRES, recipientName: 'Sam', purchaserName: 'Alex' };
    expect(voucherGiftEmail(base).html).not.toContain('<blockquote>');
    expect(voucherGiftEmail({ ...base, message: 'é'.repeat(VOUCHER_MESSAGE_MAX) }).text).toContain('é'.repeat(VOUCHER_MESSAGE_MAX));
    expect(() => voucherGiftEmail({ ...base, message: 'x'.repeat(VOUCHER_MESSAGE_MAX + 1) })).toThrow(RangeError);
  });

  it('keeps a subject on one line', () => {
    expect(
      voucherReceiptEmail({ salon: { ...SALON, name: 'A\r\nBcc: x@y.z' }, code: 'A', amountMinor: 1, expiresAt: EXPIRES }).subject,
    ).toBe('Your gift voucher for A Bcc: x@y.z');
  });
});

describe('the desk booking text (issue 56)', () => {
  it('says where to change it online where the salon allows it, else whom to call', () => {
    const link = 'https://book.example.com/salon/1/salon-booking/1';
    expect(deskBookedText('Willow & Co', 'Mon 4 Jan at 10:00', ['Cut'], { online: link })).toBe(
      `Willow & Co: you are booked for Mon 4 Jan at 10:00 (Cut). To change or cancel it: ${link}`,
    );
    expect(deskBookedText('Willow & Co', 'Mon 4 Jan at 10:00', ['Cut'], { phone: '020 7946 0018' })).toBe(
      'Willow & Co: you are booked for Mon 4 Jan at 10:00 (Cut). To change it, call 020 7946 0018.',
    );
  });
});
