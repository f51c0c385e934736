// The README's two pictures, taken from the running app (`PORT=9140 npm start` first):
//   node scripts/readme-screenshots.mjs [ORIGIN]     (default http://localhost:8787)
// docs/images/booking-page.png: salon 1's booking page on a phone; docs/images/console.png: the
// group owner's diary in the console at a laptop's width.
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib.mjs';

const origin = process.argv[2] ?? 'http://localhost:8787';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', ...CHROMIUM_FLAGS] });
try {
  const phone = await browser.newPage({ viewport: { width: 390, height: 760 } });
  await phone.goto(`${origin}/salon/1`);
  const accept = phone.getByRole('button', { name: /accept/i });
  if (await accept.count()) await accept.first().click();
  await phone.waitForLoadState('networkidle');
  await phone.screenshot({ path: 'docs/images/booking-page.png' });

  const laptop = await browser.newPage({ viewport: { width: 1100, height: 860 } });
  await laptop.goto(`${origin}/console`);
  await laptop.getByLabel('Email').fill('owner@willow-demo.test');
  await laptop.getByLabel('Password', { exact: true }).fill('Owner-pass1');
  await laptop.getByRole('button', { name: 'Sign in' }).click();
  await laptop.getByRole('button', { name: 'Sign out' }).waitFor();
  // the demo client's paid colour, 21 days after the demo data is loaded (the demo data: README)
  const day = new Date(Date.now() + Number(process.env.DAYS_AHEAD ?? 21) * 86_400_000).toISOString().slice(0, 10);
  await laptop.goto(`${laptop.url().replace(/\/today$/, '/diary')}?date=${day}&view=${process.env.VIEW ?? 'day'}`);
  await laptop.getByText('Loading…').waitFor({ state: 'detached' });
  await laptop.waitForLoadState('networkidle');
  await laptop.screenshot({ path: 'docs/images/console.png' });
} finally {
  await browser.close();
}
