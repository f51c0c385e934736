import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiStub, currentPath } from './render-app';
import { QUIET_TODAY } from './console-answers';
import { renderConsole } from './render-console';

// The console's frame on a phone (docs/console/README.md "On a phone"): a one-line header, the four
// most used places in a bar along the bottom, More for the rest (a disclosure), the Inbox's unread
// count kept. The browser spec (console-pages.spec.ts) measures the header and the bar at 390 px.

const happy = (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM;
const phone = () => happy.setViewport({ width: 390, height: 844 });
afterEach(() => happy.setViewport({ width: 1024, height: 768 }));

const today = { 'GET /api/console/salons/3/today': { json: QUIET_TODAY } };

describe('on a phone', () => {
  it('the bar holds Today, Diary, Clients and Inbox (with its unread count) and More; who is signed in and Sign out are under More', async () => {
    phone();
    apiStub.answer('GET /api/console/salons/3/inbox', { json: { threads: [], unread: 3 } });
    const { user } = await renderConsole('/salons/3/today', { role: 'owner', answers: today });
    await screen.findByRole('heading', { level: 1, name: 'Today' });
    const nav = within(screen.getByRole('navigation', { name: 'Console' }));
    await nav.findByRole('link', { name: /^Inbox\s*3 unread$/ });
    expect(nav.getAllByRole('link').map((l) => l.textContent)).toEqual(['Today', 'Diary', 'Clients', 'Inbox3 unread']);
    expect(nav.getByRole('link', { name: 'Today' }).getAttribute('aria-current')).toBe('page');
    // the header is one line: the salon, nothing else
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(screen.queryByText(/Jordan Bedford/)).toBeNull();

    const more = nav.getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(nav.getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Time off',
      'Services',
      'Stylists',
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
      'Today',
      'Diary',
      'Clients',
      'Inbox3 unread',
    ]);
    expect(nav.getByText('Jordan Bedford · Owner')).toBeTruthy();
    expect(nav.getByRole('button', { name: 'Sign out' })).toBeTruthy();

    // Escape closes it and gives the focus back to More
    await user.keyboard('{Escape}');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);
    expect(nav.queryByRole('link', { name: 'Booking page' })).toBeNull();
  });

  it('a place chosen under More opens and closes it; More then says it holds the place shown', async () => {
    phone();
    const { user } = await renderConsole('/salons/3/today', { role: 'owner', answers: today });
    await screen.findByRole('heading', { level: 1, name: 'Today' });
    const nav = within(screen.getByRole('navigation', { name: 'Console' }));
    await user.click(nav.getByRole('button', { name: 'More' }));
    apiStub.answer('GET /api/console/salons/3/keys', { json: [] });
    await user.click(nav.getByRole('link', { name: 'API keys' }));
    await waitFor(() => expect(currentPath()).toBe('/console/salons/3/api-keys'));
    const more = nav.getByRole('button', { name: 'More' });
    await waitFor(() => expect(more.getAttribute('aria-expanded')).toBe('false'));
    expect(more.getAttribute('aria-current')).toBe('page');
  });

  it('a stylist’s bar: the same four of their own places, the rest under More', async () => {
    phone();
    const { user } = await renderConsole('/salons/1/today', {
      role: 'stylist',
      answers: { 'GET /api/console/salons/1/today': { json: { ...QUIET_TODAY, requests_waiting: null, failed_messages: null } } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Today' });
    const nav = within(screen.getByRole('navigation', { name: 'Console' }));
    expect(nav.getAllByRole('link').map((l) => l.textContent)).toEqual(['Today', 'Diary', 'Clients', 'Inbox']);
    await user.click(nav.getByRole('button', { name: 'More' }));
    expect(
      nav
        .getAllByRole('link')
        .map((l) => l.textContent)
        .slice(0, 2),
    ).toEqual(['Time off', 'Stylists']);
  });
});

describe('from 768 px', () => {
  it('the side navigation lists every place and the header says who is signed in, with Sign out', async () => {
    await renderConsole('/salons/3/today', { role: 'manager', answers: today });
    await screen.findByRole('heading', { level: 1, name: 'Today' });
    const nav = within(screen.getByRole('navigation', { name: 'Console' }));
    expect(nav.queryByRole('button', { name: 'More' })).toBeNull();
    expect(nav.getByRole('link', { name: 'Booking page' })).toBeTruthy();
    expect(screen.getByText('Riley Brooks · Manager')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });
});
