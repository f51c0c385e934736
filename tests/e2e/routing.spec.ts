import { CUSTOM_DOMAIN, E2E_PORT } from './env';
import { expect, SALONS, test, themeInHtml } from './fixtures';

// Short URLs and a salon's own domain lead to the salon; any other path falls back to /
// (docs/booking/journey.md §2 "Top-level routes": "any other path falls back to /").

test.describe('short URL', () => {
  test('/s/demo redirects to /salon/1 keeping the query string', async ({ request, page }) => {
    const res = await request.get('/s/demo?utm_source=instagram&utm_medium=social', { maxRedirects: 0 });
    expect([301, 302, 303, 307, 308]).toContain(res.status());
    expect(res.headers().location).toMatch(/^(https?:\/\/[^/]+)?\/salon\/1\?utm_source=instagram&utm_medium=social$/);

    await page.goto('/s/demo?utm_source=instagram&utm_medium=social');
    await expect(page).toHaveURL('/salon/1?utm_source=instagram&utm_medium=social');
    await expect(page.getByRole('banner')).toContainText(SALONS[1].name);
  });

  test('short URLs are not case-sensitive and lead to their own salon', async ({ page }) => {
    await page.goto('/s/Shoreditch');
    await expect(page).toHaveURL('/salon/2');
    await expect(page.getByRole('banner')).toContainText(SALONS[2].name);
  });
});

test.describe("a salon's own domain", () => {
  test(`${CUSTOM_DOMAIN} serves salon 1's booking page in its theme`, async ({ request }) => {
    const res = await request.get('/', { headers: { Host: CUSTOM_DOMAIN } });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(themeInHtml(html)).toBe('slick');
    expect(html).toContain('<title>Willow &amp; Co Islington | Book online</title>');
    expect(html).toMatch(/"name":"Willow \\u0026 Co Islington"/);
  });

  test(`in the browser, ${CUSTOM_DOMAIN} shows salon 1's services at the root`, async ({ page }) => {
    const nav = await page.goto(`http://${CUSTOM_DOMAIN}:${E2E_PORT}/`);
    expect(nav!.status()).toBe(200);
    await expect(page.getByRole('banner')).toContainText(SALONS[1].name);
    await expect(page.getByRole('heading', { level: 1, name: 'Select services' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'slick');
    await expect(page.getByRole('heading', { level: 2 }).getByRole('button')).toHaveCount(SALONS[1].categories.length);
    await expect(page).toHaveURL(`http://${CUSTOM_DOMAIN}:${E2E_PORT}/`);
  });
});

test.describe("the spec's last routes at 320 px", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  // /search/{name or id}, /completed and /forgot-password: tests/unit/components/routes.test.tsx.
  test('an old link with the salon in the hash (/#/salon/1) opens the salon', async ({ page }) => {
    await page.goto('/#/salon/1');
    await expect(page).toHaveURL('/salon/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Select services' })).toBeVisible();
  });

  test("Apple Pay's domain file path is never the booking pages", async ({ request }) => {
    const res = await request.get('/.well-known/apple-developer-merchantid-domain-association', { maxRedirects: 0 });
    // no file in the tests' settings: a 404 that says what is missing (tests/worker/robots.test.ts serves one)
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toBe('text/plain; charset=utf-8');
  });
});

test.describe('fallback', () => {
  test('/some/other/path redirects to /', async ({ request, page }) => {
    const res = await request.get('/some/other/path', { maxRedirects: 0 });
    expect([301, 302, 303, 307, 308]).toContain(res.status());
    expect(res.headers().location).toMatch(/^(https?:\/\/[^/]+)?\/$/);

    await page.goto('/some/other/path');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/can.t find/i);
  });
});

test.describe('caching in the browser', () => {
  test('the build output is kept for a year, while the page is revalidated on every load', async ({ page }) => {
    const assets: { url: string; cacheControl: string | undefined }[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.startsWith('/assets/')) assets.push({ url: res.url(), cacheControl: res.headers()['cache-control'] });
    });
    const nav = await page.goto('/salon/1');
    expect(nav!.headers()['cache-control']).toBe('no-cache');
    expect(nav!.headers().etag).toBeTruthy();
    await expect(page.getByRole('heading', { level: 1, name: 'Select services' })).toBeVisible();
    expect(assets.length).toBeGreaterThan(0);
    for (const a of assets) expect(a.cacheControl, a.url).toBe('public, max-age=31536000, immutable');
  });
});

test('robots.txt and favicon.ico are real files, not the app; a salon page has its icon and a description', async ({ page, request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toMatch(/^User-agent: \*$/m);
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\//);

  await page.goto('/salon/1');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Willow & Co Islington/);
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  const salonIcon = await request.get(href!);
  expect(salonIcon.status()).toBe(200);
  // salon 1's icon is its logo; a salon without one (salon 2) has its initials
  expect(salonIcon.headers()['content-type']).toMatch(/^image\/(webp|png|jpeg)$/);
  await page.goto('/salon/2');
  const initials = await request.get((await page.locator('link[rel="icon"]').getAttribute('href'))!);
  expect(await initials.text()).toContain('>WC</text>');
});

// Through the real asset layer of `wrangler dev` (wrangler.toml [assets]), not the Worker called directly.
test.describe('hashed build files', () => {
  test('a missing one answers a 404 that is never stored, with the security headers', async ({ request }) => {
    const res = await request.get('/assets/index-doesnotexist.js');
    expect(res.status()).toBe(404);
    expect(res.headers()['cache-control']).toBe('no-store');
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    expect((await res.json()).detail).toBe('No such file: it may belong to an older release. Please reload the page.');
  });

  test('one the page uses is kept for a year, unchanged', async ({ request }) => {
    const html = await (await request.get('/salon/1')).text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const res = await request.get(script);
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers()['content-type']).toMatch(/javascript/);
  });
});
