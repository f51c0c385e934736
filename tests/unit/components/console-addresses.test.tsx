import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShortNameCheck, ShortNameView } from '../../../shared/console/short-name';
import { apiStub } from './render-app';
import { renderConsole } from './render-console';

// The Addresses place's forms: the short name checked as it is typed (the Worker's answers to the
// check and the save are tests/worker/short-names.test.ts, with the old name's redirect), and a
// domain refused before it is sent. The browser spec (console-addresses.spec.ts) keeps the
// domain's way to live through the Cloudflare stand-in.

const BROOKLYN: ShortNameView = { short_name: 'brooklyn', previous: [] };
const check = (name: string, answer: Omit<ShortNameCheck, 'short_name'>) =>
  apiStub.answer(`GET /api/console/salons/3/short-name/check?name=${name}`, { json: { short_name: name, ...answer } });

async function openAddresses() {
  const rendered = await renderConsole('/salons/3/addresses', {
    role: 'owner',
    answers: {
      'GET /api/console/salons/3/short-name': { json: BROOKLYN },
      'GET /api/console/salons/3/domain': { json: { domain: null } },
    },
  });
  const section = within(await screen.findByRole('region', { name: 'Short link' }));
  await section.findByRole('link', { name: /\/s\/brooklyn$/ });
  return { ...rendered, section };
}

describe('the short name', () => {
  it('is checked as it is typed: taken, kept, badly formed, free; saved, the old link still leads here', async () => {
    check('demo', { available: false, reason: 'Another salon has that short name: choose another' });
    check('brooklyn-barbers', { available: true, reason: null });
    const { user, section } = await openAddresses();
    const field = section.getByLabelText('Short name');
    const save = section.getByRole('button', { name: 'Save short name' }) as HTMLButtonElement;
    const retype = async (name: string) => {
      await user.clear(field);
      await user.click(field);
      await user.paste(name);
    };

    await retype('demo');
    expect(await section.findByText('Another salon has that short name: choose another')).toBeTruthy();
    expect(save.disabled).toBe(true);
    // the shared schema's words, before any call
    await retype('console');
    expect(await section.findByText('That word is kept for the booking site itself: choose another')).toBeTruthy();
    expect(save.disabled).toBe(true);
    await retype('Bad_Name');
    expect(await section.findByText(/lower-case letters, digits or dashes/)).toBeTruthy();
    expect(apiStub.calls.filter((c) => c.path.includes('check?name=')).map((c) => c.path)).toEqual([
      '/api/console/salons/3/short-name/check?name=demo',
    ]);

    await retype('brooklyn-barbers');
    expect(await section.findByText('/s/brooklyn-barbers is free')).toBeTruthy();
    await waitFor(() => expect(save.disabled).toBe(false));
    apiStub.answer('PUT /api/console/salons/3/short-name', {
      json: { short_name: 'brooklyn-barbers', previous: [{ short_name: 'brooklyn', redirects_until: '2027-03-29T10:00:00Z' }] },
    });
    await user.click(save);
    expect((await section.findByRole('status')).textContent).toBe('Saved. The old link keeps leading here for 90 days.');
    expect(apiStub.calls.find((c) => c.method === 'PUT')?.body).toEqual({ short_name: 'brooklyn-barbers' });
    expect(section.getByRole('list', { name: 'Old short links still redirecting' }).textContent).toContain(
      '/s/brooklyn still leads here until',
    );
    expect(section.getByRole('link', { name: /\/s\/brooklyn-barbers$/ })).toBeTruthy();
  });
});

describe('the salon’s own domain', () => {
  it('a domain itself (not a subdomain) is refused with the reason, before anything is sent', async () => {
    const { user } = await openAddresses();
    const domain = within(screen.getByRole('region', { name: 'Your own domain' }));
    await user.type(domain.getByRole('textbox', { name: 'Domain' }), 'brooklyn-barber.co.uk');
    await user.click(domain.getByRole('button', { name: 'Add domain' }));
    expect(await domain.findByText(/^Use a subdomain such as book.your-salon.co.uk/)).toBeTruthy();
    expect(apiStub.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
