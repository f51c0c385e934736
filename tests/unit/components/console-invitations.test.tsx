import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffMember, StylistColumn } from '../../../shared/console/team';
import { apiStub } from './render-app';
import { DEMO_STAFF, renderConsole } from './render-console';
import { QUIET_TODAY } from './console-answers';

// Inviting someone to the team and their first sign-in: the forms' words before anything is sent,
// and what a manager may do on the team. The browser spec (console-team.spec.ts) keeps the
// journey: the invitation emailed, the temporary password, a password of their own, signed out.

const TEAM_3: StaffMember[] = [
  { id: 4, email: 'owner@brooklyn-barber.test', name: 'Jordan Bedford', role: 'owner', status: 'active', via_group: false },
  { id: 5, email: 'manager@brooklyn-barber.test', name: 'Riley Brooks', role: 'manager', status: 'active', via_group: false },
];
const COLUMNS_3: StylistColumn[] = [{ id: 6, name: 'Marco Diaz', staff_id: null }];
const team3 = {
  'GET /api/console/salons/3/staff': { json: TEAM_3 },
  'GET /api/console/salons/3/stylist-columns': { json: COLUMNS_3 },
};

describe('the invitation', () => {
  it('the form checks with the shared schema before it sends anything', async () => {
    const { user } = await renderConsole('/salons/3/team', { role: 'owner', answers: team3 });
    await user.click(await screen.findByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter their name')).toBeTruthy();
    expect(screen.getByText('Enter an email address, such as sam@example.com')).toBeTruthy();
    expect(apiStub.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/staff'))).toEqual([]);
  });

  it('a manager sees the team and invites stylists only; removing is the owner’s', async () => {
    await renderConsole('/salons/3/team', { role: 'manager', answers: team3 });
    const owner = (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('owner@brooklyn-barber.test'))!;
    expect(owner.textContent).toContain('Owner');
    expect(
      within(screen.getByRole('combobox', { name: 'Role' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Stylist']);
    expect(screen.queryAllByRole('button', { name: /^Remove / })).toEqual([]);
  });
});

describe('the first sign-in with the temporary password', () => {
  it('asks for a password of their own, with the shared schema’s words, then lands on Today', async () => {
    apiStub.answer('POST /console/session/login', { json: { challenge: 'NEW_PASSWORD_REQUIRED', session: 'cognito-session' } });
    const { user } = await renderConsole('/', { me: null });
    await user.type(await screen.findByLabelText('Email'), 'sam@example.test');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Temporary-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Choose a new password');

    await user.type(screen.getByLabelText('New password', { exact: true }), 'short');
    await user.type(screen.getByLabelText('New password again'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save password and sign in' }));
    expect(await screen.findByText('Use at least 8 characters with a lowercase letter, an uppercase letter and a number')).toBeTruthy();
    expect(apiStub.calls.some((c) => c.path === '/console/session/new-password')).toBe(false);

    const me = { ...DEMO_STAFF.manager, email: 'sam@example.test', name: 'Sam Taylor' };
    apiStub.answer('POST /console/session/new-password', { json: { access_token: 'a.b.c', id_token: 'a.b.c', expires_in: 3600, me } });
    apiStub.answer('GET /api/console/salons/3/today', { json: QUIET_TODAY });
    apiStub.answer('GET /api/console/salons/3/realtime', { status: 503, body: {} });
    await user.clear(screen.getByLabelText('New password', { exact: true }));
    await user.type(screen.getByLabelText('New password', { exact: true }), 'Managing-2026');
    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password again'), 'Managing-2026');
    await user.click(screen.getByRole('button', { name: 'Save password and sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeTruthy();
    expect(apiStub.calls.find((c) => c.path === '/console/session/new-password')?.body).toEqual({
      email: 'sam@example.test',
      session: 'cognito-session',
      new_password: 'Managing-2026',
    });
  });
});
