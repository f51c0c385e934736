import { emailsTo, expect, test } from './fixtures';

// Issue 49: at a phone's width a salon signs itself up (name, email, password; the emailed code),
// sets itself up (a starter menu, opening hours) and its booking page is live with the menu.

test('at 390 px a salon signs up, sets up and its booking page shows its starter menu', async ({ page, request }) => {
  // a sign-up, a sign-in, the set-up and two page loads on two busy cores
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `new-salon-${Date.now()}@example.test`;
  await page.goto('/console/');
  await page.getByRole('link', { name: 'Sign up and set up your salon' }).click();
  await page.getByLabel('Your name').fill('Robin Shaw');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Signed-up1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  let code: string | undefined;
  await expect
    .poll(
      async () => (code = (await emailsTo(request, email)).map((m) => /code is (\d{6})/.exec(m.text ?? '')?.[1]).find(Boolean)),
      'the code',
    )
    .toBeTruthy();
  await page.getByLabel('Code from the email').fill(code!);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Set up your salon' })).toBeVisible();
  const name = `Shaw Hair ${Date.now() % 100_000}`;
  await page.getByLabel('Salon name').fill(name);
  await page.getByLabel('Address line 1').fill('5 Upper Street');
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Postcode').fill('N1 0PQ');
  await page.getByLabel('Salon phone number').fill('020 7946 0321');
  await page.getByRole('radio', { name: /Hair salon/ }).check();
  // the form fits the phone's width: nothing to scroll sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Set up my salon' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking page is live' })).toBeVisible();
  await expect(page.getByText('No short link yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Go to your console' }).click();

  // the console opens on the new salon's Today, where everyone lands
  await expect(page.getByRole('heading', { level: 1, name: 'Today', exact: true })).toBeVisible();
  const id = /\/console\/salons\/(\d+)\//.exec(new URL(page.url()).pathname)![1]!;
  await page.goto(`/salon/${id}`);
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(page.getByText('5 Upper Street, London N1 0PQ')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Cut & Blow Dry/ })).toBeVisible();
  await expect(page.getByText('£45.00').first()).toBeVisible();
});
