import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub, currentPath } from './render-app';
import { QUIET_TODAY } from './console-answers';
import { renderConsole } from './render-console';

// The console's sign-in and navigation: the sign-in service's refusal, and the places each role
// sees in docs/console/README.md's order. The browser specs (console-pages.spec.ts) keep the sign-in
// itself, the layout at widths and axe.

const nav = () => within(screen.getByRole('navigation', { name: 'Console' }));
const linksOf = () =>
  nav()
    .getAllByRole('link')
    .map((l) => l.textContent);

describe('sign-in', () => {
  it('says what is missing before anything is sent', async () => {
    const { user } = await renderConsole('/', { me: null });
    await screen.findByRole('heading', { level: 1, name: 'Sign in to your salon' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your password')).toBeTruthy();
    expect(apiStub.calls.some((c) => c.path === '/console/session/login')).toBe(false);
  });

  it('a wrong password is refused with the sign-in service’s words, and nobody is signed in', async () => {
    apiStub.answer('POST /console/session/login', {
      status: 401,
      body: { detail: 'Incorrect username or password.', code: 'NotAuthorizedException' },
    });
    const { user } = await renderConsole('/', { me: null });
    await user.type(await screen.findByLabelText('Email'), 'manager@brooklyn-barber.test');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Not-the-password1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect username or password.');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in to your salon');
  });
});

describe('the places each role sees', () => {
  it('an owner: every place of docs/console/README.md, in its order', async () => {
    await renderConsole('/salons/3/today', { role: 'owner', answers: { 'GET /api/console/salons/3/today': { json: QUIET_TODAY } } });
    await screen.findByRole('heading', { level: 1, name: 'Today' });
    expect(linksOf()).toEqual([
      'Today',
      'Diary',
      'Time off',
      'Services',
      'Stylists',
      'Inbox',
      'Clients',
      'Requests',
      'Vouchers',
      'Reports',
      'Booking page',
      'Addresses',
      'Get paid',
      'Team',
      'API keys',
      'History',
      'Import',
      'Notifications',
    ]);
  });

  it('a manager: History, and none of the owner’s own places', async () => {
    await renderConsole('/salons/3/today', { role: 'manager', answers: { 'GET /api/console/salons/3/today': { json: QUIET_TODAY } } });
    await screen.findByRole('heading', { level: 1, name: 'Today' });
    expect(nav().getByRole('link', { name: 'History' })).toBeTruthy();
    expect(nav().queryByRole('link', { name: 'API keys' })).toBeNull();
  });

  it('a stylist: only their own places; the booking page’s settings lead home to Today', async () => {
    const today = { ...QUIET_TODAY, requests_waiting: null, failed_messages: null };
    await renderConsole('/salons/1/booking-page', { role: 'stylist', answers: { 'GET /api/console/salons/1/today': { json: today } } });
    await screen.findByRole('heading', { level: 1, name: 'Today' });
    expect(linksOf()).toEqual(['Today', 'Diary', 'Time off', 'Stylists', 'Inbox', 'Clients', 'Reports', 'Notifications']);
    await waitFor(() => expect(currentPath()).toBe('/console/salons/1/today'));
    expect(screen.queryByRole('heading', { name: 'Booking page' })).toBeNull();
  });
});
