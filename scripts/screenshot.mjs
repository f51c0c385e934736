// Saves a screenshot of a page in Debian's Chromium, as a client would see it:
//   node scripts/screenshot.mjs URL OUT.png [WIDTH] [HEIGHT]
// CLICK="Colour|Balayage" clicks those texts first; FULL=1 takes the whole page.
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib.mjs';

const [, , url, out, width = '390', height = '844'] = process.argv;
if (!url || !out) {
  console.error('usage: node scripts/screenshot.mjs URL OUT.png [WIDTH] [HEIGHT]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', ...CHROMIUM_FLAGS],
});
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
  page.on('console', (m) => console.log('console:', m.text()));
  await page.goto(url);
  for (const text of (process.env.CLICK ?? '').split('|').filter(Boolean)) {
    await page.getByText(text, { exact: true }).first().click();
  }
  await page.screenshot({ path: out, fullPage: process.env.FULL === '1' });
} finally {
  await browser.close();
}
