import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { depositRequestTo, openConsoleAs, STAFF } from './console';
import { STANDINS_URL } from './env';

// The Inbox at 390 px (docs/console/inbox.md): salon 1 texts a number (a deposit request, so its
// replies go to salon 1), the client texts back through the stand-ins' POST /__dev/sms/inbound
// (signed, as Twilio delivers it); the text shows in its thread, the staff answer reaches the
// stand-ins' outbox. Every keyword, the signature and the threads' rules are Worker tests.

const textsTo = async (request: APIRequestContext, phone: string) =>
  (
    (await (await request.get(`${STANDINS_URL}/__dev/outbox/texts.json?to=${encodeURIComponent(phone)}`)).json()) as {
      data: { body: string }[];
    }
  ).data;

test('at 390 px a text in shows in its thread, and the staff answer reaches the phone', async ({
  page,
  request,
  expectAccessible,
  expectNoSidewaysScroll,
}) => {
  const phone = `+4477009${String(10000 + Math.floor(Math.random() * 80000))}`;
  const invite = await depositRequestTo(request, { phone, first_name: 'Inez', last_name: 'Inbox' }, 120);
  try {
    // the request is texted through the queue: salon 1 is then the one that texted the number last
    await expect.poll(async () => (await textsTo(request, phone)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect(async () => {
      const res = await request.post(`${STANDINS_URL}/__dev/sms/inbound`, {
        data: { from: phone, body: 'Can I bring my daughter along?' },
      });
      const answer = (await res.json()) as { status: number; replies: string[] };
      expect(answer).toMatchObject({ status: 200, replies: [] });
    }).toPass({ timeout: 10_000 });

    await openConsoleAs(page, STAFF.groupOwner, 390);
    const nav = page.getByRole('navigation', { name: 'Console' });
    const inbox = nav.getByRole('link', { name: /^Inbox\s*\d+ unread$/ });
    await expect(inbox).toBeVisible();
    await inbox.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await page.getByRole('link', { name: /Can I bring my daughter along\?/ }).click();
    const thread = page.getByRole('region', { name: /^Conversation with / });
    await expect(thread.getByRole('listitem').filter({ hasText: 'Can I bring my daughter along?' })).toContainText('Client');
    await expect(thread.getByRole('listitem').filter({ hasText: 'please confirm your appointment' })).toBeVisible();
    await expect(thread.getByRole('link', { name: '← All conversations' })).toBeVisible();
    // opened, it is read: the count goes from the navigation
    await expect(nav.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();
    await expectNoSidewaysScroll();
    await expectAccessible('Inbox, a conversation at 390 px');

    await thread.getByLabel('Answer').fill('Of course, see you both then!');
    await thread.getByRole('button', { name: 'Send answer' }).click();
    await expect(thread.getByRole('listitem').filter({ hasText: 'Of course, see you both then!' })).toContainText('Morgan Willow', {
      timeout: 15_000, // the shared machine under load
    });
    await expect
      .poll(async () => (await textsTo(request, phone)).map((t) => t.body), { timeout: 30_000 })
      .toContain('Of course, see you both then!');
    await expectNoSidewaysScroll();
  } finally {
    await invite.remove();
  }
});
