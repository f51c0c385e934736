import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type PusherClient from 'pusher-js';
import { pusherModule } from '../../../client/console/lib/live';
import type { InboxList, InboxThreadView } from '../../../shared/console/inbox';
import { apiStub } from './render-app';
import { renderConsole } from './render-console';

/** The console's Inbox (docs/console/inbox.md): the threads, the unread count in the navigation, a thread, an answer. */

const THREAD = 'a1b2c3d4e5f6a1b2c3d4e5f6';
const list = (unread: number): InboxList => ({
  unread,
  threads: [
    {
      id: THREAD,
      client: { id: '+447700900123', name: 'Jamie Rivers', phone: '+447700900123', opted_out_of_texts: false },
      last: { body: 'Can I bring my daughter along?', direction: 'in', at: '2026-12-01T10:00:00Z' },
      unread,
    },
  ],
});
const view = (extra: InboxThreadView['messages'] = []): InboxThreadView => ({
  thread: { ...list(0).threads[0]!, unread: 0 },
  messages: [
    {
      direction: 'out',
      body: 'Willow & Co Islington: a reminder of your appointment tomorrow at 09:00.',
      at: '2026-12-01T09:00:00Z',
      status: 'delivered',
      staff_name: null,
    },
    { direction: 'in', body: 'Can I bring my daughter along?', at: '2026-12-01T10:00:00Z', status: null, staff_name: null },
    ...extra,
  ],
});
/**
 * Pusher's client in place of pusher-js (client/console/lib/live.ts `pusherModule`): the console's
 * own code asks for the channel's settings, subscribes and binds its events; a test sends them.
 */
class ChannelClient {
  static open: ChannelClient[] = [];
  readonly channels = new Map<string, Map<string, () => void>>();
  constructor(readonly key: string) {
    ChannelClient.open.push(this);
  }
  subscribe(name: string) {
    const events = new Map<string, () => void>();
    this.channels.set(name, events);
    return { bind: (event: string, on: () => void) => void events.set(event, on) };
  }
  disconnect() {
    ChannelClient.open.splice(ChannelClient.open.indexOf(this), 1);
  }
}
const listening = (channel: string, event: string) => ChannelClient.open.filter((c) => c.channels.get(channel)?.has(event));
const send = (channel: string, event: string) =>
  act(() => listening(channel, event).forEach((c) => c.channels.get(channel)!.get(event)!()));
const realPusher = pusherModule.load;

const noChannel = () => apiStub.answer('GET /api/console/salons/1/realtime', { status: 503, body: {} });

afterEach(() => {
  pusherModule.load = realPusher;
});

describe('the Inbox', () => {
  it('shows the unread count in the navigation and the threads, newest first', async () => {
    noChannel();
    apiStub.answer('GET /api/console/salons/1/inbox', { json: list(2) });
    await renderConsole('/salons/1/inbox');
    const nav = screen.getByRole('navigation', { name: 'Console' });
    await within(nav).findByRole('link', { name: /^Inbox\s*2 unread$/ });
    const link = await screen.findByRole('link', { name: /Jamie Rivers/ });
    expect(link.textContent).toContain('2 unread');
    expect(link.textContent).toContain('Can I bring my daughter along?');
  });

  it('a thread shows every text both ways with its status; an answer is sent and appears; an empty one names the field', async () => {
    noChannel();
    apiStub.answer('GET /api/console/salons/1/inbox', { json: list(0) });
    apiStub.answer(`GET /api/console/salons/1/inbox/${THREAD}`, { json: view() });
    const sent: unknown[] = [];
    apiStub.answer(`POST /api/console/salons/1/inbox/${THREAD}/messages`, ({ body }) => {
      sent.push(body);
      return {
        status: 201,
        body: view([{ direction: 'out', body: 'Of course!', at: '2026-12-01T10:05:00Z', status: 'queued', staff_name: 'Morgan Willow' }]),
      };
    });
    const { user } = await renderConsole(`/salons/1/inbox?thread=${THREAD}`);
    const thread = await screen.findByRole('region', { name: 'Conversation with Jamie Rivers' });
    const texts = within(thread).getAllByRole('listitem');
    expect(texts.map((t) => t.textContent)).toEqual([
      expect.stringMatching(/^Willow & Co Islington: a reminder of your appointment tomorrow at 09:00\.Salon · .+ · Delivered$/),
      expect.stringMatching(/^Can I bring my daughter along\?Client · /),
    ]);

    await user.click(within(thread).getByRole('button', { name: 'Send answer' }));
    expect(within(thread).getByRole('alert').textContent).toBe('Write an answer');
    expect(sent).toEqual([]);

    await user.type(within(thread).getByLabelText('Answer'), 'Of course!');
    await user.click(within(thread).getByRole('button', { name: 'Send answer' }));
    await within(thread).findByText(/Morgan Willow · .+ · Sending/);
    expect(sent).toEqual([{ body: 'Of course!' }]);
    expect((within(thread).getByLabelText('Answer') as HTMLTextAreaElement).value).toBe('');
  });

  it('a client who texted STOP is shown so, with no answer box', async () => {
    noChannel();
    const stopped = view();
    stopped.thread.client.opted_out_of_texts = true;
    apiStub.answer('GET /api/console/salons/1/inbox', { json: list(0) });
    apiStub.answer(`GET /api/console/salons/1/inbox/${THREAD}`, { json: stopped });
    await renderConsole(`/salons/1/inbox?thread=${THREAD}`);
    const thread = await screen.findByRole('region', { name: 'Conversation with Jamie Rivers' });
    within(thread).getByText(/Opted out of texts/);
    within(thread).getByText('This client texted STOP: they get no texts from the salon until they text START.');
    expect(within(thread).queryByLabelText('Answer')).toBeNull();
  });

  it('the navigation’s unread count follows the salon’s channel on any place: a text in, then a thread read', async () => {
    pusherModule.load = () => Promise.resolve({ default: ChannelClient as unknown as typeof PusherClient });
    apiStub.answer('GET /api/console/salons/1/realtime', {
      json: {
        settings: { key: 'test-key', cluster: 'eu', wsHost: '127.0.0.1', wsPort: 6001, forceTLS: false },
        channel: 'private-salon-1',
      },
    });
    apiStub.answer('GET /api/console/salons/1/history', { json: [] });
    let unread = 1;
    let asked = 0;
    apiStub.answer('GET /api/console/salons/1/inbox', () => {
      asked++;
      return { json: list(unread) };
    });
    await renderConsole('/salons/1/history');
    const nav = screen.getByRole('navigation', { name: 'Console' });
    await within(nav).findByRole('link', { name: /^Inbox\s*1 unread$/ });
    await vi.waitFor(() => expect(listening('private-salon-1', 'inbox')).toHaveLength(1));

    // a client texts in: the count follows at once, not at the minute's poll
    unread = 3;
    const before = asked;
    send('private-salon-1', 'inbox');
    await within(nav).findByRole('link', { name: /^Inbox\s*3 unread$/ });
    expect(asked).toBe(before + 1);

    // another console opened the thread: nothing waits, the count goes
    unread = 0;
    send('private-salon-1', 'inbox');
    await within(nav).findByRole('link', { name: /^Inbox$/ });
  });
});
