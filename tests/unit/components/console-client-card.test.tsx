import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClientCard } from '../../../shared/console/clients';
import { apiStub } from './render-app';
import { renderConsole } from './render-console';

/**
 * The client's card with what an import brought (docs/console/imports.md): email, landline,
 * birthday, the blocked flag, the imported notes (allergies) first; and a client imported with only
 * an email. The Clients place opened at the card (?client=), its call answered as the Worker answers it.
 */
const openCard = (key: string) => renderConsole(`/salons/1/clients?client=${encodeURIComponent(key)}`);

const salonFacts = () =>
  apiStub.answer('GET /api/book-online/salon/1/', { json: { timezone: 'Europe/London', currency: 'GBP', country: { code: 'GB' } } });

const IMPORTED: ClientCard = {
  client: {
    id: '+447700900611',
    name: 'Tess Durbey',
    phone: '+447700900611',
    email: 'tess@example.test',
    has_account: false,
    appointments: 0,
    last_visit: null,
    opted_out_of_texts: true,
    imported: { landline: '+442079460611', birthday: '1988-03-14', blocked: true },
  },
  appointments: [],
  spend: 0,
  currency: 'GBP',
  no_shows: 0,
  notes: [{ id: -1, body: 'Allergic to nickel', staff_name: 'Imported', created_at: '2026-12-01T10:00:00Z' }],
  messages: [],
  can_rebook: false,
};

describe('the client’s card, imported', () => {
  it('shows the blocked flag first, the email, landline and birthday, the opt-out, and the imported notes', async () => {
    salonFacts();
    apiStub.answer(`GET /api/console/salons/1/clients/${encodeURIComponent('+447700900611')}`, { json: IMPORTED });
    await openCard('+447700900611');
    expect((await screen.findByRole('note')).textContent).toBe('Blocked in the salon’s previous system: check before booking them.');
    const details = screen.getByLabelText('Contact details');
    expect(
      within(details)
        .getAllByRole('term')
        .map((t) => `${t.textContent}: ${t.nextElementSibling?.textContent}`),
    ).toEqual(['Email: tess@example.test', 'Landline: +442079460611', 'Birthday: 14 March 1988']);
    expect(within(details).getByRole('link', { name: '+442079460611' }).getAttribute('href')).toBe('tel:+442079460611');
    expect(within(details).getByRole('link', { name: 'tess@example.test' }).getAttribute('href')).toBe('mailto:tess@example.test');
    screen.getByText(/opted out of texts \(reminders go by email\)/);
    screen.getByText('Allergic to nickel');
  });

  it('a client imported with only an email: no number to call, the email to write to, not blocked', async () => {
    salonFacts();
    const emailOnly: ClientCard = {
      ...IMPORTED,
      client: {
        ...IMPORTED.client,
        id: 'mo.only@example.test',
        name: 'Mo Only',
        phone: '',
        email: 'mo.only@example.test',
        opted_out_of_texts: false,
        imported: { landline: null, birthday: null, blocked: false },
      },
      notes: [],
    };
    apiStub.answer(`GET /api/console/salons/1/clients/${encodeURIComponent('mo.only@example.test')}`, { json: emailOnly });
    await openCard('mo.only@example.test');
    await screen.findByRole('heading', { name: 'Mo Only' });
    screen.getByText('No mobile number');
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('link', { name: 'mo.only@example.test' }).getAttribute('href')).toBe('mailto:mo.only@example.test');
    expect(screen.queryByText(/Landline|Birthday/)).toBeNull();
  });
});
