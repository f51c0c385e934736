import type { APIRequestContext } from '@playwright/test';
import { emailsTo, expect, test } from './fixtures';
import { ConsoleSignIn, STAFF, temporaryPasswordOf } from './console';

// Issue 28: a forgotten password, from the emailed code to signing in with the new one. The member
// whose password is reset is made through the API (invited, first password chosen) and removed
// after. What a stylist sees of the console is a component test (console-pages.test.tsx).

/** An active stylist of salon 3 with a password of their own, made through the API; and how to remove them. */
async function newStylist(request: APIRequestContext, email: string, password: string) {
  const owner = (await (await request.post('/console/session/login', { data: STAFF.owner3 })).json()) as { access_token: string };
  const auth = { Authorization: `Bearer ${owner.access_token}` };
  const invited = await request.post('/api/console/salons/3/staff', {
    headers: auth,
    data: { email, name: 'Robin Reset', role: 'stylist' },
  });
  expect(invited.status()).toBe(201);
  const { id } = (await invited.json()) as { id: number };
  const temporary = await temporaryPasswordOf(request, email);
  const { session } = (await (await request.post('/console/session/login', { data: { email, password: temporary } })).json()) as {
    session: string;
  };
  expect((await request.post('/console/session/new-password', { data: { email, session, new_password: password } })).status()).toBe(200);
  return async () => expect((await request.delete(`/api/console/salons/3/staff/${id}`, { headers: auth })).status()).toBe(204);
}

test('a forgotten password: a code from the email, a new password, and signing in with it', async ({ page, request }) => {
  const email = `reset-${Date.now()}@example.test`;
  const remove = await newStylist(request, email, 'First-pass1');
  try {
    const signIn = new ConsoleSignIn(page);
    await signIn.open(390);
    await page.getByRole('link', { name: 'Forgotten your password?' }).click();
    // its screen loads when asked for (client/console/app/ConsoleApp.tsx): the sign-in's field until then
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgotten your password?');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');

    let code: string | undefined;
    await expect
      .poll(
        async () =>
          (code = (await emailsTo(request, email)).map((m) => /reset code is (\d{6})/.exec(m.text ?? m.html ?? '')?.[1]).find(Boolean)),
      )
      .toBeTruthy();
    await page.getByLabel('Code from the email').fill(code!);
    await page.getByLabel('New password').fill('Second-pass2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('status')).toHaveText('Your new password is saved. Sign in with it now.');

    await page.getByRole('link', { name: 'Sign in' }).click();
    await signIn.signIn(email, 'Second-pass2');
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
  } finally {
    await remove();
  }
});
