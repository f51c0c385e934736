import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { brandPalette } from '../../../themes/brand';
import type { StaleSettings, VersionedSettings } from '../../../shared/console/settings';
import { apiStub, currentPath } from './render-app';
import { PHOTOS_3, SETTINGS_3 } from './console-answers';
import { describedBy, renderConsole } from './render-console';

// The Booking page place's sections and notices: each section at its own address and saved on its
// own, the shared schema's words before a call, the 412 of a save that started before someone
// else's, what a brand colour becomes on the theme, a logo refused before it is sent, the policy's
// editor and its sanitised text, and the salon switcher. The browser specs
// (console-settings.spec.ts) keep the journeys: a save a client's next load shows, at both widths.

const salon3 = { 'GET /api/console/salons/3/settings': { json: SETTINGS_3 }, 'GET /api/console/salons/3/photos': { json: PHOTOS_3 } };
const patches = () => apiStub.calls.filter((c) => c.method === 'PATCH');
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the Booking page’s form', () => {
  it('a setting the shared schema refuses gets its own message, and nothing is saved', async () => {
    const { user } = await renderConsole('/salons/3/booking-page/online-booking', { role: 'manager', answers: salon3 });
    await screen.findByRole('heading', { level: 1, name: 'Booking page' });
    await user.clear(await screen.findByLabelText('Upcoming bookings one client can make online'));
    await user.type(field('Upcoming bookings one client can make online'), '500');
    await user.clear(field('Times held at once for clients not logged in'));
    await user.type(field('Times held at once for clients not logged in'), '-1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Upcoming bookings per client can be at most 100')).toBeTruthy();
    expect(screen.getByText('Times held for clients not logged in must be at least 0')).toBeTruthy();
    expect(screen.getByRole('alert', { name: '' }).textContent).toContain('Please check the settings marked below.');
    expect(screen.queryByRole('status', { name: /Saved/ })).toBeNull();
    expect(patches()).toEqual([]);
  });

  it('the Waitlist section edits the minutes an offer waits: the schema’s words below 5, then only that setting is saved', async () => {
    const saved: unknown[] = [];
    apiStub.answer('PATCH /api/console/salons/3/settings', ({ body }) => {
      saved.push(body);
      return { json: { ...SETTINGS_3, version: SETTINGS_3.version + 1, settings: { ...SETTINGS_3.settings, waitlist_offer_minutes: 30 } } };
    });
    const { user } = await renderConsole('/salons/3/booking-page/waitlist', { role: 'manager', answers: salon3 });
    const waitlist = await screen.findByRole('form', { name: 'Booking page' });
    const minutes = (await within(waitlist).findByLabelText('Minutes a client has to claim a time that comes free')) as HTMLInputElement;
    expect(minutes.value).toBe('15');
    await user.clear(minutes);
    await user.type(minutes, '3');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(waitlist).findByText('The minutes an offer waits must be at least 5')).toBeTruthy();
    expect(saved).toEqual([]);
    await user.clear(minutes);
    await user.type(minutes, '30');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toEqual([{ waitlist_offer_minutes: 30 }]));
  });

  it('a 400 from the server shows its message at the setting it names, and the notice asks to check it', async () => {
    const refusal = 'The minutes an offer waits can be at most 240';
    apiStub.answer('PATCH /api/console/salons/3/settings', {
      status: 400,
      body: { detail: refusal, code: 'BAD_REQUEST', field: 'waitlist_offer_minutes', errors: { waitlist_offer_minutes: refusal } },
    });
    const { user } = await renderConsole('/salons/3/booking-page/waitlist', { role: 'manager', answers: salon3 });
    const waitlist = await screen.findByRole('form', { name: 'Booking page' });
    const minutes = (await within(waitlist).findByLabelText('Minutes a client has to claim a time that comes free')) as HTMLInputElement;
    await user.clear(minutes);
    await user.type(minutes, '30');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(describedBy(minutes)).toContain(refusal));
    expect(screen.getByRole('alert', { name: '' }).textContent).toContain('Please check the settings marked below.');
    expect(patches()).toHaveLength(1);
  });

  it('a save that started before someone else saved gets 412: it shows what changed and loads the latest', async () => {
    const latest: VersionedSettings = {
      ...SETTINGS_3,
      version: 2,
      settings: { ...SETTINGS_3.settings, ncob_welcome_message: 'Walk-ins welcome every Saturday.' },
    };
    const stale: StaleSettings = {
      error: 'STALE_VERSION',
      message: 'Someone else changed these settings',
      current: latest,
      changed: ['ncob_welcome_message'],
    };
    apiStub.answer('PATCH /api/console/salons/3/settings', { status: 412, body: stale });
    const { user } = await renderConsole('/salons/3/booking-page/cancellations', { role: 'manager', answers: salon3 });
    const hours = await screen.findByLabelText('Hours before the appointment when online cancelling stops');
    await user.clear(hours);
    await user.type(hours, '48');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const notice = await screen.findByRole('alert', { name: '' });
    await waitFor(() => expect(notice.textContent).toContain('Not saved: someone else changed these settings meanwhile'));
    expect(notice.textContent).toContain('Welcome message is now Walk-ins welcome every Saturday.');
    expect(patches()[0]).toMatchObject({ body: { cancellation_window_hours: 48 } });
    await user.click(within(notice).getByRole('button', { name: 'Load the latest settings' }));
    expect(field('Hours before the appointment when online cancelling stops').value).toBe('24');
    expect(screen.getByRole('status').textContent).toBe('The latest settings are loaded. Make your changes again and save.');

    // saved again, from the version the notice brought
    apiStub.answer('PATCH /api/console/salons/3/settings', ({ body }) => ({
      json: { ...latest, version: 3, settings: { ...latest.settings, ...(body as object) } },
    }));
    await user.clear(field('Hours before the appointment when online cancelling stops'));
    await user.type(field('Hours before the appointment when online cancelling stops'), '48');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Saved. Clients see the change the next time they open your booking page.');
    expect(patches().length).toBe(2);
    expect(patches()[1]!.ifMatch).toBe('2');
    // the Texts section opens with the latest settings
    await user.click(screen.getByRole('link', { name: 'Texts' }));
    expect(((await screen.findByLabelText('Welcome message')) as HTMLTextAreaElement).value).toBe('Walk-ins welcome every Saturday.');
  });
});

describe('the sections', () => {
  it('the old address leads to the first section; each section is a link of its own and saves only its own settings', async () => {
    let version = 1;
    apiStub.answer('PATCH /api/console/salons/3/settings', ({ body }) => ({
      json: { ...SETTINGS_3, version: ++version, settings: { ...SETTINGS_3.settings, ...(body as object) } },
    }));
    const { user } = await renderConsole('/salons/3/booking-page', { role: 'owner', answers: salon3 });
    await waitFor(() => expect(currentPath()).toBe('/console/salons/3/booking-page/appearance'));
    const sections = within(screen.getByRole('navigation', { name: 'Booking page sections' }));
    expect(sections.getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Appearance',
      'Online booking',
      'Deposits and cards',
      'Cancellations and refunds',
      'Waitlist',
      'Texts',
      'Photos',
      'Address and hours',
      'Gift vouchers',
      'Reminders',
      'Tracking',
    ]);
    expect(sections.getByRole('link', { name: 'Appearance' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { level: 2, name: 'Appearance' })).toBeTruthy();
    expect(screen.queryByLabelText('Salon name')).toBeNull();

    await user.click(sections.getByRole('link', { name: 'Waitlist' }));
    expect(currentPath()).toBe('/console/salons/3/booking-page/waitlist');
    await user.click(await screen.findByRole('checkbox', { name: 'Clients can join a waitlist when no time suits them' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Saved. Clients see the change the next time they open your booking page.');

    await user.click(sections.getByRole('link', { name: 'Address and hours' }));
    await user.clear(await screen.findByLabelText('Phone'));
    await user.type(field('Phone'), '(718) 555-0199');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Saved. Clients see the change the next time they open your booking page.');
    // each save names only its own section's changed settings, from the version the last one answered
    expect(patches().map((p) => [p.ifMatch, p.body])).toEqual([
      ['1', { has_waitlist: true }],
      ['2', { phone: '(718) 555-0199' }],
    ]);
  });

  it('leaving a section with changes not saved asks first; staying keeps them', async () => {
    const { user } = await renderConsole('/salons/3/booking-page/online-booking', { role: 'owner', answers: salon3 });
    await user.clear(await screen.findByLabelText('Upcoming bookings one client can make online'));
    await user.type(field('Upcoming bookings one client can make online'), '5');
    const asked: string[] = [];
    const confirm = window.confirm;
    try {
      window.confirm = (q?: string) => (asked.push(q ?? ''), false);
      await user.click(screen.getByRole('link', { name: 'Texts' }));
      expect(asked).toEqual(['Leave this section? Your changes here are not saved.']);
      expect(currentPath()).toBe('/console/salons/3/booking-page/online-booking');
      expect(field('Upcoming bookings one client can make online').value).toBe('5');
      window.confirm = (q?: string) => (asked.push(q ?? ''), true);
      await user.click(screen.getByRole('link', { name: 'Texts' }));
      await waitFor(() => expect(currentPath()).toBe('/console/salons/3/booking-page/texts'));
      // nothing left unsaved: the next section is left without asking
      await user.click(await screen.findByRole('link', { name: 'Waitlist' }));
      await waitFor(() => expect(currentPath()).toBe('/console/salons/3/booking-page/waitlist'));
      expect(asked.length).toBe(2);
    } finally {
      window.confirm = confirm;
    }
    expect(patches()).toEqual([]);
  });

  it('an address of no section leads to the first', async () => {
    await renderConsole('/salons/3/booking-page/colours', { role: 'owner', answers: salon3 });
    await waitFor(() => expect(currentPath()).toBe('/console/salons/3/booking-page/appearance'));
  });
});

describe('the salon switcher', () => {
  it('a group owner switches between the salons of the group: each salon’s own settings', async () => {
    for (const [id, name] of [
      [1, 'Willow & Co Islington'],
      [2, 'Willow & Co Shoreditch'],
    ] as const) {
      apiStub.answer(`GET /api/console/salons/${id}/settings`, { json: { ...SETTINGS_3, settings: { ...SETTINGS_3.settings, name } } });
      apiStub.answer(`GET /api/console/salons/${id}/photos`, { json: { ...PHOTOS_3, stylists: [] } });
    }
    const { user } = await renderConsole('/salons/1/booking-page/address-hours');
    const switcher = (await screen.findByLabelText('Salon', { exact: true })) as HTMLSelectElement;
    expect(switcher.value).toBe('1');
    await waitFor(() => expect(field('Salon name').value).toBe('Willow & Co Islington'));
    await user.selectOptions(switcher, '2');
    await waitFor(() => expect(currentPath()).toBe('/console/salons/2/booking-page/address-hours'));
    await waitFor(() => expect(field('Salon name').value).toBe('Willow & Co Shoreditch'));
  });
});

describe('the brand colour and the logo', () => {
  it('a navy on the dark theme is adjusted so text stays readable, and says what buttons and links use', async () => {
    const dark = { ...SETTINGS_3, settings: { ...SETTINGS_3.settings, theme_mode: 'dark' as const } };
    const { user } = await renderConsole('/salons/3/booking-page/appearance', {
      role: 'owner',
      answers: { ...salon3, 'GET /api/console/salons/3/settings': { json: dark } },
    });
    await user.click(await screen.findByRole('checkbox', { name: /^Use my brand colour for buttons and links/ }));
    const colour = screen.getByRole('textbox', { name: /^Brand colour/ });
    await user.clear(colour);
    await user.type(colour, '#000080');
    const brand = brandPalette('dark', '#000080');
    const notice = await screen.findByText(/so text stays readable on the dark theme/);
    expect(notice.textContent).toContain(`buttons use ${brand.primary} and links ${brand.accent}`);
    expect(patches()).toEqual([]);
  });

  it('a logo of the wrong type or too big is refused beside the field before anything is sent', async () => {
    await renderConsole('/salons/3/booking-page/photos', { role: 'manager', answers: salon3 });
    const logo = within(await screen.findByRole('group', { name: 'Logo' }));
    expect(logo.getByRole('img', { name: 'Your current logo' }).getAttribute('src')).toBe(PHOTOS_3.logo!.url);
    // as a browser's file chooser set to all files would give them
    const user = userEvent.setup({ applyAccept: false, delay: null });
    const choose = logo.getByLabelText('Choose a new logo');
    await user.upload(choose, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await logo.findByText('Choose a PNG, JPEG or WebP image.')).toBeTruthy();
    expect(choose.getAttribute('aria-invalid')).toBe('true');
    await user.upload(choose, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'logo.png', { type: 'image/png' }));
    expect(await logo.findByText(/The logo must be at most 2 MB/)).toBeTruthy();
    expect(logo.queryByRole('button', { name: 'Upload logo' })).toBeNull();
    expect(apiStub.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});

describe('the texts', () => {
  const policy =
    '<p onclick="steal()">Give us <b>48 hours</b>.<script>steal()</script><img src="x" onerror="steal()"></p>' +
    '<blockquote>Quoted</blockquote><p><a href="javascript:steal()">Bad link</a> <a href="https://example.com/terms" target="_blank">Terms</a></p>';

  it('the cancellation policy opens in the editor without what the booking page removes (scripts, handlers, images, quotes), with only the formatting it keeps', async () => {
    const answers = {
      ...salon3,
      'GET /api/console/salons/3/settings': { json: { ...SETTINGS_3, settings: { ...SETTINGS_3.settings, salon_ncob_text: policy } } },
    };
    const { user } = await renderConsole('/salons/3/booking-page/texts', { role: 'owner', answers });
    const editor = await screen.findByRole('textbox', { name: 'Cancellation policy' });
    expect(editor.textContent).toContain('Give us 48 hours.');
    expect(editor.querySelector('script, img, blockquote, [onclick], [target]')).toBeNull();
    // the javascript: link is plain words; the safe one keeps its address alone
    expect(editor.textContent).toContain('Bad link');
    expect([...editor.querySelectorAll('a')].map((a) => a.outerHTML)).toEqual(['<a href="https://example.com/terms">Terms</a>']);
    expect(editor.querySelector('strong')?.textContent).toBe('48 hours');
    const tools = within(screen.getByRole('toolbar', { name: 'Formatting of the cancellation policy' }));
    expect(tools.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Bold',
      'Italic',
      'Underline',
      'Heading',
      'Small heading',
      'Bulleted list',
      'Numbered list',
      'Link',
    ]);
    // loading it changed nothing: nothing to save (editing it is console-settings.spec.ts's, in a real browser)
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing to save: no setting has changed.')).toBeTruthy();
    expect(patches()).toEqual([]);
  });
});
