import type { Browser, BrowserContext, Cookie, Page } from '@playwright/test';
import { addDays, daySlots, emailsTo, expect, SERVICE_IDS, STAFF_1, todayIn } from './fixtures';
import type { APIRequestContext } from '@playwright/test';

/** The demo staff of the stand-ins' staff pool (README "Demo accounts"). */
export const STAFF = {
  owner3: { email: 'owner@brooklyn-barber.test', password: 'Owner-pass3', name: 'Jordan Bedford' },
  manager3: { email: 'manager@brooklyn-barber.test', password: 'Manager-pass1', name: 'Riley Brooks' },
  groupOwner: { email: 'owner@willow-demo.test', password: 'Owner-pass1', name: 'Morgan Willow' },
  stylist1: { email: 'stylist@willow-demo.test', password: 'Stylist-pass1' },
} as const;

/** The sign-in screen of the console, as staff use it. */
export class ConsoleSignIn {
  constructor(readonly page: Page) {}
  get heading() {
    return this.page.getByRole('heading', { level: 1 });
  }
  get email() {
    return this.page.getByLabel('Email');
  }
  get password() {
    return this.page.getByLabel('Password', { exact: true });
  }
  get submit() {
    return this.page.getByRole('button', { name: 'Sign in' });
  }

  async open(width?: number) {
    if (width) await this.page.setViewportSize({ width, height: 844 });
    const res = await this.page.goto('/console');
    expect(res?.status()).toBe(200);
    await expect(this.heading).toHaveText('Sign in to your salon');
  }

  async signIn(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}

/**
 * Each staff member's console session in this Playwright worker: the refresh token's cookie that a
 * sign-in sets (`__Host-staff_session`, worker/edge/staff-session.ts), from one sign-in through the
 * sign-in call the console's screen makes. A worker's tests run one after another against an app of
 * its own (env.ts), so every test of the worker reuses it: the console reads the cookie on load and
 * is signed in without a password, as after any reload.
 */
const sessions = new Map<string, Cookie[]>();

/** Signs `who` in as the console's sign-in screen does (POST /console/session/login) and keeps the cookie it sets. */
async function signInThroughApi(context: BrowserContext, who: { email: string; password: string }): Promise<Cookie[]> {
  const res = await context.request.post('/console/session/login', { data: { email: who.email, password: who.password } });
  expect(res.status(), `the console sign-in of ${who.email}: ${await res.text()}`).toBe(200);
  const cookies = (await context.cookies()).filter((c) => c.name === '__Host-staff_session');
  expect(cookies, 'the session cookie the sign-in sets').toHaveLength(1);
  sessions.set(who.email, cookies);
  return cookies;
}

/**
 * Opens the console in `page` signed in as `who` (the worker's session of that member, signed in
 * at its first use) and waits for the signed-in console on Today, where everyone lands. The
 * sign-in screen itself is console-pages.spec.ts's and console-staff.spec.ts's. A member who signs
 * out ends every session of theirs (Cognito's GlobalSignOut): a session found ended is signed in
 * afresh, so a test that signs a demo member out breaks no later test.
 */
export async function openConsoleAs(
  page: Page,
  who: { email: string; password: string },
  width?: number,
  /** the place to go to from Today (none: stay there); only when the role has it */
  place: string | null = null,
) {
  if (width) await page.setViewportSize({ width, height: 844 });
  const context = page.context();
  const kept = sessions.get(who.email);
  if (kept) await context.addCookies(kept);
  else await signInThroughApi(context, who);
  const res = await page.goto('/console');
  expect(res?.status()).toBe(200);
  const nav = page.getByRole('navigation', { name: 'Console' });
  const signInScreen = page.getByRole('heading', { level: 1, name: 'Sign in to your salon' });
  await expect(nav.or(signInScreen)).toBeVisible();
  if (kept && (await signInScreen.isVisible())) {
    await signInThroughApi(context, who);
    await page.reload();
  }
  await expect(nav).toBeVisible();
  await expect(page).toHaveURL(/\/console\/salons\/\d+\/today$/);
  if (place) await goToPlace(page, place, { ifThere: true });
}

/**
 * Opens a place from the console's navigation: the side navigation from 768 px; on a phone the
 * bottom bar, or More for the places it does not hold (docs/console/README.md "On a phone").
 * `ifThere`: a place the role does not have is skipped rather than failing.
 */
export async function goToPlace(page: Page, name: string, { ifThere = false } = {}) {
  const nav = page.getByRole('navigation', { name: 'Console' });
  const link = nav.getByRole('link', { name, exact: true });
  const more = nav.getByRole('button', { name: 'More' });
  const open = async () => {
    // a place under More is in the page (hidden) once the menu has been open: look for it shown
    if (!(await link.isVisible()) && (await more.count()) && (await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  };
  if (ifThere) {
    await open();
    if (!(await link.count())) {
      if ((await more.getAttribute('aria-expanded').catch(() => null)) === 'true') await more.click();
      return;
    }
  }
  // the menu closes when the place changes, which a screen still loading may do after it opened:
  // open it and click again until the click lands
  await expect(async () => {
    await open();
    await link.click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** A browser context of its own (another person, another device), at a width. */
export async function newPerson(browser: Browser, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  return { context, page: await context.newPage() };
}

/** The temporary password of the newest invitation the staff pool emailed to an address. */
export async function temporaryPasswordOf(request: APIRequestContext, email: string): Promise<string> {
  let password: string | undefined;
  await expect
    .poll(async () => {
      const mails = await emailsTo(request, email);
      password = mails.map((m) => /temporary password is (\S+?)\.?$/m.exec(m.text ?? m.html ?? '')?.[1]).find(Boolean);
      return password;
    }, 'the invitation in the dev outbox')
    .toBeTruthy();
  return password!;
}

/** The Booking page of a salon in the console, as an owner or manager uses it. */
export class BookingPageScreen {
  constructor(readonly page: Page) {}
  get heading() {
    return this.page.getByRole('heading', { level: 1, name: 'Booking page' });
  }
  get save() {
    return this.page.getByRole('button', { name: 'Save changes' });
  }
  get saved() {
    return this.page.getByRole('status').filter({ hasText: 'Saved.' });
  }
  /** Opens a section of the Booking page by its link (docs/console/booking-page.md). */
  async section(name: string) {
    await this.page.getByRole('navigation', { name: 'Booking page sections' }).getByRole('link', { name, exact: true }).click();
    await expect(this.page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  theme = (name: 'Neutral' | 'Dark' | 'Slick') => this.page.getByRole('radio', { name: new RegExp(`^${name}:`) });
  preview = (size: 'phone' | 'desktop') => this.page.frameLocator(`iframe[data-preview=${size}]`);

  /** Opens a section (its address: appearance, photos…) of a salon's Booking page. */
  async open(salonId: number, section = 'appearance') {
    await this.page.goto(`/console/salons/${salonId}/booking-page/${section}`);
    await expect(this.heading).toBeVisible();
    await expect(this.page.getByRole('navigation', { name: 'Booking page sections' }).locator('[aria-current=page]')).toBeVisible();
  }
}

/**
 * Salon 1 texts `client.phone` a deposit request (card only) for a Blow Dry with Chloe at her
 * last free time on the first day from `fromDay` days ahead that has one (clear of other tests'
 * picks), through the admin API. `remove()` deletes the request again.
 */
export async function depositRequestTo(
  request: APIRequestContext,
  client: { phone: string; first_name: string; last_name: string },
  fromDay: number,
): Promise<{ id: number; remove: () => Promise<unknown> }> {
  const admin = { Authorization: 'Bearer demo-admin-1' };
  let start: string | undefined;
  for (let d = fromDay; d < fromDay + 40 && !start; d++) {
    const slots = await daySlots(request, 1, ['Blow Dry'], addDays(todayIn(), d), [STAFF_1['Chloe Price'].id]);
    start = slots[slots.length - 1];
  }
  if (!start) throw new Error('No free time for Chloe');
  const made = await request.post('/admin/salons/1/invites', {
    headers: admin,
    data: {
      client,
      appointment: { start_time: start, procedures: [{ service_id: SERVICE_IDS['Blow Dry'], stylist_id: STAFF_1['Chloe Price'].id }] },
      request: 'card_only',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  return { id, remove: () => request.delete(`/admin/salons/1/invites/${id}`, { headers: admin }) };
}
