// npm run walk:new-salon: a report, run by hand, not a test (npm test does not run it). A
// newcomer's first booking, timed: a person signs up at /console/sign-up, sets up a hair salon, gives it a look,
// checks that a service is live in Services, and a client books it on the new booking page. Starts
// the app and the stand-ins on a fresh copy of the demo data (WALK_PORT, default 9160, and the
// next port; the client build must exist: npm run build), walks the path in Debian's Chromium at
// 1280 px and prints each step and its seconds. A script types at once: the figures are what the
// product makes a person wait for, not how long a person reads and types (docs/get-started.md
// gives both).
import { chromium } from '@playwright/test';
import { rmSync } from 'node:fs';
import { CHROMIUM, CHROMIUM_FLAGS, prepareLocalDb, startApp } from './lib.mjs';

const PORT = Number(process.env.WALK_PORT ?? 9160);
const PERSIST = '.wrangler/walk-new-salon';
const SLOW_MO = Number(process.env.WALK_SLOW_MO ?? 0);

const steps = [];
let last = 0;
const step = async (name, run) => {
  const start = performance.now();
  await run();
  last = (performance.now() - start) / 1000;
  steps.push({ name, seconds: last });
  console.log(`${name.padEnd(58)} ${last.toFixed(1).padStart(6)} s`);
};

async function main() {
  rmSync(PERSIST, { recursive: true, force: true });
  console.log('Preparing a fresh copy of the demo data…');
  prepareLocalDb(PERSIST);
  const running = await startApp({ port: PORT, standInsPort: PORT + 1, persistTo: PERSIST, quiet: true });
  const base = `http://127.0.0.1:${PORT}`;
  const standIns = `http://127.0.0.1:${PORT + 1}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', ...CHROMIUM_FLAGS], slowMo: SLOW_MO });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(60_000);
    const email = `walk-${Date.now()}@example.test`;
    const name = `Walk Hair ${Date.now() % 100_000}`;
    let salonId;
    const began = performance.now();

    await step('1. sign up (name, email, password)', async () => {
      await page.goto(`${base}/console/`);
      await page.getByRole('link', { name: 'Sign up and set up your salon' }).click();
      await page.getByLabel('Your name').fill('Robin Shaw');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('Signed-up1');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    });
    await step('2. the emailed code arrives; confirm and sign in', async () => {
      let code;
      while (!code) {
        const res = await fetch(`${standIns}/__dev/outbox/emails.json?to=${encodeURIComponent(email)}`);
        const { data } = await res.json();
        code = data.map((m) => /code is (\d{6})/.exec(m.text ?? '')?.[1]).find(Boolean);
        if (!code) await new Promise((r) => setTimeout(r, 200));
      }
      await page.getByLabel('Code from the email').fill(code);
      await page.getByRole('button', { name: 'Confirm and sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Set up your salon' }).waitFor();
    });
    await step('3. set up: name, address, phone, hours, starter menu', async () => {
      await page.getByLabel('Salon name').fill(name);
      await page.getByLabel('Address line 1').fill('5 Upper Street');
      await page.getByLabel('Town or city').fill('London');
      await page.getByLabel('Postcode').fill('N1 0PQ');
      await page.getByLabel('Salon phone number').fill('020 7946 0321');
      await page.getByRole('radio', { name: /Hair salon/ }).check();
      await page.getByRole('button', { name: 'Set up my salon' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your booking page is live' }).waitFor();
    });
    await step('4. make it yours: a theme, saved; open the console', async () => {
      await page.getByRole('radio', { name: /^Neutral/ }).check();
      await page.getByRole('button', { name: 'Save the look' }).click();
      await page.getByText('Saved. Your booking page has its new look.').waitFor();
      await page.getByRole('button', { name: 'Go to your console' }).click();
      await page.getByRole('region', { name: 'Get your salon ready' }).waitFor();
      salonId = /\/console\/salons\/(\d+)\//.exec(new URL(page.url()).pathname)[1];
    });
    await step('5. a service is live: Services lists it from the checklist', async () => {
      await page
        .getByRole('region', { name: 'Get your salon ready' })
        .getByRole('link', { name: 'Check your services and prices' })
        .click();
      await page.getByText('Cut & Blow Dry').first().waitFor();
    });
    await step('6. a client books it on the new page (signed in)', async () => {
      await page.goto(`${base}/salon/${salonId}`);
      const next = page.getByRole('button', { name: 'NEXT', exact: true });
      const category = page.getByRole('heading', { level: 2 }).getByRole('button', { name: /^Cut & Style/ });
      const service = page.getByRole('checkbox', { name: /^Cut & Blow Dry\b/ });
      // a tap before the page is hydrated may be lost: tap until the service shows
      while (!(await service.isVisible())) {
        await category.click();
        await service.waitFor({ timeout: 2_000 }).catch(() => undefined);
      }
      await service.check();
      await next.click();
      const time = page.getByRole('heading', { level: 1, name: 'Select a time for your appointment' });
      const staff = page.getByRole('group', { name: /^Select a staff member for / });
      await time.or(staff).first().waitFor();
      if (await staff.first().isVisible()) {
        await staff.first().getByRole('radio', { name: "I don't mind" }).check();
        await next.click();
      }
      await page
        .getByRole('group', { name: 'Choose a day', exact: true })
        .getByRole('button', { name: /^\w+ \d{1,2} Availability, / })
        .first()
        .click();
      await page
        .getByRole('group', { name: /^Times on / })
        .getByRole('button')
        .first()
        .click();
      await next.click();
      await page.waitForURL(/\/summary$/);
      await next.click();
      await page.waitForURL(/\/login$/);
      await page.getByLabel('Mobile number', { exact: true }).fill('07700 900123');
      await page.getByLabel('Password', { exact: true }).fill('Demo-pass1');
      await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Booking has been confirmed!' }).waitFor();
    });
    await step('7. Today ticks "Take your first booking"', async () => {
      await page.goto(`${base}/console/salons/${salonId}/today`);
      await page
        .getByRole('region', { name: 'Get your salon ready' })
        .getByRole('listitem')
        .filter({ hasText: 'Take your first booking' })
        .getByText('Done.', { exact: false })
        .waitFor();
    });
    const total = (performance.now() - began) / 1000;
    console.log(`${'from /console/sign-up to a first client booking, and Today'.padEnd(58)} ${total.toFixed(1).padStart(6)} s`);
  } finally {
    await browser.close();
    running.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
