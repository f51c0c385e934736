import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StrandsAppointments } from '../../../shared/console/time-off';
import { at, diaryDay, jamie, openDiary } from './diary-screen';
import { apiStub } from './render-app';

// Blocked time in the diary (issue 48, docs/console/time-off.md): a stretch chosen in a column
// with the keyboard alone, the Block time dialog and its field messages, the stranding answer's
// appointments and "Block anyway", a block opened to move or remove, time off as a band, and an
// appointment left in it flagged in words.

/** Focus a column's times (as Tab does) and type keys there. */
async function keys(user: Awaited<ReturnType<typeof openDiary>>['user'], stylist: string, typed: string) {
  const times = screen.getByRole('listbox', { name: `Times in ${stylist}’s column, to book or block` });
  act(() => times.focus());
  await user.keyboard(typed);
  return times;
}

const blockCalls = () => apiStub.calls.filter((c) => c.path.startsWith('/api/console/salons/1/blocks'));

describe('blocking time in the diary', () => {
  it('chooses an hour with the keyboard alone, from the column’s first working time, and blocks it', async () => {
    const { user } = await openDiary();
    let sent: unknown = null;
    apiStub.answer('POST /api/console/salons/1/blocks', ({ body }) => {
      sent = body;
      return { json: { block: { id: 5, stylist_id: 1, start: at('10:00'), end: at('11:00'), reason: 'Training', version: 1 } } };
    });
    const times = await keys(user, 'Amelia Hart', '{Shift>}{ArrowDown}{ArrowDown}{ArrowDown}{/Shift}');
    // the chosen stretch, as a screen reader hears it: four 15-minute times selected, from 10:00
    const chosen = within(times)
      .getAllByRole('option', { selected: true })
      .map((o) => o.textContent);
    expect(chosen).toEqual(['10:00', '10:15', '10:30', '10:45']);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Block time: Amelia Hart' });
    expect((within(dialog).getByLabelText('From') as HTMLInputElement).value).toBe('10:00');
    expect((within(dialog).getByLabelText('Until') as HTMLInputElement).value).toBe('11:00');
    // the times are chosen: the reason has the focus, and the keyboard goes on from there
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: /Reason/ })));
    await user.keyboard('Training{Enter}');
    await screen.findByText('Blocked: Amelia Hart, 10:00–11:00 (Training).');
    expect(sent).toEqual({ stylist_id: 1, start: at('10:00'), end: at('11:00'), reason: 'Training' });
  });

  it('Page Down moves an hour and Escape lets a stretch go; Enter then offers to block the one time', async () => {
    const { user } = await openDiary();
    const times = await keys(user, 'Ben Okafor', '{Shift>}{ArrowDown}{/Shift}{Escape}{PageDown}');
    expect(
      within(times)
        .getAllByRole('option', { selected: true })
        .map((o) => o.textContent),
    ).toEqual(['10:15']);
    await user.keyboard('{Enter}');
    const offer = screen.getByRole('dialog', { name: 'At 10:15 with Ben Okafor' });
    await user.click(within(offer).getByRole('button', { name: 'Block time 10:15–10:30' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block time: Ben Okafor' });
    expect((within(dialog).getByLabelText('Until') as HTMLInputElement).value).toBe('10:30');
  });

  it('says what is wrong on each field, and sends nothing', async () => {
    const { user } = await openDiary();
    await keys(user, 'Amelia Hart', '{Enter}');
    await user.click(screen.getByRole('button', { name: 'Block time 10:00–10:15' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block time: Amelia Hart' });
    const until = within(dialog).getByLabelText('Until');
    await user.clear(until);
    await user.type(until, '09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Block the time' }));
    expect(await within(dialog).findByText('Give a reason')).toBeTruthy();
    expect(within(dialog).getByText('The end must be after the start')).toBeTruthy();
    expect(until.getAttribute('aria-invalid')).toBe('true');
    expect(blockCalls()).toEqual([]);
  });

  it('over appointments: shows them, saves nothing, and blocks only when asked to', async () => {
    const { user } = await openDiary();
    const strands: StrandsAppointments = {
      error: 'STRANDS_APPOINTMENTS',
      message: 'That time has appointments',
      appointments: [{ id: jamie.id, start: at('14:00'), end: at('14:30'), client_name: 'Jamie Rivers', services: ['Gents Cut'] }],
    };
    apiStub.answer('POST /api/console/salons/1/blocks', ({ body }) =>
      (body as { confirm?: boolean }).confirm
        ? { json: { block: { id: 6, stylist_id: 1, start: at('14:00'), end: at('15:00'), reason: 'Meeting', version: 1 } } }
        : { status: 409, body: strands },
    );
    await keys(user, 'Amelia Hart', '{PageDown}{PageDown}{PageDown}{PageDown}{Shift>}{PageDown}{ArrowUp}{/Shift}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Block time: Amelia Hart' });
    expect((within(dialog).getByLabelText('From') as HTMLInputElement).value).toBe('14:00');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Meeting');
    await user.click(within(dialog).getByRole('button', { name: 'Block the time' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('1 appointment is booked in that time. Nothing is saved yet.');
    expect(alert.textContent).toContain('Wed 2 Dec, 14:00–14:30: Jamie Rivers, Gents Cut');
    // the safe choice has the focus
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Go back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Block anyway' }));
    await screen.findByText('Blocked: Amelia Hart, 14:00–15:00 (Meeting).');
    expect(blockCalls().map((c) => (c.body as { confirm?: boolean }).confirm)).toEqual([undefined, true]);
  });
});

describe('what the column shows', () => {
  const withTime = diaryDay({
    blocks: [{ id: 7, stylist_id: 1, start: at('12:00'), end: at('13:00'), reason: 'Team meeting', version: 3 }],
    time_off: [
      {
        id: 3,
        stylist_id: 2,
        start: at('13:00'),
        end: at('18:00'),
        reason: 'training',
        note: '',
        status: 'approved',
        requested_by: 'owner@willow-demo.test',
        decided_by: null,
        version: 1,
      },
    ],
    appointments: [{ ...jamie, stranded: true }],
  });

  it('a block with its reason, time off as a band in words, and an appointment left in it flagged in words', async () => {
    await openDiary(withTime);
    const amelia = screen.getByRole('region', { name: 'Amelia Hart' });
    expect(within(amelia).getByRole('button', { name: 'Blocked, Team meeting, 12:00–13:00' }).textContent).toBe(
      'Blocked · Team meeting 12:00–13:00',
    );
    const jamieButton = within(amelia).getByRole('button', { name: /^Jamie Rivers/ });
    expect(jamieButton.textContent).toContain('Needs moving');
    expect(jamieButton.getAttribute('aria-label')).toContain('Needs moving: in time off or blocked time');
    const ben = screen.getByRole('region', { name: 'Ben Okafor' });
    expect(ben.textContent).toContain('Time off · Training, 13:00–18:00');
  });

  it('a block opens to move or remove it', async () => {
    const { user } = await openDiary(withTime);
    let patched: unknown = null;
    apiStub.answer('PATCH /api/console/salons/1/blocks/7', ({ body }) => {
      patched = body;
      return { json: { block: { ...withTime.blocks[0]!, start: at('12:30'), end: at('13:30'), version: 4 } } };
    });
    apiStub.answer('DELETE /api/console/salons/1/blocks/7', { status: 204 });
    await user.click(screen.getByRole('button', { name: 'Blocked, Team meeting, 12:00–13:00' }));
    let dialog = await screen.findByRole('dialog', { name: 'Blocked time: Amelia Hart' });
    expect((within(dialog).getByRole('textbox', { name: /Reason/ }) as HTMLInputElement).value).toBe('Team meeting');
    const from = within(dialog).getByLabelText('From');
    await user.clear(from);
    await user.type(from, '12:30');
    const until = within(dialog).getByLabelText('Until');
    await user.clear(until);
    await user.type(until, '13:30');
    await user.click(within(dialog).getByRole('button', { name: 'Save the block' }));
    await screen.findByText('Block moved: Amelia Hart, 12:30–13:30 (Team meeting).');
    expect(patched).toEqual({ start: at('12:30'), end: at('13:30'), reason: 'Team meeting' });

    await user.click(screen.getByRole('button', { name: 'Blocked, Team meeting, 12:00–13:00' }));
    dialog = await screen.findByRole('dialog', { name: 'Blocked time: Amelia Hart' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove the block' }));
    await screen.findByText('Block removed: Amelia Hart, 12:00–13:00.');
    await waitFor(() => expect(blockCalls().map((c) => c.method)).toEqual(['PATCH', 'DELETE']));
  });
});
