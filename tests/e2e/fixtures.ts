import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export { expect };

/** The demo salons of worker/db/seed/demo.sql, as the tests rely on them. */
export const SALONS = {
  1: {
    id: 1,
    name: 'Willow & Co Islington',
    theme: 'slick',
    phone: '020 7946 0018',
    group: 1,
    shortUrl: '/s/demo',
    categories: ['Cut & Style', 'Colour', 'Treatments', 'Finishing'],
    welcome:
      'Welcome to Willow & Co Islington! Please choose your services in the order you would like them done. Colour appointments need a patch test at least 48 hours before your visit, and we hold a card against late cancellations. Any questions? Call us on 020 7946 0018.',
  },
  2: {
    id: 2,
    name: 'Willow & Co Shoreditch',
    theme: 'dark',
    phone: '020 7946 0342',
    group: 1,
    shortUrl: '/s/shoreditch',
    categories: ['Cuts'],
  },
  3: {
    id: 3,
    name: 'Brooklyn Barber Co.',
    theme: 'neutral',
    phone: '(718) 555-0142',
    group: null,
    shortUrl: '/s/brooklyn',
    categories: ['Barbering'],
  },
} as const;
export type SalonId = keyof typeof SALONS;
export type ThemeMode = 'slick' | 'dark' | 'neutral';

export const GROUP_1 = { id: 1, name: 'Willow & Co' } as const;

/** The settings a salon can change through PATCH /admin/salons/{id} (the ones tests use). */
export interface SalonSettings {
  theme_mode?: ThemeMode;
  online_booking?: boolean;
  ncob_welcome_message?: string;
  name?: string;
  phone?: string;
}

/** The service selection screen of one salon, as a client sees and uses it. */
export class ServiceSelection {
  constructor(readonly page: Page) {}

  get header(): Locator {
    return this.page.getByRole('banner');
  }
  get title(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Select services' });
  }
  /** The welcome paragraph, with its read more / close toggle inside. */
  welcome(startsWith: string | RegExp): Locator {
    const re = typeof startsWith === 'string' ? new RegExp(`^${escapeRegExp(startsWith)}`) : startsWith;
    return this.page.getByRole('paragraph').filter({ hasText: re });
  }
  get readMore(): Locator {
    return this.page.getByRole('button', { name: 'read more', exact: true });
  }
  get closeWelcome(): Locator {
    return this.page.getByRole('button', { name: 'close', exact: true });
  }
  get changeLocation(): Locator {
    return this.page.getByRole('link', { name: 'CHANGE LOCATION' });
  }
  /** The button that opens or closes a category; its name ends with 'N selected' when some are. */
  category(name: string): Locator {
    return this.page.getByRole('heading', { level: 2 }).getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}`) });
  }
  get categoryButtons(): Locator {
    return this.page.getByRole('heading', { level: 2 }).getByRole('button');
  }
  /** The list of services a category shows once expanded. */
  servicesOf(category: string): Locator {
    return this.page.getByRole('list', { name: `${category} services`, exact: true });
  }
  /** The tick box of a service (its accessible name starts with the service name). */
  service(name: string): Locator {
    return this.page.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(name)}\\b`) });
  }
  get services(): Locator {
    return this.page.getByRole('checkbox');
  }
  /** The whole row of a service: name, duration, price, description and view more / less. */
  serviceRow(name: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.service(name) });
  }
  get search(): Locator {
    return this.page.getByRole('search').getByRole('button', { name: 'Search', exact: true });
  }
  get clearSearch(): Locator {
    return this.page.getByRole('search').getByRole('button', { name: 'Clear', exact: true });
  }
  get searchField(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search services' });
  }
  /** The sticky box with the chosen services, the total and NEXT. */
  get selection(): Locator {
    return this.page.getByRole('region', { name: 'Selected services' });
  }
  get selectedItems(): Locator {
    return this.selection.getByRole('list', { name: 'Your selection' }).getByRole('listitem');
  }
  removeButton(service: string): Locator {
    return this.selection.getByRole('button', { name: `Remove ${service}`, exact: true });
  }
  get next(): Locator {
    return this.page.getByRole('button', { name: 'NEXT', exact: true });
  }
  get bottomNav(): Locator {
    return this.page.getByRole('navigation', { name: 'Account' });
  }

  async expand(category: string) {
    const button = this.category(category);
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  }

  async expandAll() {
    const count = await this.categoryButtons.count();
    for (let i = 0; i < count; i++) {
      const button = this.categoryButtons.nth(i);
      if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
    }
  }

  /** Opens the service's category when given, then ticks the service. */
  async choose(service: string, category?: string) {
    if (category) await this.expand(category);
    await this.service(service).check();
    await expect(this.service(service)).toBeChecked();
  }

  async searchFor(text: string) {
    if (!(await this.searchField.isVisible())) await this.search.click();
    await this.searchField.fill(text);
  }
}

/** The group picker at /group/{id}/. */
export class GroupPicker {
  constructor(readonly page: Page) {}
  get title(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  get prompt(): Locator {
    return this.page.getByText('Choose a location to book:', { exact: true });
  }
  location(name: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name, exact: true });
  }
  get locations(): Locator {
    return this.page.getByRole('main').getByRole('listitem').getByRole('link');
  }
}

export interface OpenOptions {
  /** Viewport width in CSS pixels; the project default is 1280 x 800. */
  width?: number;
  /** Viewport height in CSS pixels when a width is given (default 800). */
  height?: number;
  /** A query string to open the page with, e.g. '?category=Colour'. */
  query?: string;
}

interface Fixtures {
  /** Opens /salon/{id} (optionally at a width and with a query) and waits for the screen. */
  openSalon: (id: SalonId, options?: OpenOptions) => Promise<ServiceSelection>;
  /** Opens /group/{id}/ with an optional query string. */
  openGroup: (id: number, options?: OpenOptions) => Promise<GroupPicker>;
  /**
   * Changes a salon's settings through the admin API and returns a function that puts the old
   * values back. Whatever a test changed is restored after it (pass or fail) in any case.
   */
  setSalon: (id: SalonId, settings: SalonSettings) => Promise<() => Promise<void>>;
  /** Runs axe-core (WCAG 2.0 A/AA, 2.1 AA, 2.2 AA) on the page and expects no violations. */
  expectAccessible: (label?: string) => Promise<void>;
  /** Expects the page not to scroll sideways at the current viewport width. */
  expectNoSidewaysScroll: () => Promise<void>;
}

export const test = base.extend<Fixtures>({
  openSalon: async ({ page }, use) => {
    await use(async (id, { width, height = 800, query = '' } = {}) => {
      if (width) await page.setViewportSize({ width, height });
      const response = await page.goto(`/salon/${id}${query}`);
      expect(response?.status(), `GET /salon/${id}${query}`).toBe(200);
      const screen = new ServiceSelection(page);
      await expect(screen.title).toBeVisible();
      return screen;
    });
  },

  openGroup: async ({ page }, use) => {
    await use(async (id, { width, height = 800, query = '' } = {}) => {
      if (width) await page.setViewportSize({ width, height });
      const response = await page.goto(`/group/${id}/${query}`);
      expect(response?.status(), `GET /group/${id}/${query}`).toBe(200);
      const picker = new GroupPicker(page);
      await expect(picker.prompt).toBeVisible();
      return picker;
    });
  },

  setSalon: async ({ playwright, baseURL }, use) => {
    // A context of its own, so the restore still works after the test's own request context
    // is gone, and no browser cookies or headers leak into the admin calls.
    const api = await playwright.request.newContext({ baseURL });
    const pending: Array<() => Promise<void>> = [];
    await use(async (id, settings) => {
      const before = await salonDetails(api, id);
      const original = Object.fromEntries(
        Object.keys(settings).map((k) => [k, before[k as keyof typeof before]]),
      ) as SalonSettings;
      await patchSalon(api, id, settings);
      let restored = false;
      const restore = async () => {
        if (restored) return;
        restored = true;
        await patchSalon(api, id, original);
      };
      pending.push(restore);
      return restore;
    });
    for (const restore of pending.reverse()) await restore();
    await api.dispose();
  },

  expectAccessible: async ({ page }, use) => {
    await use(async (label) => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
      const summary = results.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('\n')}`,
      );
      expect(summary, `axe violations${label ? ` on ${label}` : ''}`).toEqual([]);
    });
  },

  expectNoSidewaysScroll: async ({ page }, use) => {
    await use(async () => {
      const { scrollWidth, viewport } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      }));
      expect(scrollWidth, `page is ${scrollWidth}px wide in a ${viewport}px viewport`).toBeLessThanOrEqual(viewport);
    });
  },
});

async function salonDetails(api: APIRequestContext, id: SalonId): Promise<Record<string, unknown>> {
  const res = await api.get(`/api/book-online/salon/${id}/`);
  expect(res.status(), `GET salon ${id}`).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

async function patchSalon(api: APIRequestContext, id: SalonId, settings: SalonSettings) {
  const res = await api.patch(`/admin/salons/${id}`, {
    headers: { Authorization: `Bearer demo-admin-${id}`, 'Content-Type': 'application/json' },
    data: settings,
  });
  expect(res.status(), `PATCH /admin/salons/${id} ${JSON.stringify(settings)}: ${await res.text()}`).toBe(200);
}

/** The <html data-theme> the server sent, read from the raw HTML (before any script ran). */
export function themeInHtml(html: string): string | undefined {
  return /<html\b[^>]*\sdata-theme="([^"]*)"/i.exec(html)?.[1];
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
