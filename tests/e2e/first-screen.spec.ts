import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 17: the edge renders the first screen (a salon's service selection, a group's picker)
// with the client's components, and the browser hydrates it without a mismatch.

/** Console errors and uncaught page errors (React reports a hydration mismatch as either). */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

for (const width of [320, 1280]) {
  test(`at ${width} px each first screen hydrates the server's markup without a mismatch`, async ({ page }) => {
    const problems = problemsOf(page);
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/salon/1', '/salon/2', '/group/1/', '/salon/1?category=Colour&utm_source=newsletter']) {
      const response = await page.goto(path);
      expect(await response?.text(), path).toMatch(/<div id="root"><[a-z]/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // the page answers at once: a first tap works (the app took over the server's markup)
      if (path.startsWith('/salon')) {
        const category = page.getByRole('heading', { level: 2 }).getByRole('button').first();
        const before = await category.getAttribute('aria-expanded');
        await category.click();
        await expect(category).toHaveAttribute('aria-expanded', before === 'true' ? 'false' : 'true');
      } else {
        await expect(page.getByRole('link', { name: 'Willow & Co Islington', exact: true })).toHaveAttribute(
          'href',
          /\/s\/demo|\/salon\/1|book\.demo/,
        );
      }
      expect(problems, path).toEqual([]);
    }
  });
}

test('without JavaScript the first screen is already there: the services, the welcome and the banner', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  await page.goto('/salon/2');
  await expect(page.getByRole('heading', { level: 1, name: 'Select services' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Essential cookies only' })).toBeVisible();
  await page.goto('/group/1/');
  await expect(page.getByText('Choose a location to book:')).toBeVisible();
  await context.close();
});

test('a reload keeps the selection: it is applied after hydration, without a mismatch', async ({ page, journey }) => {
  const problems = problemsOf(page);
  await page.goto('/salon/2');
  await page.getByRole('button', { name: 'Essential cookies only' }).click();
  await journey.services.choose('Restyle', 'Cuts');
  await expect(journey.services.next).toBeEnabled();
  await page.reload();
  await expect(journey.services.next).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Essential cookies only' })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('the HTML asks only for the stylesheet and a small entry, which fetches the app itself after the first paint', async ({
  request,
  page,
}) => {
  const html = await (await request.get('/salon/1')).text();
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  expect(scripts).toHaveLength(1);
  expect(html, 'nothing of the app is preloaded before the first paint').not.toContain('modulepreload');
  const entry = await (await request.get(scripts[0]!)).text();
  expect(entry.length, 'the entry is small').toBeLessThan(4_000);
  expect(entry, 'the entry imports nothing statically (it would wait for it)').not.toMatch(/(?:^|[;}\n])import\s*[{*\w"'`]/);

  // In the browser, the app's chunk is fetched once the screen is painted, and it hydrates it.
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') fetched.push(new URL(r.url()).pathname);
  });
  await page.goto('/salon/1');
  const category = page.getByRole('heading', { level: 2 }).getByRole('button').first();
  const before = await category.getAttribute('aria-expanded');
  await category.click();
  await expect(category).toHaveAttribute('aria-expanded', before === 'true' ? 'false' : 'true');
  // the entry, then the app in one chunk (vite.config.ts `appChunk`), not a dozen small ones
  expect(fetched.slice(0, 2), `scripts: ${fetched.join(', ')}`).toEqual([scripts[0], expect.stringMatching(/^\/assets\/app-[\w-]+\.js$/)]);
});

// Issue 35, services at a glance: a returning client's 390×844 phone shows five services with
// their prices before any tap; the fixed bars take at most 120 px of a 320×640 screen; on a first
// visit the cookie banner pushes the page down but never hides the first service.
test('at a glance: five services with prices at 390×844, the bars within 120 px at 320×640, the first service beside the banner', async ({
  browser,
}) => {
  /** Services whose name and price are on the screen and not under a bar (the element at their centre is theirs). */
  const pricedOnScreen = (page: Page) =>
    page.evaluate(() => {
      const seen = (el: Element | null) => {
        if (!el) return false;
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight && el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
      };
      return (Array.from(document.querySelectorAll('ul[id^=category-] > li')) as Element[]).filter((li) => {
        const [name, line] = Array.from(li.querySelectorAll('label > span > span')) as Element[];
        return seen(name ?? null) && seen(line?.lastElementChild ?? null) && /£\d/.test(line?.lastElementChild?.textContent ?? '');
      }).length;
    });
  for (const [width, height, returning] of [
    [390, 844, true],
    [390, 844, false],
    [320, 640, true],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height }, serviceWorkers: 'block' });
    if (returning) await context.addCookies([{ name: 'cookie_consent', value: 'essential', url: test.info().project.use.baseURL! }]);
    const page = await context.newPage();
    await page.goto('/salon/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Select services' })).toBeVisible();
    if (width === 390)
      expect(await pricedOnScreen(page), `${width}×${height} ${returning ? 'returning' : 'first visit'}`).toBeGreaterThanOrEqual(
        returning ? 5 : 1,
      );
    else {
      const bars = await page.evaluate(() => {
        const nav = Array.from(document.querySelectorAll('nav[aria-label="Account"]'))
          .map((n) => n.getBoundingClientRect())
          .find((r) => r.height > 0)!;
        const next = Array.from(document.querySelectorAll('section'))
          .find((s) => getComputedStyle(s).position === 'sticky')!
          .getBoundingClientRect();
        return innerHeight - Math.min(nav.top, next.top);
      });
      expect(bars).toBeLessThanOrEqual(120);
    }
    await context.close();
  }
});
