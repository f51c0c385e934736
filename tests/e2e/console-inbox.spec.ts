import type { APIRequestContext } from '@playwright/test';
import { addDays, daySlots, expect, SERVICE_IDS, STAFF_1, test, todayIn } from './fixtures';
import { signInToConsole, STAFF } from './console';
import { STANDINS_URL } from './env';

// The Inbox at 390 px (docs/console/inbox.md): salon 1 texts a number (a deposit request, so its
// replies go to salon 1), the client texts back through the stand-ins' POST /__dev/sms/inbound
// (signed, as Twilio delivers it); the text shows in its thread, the staff answer reaches the
// stand-ins' outbox. Every keyword, the signature and the threads' rules are Worker tests.

const ADMIN_1 = { Authorization: 'Bearer demo-admin-1' };

/** A free Blow Dry time with Chloe far ahead (clear of other tests' picks). */
async function freeTime(request: APIRequestContext): Promise<string> {
  for (let d = 120; d < 160; d++) {
    const slots = await daySlots(request, 1, ['Blow Dry'], addDays(todayIn(), d), [STAFF_1['Chloe Price'].id]);
    if (slots.length > 0) return slots[0]!;
  }
  throw new Error('No free time for Chloe');
}

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
  const made = await request.post('/admin/salons/1/invites', {
    headers: ADMIN_1,
    data: {
      client: { phone, first_name: 'Inez', last_name: 'Inbox' },
      appointment: {
        start_time: await freeTime(request),
        procedures: [{ service_id: SERVICE_IDS['Blow Dry'], stylist_id: STAFF_1['Chloe Price'].id }],
      },
      request: 'card_only',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: number };
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

    await signInToConsole(page, STAFF.groupOwner, 390, null);
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
    await expectNoSidewaysScroll();
    await expectAccessible('Inbox, a conversation at 390 px');

    await thread.getByLabel('Answer').fill('Of course, see you both then!');
    await thread.getByRole('button', { name: 'Send answer' }).click();
    await expect(thread.getByRole('listitem').filter({ hasText: 'Of course, see you both then!' })).toContainText('Morgan Willow');
    await expect
      .poll(async () => (await textsTo(request, phone)).map((t) => t.body), { timeout: 30_000 })
      .toContain('Of course, see you both then!');
    await expectNoSidewaysScroll();
  } finally {
    await request.delete(`/admin/salons/1/invites/${id}`, { headers: ADMIN_1 });
  }
});
