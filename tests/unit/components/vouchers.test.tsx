import { fireEvent, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { MSG_VALID_EMAIL, MSG_VOUCHER_NOT_FOUND } from '../../../shared/vouchers';
import { apiStub, BOOTSTRAPS, currentPath, renderSalon, screen } from './render-app';

// docs/booking/accounts-and-money.md §2 Vouchers, §5 'Voucher send', §8: what the voucher screens show
// given the salon's offer and the API's answers. (Moved from tests/e2e/vouchers.spec.ts; buying
// through the hosted checkout page, the confirmation and sending the voucher stay there.)

const amounts = () => screen.getByRole('group', { name: 'Choose an amount' });
const amount = (name: string) => within(amounts()).getByRole('radio', { name }) as HTMLInputElement;
const custom = () => within(amounts()).getByRole('spinbutton', { name: /^Amount \(/ }) as HTMLInputElement;
const email = () => screen.getByRole('textbox', { name: 'Your email address' }) as HTMLInputElement;
const pay = () => screen.getByRole('button', { name: 'PAY' }) as HTMLButtonElement;

test('salon 1 sells vouchers from its page: the amounts on offer, another amount within its bounds, 12 months', async () => {
  const offer = BOOTSTRAPS[1].salon.vouchers!;
  expect(offer).toEqual({ amounts: [25, 50, 100], custom: { min: 10, max: 500 }, validity_months: 12 });
  const { user } = await renderSalon(1, '/');
  await user.click(await screen.findByRole('link', { name: 'Buy a gift voucher' }));
  await screen.findByRole('heading', { level: 1, name: 'Buy a gift voucher' });
  expect(currentPath()).toBe('/salon/1/voucher');
  expect(screen.getByText('Valid for 12 months', { exact: true })).toBeTruthy();
  for (const a of ['£25.00', '£50.00', '£100.00']) expect(amount(a).checked).toBe(false);
  expect(pay().disabled).toBe(true);

  // 'Another amount' within £10–£500 (the bounds said under it after leaving the field).
  await user.click(amount('Another amount'));
  await user.type(custom(), '5');
  fireEvent.blur(custom());
  await waitFor(() => expect(amounts().textContent).toContain('Please enter an amount from £10.00 to £500.00'));
  await user.type(email(), 'robin@example.test');
  expect(pay().disabled).toBe(true);
  await user.clear(custom());
  await user.type(custom(), '75');
  await waitFor(() => expect(pay().disabled).toBe(false));
  expect(screen.getByRole('region', { name: 'Payment' }).textContent).toContain('£75.00');

  // The purchaser's email: a bad one says so and keeps PAY disabled.
  await user.clear(email());
  await user.type(email(), 'robin@');
  fireEvent.blur(email());
  await screen.findByText(MSG_VALID_EMAIL, { exact: true });
  expect(pay().disabled).toBe(true);
});

test('salon 2 sells no vouchers: no entry on its page', async () => {
  expect(BOOTSTRAPS[2].salon.vouchers).toBeNull();
  await renderSalon(2, '/');
  await screen.findByRole('heading', { level: 1, name: 'Select services' });
  expect(screen.queryByRole('link', { name: 'Buy a gift voucher' })).toBeNull();
});

test('salon 2 sells no vouchers: /voucher goes back to the start', async () => {
  await renderSalon(2, '/voucher');
  await screen.findByRole('heading', { level: 1, name: 'Select services' });
  expect(currentPath()).toBe('/salon/2');
});

for (const [kind, id] of [
  ['malformed', 'not-a-session'],
  ['unknown', `cs_test_${'Z'.repeat(24)}`],
] as const) {
  for (const page of ['confirmation', 'send']) {
    test(`${kind === 'unknown' ? 'an' : 'a'} ${kind} session id on voucher/${page} shows the not-found message with BACK TO HOME`, async () => {
      // An unknown session is asked for and answered 404 (tests/worker/vouchers.security.test.ts); a malformed one is not asked for.
      if (kind === 'unknown')
        apiStub.answer(`GET /api/payments/stripe/get/voucher/${id}/?salon_id=1`, {
          status: 404,
          body: { detail: MSG_VOUCHER_NOT_FOUND, code: 'NOT_FOUND', request_id: 'r' },
        });
      const { user } = await renderSalon(1, `/voucher/${page}?session_id=${id}`);
      await screen.findByRole('heading', { level: 1, name: MSG_VOUCHER_NOT_FOUND });
      expect(apiStub.calls.some((c) => c.path.includes('/get/voucher/'))).toBe(kind === 'unknown');
      await user.click(screen.getByRole('link', { name: 'BACK TO HOME' }));
      await waitFor(() => expect(currentPath()).toBe('/salon/1'));
    });
  }
}
