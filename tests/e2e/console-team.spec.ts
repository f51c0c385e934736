import { expect, test } from './fixtures';
import { goToPlace, newPerson, openConsoleAs, STAFF, temporaryPasswordOf } from './console';

// Issue 28: an owner invites a manager, who signs in with the temporary password the invitation
// emailed (the dev outbox) and chooses a password of their own. The test removes the manager again.
// The forms' words (the invitation's, the new password's) and what a manager may do on the team
// are component tests (tests/unit/components/console-invitations.test.tsx); the journey runs at a
// phone's width, the console's narrowest.
// On a phone the team's rows stack (ui/stacked-table.ts): each member's Remove is on screen, no sideways scroll.

const width = 320;
test(`at ${width} px an owner invites a manager, who signs in with the emailed temporary password and sets a new one`, async ({
  page,
  browser,
  request,
  expectNoSidewaysScroll,
}) => {
  // two people, three sign-ins and the team twice: about 25 s on two busy cores
  test.setTimeout(60_000);
  const invitee = { email: `manager-${width}-${Date.now()}@example.test`, name: `Sam Taylor ${width}` };
  await openConsoleAs(page, STAFF.owner3, width);
  await goToPlace(page, 'Team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();

  await page.getByLabel('Name').fill(invitee.name);
  await page.getByLabel('Email').fill(invitee.email);
  await page.getByLabel('Role').selectOption('manager');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${invitee.name} is invited` })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: invitee.email });
  await expect(row).toContainText('Manager');
  await expect(row).toContainText('Invited');
  await expectNoSidewaysScroll();
  const remove = (await row.getByRole('button', { name: `Remove ${invitee.name}` }).boundingBox())!;
  expect(remove.x + remove.width, 'Remove is on screen without scrolling sideways').toBeLessThanOrEqual(width);

  try {
    const temporary = await temporaryPasswordOf(request, invitee.email);
    const manager = await newPerson(browser, width);
    try {
      await manager.page.goto('/console');
      await manager.page.getByLabel('Email').fill(invitee.email);
      await manager.page.getByLabel('Password', { exact: true }).fill(temporary);
      await manager.page.getByRole('button', { name: 'Sign in' }).click();
      await expect(manager.page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');

      await manager.page.getByLabel('New password', { exact: true }).fill('Managing-2026');
      await manager.page.getByLabel('New password again').fill('Managing-2026');
      await manager.page.getByRole('button', { name: 'Save password and sign in' }).click();
      // a manager lands on Today (issue 56), and sees no owner-only places
      await expect(manager.page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
      const nav = manager.page.getByRole('navigation', { name: 'Console' });
      // on a phone the places beyond the bottom bar's four are under More
      await nav.getByRole('button', { name: 'More' }).click();
      await expect(nav.getByRole('link', { name: 'History' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'API keys' })).toHaveCount(0);

      // signing out ends the session at once: a reload does not sign back in
      await manager.page.getByRole('button', { name: 'Sign out' }).click();
      await expect(manager.page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your salon');
      await manager.page.reload();
      await expect(manager.page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your salon');

      // the new password works; the temporary one does not any more
      await manager.page.getByLabel('Email').fill(invitee.email);
      await manager.page.getByLabel('Password', { exact: true }).fill('Managing-2026');
      await manager.page.getByRole('button', { name: 'Sign in' }).click();
      await expect(manager.page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    } finally {
      await manager.context.close();
    }
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: invitee.email })).not.toContainText('Invited');
  } finally {
    // restore: the owner removes the manager again
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: `Remove ${invitee.name}` }).click();
    await expect(page.getByRole('row').filter({ hasText: invitee.email })).toHaveCount(0);
  }
});
