import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffMember, StylistColumn } from '../../../shared/console/team';
import { apiStub } from './render-app';
import { renderConsole } from './render-console';

const TEAM: StaffMember[] = [
  { id: 1, email: 'owner@willow-demo.test', name: 'Morgan Willow', role: 'owner', status: 'active', via_group: true },
  { id: 3, email: 'stylist@willow-demo.test', name: 'Chloe Price', role: 'stylist', status: 'active', via_group: false },
  { id: 9, email: 'dan@example.test', name: 'Dan Reeves', role: 'stylist', status: 'invited', via_group: false },
];
const COLUMNS: StylistColumn[] = [
  { id: 1, name: 'Amelia Hart', staff_id: null },
  { id: 3, name: 'Chloe Price', staff_id: 3 },
  { id: 4, name: 'Dan Reeves', staff_id: null },
];

function answerTeam(columns = COLUMNS) {
  apiStub.answer('GET /api/console/salons/1/staff', { json: TEAM });
  apiStub.answer('GET /api/console/salons/1/stylist-columns', { json: columns });
}

describe('Team: a stylist’s column of the diary (issue 56)', () => {
  it('shows each stylist’s column and links one that has none', async () => {
    answerTeam();
    let sent: unknown = null;
    apiStub.answer('PUT /api/console/salons/1/staff/9/column', ({ body }) => {
      sent = body;
      return { json: COLUMNS.map((c) => (c.id === 4 ? { ...c, staff_id: 9 } : c)) };
    });
    const { user } = await renderConsole('/salons/1/team');
    const chloe = await screen.findByRole('combobox', { name: 'Diary column of Chloe Price' });
    expect((chloe as HTMLSelectElement).value).toBe('3');
    const dan = screen.getByRole('combobox', { name: 'Diary column of Dan Reeves' });
    expect((dan as HTMLSelectElement).value).toBe('');
    // someone else's column is not offered
    expect(
      within(dan)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No column yet', 'Amelia Hart', 'Dan Reeves']);
    await user.selectOptions(dan, 'Dan Reeves');
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Diary column of Dan Reeves' }) as HTMLSelectElement).value).toBe('4'),
    );
    expect(sent).toEqual({ stylist_id: 4 });
  });

  it('says when the column was taken meanwhile', async () => {
    answerTeam();
    apiStub.answer('PUT /api/console/salons/1/staff/9/column', {
      status: 409,
      body: { detail: 'Amelia Hart’s column is already linked to someone else on the team', code: 'CONFLICT', field: 'stylist_id' },
    });
    const { user } = await renderConsole('/salons/1/team');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Diary column of Dan Reeves' }), 'Amelia Hart');
    expect((await screen.findByRole('alert')).textContent).toBe('Amelia Hart’s column is already linked to someone else on the team');
  });

  it('inviting a stylist offers the columns nobody has, and sends the one chosen', async () => {
    answerTeam();
    let sent: unknown = null;
    apiStub.answer('POST /api/console/salons/1/staff', ({ body }) => {
      sent = body;
      return { status: 201, body: { ...TEAM[2], id: 10, email: 'amelia@example.test', name: 'Amelia Hart' } };
    });
    const { user } = await renderConsole('/salons/1/team');
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(screen.queryByRole('combobox', { name: 'Diary column' })).toBeNull();
    await user.selectOptions(role, 'Stylist');
    const column = screen.getByRole('combobox', { name: 'Diary column' });
    expect(
      within(column)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No column yet', 'Amelia Hart', 'Dan Reeves']);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Amelia Hart');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'amelia@example.test');
    await user.selectOptions(column, 'Amelia Hart');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByText(/Amelia Hart is invited/);
    expect(sent).toEqual({ email: 'amelia@example.test', name: 'Amelia Hart', role: 'stylist', stylist_id: 1 });
  });
});
