import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setPushBrowser, type PushBrowser } from '../../../client/console/notifications/browser';
import { apiStub } from './render-app';
import { renderConsole } from './render-console';

// The Notifications place (docs/console/notifications.md): what a member sees when the browser
// cannot take pushes, has been told not to, and turning them on (permission, the subscription
// made with the product's VAPID key, kept with the kinds chosen), changing the kinds and turning
// them off. The browser's side is a stand-in of its Push API (setPushBrowser); the calls are the API's.

const KEY = 'BDvvLNENh-Q0M8vbEiQn7umvKO7E9DZVy4Y62ZgYJFKXOMMTaYY3u4NLr5_V8HTZQilVfI6e72BCsOqZV3kYwP8';
const SUB: PushSubscriptionJSON = {
  endpoint: 'https://push.example.test/sub-1',
  expirationTime: null,
  keys: {
    p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  },
};

/** A browser's Push API as the test sets it up, recording what the screen asked of it. */
function fakeBrowser(o: {
  supported?: boolean;
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
}) {
  const asked: string[] = [];
  let permission = o.permission ?? 'default';
  let current: PushSubscriptionJSON | null = o.subscribed ? SUB : null;
  const browser: PushBrowser = {
    supported: () => o.supported ?? true,
    permission: () => permission,
    requestPermission: async () => {
      asked.push('permission');
      permission = o.answer ?? 'granted';
      return permission;
    },
    subscription: async () => current,
    subscribe: async (key) => {
      asked.push(`subscribe ${key}`);
      current = SUB;
      return SUB;
    },
    unsubscribe: async () => {
      asked.push('unsubscribe');
      current = null;
    },
  };
  setPushBrowser(browser);
  return asked;
}

afterEach(() => setPushBrowser(null));

const puts = () => apiStub.calls.filter((c) => c.method === 'PUT' && c.path === '/api/console/push-subscription');

describe('Notifications', () => {
  it('says so when the browser cannot show notifications, with what to do on an iPhone', async () => {
    fakeBrowser({ supported: false });
    await renderConsole('/salons/1/notifications', { role: 'stylist' });
    expect(await screen.findByText(/This browser cannot show notifications from the console/)).toBeTruthy();
    expect(screen.getByText(/add the console to your Home Screen/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
  });

  it('says so when notifications are blocked for the site, and offers nothing that cannot work', async () => {
    fakeBrowser({ permission: 'denied' });
    await renderConsole('/salons/1/notifications');
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
  });

  it('turns on: asks permission, subscribes with the VAPID key and keeps the subscription with the kinds chosen', async () => {
    const asked = fakeBrowser({});
    apiStub.answer('GET /api/console/push-subscription', { json: { public_key: KEY } });
    apiStub.answer('PUT /api/console/push-subscription', ({ body }) => ({
      json: { endpoint: SUB.endpoint, kinds: (body as { kinds: string[] }).kinds },
    }));
    const { user } = await renderConsole('/salons/1/notifications');
    expect(await screen.findByText('Notifications are off for this device.')).toBeTruthy();
    for (const label of ['New online bookings', 'Cancellations', 'Replies by text', 'Messages that failed'])
      expect((screen.getByRole('checkbox', { name: label }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Replies by text' }));
    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText('Notifications are on for this device.')).toBeTruthy();
    expect(asked).toEqual(['permission', `subscribe ${KEY}`]);
    expect(puts().map((c) => c.body)).toEqual([{ subscription: SUB, kinds: ['new_online_booking', 'cancellation', 'failed_message'] }]);
  });

  it('a permission refused on asking shows the blocked state', async () => {
    fakeBrowser({ answer: 'denied' });
    const { user } = await renderConsole('/salons/1/notifications');
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('when on: keeps the subscription again, saves a change of kinds at once, and turns off', async () => {
    const asked = fakeBrowser({ permission: 'granted', subscribed: true });
    apiStub.answer('PUT /api/console/push-subscription', ({ body }) => ({
      json: { endpoint: SUB.endpoint, kinds: (body as { kinds: string[] }).kinds },
    }));
    apiStub.answer(`DELETE /api/console/push-subscription?endpoint=${encodeURIComponent(SUB.endpoint!)}`, { status: 204 });
    const { user } = await renderConsole('/salons/1/notifications');
    expect(await screen.findByText('Notifications are on for this device.')).toBeTruthy();
    // kept again as this device has it (a new salon's database, a key renewed): every kind, as first chosen
    expect(puts().at(-1)!.body).toEqual({
      subscription: SUB,
      kinds: ['new_online_booking', 'cancellation', 'text_reply', 'failed_message'],
    });
    await user.click(screen.getByRole('checkbox', { name: 'Cancellations' }));
    await waitFor(() =>
      expect(puts().at(-1)!.body).toEqual({ subscription: SUB, kinds: ['new_online_booking', 'text_reply', 'failed_message'] }),
    );
    await user.click(screen.getByRole('button', { name: 'Turn off notifications' }));
    expect(await screen.findByText('Notifications are off for this device.')).toBeTruthy();
    expect(asked).toEqual(['unsubscribe']);
    expect(apiStub.calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
