import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { MSG_DESK_PHONE } from '../../../shared/console/diary';
import type { AdminInvite } from '../../../shared/invites';
import { apiStub } from './render-app';
import { renderConsole } from './render-console';

// A new request (client/console/requests/NewRequest.tsx): the shared schema's words on each field
// before anything is sent, and the server's refusal of a field on that field.

const MADE: AdminInvite = {
  id: 41,
  unique_code: 'abc',
  link: '/invite/abc/',
  status: 'invited',
  request: 'deposit',
  requested_deposit: 15,
  amount_to_pay: 15,
  paid_amount: 0,
  currency: 'GBP',
  appointment_id: 501,
  start_time: '2026-12-12T10:00:00Z',
  client_id: null,
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone_number: '+447700900123',
  created_at: '2026-12-01T09:00:00Z',
};

function answerPlace() {
  apiStub.answer('GET /api/console/salons/1/requests', { json: [] });
  apiStub.answer('GET /api/book-online/salon/1/', { json: { timezone: 'Europe/London', currency: 'GBP', country: { code: 'GB' } } });
  apiStub.answer('GET /api/book-online/services/1/', { json: [] });
}
const sent = () => apiStub.calls.filter((c) => c.method === 'POST' && c.path === '/api/console/salons/1/requests');

test('a request for a new appointment: the shared schema’s words on the fields, and no call until they are right', async () => {
  answerPlace();
  const { user } = await renderConsole('/salons/1/requests');
  const form = (await screen.findByRole('heading', { name: 'Ask a client for a deposit' })).closest('section')!;
  await user.click(within(form).getByRole('button', { name: 'Send request' }));
  expect(await within(form).findByText('deposit is needed for a deposit request')).toBeTruthy();
  expect(within(form).getByRole('textbox', { name: 'Client’s mobile' }).getAttribute('aria-invalid')).toBe('true');
  expect(within(form).getByText('Enter their mobile number')).toBeTruthy();
  expect(within(form).getByText('must name at least one service')).toBeTruthy();
  // a number that is not one we can text: the desk's words, not the API's
  await user.type(within(form).getByRole('textbox', { name: 'Client’s mobile' }), '12');
  await user.click(within(form).getByRole('button', { name: 'Send request' }));
  expect(await within(form).findByText(MSG_DESK_PHONE)).toBeTruthy();
  expect(sent()).toEqual([]);
});

test('a request for the card’s appointment: the server’s refusal of the deposit shows on it; then sent', async () => {
  answerPlace();
  let answer: Parameters<typeof apiStub.answer>[1] = {
    status: 400,
    body: { detail: 'Check the request', errors: { deposit: 'must be at most 100000' } },
  };
  apiStub.answer('POST /api/console/salons/1/requests', () => answer as { status: number; body: unknown });
  const { user } = await renderConsole('/salons/1/requests?appointment=501&no=501&for=Ada%20Lovelace');
  const form = (await screen.findByRole('heading', { name: 'Ask a client for a deposit' })).closest('section')!;
  expect(within(form).getByText(/\(Ada Lovelace\)/)).toBeTruthy();
  await user.type(within(form).getByRole('textbox', { name: 'Deposit (GBP)' }), '15');
  await user.click(within(form).getByRole('button', { name: 'Send request' }));
  expect(await within(form).findByText('must be at most 100000')).toBeTruthy();
  expect(within(form).getByRole('textbox', { name: 'Deposit (GBP)' }).getAttribute('aria-invalid')).toBe('true');
  expect(sent().at(-1)!.body).toEqual({ request: 'deposit', deposit: 15, appointment_id: 501 });

  answer = { json: MADE };
  await user.click(within(form).getByRole('button', { name: 'Send request' }));
  expect(await within(form).findByRole('status')).toHaveProperty('textContent', 'Request sent to Ada Lovelace.');
  await waitFor(() => expect(within(form).queryByText('must be at most 100000')).toBeNull());
  expect(sent()).toHaveLength(2);
});
