import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import type { Bill, SaleAnswer } from '../../../shared/console/checkout';
import { CheckoutDialog } from '../../../client/console/checkout/CheckoutDialog';
import type { Today } from '../../../shared/console/today';
import { apiStub } from './render-app';
import { QUIET_TODAY } from './console-answers';
import { renderConsole } from './render-console';

// Checkout at the desk (docs/console/checkout.md): the bill as the server answers it, changed to
// what was done, the figures the server will take, its refusals on their fields, and a payment
// taken or under way.

const PATH = '/api/console/salons/1/appointments/7/checkout';

const BILL: Bill = {
  appointment_id: 7,
  currency: 'GBP',
  lines: [
    {
      kind: 'service',
      service_id: 1,
      stylist_id: 3,
      stylist_name: 'Chloe Price',
      name: 'Ladies Cut',
      quantity: 1,
      price: 4500,
      from_price: true,
    },
  ],
  discount: null,
  tip: null,
  paid_before: 1000,
  paid_before_items: [{ kind: 'deposit', amount: 1000 }],
  subtotal: 4500,
  total: 4500,
  due: 3500,
  client: { name: 'Pat Payer', phone: '+447700900341', email: null, card: { brand: 'visa', last4: '4242' } },
  stylists: [
    { id: 1, name: 'Amelia Hart' },
    { id: 3, name: 'Chloe Price' },
  ],
  readers: [{ id: 'tmr_front', label: 'Front desk' }],
  sale: null,
};

function sale(over: Partial<SaleAnswer>): SaleAnswer {
  return {
    id: 11,
    appointment_id: 7,
    status: 'paid',
    currency: 'GBP',
    lines: [
      {
        id: 21,
        kind: 'service',
        service_id: 1,
        stylist_id: 3,
        name: 'Ladies Cut',
        quantity: 1,
        price: 5000,
        discount: 0,
        amount: 5000,
        refunded: 0,
      },
      {
        id: 22,
        kind: 'product',
        service_id: null,
        stylist_id: null,
        name: 'Shampoo',
        quantity: 1,
        price: 1200,
        discount: 0,
        amount: 1200,
        refunded: 0,
      },
    ],
    subtotal: 6200,
    discount: null,
    tip: null,
    paid_before: 1000,
    total: 6200,
    due: 5200,
    refunded: 0,
    payments: [
      {
        id: 31,
        method: 'cash',
        amount: 5200,
        status: 'succeeded',
        reader_id: null,
        voucher_code: null,
        failure_code: null,
        failure_message: null,
        refunded: 0,
        retry_of: null,
      },
    ],
    refunds: [],
    staff_name: 'Olivia Owner',
    created_at: new Date().toISOString(),
    paid_at: new Date().toISOString(),
    cancelled_at: null,
    ...over,
  };
}

function renderDialog() {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queries}>
      <CheckoutDialog salonId={1} appointmentId={7} title="Pat Payer" onClose={() => undefined} />
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

test('shows the bill less the deposit, and the figures follow a "from" price, a product, a discount and a tip', async () => {
  apiStub.answer(`GET ${PATH}`, { json: BILL });
  const user = renderDialog();
  const dialog = await screen.findByRole('dialog', { name: 'Checkout: Pat Payer' });
  await within(dialog).findByRole('button', { name: /^Take / });
  expect(within(dialog).getByText('Ladies Cut')).toBeTruthy();
  const price = within(dialog).getByLabelText('Price (from £45.00)');
  expect((price as HTMLInputElement).value).toBe('45.00');
  expect(within(dialog).getByRole('row', { name: /Deposit paid/ }).textContent).toContain('−£10.00');
  expect(within(dialog).getByRole('button', { name: 'Take £35.00' })).toBeTruthy();
  // the card on file is offered, with its last digits
  expect(within(dialog).getByRole('option', { name: 'Card on file (visa 4242)' })).toBeTruthy();

  await user.clear(price);
  await user.type(price, '50');
  await user.click(within(dialog).getByRole('button', { name: 'Add a product or extra' }));
  await user.type(within(dialog).getByLabelText('Product or extra'), 'Shampoo');
  await user.type(within(dialog).getAllByLabelText('Price')[0]!, '12');
  await user.selectOptions(within(dialog).getByLabelText('Discount'), 'percent');
  await user.type(within(dialog).getByLabelText('Per cent'), '10');
  await user.type(within(dialog).getByLabelText('Tip'), '5');
  // 62.00 less 10 % (6.20), plus 5.00, less the 10.00 deposit
  expect(within(dialog).getByRole('row', { name: /^Total/ }).textContent).toContain('£60.80');
  expect(within(dialog).getByRole('button', { name: 'Take £50.80' })).toBeTruthy();
  expect(within(dialog).getByText('£15.80 left to pay')).toBeTruthy();
  // a discount needs its reason: the shared schema's words, before anything is sent
  await user.click(within(dialog).getByRole('button', { name: 'Take £50.80' }));
  expect(await within(dialog).findByText('Say why there is a discount')).toBeTruthy();
  expect(apiStub.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test('sends the bill in minor units; a refusal lands on its field; once paid it offers a receipt and a refund', async () => {
  apiStub.answer(`GET ${PATH}`, { json: BILL });
  let tries = 0;
  apiStub.answer(`POST ${PATH}`, () => {
    tries += 1;
    if (tries === 1)
      return {
        status: 400,
        body: { detail: 'The checkout needs changing', errors: { 'payments.0.voucher_code': 'No voucher of this salon has that code' } },
      };
    const done = sale({
      due: 3500,
      total: 4500,
      subtotal: 4500,
      lines: [sale({}).lines[0]!],
      payments: [{ ...sale({}).payments[0]!, method: 'voucher', amount: 3500 }],
    });
    apiStub.answer(`GET ${PATH}`, { json: { ...BILL, sale: done } });
    return { status: 201, json: { sale: done, appointment: {} } };
  });
  const user = renderDialog();
  const dialog = await screen.findByRole('dialog', { name: 'Checkout: Pat Payer' });
  await within(dialog).findByRole('button', { name: /^Take / });
  await user.selectOptions(within(dialog).getByLabelText('Method'), 'voucher');
  await user.type(within(dialog).getByLabelText('Voucher code'), 'NOPE1234');
  await user.click(within(dialog).getByRole('button', { name: 'Take £35.00' }));
  expect(await within(dialog).findByText('No voucher of this salon has that code')).toBeTruthy();
  const sent = apiStub.calls.find((c) => c.method === 'POST')!.body;
  expect(sent).toEqual({
    lines: [{ kind: 'service', service_id: 1, stylist_id: 3, name: 'Ladies Cut', quantity: 1, price: 4500 }],
    discount: null,
    tip: null,
    payments: [{ method: 'voucher', amount: 3500, voucher_code: 'NOPE1234' }],
  });
  await user.clear(within(dialog).getByLabelText('Voucher code'));
  await user.type(within(dialog).getByLabelText('Voucher code'), 'GOOD1234');
  await user.click(within(dialog).getByRole('button', { name: 'Take £35.00' }));
  expect(await within(dialog).findByText('Paid: £35.00.')).toBeTruthy();
  expect(within(dialog).getByRole('button', { name: 'Text it to +447700900341' })).toBeTruthy();
  expect(within(dialog).getByRole('button', { name: 'Refund the whole sale' })).toBeTruthy();
});

test('a payment under way on the reader says so; a failed one is told and can be tried again', async () => {
  const waiting = sale({
    status: 'open',
    paid_at: null,
    payments: [
      {
        id: 31,
        method: 'reader',
        amount: 3500,
        status: 'pending',
        reader_id: 'tmr_front',
        voucher_code: null,
        failure_code: null,
        failure_message: null,
        refunded: 0,
        retry_of: null,
      },
    ],
  });
  apiStub.answer(`GET ${PATH}`, { json: { ...BILL, sale: waiting } });
  renderDialog();
  expect(await screen.findByText('Waiting: the card reader asks for the card.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^Take / })).toBeNull();
});

test('a failed sale shows the card’s words above a fresh bill', async () => {
  const failed = sale({
    status: 'failed',
    paid_at: null,
    payments: [
      {
        id: 31,
        method: 'card_on_file',
        amount: 3500,
        status: 'failed',
        reader_id: null,
        voucher_code: null,
        failure_code: 'card_declined',
        failure_message: 'Your card was declined.',
        refunded: 0,
        retry_of: null,
      },
    ],
  });
  apiStub.answer(`GET ${PATH}`, { json: { ...BILL, sale: failed } });
  renderDialog();
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toBe('The last try did not go through: Card on file: Your card was declined.. Nothing was kept.');
  expect(screen.getByRole('button', { name: 'Take £35.00' })).toBeTruthy();
});

const start = '2026-12-29T10:00:00Z';
const ONE_TODAY = {
  ...QUIET_TODAY,
  appointments: [
    {
      id: 7,
      number: 7,
      start,
      end: '2026-12-29T10:45:00Z',
      status: 'confirmed',
      origin: 'salon',
      client: { name: 'Pat Payer', phone: null },
      services: [{ name: 'Ladies Cut', stylist_id: 3, start, end: '2026-12-29T10:45:00Z' }],
      price: 4500,
      deposit: 0,
      arrived: true,
      no_show: false,
      no_show_fee: null,
    },
  ],
  arrived: 1,
} as Today;

test('Today offers Checkout on each appointment to owners and managers, and opens the bill', async () => {
  apiStub.answer('GET /api/console/salons/1/today', { json: ONE_TODAY });
  apiStub.answer(`GET ${PATH}`, { json: BILL });
  const { user } = await renderConsole('/salons/1/today');
  await user.click(await screen.findByRole('button', { name: 'Checkout: Pat Payer, 10:00' }));
  const dialog = await screen.findByRole('dialog', { name: 'Checkout: Pat Payer' });
  expect(await within(dialog).findByRole('button', { name: 'Take £35.00' })).toBeTruthy();
});

test('a stylist’s Today has no Checkout', async () => {
  apiStub.answer('GET /api/console/salons/1/today', {
    json: { ...ONE_TODAY, requests_waiting: null },
  });
  await renderConsole('/salons/1/today', { role: 'stylist' });
  expect(await screen.findByText('Pat Payer')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^Checkout/ })).toBeNull();
});

const readerPayment = (over: Partial<SaleAnswer['payments'][number]>): SaleAnswer['payments'][number] => ({
  id: 32,
  method: 'reader',
  amount: 3000,
  status: 'pending',
  reader_id: 'tmr_front',
  voucher_code: null,
  failure_code: null,
  failure_message: null,
  refunded: 0,
  retry_of: null,
  ...over,
});

test('a reader’s declined payment is told, and "Try again" sends it to the reader chosen on the same sale', async () => {
  const declined = sale({
    status: 'open',
    paid_at: null,
    payments: [
      { ...sale({}).payments[0]!, amount: 500 },
      readerPayment({ status: 'failed', failure_code: 'card_declined', failure_message: 'Your card was declined.' }),
    ],
  });
  apiStub.answer(`GET ${PATH}`, { json: { ...BILL, sale: declined } });
  apiStub.answer('POST /api/console/salons/1/sales/11/payments/32/retry', () => {
    const done = sale({
      payments: [...declined.payments, readerPayment({ id: 33, status: 'succeeded', retry_of: 32 })],
    });
    apiStub.answer(`GET ${PATH}`, { json: { ...BILL, sale: done } });
    return { status: 201, json: { sale: done } };
  });
  const user = renderDialog();
  expect(await screen.findByText('Not paid yet: the card reader’s payment of £30.00 did not go through.')).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe('Your card was declined.');
  const how = screen.getByLabelText('Take £30.00 by') as HTMLSelectElement;
  expect([...how.options].map((o) => o.textContent)).toEqual(['Card reader: Front desk', 'Cash', 'Card elsewhere']);
  expect(how.value).toBe('reader:tmr_front');
  expect(screen.queryByRole('button', { name: /^Take / })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Paid: £52.00.')).toBeTruthy();
  expect(apiStub.calls.find((c) => c.method === 'POST')!.body).toEqual({ method: 'reader', reader_id: 'tmr_front' });
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
});

test('an open sale can be cancelled: the bill is offered again; a card taken meanwhile is told', async () => {
  const waiting = sale({ status: 'open', paid_at: null, payments: [readerPayment({ amount: 3500 })] });
  apiStub.answer(`GET ${PATH}`, { json: { ...BILL, sale: waiting } });
  let tries = 0;
  apiStub.answer('POST /api/console/salons/1/sales/11/cancel', () => {
    tries += 1;
    if (tries === 1)
      return {
        status: 409,
        body: { detail: 'The card payment was taken meanwhile: refund the sale instead', code: 'PAYMENT_TAKEN' },
      };
    apiStub.answer(`GET ${PATH}`, { json: BILL });
    return { status: 200, json: { sale: { ...waiting, status: 'cancelled' } } };
  });
  const user = renderDialog();
  expect(await screen.findByText('Waiting: the card reader asks for the card.')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Cancel the sale' }));
  expect(await screen.findByText('The card payment was taken meanwhile: refund the sale instead')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Cancel the sale' }));
  expect(await screen.findByRole('button', { name: 'Take £35.00' })).toBeTruthy();
  expect(tries).toBe(2);
});
