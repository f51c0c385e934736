import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../shared/console/history';
import { apiStub } from './render-app';
import { renderConsole } from './render-console';

const day = [{ open: '09:00', close: '17:30' }];
const hours = {
  sunday: [],
  monday: day,
  tuesday: day,
  wednesday: day,
  thursday: [...day, { open: '18:00', close: '20:00' }],
  friday: day,
  saturday: [{ open: '10:00', close: '16:00' }],
};

describe('History reads as the console shows each setting (issue 56)', () => {
  it('opening hours as a week, a salon text without its markup, a theme by name', async () => {
    const entries: HistoryEntry[] = [
      { at: '2026-12-01T10:00:00Z', who: 'owner@willow-demo.test', field: 'opening_hours', old: null, new: hours, version: 9 },
      {
        at: '2026-12-01T09:00:00Z',
        who: 'admin key',
        field: 'ncob_welcome_message',
        old: '',
        new: '<p>Welcome to <strong>Willow</strong> &amp; Co!</p>',
        version: 8,
      },
      { at: '2026-12-01T08:00:00Z', who: 'owner@willow-demo.test', field: 'theme_mode', old: 'slick', new: 'dark', version: 7 },
    ];
    apiStub.answer('GET /api/console/salons/1/history', { json: entries });
    await renderConsole('/salons/1/history');
    const row = (label: string) => screen.getAllByRole('row').find((r) => within(r).queryByText(label, { exact: true }))!;
    await screen.findByText('Opening hours');
    expect(row('Opening hours').textContent).toContain(
      'from the stylists’ hours → Mon 09:00–17:30; Tue 09:00–17:30; Wed 09:00–17:30; Thu 09:00–17:30, 18:00–20:00; Fri 09:00–17:30; Sat 10:00–16:00; Sun closed',
    );
    expect(row('Welcome message').textContent).toContain('empty → Welcome to Willow & Co!');
    expect(row('Theme').textContent).toContain('Slick → Dark');
    for (const r of screen.getAllByRole('row')) expect(r.textContent).not.toMatch(/[{}<>"]/);
  });
});
