import { fireEvent, waitFor } from '@testing-library/react';
import { expect, test } from 'vitest';
import { MSG } from '../../messages';
import { apiStub, currentPath, renderSalon, screen } from './render-app';

// docs/booking/accounts-and-money.md §2 Create account and Login, §5 validation messages, §8 the login's
// error. (Moved from tests/e2e/create-account.spec.ts and login.spec.ts; creating an account with
// the texted code and logging in stay there as journeys.)

/** The form checks as the client types or leaves a field (react-hook-form with zod: a promise later). */
const shows = (text: string) => screen.findByText(text, { exact: true });
const hides = (text: string) => waitFor(() => expect(screen.queryByText(text, { exact: true })).toBeNull());
const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const password = () => screen.getByLabelText('Password', { exact: true }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

test('create account: each field says what is wrong with it, and CREATE ACCOUNT waits for a valid form', async () => {
  const { user } = await renderSalon(1, '/create-account');
  await screen.findByRole('heading', { level: 1, name: 'Create account' });
  expect((screen.getByRole('combobox', { name: 'Mobile number: country' }) as HTMLSelectElement).value).toBe('GB');
  expect(button('CREATE ACCOUNT').disabled).toBe(true);
  // The hint states the password rule before anything is typed.
  expect(
    screen.getByText(
      (_, el) =>
        el?.tagName === 'P' && /8 characters/.test(el.textContent!) && /uppercase/.test(el.textContent!) && /number/.test(el.textContent!),
    ),
  ).toBeTruthy();

  await user.type(textbox('First name'), 'J');
  await user.tab();
  await shows(MSG.firstName);
  await user.tab(); // through Last name, left empty
  await shows(MSG.lastName);
  await user.type(textbox('Email'), 'jo@example');
  await user.tab();
  await shows(MSG.email);
  await user.type(textbox('Mobile number'), '0770');
  fireEvent.blur(textbox('Mobile number'));
  await shows(MSG.phone);
  await user.type(textbox('Confirm mobile number'), '07700 900499');
  fireEvent.blur(textbox('Confirm mobile number'));
  await user.clear(textbox('Mobile number'));
  await user.type(textbox('Mobile number'), '07700 900498');
  await hides(MSG.phone);
  await shows(MSG.phonesDiffer);
  await user.type(password(), 'weakpass');
  await shows(MSG.passwordRule);
  expect(button('CREATE ACCOUNT').disabled).toBe(true);

  // Putting each right clears its message.
  await user.type(textbox('First name'), 'o');
  await hides(MSG.firstName);
  await user.type(textbox('Last name'), 'K');
  await hides(MSG.lastName);
  await user.type(textbox('Email'), '.test');
  await hides(MSG.email);
  await user.clear(textbox('Confirm mobile number'));
  await user.type(textbox('Confirm mobile number'), '07700 900498');
  await hides(MSG.phonesDiffer);
  await user.clear(password());
  await user.type(password(), 'Weakpass1');
  await hides(MSG.passwordRule);
  // The password can be shown and hidden again.
  expect(password().type).toBe('password');
  await user.click(button('Show password'));
  expect(password().type).toBe('text');
  await user.click(button('Hide password'));
  expect(password().type).toBe('password');
  await waitFor(() => expect(button('CREATE ACCOUNT').disabled).toBe(false));
});

test('login: an invalid phone number is pointed out and LOGIN stays disabled', async () => {
  const { user } = await renderSalon(1, '/login');
  await screen.findByRole('heading', { level: 1, name: 'Login to complete your booking' });
  expect(button('LOGIN').disabled).toBe(true);
  await user.type(password(), 'Demo-pass1');
  expect(button('LOGIN').disabled).toBe(true);
  await user.type(textbox('Mobile number'), '12345');
  await user.tab();
  await shows(MSG.loginPhone);
  expect(textbox('Mobile number').getAttribute('aria-invalid')).toBe('true');
  expect(button('LOGIN').disabled).toBe(true);

  // The input takes only digits, plus, parentheses and spaces (§5).
  await user.clear(textbox('Mobile number'));
  await user.type(textbox('Mobile number'), '07a700-9b00.123');
  expect(textbox('Mobile number').value).toBe('07700900123');
  await hides(MSG.loginPhone);
  await waitFor(() => expect(button('LOGIN').disabled).toBe(false));
  await user.clear(password());
  expect(button('LOGIN').disabled).toBe(true);
});

test('login: a wrong password says so, keeps the client logged out, and a change of the input clears it', async () => {
  // the session API's answer to a wrong password (tests/worker/session.test.ts)
  apiStub.answer('POST /session/login', {
    status: 400,
    body: { detail: 'Incorrect username or password.', code: 'NotAuthorizedException', request_id: 'r' },
  });
  const { user } = await renderSalon(1, '/login');
  await screen.findByRole('heading', { level: 1, name: 'Login to complete your booking' });
  await user.type(textbox('Mobile number'), '07700 900123');
  await user.type(password(), 'Wrong-pass9');
  await user.click(button('LOGIN'));

  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain(MSG.wrongPassword);
  expect(alert.textContent).toMatch(/Forgotten password/);
  expect(apiStub.calls.find((c) => c.path === '/session/login')?.body).toEqual({ phone: '+447700900123', password: 'Wrong-pass9' });
  expect(currentPath()).toBe('/salon/1/login');
  expect(screen.queryByRole('button', { name: 'LOGOUT' })).toBeNull();

  await user.type(password(), 'x');
  expect(screen.queryByRole('alert')).toBeNull();
});
