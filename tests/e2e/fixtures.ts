import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { shiftClock } from '../../shared/clock';
import { CLOCK_OFFSET_MS, STANDINS_URL } from './env';
import { MSG } from '../messages';
import type { StylistsAtTime } from '../../shared/availability';
import type { Category } from '../../shared/types';

export { expect };

// The tests' own dates ('today', the days on show) are the simulated day's (env.ts).
shiftClock(CLOCK_OFFSET_MS);

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

/**
 * Runs `check` on the screen as it stands in each theme (`themes`, all three by default), by
 * setting the page's data-theme as the edge serves a salon's theme (the stylesheet holds all
 * three), then puts back the theme the page was served with. For axe passes and layout checks of
 * one walk through a flow, instead of a walk per theme through a demo salon switched over the API.
 */
export async function inEachTheme(
  page: Page,
  check: (theme: ThemeMode) => Promise<void>,
  themes: readonly ThemeMode[] = ['slick', 'dark', 'neutral'],
): Promise<void> {
  const served = await page.locator('html').getAttribute('data-theme');
  const show = (t: string | null) => page.evaluate((t) => (t ? document.documentElement.setAttribute('data-theme', t) : undefined), t);
  for (const theme of themes) {
    await show(theme);
    await check(theme);
  }
  await show(served);
}

export const GROUP_1 = { id: 1, name: 'Willow & Co' } as const;

/** axe-core's impact levels, least to most severe. */
export const AXE_IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;
export type AxeImpact = (typeof AXE_IMPACTS)[number];

/** The settings a salon can change through PATCH /admin/salons/{id} (the ones tests use). */
export interface SalonSettings {
  theme_mode?: ThemeMode;
  /** `#rrggbb`, or null for the theme's own colours */
  brand_colour?: string | null;
  /** a JSON deposit setting, or the string 'null' for no deposit */
  ncob_deposit_settings?: string;
  online_booking?: boolean;
  ncob_welcome_message?: string;
  /** the cancellation policy (HTML) */
  salon_ncob_text?: string;
  allow_self_cancellation?: boolean;
  cancellation_window_hours?: number;
  refund_deposit_outside_window?: boolean;
  name?: string;
  phone?: string;
  /** the salon's Facebook pixel id ('' for none); read back from fb_details.fb_pixel_id */
  fb_pixel_id?: string;
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
  /**
   * The chosen services, the total and NEXT: a phone's sticky box, or from 1024 px the booking
   * summary beside the screen (CSS shows one of them).
   */
  get selection(): Locator {
    return this.page.getByRole('region', { name: 'Selected services' }).or(this.page.getByRole('complementary', { name: 'Your booking' }));
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
    await this.open(this.category(category));
  }

  async expandAll() {
    const count = await this.categoryButtons.count();
    for (let i = 0; i < count; i++) await this.open(this.categoryButtons.nth(i));
  }

  /**
   * Opens a category, tapping again if a tap made before the page was hydrated did not open it
   * (the page holds early taps and replays them, but on busy cores hydration can take seconds).
   */
  private async open(button: Locator) {
    await expect(async () => {
      if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  }

  /** Opens the service's category when given, then ticks the service. */
  async choose(service: string, category?: string) {
    if (category) await this.expand(category);
    await this.tick(this.service(service));
  }

  /**
   * Ticks a service's box. The services are on the server-rendered first screen: a tap before
   * the page is hydrated is held and replayed once it is (client/lib/early-taps.ts), or lost when
   * hydration has to render the screen afresh; so tap, wait for the tick, and tap again only while
   * the box is still not ticked (as `open` does for a category). Once hydrated, no tap is held, so
   * two replayed taps that cancel out are followed by one that ticks.
   */
  async tick(box: Locator) {
    await expect(async () => {
      if (!(await box.isChecked())) await box.click();
      await expect(box).toBeChecked({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
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
  /** the locations' names, in the picker's order */
  get locations(): Locator {
    return this.page.getByRole('list', { name: 'Locations' }).getByRole('heading', { level: 2 });
  }
  /** one location's card: address, map link, today's hours, next free time, distance */
  card(name: string): Locator {
    return this.page.getByRole('article', { name });
  }
  nextTime(name: string): Locator {
    return this.card(name).getByTestId('next-time');
  }
}

/** The demo data behind the booking journey (worker/db/seed/demo.sql) as a client sees it. */
export const SERVICE_IDS = {
  'Gents Cut': 2,
  'Full Head Tint': 4,
  Balayage: 5,
  'Olaplex Treatment': 7,
  'Blow Dry': 8,
  Restyle: 10,
  'Dry Cut': 11,
} as const;
export type ServiceName = keyof typeof SERVICE_IDS;

/** Salon 1's staff: the role each shows ('Stylist' when the salon gave none) and initials, or a photo instead. */
export const STAFF_1 = {
  'Amelia Hart': { id: 1, role: 'Creative Director', initials: 'AH', photo: true },
  'Ben Okafor': { id: 2, role: 'Colourist', initials: 'BO', photo: true },
  'Chloe Price': { id: 3, role: 'Stylist', initials: 'CP' },
  'Dan Reeves': { id: 4, role: 'Junior Stylist', initials: 'DR' },
} as const;
export type StaffName = keyof typeof STAFF_1;

/** What each of salon 1's stylists charges for a service, in pounds. */
export const PRICES_1: Record<string, Partial<Record<StaffName, number>>> = {
  'Full Head Tint': { 'Amelia Hart': 85, 'Ben Okafor': 75 },
  'Blow Dry': { 'Amelia Hart': 35, 'Chloe Price': 30, 'Dan Reeves': 25 },
  'Olaplex Treatment': { 'Amelia Hart': 30, 'Ben Okafor': 30, 'Chloe Price': 25 },
  'Gents Cut': { 'Amelia Hart': 35, 'Chloe Price': 28, 'Dan Reeves': 22 },
};

/** Minutes each service takes (duration plus processing), the same for every stylist. */
export const MINUTES_1: Record<string, number> = { 'Full Head Tint': 75, 'Blow Dry': 45, 'Gents Cut': 30 };

export const SALON_1_PATCH_COPY =
  'If you have had a patch test with us in the last six months and have not had a reaction since, your patch test is still valid. Otherwise we need to test a small amount of colour behind your ear at least 48 hours before your appointment. This keeps you safe from allergic reactions to hair dye, which can be serious even if you have coloured your hair before without any problems.';

/** The demo client of worker/db/seed/demo_identity.sql. */
export const DEMO_CLIENT = {
  name: 'Jamie Rivers',
  email: 'jamie@example.test',
  mobile: '07700 900123',
  e164: '+447700900123',
  password: 'Demo-pass1',
} as const;

/** An account a test creates for itself (so that the demo client is never changed). */
export interface Account {
  firstName: string;
  lastName: string;
  email: string;
  /** as typed with the salon's default country GB, e.g. '07700 900402' */
  mobile: string;
  password: string;
}

/** '07700 900402' → '+447700900402'. */
export const e164Of = (mobile: string) => `+44${mobile.replace(/\D/g, '').replace(/^0/, '')}`;

// The messages the tests look for (tests/messages.ts, shared with the component tests).
export { MSG };

// ---------------------------------------------------------------------------------------------
// Dates and times as the app shows them (in the salon's timezone, en-GB).

const dateInstant = (date: string) => new Date(`${date}T12:00:00Z`);
const fmt = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...opts });

/** '2026-11-23' → 'Monday 23 November' */
export const longDate = (date: string) =>
  fmt({ weekday: 'long', day: 'numeric', month: 'long' }).format(dateInstant(date)).replace(',', '');
/** '2026-11-23' → 'Monday 23 November 2026' */
export const fullDate = (date: string) =>
  fmt({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(dateInstant(date)).replace(',', '');
/** '2026-11-01' → 'November 2026' */
export const monthLabel = (date: string) => fmt({ month: 'long', year: 'numeric' }).format(dateInstant(date));

export function addDays(date: string, days: number): string {
  const d = dateInstant(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Today's date in a timezone (the salon's), as 'YYYY-MM-DD'. */
export function todayIn(timeZone = 'Europe/London'): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** '1:15 pm' → 795 (minutes after midnight). */
export function minutesOf(label: string): number {
  const m = /^(\d{1,2}):(\d{2}) (am|pm)$/.exec(label.trim());
  if (!m) throw new Error(`not a time label: '${label}'`);
  return (Number(m[1]) % 12) * 60 + Number(m[2]) + (m[3] === 'pm' ? 720 : 0);
}

/** 795 → '1:15 pm' */
export function timeLabelOf(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** £ with two decimals, as the app shows prices. */
export const pounds = (n: number) => `£${n.toFixed(2)}`;

// ---------------------------------------------------------------------------------------------
// The availability API, to know which days a client should see as bookable.

export interface WeeklyAvailability {
  first_available_date: string | null;
  last_bookable_date: string;
  earliest_date?: string | null;
  availability: Record<string, boolean>;
  message?: string | null;
}

/** GET /api/book-online/availability/weekly/{salon}/{services}/{stylists}/{from}/{patch}/ */
export async function weeklyAvailability(
  request: APIRequestContext,
  salon: SalonId,
  services: readonly ServiceName[],
  {
    from = todayIn(),
    stylists,
    patchTime = null,
  }: { from?: string; stylists?: readonly (number | null)[]; patchTime?: string | null } = {},
): Promise<WeeklyAvailability> {
  const ids = services.map((s) => SERVICE_IDS[s]).join(',');
  const staff = (stylists ?? services.map(() => null)).map((s) => s ?? 0).join(',');
  const patch = patchTime ? encodeURIComponent(patchTime) : 'null';
  const res = await request.get(`/api/book-online/availability/weekly/${salon}/${ids}/${staff}/${from}/${patch}/`);
  expect(res.status(), `weekly availability ${salon}/${ids}/${staff}/${from}/${patch}`).toBe(200);
  return (await res.json()) as WeeklyAvailability;
}

/** The times of one day: GET /api/book-online/new/availability/appointment/{salon}/{date}/{services}/{stylists}/null/ */
export async function daySlots(
  request: APIRequestContext,
  salon: SalonId,
  services: readonly ServiceName[],
  date: string,
  stylists?: readonly (number | null)[],
): Promise<string[]> {
  const ids = services.map((s) => SERVICE_IDS[s]).join(',');
  const staff = (stylists ?? services.map(() => null)).map((s) => s ?? 0).join(',');
  const res = await request.get(`/api/book-online/new/availability/appointment/${salon}/${date}/${ids}/${staff}/null/?isWaitList=false`);
  expect(res.status(), `slots ${salon}/${date}/${ids}/${staff}`).toBe(200);
  return Object.keys(((await res.json()) as { data: Record<string, unknown> }).data);
}

/** '2026-11-23T10:00:00+00:00' → '10:00 am' in the salon's timezone. */
export function salonTimeLabel(iso: string, timeZone = 'Europe/London'): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true })
    .format(new Date(iso))
    .replace(/\u202f/g, ' ');
}

/** Whether the slider should offer a day: available, and within the first and last bookable days. */
export function isBookable(week: WeeklyAvailability, date: string): boolean {
  const first = [week.first_available_date, week.earliest_date]
    .filter((d): d is string => !!d)
    .sort()
    .at(-1);
  return week.availability[date] === true && (!first || date >= first) && date <= week.last_bookable_date;
}

// ---------------------------------------------------------------------------------------------
// The screens of the booking journey after service selection.

/** 'Select a finishing service:' (/recommendedservice). */
export class RecommendedServices {
  constructor(readonly page: Page) {}
  get title(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Select a finishing service:' });
  }
  get list(): Locator {
    return this.page.getByRole('list', { name: 'Recommended services' });
  }
  get services(): Locator {
    return this.list.getByRole('checkbox');
  }
  service(name: string): Locator {
    return this.list.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(name)}\\b`) });
  }
  /** The 'N selected' count beside NEXT. */
  get count(): Locator {
    return this.page.getByText(/^\d+ selected$/);
  }
  get next(): Locator {
    return this.page.getByRole('button', { name: 'NEXT', exact: true });
  }
}

/** Staff selection, before the time (/favouritestylistselect) or at the chosen time (/stylistselect). */
export class StaffSelection {
  constructor(readonly page: Page) {}
  /** The choice for one service: 'Select a staff member for {service}'. */
  staffFor(service: string): Locator {
    return this.page.getByRole('group', { name: `Select a staff member for ${service}`, exact: true });
  }
  get groups(): Locator {
    return this.page.getByRole('group', { name: /^Select a staff member for / });
  }
  /** A stylist's radio, or 'I don't mind' (its accessible name starts with the name). */
  option(service: string, name: string): Locator {
    return this.staffFor(service).getByRole('radio', { name: new RegExp(`^${escapeRegExp(name)}\\b`) });
  }
  anyone(service: string): Locator {
    return this.option(service, "I don't mind");
  }
  /** The stylists offered for a service, without 'I don't mind'. */
  stylists(service: string): Locator {
    return this.staffFor(service).getByRole('radio', { name: /^(?!I don't mind)/ });
  }
  /** The services on screen, in order, read from their group names. */
  async services(): Promise<string[]> {
    const names = await this.groups.evaluateAll((els) => els.map((e) => e.querySelector('legend')?.textContent ?? ''));
    return names.map((n) => n.replace(/^Select a staff member for /, '').trim());
  }
  /** The whole row of an option: avatar, name, role and price. */
  row(service: string, name: string): Locator {
    const radio = this.page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(name)}\\b`) });
    return this.staffFor(service).locator('label').filter({ has: radio });
  }
  get next(): Locator {
    return this.page.getByRole('button', { name: 'NEXT', exact: true });
  }
}

/** The patch test popup on the way to time selection. */
export class PatchPopup {
  constructor(readonly page: Page) {}
  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Patch test' });
  }
  /** The salon's explanatory copy, with its read more / close toggle inside. */
  get copy(): Locator {
    return this.dialog
      .getByRole('paragraph')
      .filter({ hasText: /patch test/ })
      .first();
  }
  get readMore(): Locator {
    return this.dialog.getByRole('button', { name: 'read more', exact: true });
  }
  get close(): Locator {
    return this.dialog.getByRole('button', { name: 'close', exact: true });
  }
  get note(): Locator {
    return this.dialog.getByText(MSG.patchNote, { exact: true });
  }
  get yes(): Locator {
    return this.dialog.getByRole('radio', { name: 'Yes, my patch test is still valid' });
  }
  get no(): Locator {
    return this.dialog.getByRole('radio', { name: 'No, I need a patch test' });
  }
  get next(): Locator {
    return this.dialog.getByRole('button', { name: 'NEXT', exact: true });
  }
}

/**
 * A day circle's accessible name: what it shows, then the full date, e.g. 'Mon 23 Availability,
 * Monday 23 November' or 'Sat 28 No availability, Saturday 28 November'.
 */
export function dayName(date: string, bookable: boolean): string {
  const weekday = fmt({ weekday: 'short' }).format(dateInstant(date));
  return `${weekday} ${Number(date.slice(8))} ${bookable ? 'Availability' : 'No availability'}, ${longDate(date)}`;
}
/** The names of bookable days end 'Availability, {date}'. */
export const BOOKABLE_DAY = /^\w+ \d{1,2} Availability, /;

/** 'Mon 23 Availability, Monday 23 November' → '2026-11-23' (the day of that name within 200 days of `today`). */
export function dateOfDayName(name: string, today = todayIn()): string {
  const label = name.split(', ')[1]?.trim() ?? '';
  for (let i = -7; i < 200; i++) {
    const d = addDays(today, i);
    if (longDate(d) === label) return d;
  }
  throw new Error(`no date for a day named '${name}'`);
}

/** The day slider of time and patch time selection. */
export class DaySlider {
  constructor(readonly page: Page) {}
  get month(): Locator {
    return this.page.getByRole('combobox', { name: 'Month' });
  }
  get earlier(): Locator {
    return this.page.getByRole('button', { name: 'Earlier days', exact: true });
  }
  get later(): Locator {
    return this.page.getByRole('button', { name: 'Later days', exact: true });
  }
  get group(): Locator {
    return this.page.getByRole('group', { name: 'Choose a day', exact: true });
  }
  /** The day circles on show. */
  get days(): Locator {
    return this.group.getByRole('button');
  }
  get availableDays(): Locator {
    return this.group.getByRole('button', { name: BOOKABLE_DAY });
  }
  /** One day's circle, named e.g. 'Mon 23 Availability, Monday 23 November'. */
  day(date: string): Locator {
    return this.group.getByRole('button', { name: new RegExp(`, ${escapeRegExp(longDate(date))}$`) });
  }
  /** The dates of the circles on show, read from their accessible names (within 181 days of `today`). */
  async shownDates(today = todayIn()): Promise<string[]> {
    const names = await this.days.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    return names.map((n) => dateOfDayName(n, today));
  }
}

/** 'Select a time for your appointment' (/timeselect) and 'Select a time for your patch test' (/patchtimeselect). */
export class TimeSelection {
  readonly slider: DaySlider;
  constructor(readonly page: Page) {
    this.slider = new DaySlider(page);
  }
  get title(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Select a time for your appointment' });
  }
  get patchTitle(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Select a time for your patch test' });
  }
  get prompt(): Locator {
    return this.page.getByText(MSG.pickADay, { exact: true });
  }
  timezoneNote(timezone = 'Europe/London'): Locator {
    return this.page.getByText(`Times below are in ${timezone} timezone`, { exact: true });
  }
  /** The time toggles of the chosen day. */
  get times(): Locator {
    return this.page.getByRole('group', { name: /^Times on / }).getByRole('button');
  }
  timesOn(date: string): Locator {
    return this.page.getByRole('group', { name: `Times on ${longDate(date)}`, exact: true }).getByRole('button');
  }
  get patchSelected(): Locator {
    return this.page.getByText(MSG.patchTimeSelected, { exact: true });
  }
  get addToWaitlist(): Locator {
    return this.page.getByRole('button', { name: 'ADD ME TO WAITLIST', exact: true });
  }
  /** The notice that the client is joining the waitlist. */
  get waitlistNotice(): Locator {
    return this.page.getByRole('status').filter({ hasText: /joining the waitlist/ });
  }
  get next(): Locator {
    return this.page.getByRole('button', { name: 'NEXT', exact: true });
  }

  /** Picks a day (the first bookable one on show by default) and returns its date. */
  async pickDay(date?: string): Promise<string> {
    const day = date ? this.slider.day(date) : this.slider.availableDays.first();
    const picked = date ?? dateOfDayName((await day.getAttribute('aria-label')) ?? '');
    await day.click();
    await expect(day).toHaveAttribute('aria-pressed', 'true');
    return picked;
  }

  /** Picks a time of the chosen day (the first by default) and returns its label, e.g. '10:00 am'. */
  async pickTime(label?: string): Promise<string> {
    const time = label ? this.times.filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) }) : this.times.first();
    await time.click();
    await expect(time).toHaveAttribute('aria-pressed', 'true');
    return (await time.textContent())!.trim();
  }
}

/** 'Review details to continue' (/summary). */
export class Summary {
  constructor(readonly page: Page) {}
  get title(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Review details to continue' });
  }
  get back(): Locator {
    return this.page.getByRole('main').getByRole('button', { name: 'Back', exact: true });
  }
  get policy(): Locator {
    return this.page.getByRole('region', { name: 'Cancellation policy' });
  }
  get viewMore(): Locator {
    return this.policy.getByRole('button', { name: 'view more', exact: true });
  }
  get viewLess(): Locator {
    return this.policy.getByRole('button', { name: 'view less', exact: true });
  }
  get agree(): Locator {
    return this.page.getByRole('switch', { name: 'I agree to the cancellation policy' });
  }
  get details(): Locator {
    return this.page.getByRole('region', { name: 'Appointment details' });
  }
  get services(): Locator {
    return this.details.getByRole('list', { name: 'Services' }).getByRole('listitem');
  }
  service(name: string): Locator {
    return this.services.filter({ has: this.page.getByText(name, { exact: true }) });
  }
  get total(): Locator {
    return this.details.getByRole('paragraph').filter({ hasText: /^Total/ });
  }
  get notes(): Locator {
    return this.page.getByRole('textbox', { name: /^Notes/ });
  }
  get waitlistNote(): Locator {
    return this.page.getByRole('note').filter({ hasText: /waitlist/ });
  }
  /**
   * This screen's NEXT, never the previous screen's: while the summary's code loads, the time
   * screen (and its NEXT) stays on screen.
   */
  get next(): Locator {
    // In the screen's bar, or from 1024 px in the booking summary beside it: either way, only once
    // this screen's title is there.
    return this.page.locator(':root').filter({ has: this.title }).getByRole('button', { name: 'NEXT', exact: true });
  }
}

/** Walks the booking journey the way a client does, one screen at a time. */
export class BookingJourney {
  readonly services: ServiceSelection;
  readonly recommended: RecommendedServices;
  readonly staff: StaffSelection;
  readonly patch: PatchPopup;
  readonly time: TimeSelection;
  readonly summary: Summary;

  constructor(readonly page: Page) {
    this.services = new ServiceSelection(page);
    this.recommended = new RecommendedServices(page);
    this.staff = new StaffSelection(page);
    this.patch = new PatchPopup(page);
    this.time = new TimeSelection(page);
    this.summary = new Summary(page);
  }

  /** Opens the salon, ticks the services (name and category) and presses NEXT. */
  async chooseServices(salon: SalonId, services: readonly (readonly [string, string])[]) {
    const res = await this.page.goto(`/salon/${salon}`);
    expect(res?.status()).toBe(200);
    await expect(this.services.title).toBeVisible();
    for (const [service, category] of services) await this.services.choose(service, category);
    await this.services.next.click();
  }

  /** On 'Select a finishing service:', ticks the given services and presses NEXT. */
  async chooseFinishing(names: readonly string[] = []) {
    await expect(this.recommended.title).toBeVisible();
    for (const name of names) await this.recommended.service(name).check();
    await this.recommended.next.click();
  }

  /** On staff selection, chooses a stylist per service ('I don't mind' unless given) and presses NEXT. */
  async chooseStaff(choices: Record<string, string> = {}) {
    await expect(this.staff.groups.first()).toBeVisible();
    for (const service of await this.staff.services()) await this.staff.option(service, choices[service] ?? "I don't mind").check();
    await this.staff.next.click();
  }

  async answerPatch(answer: 'yes' | 'no') {
    await expect(this.patch.dialog).toBeVisible();
    await (answer === 'yes' ? this.patch.yes : this.patch.no).check();
    await this.patch.next.click();
    await expect(this.patch.dialog).toBeHidden();
  }

  /** Salon 1, Full Head Tint + Blow Dry, 'I don't mind' for both, a valid patch test: the time screen. */
  async toTimeSelection() {
    await this.chooseServices(1, [['Full Head Tint', 'Colour']]);
    await this.chooseFinishing(['Blow Dry']);
    await this.chooseStaff();
    await this.answerPatch('yes');
    await expect(this.time.title).toBeVisible();
    await expect(this.time.slider.days.first()).toBeVisible();
  }

  /** Salon 1, Full Head Tint alone with Ben Okafor (who works Monday to Thursday), a valid patch test. */
  async toBensTimeSelection() {
    await this.chooseServices(1, [['Full Head Tint', 'Colour']]);
    await this.chooseFinishing([]);
    await this.chooseStaff({ 'Full Head Tint': 'Ben Okafor' });
    await this.answerPatch('yes');
  }

  /** Picks the first bookable day and its first time, then NEXT; returns what was picked. */
  async pickFirstTime(): Promise<{ date: string; time: string }> {
    const date = await this.time.pickDay();
    await expect(this.time.times.first()).toBeVisible();
    const time = await this.time.pickTime();
    await this.time.next.click();
    return { date, time };
  }

  /** The journey of toTimeSelection() to the summary, with the first stylist offered for each service. */
  async toSummary(): Promise<{ date: string; time: string; staff: Record<string, StaffName> }> {
    await this.toTimeSelection();
    const picked = await this.pickFirstTime();
    const staff = await this.chooseFirstStylists();
    await expect(this.summary.title).toBeVisible();
    return { ...picked, staff };
  }

  /**
   * Where toSummary() gets through five screens, made from the API as those screens make it, for
   * tests about what comes after the summary: salon 1's Full Head Tint then Blow Dry with a valid
   * patch test, the first time of the first bookable day and the stylists 'I don't mind' gets then.
   * The tab keeps it as the journey keeps a selection (session storage `booking:v1`, restored when
   * the page loads), and the summary opens. Each flow still walks the screens once (toSummary()).
   */
  async toSummaryFromApi(): Promise<{ date: string; time: string; staff: Record<string, StaffName> }> {
    const { page } = this;
    const names = ['Full Head Tint', 'Blow Dry'] as const;
    const ids = names.map((n) => SERVICE_IDS[n]);
    const catalogue = await page.request.get('/api/book-online/services/1/');
    expect(catalogue.status()).toBe(200);
    const all = ((await catalogue.json()) as Category[]).flatMap((c) => c.services);
    const services = ids.map((id) => all.find((s) => s.id === id)!);
    const date = (await weeklyAvailability(page.request, 1, names)).first_available_date!;
    const [start] = await daySlots(page.request, 1, names, date);
    const q = new URLSearchParams({ start_time: start!, isWaitList: 'false' });
    const at = await page.request.get(`/api/book-online/services/stylists-at/1/${ids.join(',')}/0,0/?${q}`);
    expect(at.status()).toBe(200);
    const assignment = ((await at.json()) as StylistsAtTime).services;
    const staff: Record<string, StaffName> = {};
    const selectedStylists: Record<number, unknown> = {};
    for (const [i, service] of services.entries()) {
      const { assigned: o, start_time } = assignment.find((a) => a.service_id === service.id)!;
      staff[names[i]!] = o.stylist_name as StaffName;
      // as the stylist screen records a choice (toChoice in client/features/journey/stylist-choice.ts: the
      // browser tests reach the client only as a browser does, so it is written out here)
      selectedStylists[service.id] = {
        stylist_id: o.stylist_id,
        stylist_name: o.stylist_name,
        stylist_role: o.stylist_role || 'Stylist',
        service_id: service.id,
        price: o.price,
        duration: o.duration,
        processing: o.processing,
        start_time,
        favourite_or_any: 'favourite',
      };
    }
    // what the screens chose; the rest of the state starts as on a first visit (restoreKeptSelection)
    const state = {
      salonId: 1,
      selectedServices: services,
      selectedStylists,
      patchChoice: 'valid',
      selectedDate: date,
      selectedAppointmentTime: start,
    };
    // once: the journey keeps its own changes from here on
    await page.addInitScript((kept) => {
      if (sessionStorage.getItem('booking:v1:made')) return;
      sessionStorage.setItem('booking:v1', kept);
      sessionStorage.setItem('booking:v1:made', '1');
    }, JSON.stringify(state));
    await page.goto('/salon/1/summary');
    await expect(this.summary.title).toBeVisible();
    return { date, time: salonTimeLabel(start!), staff };
  }

  /** At /stylistselect: the first stylist offered for each service, then NEXT. */
  async chooseFirstStylists(): Promise<Record<string, StaffName>> {
    await expect(this.staff.groups.first()).toBeVisible();
    const staff: Record<string, StaffName> = {};
    for (const service of await this.staff.services()) {
      const first = this.staff.stylists(service).first();
      const label = await first.evaluate((el) => el.closest('label')?.textContent ?? '');
      const who = (Object.keys(STAFF_1) as StaffName[]).find((n) => label.includes(n));
      if (!who) throw new Error(`no known stylist in '${label}'`);
      staff[service] = who;
      await first.check();
    }
    await this.staff.next.click();
    return staff;
  }
}

// ---------------------------------------------------------------------------------------------
// Accounts: login, create account, password reset, profile.

/** The header of the booking area: a back arrow and LOGOUT only while logged in. */
export class SalonHeader {
  constructor(readonly page: Page) {}
  get banner(): Locator {
    return this.page.getByRole('banner');
  }
  get logout(): Locator {
    return this.banner.getByRole('button', { name: 'LOGOUT', exact: true });
  }
  get back(): Locator {
    return this.banner.getByRole('button', { name: 'Back', exact: true });
  }
  get bottomNav(): Locator {
    return this.page.getByRole('navigation', { name: 'Account' });
  }
  /** A link of the bottom navigation; Deposits may carry its count ('Deposits, 2 new requests'). */
  navLink(name: 'Profile' | 'Bookings' | 'Deposits'): Locator {
    return this.bottomNav.getByRole('link', { name: new RegExp(`^${name}(, \\d+ new requests?)?$`) });
  }
}

/** The international phone input: a country and the number. */
class PhoneField {
  constructor(
    readonly scope: Page | Locator,
    readonly label: string,
  ) {}
  get country(): Locator {
    return this.scope.getByRole('combobox', { name: `${this.label}: country`, exact: true });
  }
  get number(): Locator {
    return this.scope.getByRole('textbox', { name: this.label, exact: true });
  }
}

/** /login ('Login to complete your booking') and /profile-login ('Login to view your account'). */
export class LoginScreen {
  readonly phone: PhoneField;
  constructor(readonly page: Page) {
    this.phone = new PhoneField(page, 'Mobile number');
  }
  get bookingTitle(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Login to complete your booking' });
  }
  get accountTitle(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Login to view your account' });
  }
  get password(): Locator {
    return this.page.getByLabel('Password', { exact: true });
  }
  get login(): Locator {
    return this.page.getByRole('button', { name: 'LOGIN', exact: true });
  }
  get alert(): Locator {
    return this.page.getByRole('alert');
  }
  get createAccount(): Locator {
    return this.page.getByRole('link', { name: 'CREATE ACCOUNT', exact: true });
  }
  get forgotten(): Locator {
    return this.page.getByRole('link', { name: 'Forgotten password?', exact: true });
  }
  async logIn(mobile: string, password: string) {
    await this.phone.number.fill(mobile);
    await this.password.fill(password);
    await this.login.click();
  }
}

/** /create-account */
export class CreateAccountScreen {
  readonly phone: PhoneField;
  readonly confirmPhone: PhoneField;
  constructor(readonly page: Page) {
    this.phone = new PhoneField(page, 'Mobile number');
    this.confirmPhone = new PhoneField(page, 'Confirm mobile number');
  }
  get title(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Create account' });
  }
  get firstName(): Locator {
    return this.page.getByRole('textbox', { name: 'First name', exact: true });
  }
  get lastName(): Locator {
    return this.page.getByRole('textbox', { name: 'Last name', exact: true });
  }
  get email(): Locator {
    return this.page.getByRole('textbox', { name: 'Email', exact: true });
  }
  get password(): Locator {
    return this.page.getByLabel('Password', { exact: true });
  }
  get create(): Locator {
    return this.page.getByRole('button', { name: 'CREATE ACCOUNT', exact: true });
  }
  async fill(a: Account) {
    await this.firstName.fill(a.firstName);
    await this.lastName.fill(a.lastName);
    await this.email.fill(a.email);
    await this.phone.number.fill(a.mobile);
    await this.confirmPhone.number.fill(a.mobile);
    await this.password.fill(a.password);
  }
  get confirmTitle(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Confirm your mobile number' });
  }
  get code(): Locator {
    return this.page.getByRole('textbox', { name: 'Code', exact: true });
  }
  get confirm(): Locator {
    return this.page.getByRole('button', { name: 'CONFIRM', exact: true });
  }
  /** CREATE ACCOUNT, then the code the number was texted, as its owner enters it. */
  async createAndConfirm(mobile: string) {
    await this.create.click();
    await expect(this.confirmTitle).toBeVisible();
    await this.code.fill(await textedCode(this.page.request, e164Of(mobile)));
    await this.confirm.click();
  }
}

/** The newest 6-digit code the stand-ins texted to a number (their dev outbox, as JSON). */
export async function textedCode(request: APIRequestContext, e164: string): Promise<string> {
  const res = await request.get(`${STANDINS_URL}/__dev/outbox/texts.json?to=${encodeURIComponent(e164)}`);
  const { data } = (await res.json()) as { data: { body: string }[] };
  // The newest text that carries a code (other texts to the number, such as a deposit request, may come after it).
  const code = data.map((t) => /\bcode is (\d{6})\b/.exec(t.body)?.[1]).find(Boolean);
  expect(code, `a code texted to ${e164}`).toBeTruthy();
  return code!;
}

/** /forgot: send a code, then the code and a new password twice. */
export class ForgotPasswordScreen {
  readonly phone: PhoneField;
  constructor(readonly page: Page) {
    this.phone = new PhoneField(page, 'Mobile number');
  }
  get sendCode(): Locator {
    return this.page.getByRole('button', { name: 'SEND CODE', exact: true });
  }
  get wentWrong(): Locator {
    return this.page.getByRole('heading', { level: 1, name: MSG.resetWentWrong });
  }
  get tryAgain(): Locator {
    return this.page.getByRole('button', { name: 'TRY AGAIN', exact: true });
  }
  get code(): Locator {
    return this.page.getByRole('textbox', { name: '6-digit code', exact: true });
  }
  get newPassword(): Locator {
    return this.page.getByLabel('New password', { exact: true });
  }
  get again(): Locator {
    return this.page.getByLabel('New password again', { exact: true });
  }
  get submit(): Locator {
    return this.page.getByRole('button', { name: 'SUBMIT', exact: true });
  }
}

/** /my-profile: the client's name, the Contact Details and Payment Details tabs. */
export class ProfileScreen {
  readonly phone: PhoneField;
  constructor(readonly page: Page) {
    this.phone = new PhoneField(page, 'Mobile number');
  }
  get title(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  get contactTab(): Locator {
    return this.page.getByRole('tab', { name: 'Contact Details', exact: true });
  }
  get paymentTab(): Locator {
    return this.page.getByRole('tab', { name: 'Payment Details', exact: true });
  }
  get panel(): Locator {
    return this.page.getByRole('tabpanel');
  }
  get fullName(): Locator {
    return this.page.getByRole('textbox', { name: 'Full name', exact: true });
  }
  get email(): Locator {
    return this.page.getByRole('textbox', { name: 'Email address', exact: true });
  }
  get save(): Locator {
    return this.page.getByRole('button', { name: 'SAVE DETAILS', exact: true });
  }
  get updated(): Locator {
    return this.page.getByRole('dialog', { name: 'Profile updated!' });
  }
}

/** Logs the browser's context in through the edge (POST /session/login sets the refresh cookie). */
export async function logInThroughApi(page: Page, phone: string, password: string) {
  const res = await page.request.post('/session/login', { data: { phone, password } });
  expect(res.status(), `log in ${phone}: ${await res.text()}`).toBe(200);
}

/** Creates an account through the edge, unless one already has that number (a rerun). */
export async function createAccountThroughApi(request: APIRequestContext, a: Account) {
  const phone = e164Of(a.mobile);
  const res = await request.post('/session/signup', {
    data: { first_name: a.firstName, last_name: a.lastName, email: a.email, phone, password: a.password },
  });
  const body = await res.text();
  if (res.status() !== 202) {
    expect(body, `sign up ${a.mobile}`).toMatch(/already exists/);
    return;
  }
  // The number's owner enters the code texted to it.
  const confirmed = await request.post('/session/signup/confirm', {
    data: { phone, code: await textedCode(request, phone), password: a.password },
  });
  expect(confirmed.status(), `confirm ${a.mobile}: ${await confirmed.text()}`).toBe(200);
}

/** The newest password reset code texted to a number, as the dev outbox page shows it. */
export async function resetCodeFromOutbox(page: Page, e164: string): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto(`${STANDINS_URL}/__dev/outbox`);
    // The page hides every digit of the number but the last three, newest message first.
    const masked = `+${'•'.repeat(e164.replace(/\D/g, '').length - 3)}${e164.slice(-3)}`;
    const row = outbox.getByRole('row').filter({ hasText: masked }).filter({ hasText: /code/ }).first();
    const text = (await row.textContent()) ?? '';
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    expect(code, `a 6-digit code for ${masked} in '${text}'`).toBeTruthy();
    return code!;
  } finally {
    await outbox.close();
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
  /** The booking journey of the test's page, walked screen by screen. */
  journey: BookingJourney;
  /**
   * Changes a salon's settings through the admin API and returns a function that puts the old
   * values back. Whatever a test changed is restored after it (pass or fail) in any case.
   */
  setSalon: (id: SalonId, settings: SalonSettings) => Promise<() => Promise<void>>;
  /**
   * Runs axe-core (WCAG 2.0 A/AA, 2.1 A/AA, 2.2 AA) on the page and expects no violations, or,
   * with `atLeast`, none of that impact or worse (e.g. 'serious': no serious or critical ones).
   */
  expectAccessible: (label?: string, options?: { atLeast?: AxeImpact }) => Promise<void>;
  /** Expects the page not to scroll sideways at the current viewport width. */
  expectNoSidewaysScroll: () => Promise<void>;
}

export const test = base.extend<Fixtures>({
  // Every page runs on the tests' day, as the Workers do (env.ts).
  context: async ({ context }, use) => {
    await context.addInitScript(shiftClock, CLOCK_OFFSET_MS);
    await use(context);
  },

  openSalon: async ({ page }, use) => {
    await use(async (id, { width, height = 800, query = '' } = {}) => {
      if (width) await page.setViewportSize({ width, height });
      const response = await page.goto(`/salon/${id}${query}`);
      expect(response?.status(), `GET /salon/${id}${query}`).toBe(200);
      const screen = new ServiceSelection(page);
      // 'Select services', or the closed salon's message when online booking is off.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
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

  journey: async ({ page }, use) => {
    await use(new BookingJourney(page));
  },

  setSalon: async ({ playwright, baseURL }, use) => {
    // A context of its own, so the restore still works after the test's own request context
    // is gone, and no browser cookies or headers leak into the admin calls.
    const api = await playwright.request.newContext({ baseURL });
    const pending: Array<() => Promise<void>> = [];
    await use(async (id, settings) => {
      const before = await salonDetails(api, id);
      const current = (k: string) => (k === 'fb_pixel_id' ? (before.fb_details as { fb_pixel_id: string }).fb_pixel_id : before[k]);
      const original = Object.fromEntries(Object.keys(settings).map((k) => [k, current(k)])) as SalonSettings;
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
    await use(async (label, { atLeast = 'minor' } = {}) => {
      // A pass takes seconds of CPU: each one adds to the test's time, so a sweep over screens,
      // themes and widths has the time its passes need when the workers share the cores.
      base.info().setTimeout(base.info().timeout + 8_000);
      // Legacy mode runs axe in the page's own frames instead of opening a blank page (a new
      // renderer) to gather each pass's results: half the CPU a pass takes. Only cross-origin
      // frames go untested, and the only ones here are the card stand-in's (Stripe's own page).
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .setLegacyMode(true)
        .analyze();
      const floor = AXE_IMPACTS.indexOf(atLeast);
      const counted = results.violations.filter((v) => AXE_IMPACTS.indexOf((v.impact ?? 'critical') as AxeImpact) >= floor);
      const summary = counted.map(
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

// ---------------------------------------------------------------------------------------------
// Cards and payments: add card, confirm with card, 3-D Secure, profile Payment Details.

/** Stripe's test cards (docs/payments.md), as a client types them. */
export const TEST_CARDS = {
  visa: '4242 4242 4242 4242',
  /** 3-D Secure on every setup and payment */
  threeDSecure: '4000 0027 6000 3184',
  /** declined for insufficient funds */
  insufficientFunds: '4000 0000 0000 9995',
  /** generic decline */
  declined: '4000 0000 0000 0002',
  /** sets up fine, every charge is declined */
  chargeFails: '4000 0000 0000 0341',
} as const;

/** The card and payment messages of docs/booking/accounts-and-money.md §8, word for word. */
export const CARD_MSG = {
  saved: 'Success! Your payment method has been saved.',
  setupFailed: 'Card setup failed. Please try again',
  insufficientFunds: 'Your card has insufficient funds. Please try again with a different card.',
  declined: 'Your card was declined. Please try again with a different card.',
  savedCardDeclined: 'Your card has been declined and payment was unsuccessful. Please try again using a different card.',
  authentication: 'Please try again and ensure the authentication is completed.',
  unsuccessful:
    'Unfortunately the payment was not successful. Please check your details are correct and ensure you have sufficient funds, then try again.',
  noCard: 'No payment card added',
  removed: 'Card details removed!',
  paid: 'Payment successful! Booking has been confirmed',
} as const;

/** The three card fields (card number, expiration date, security code) and NEXT. */
export class CardFields {
  constructor(readonly page: Page) {}
  get form(): Locator {
    return this.page.getByRole('form', { name: 'Card details' });
  }
  get number(): Locator {
    return this.form.getByRole('textbox', { name: 'Card number', exact: true });
  }
  get expiry(): Locator {
    return this.form.getByRole('textbox', { name: 'Expiration date', exact: true });
  }
  get cvc(): Locator {
    return this.form.getByRole('textbox', { name: 'Security code', exact: true });
  }
  /** The failure box: 'Card setup failed. Please try again' and the reason. */
  get failure(): Locator {
    return this.form.getByRole('alert').filter({ hasText: CARD_MSG.setupFailed });
  }
  get saved(): Locator {
    return this.page.getByRole('status').filter({ hasText: CARD_MSG.saved });
  }
  async enter(number: string, expiry = '12 / 34', cvc = '123') {
    await this.number.fill(number);
    await this.expiry.fill(expiry);
    await this.cvc.fill(cvc);
  }
}

/** /add-new-card: 'Step 2 of 3', the card fields, totals and the policy. */
export class AddCardScreen extends CardFields {
  get title(): Locator {
    return this.page.getByRole('heading', { level: 1, name: /^Please enter your card details\./ });
  }
  get step(): Locator {
    return this.page.getByText('Step 2 of 3', { exact: true });
  }
  get next(): Locator {
    return this.form.getByRole('button', { name: 'NEXT', exact: true });
  }
  get total(): Locator {
    return this.page.getByTestId('total');
  }
  get payToday(): Locator {
    return this.page.getByTestId('pay-today');
  }
  /**
   * Saves the test Visa on this step ("saved" shown) and waits for the journey to move on (2 s
   * later) to Confirm with card, showing that card.
   */
  async saveVisa(): Promise<ConfirmWithCardScreen> {
    await this.enter(TEST_CARDS.visa);
    await this.next.click();
    await expect(this.saved).toBeVisible();
    await expect(this.page).toHaveURL(/\/confirm-with-card$/, { timeout: 8_000 });
    const confirm = new ConfirmWithCardScreen(this.page);
    await expect(confirm.card).toHaveAccessibleName('Visa card ending 4242');
    return confirm;
  }
}

/** /confirm-with-card: the saved card, the totals, PAY DEPOSIT or CONFIRM BOOKING. */
export class ConfirmWithCardScreen {
  constructor(readonly page: Page) {}
  get title(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Confirm your booking' });
  }
  /** The card illustration, named e.g. 'Visa card ending 4242'. */
  get card(): Locator {
    return this.page.getByRole('figure', { name: /card ending \d{4}$/ });
  }
  get total(): Locator {
    return this.page.getByTestId('total');
  }
  get payToday(): Locator {
    return this.page.getByTestId('pay-today');
  }
  get payDeposit(): Locator {
    return this.page.getByRole('button', { name: 'PAY DEPOSIT', exact: true });
  }
  get confirmBooking(): Locator {
    return this.page.getByRole('button', { name: 'CONFIRM BOOKING', exact: true });
  }
  get updateCard(): Locator {
    return this.page.getByRole('link', { name: 'UPDATE CARD DETAILS', exact: true });
  }
  get alert(): Locator {
    return this.page.getByRole('alert');
  }
  get tryAgain(): Locator {
    return this.alert.getByRole('button', { name: 'Try again', exact: true });
  }
  get startAgain(): Locator {
    return this.alert.getByRole('link', { name: 'START AGAIN', exact: true });
  }
  get holdTimer(): Locator {
    return this.page.getByRole('timer');
  }
}

/** The stand-in's 3-D Secure test page (worker/standins/payments/three-d-secure-page.ts). */
export class ThreeDSecurePage {
  constructor(readonly page: Page) {}
  get title(): Locator {
    return this.page.getByRole('heading', { level: 1, name: '3D Secure test page' });
  }
  get complete(): Locator {
    return this.page.getByRole('button', { name: 'Complete authentication', exact: true });
  }
  get fail(): Locator {
    return this.page.getByRole('button', { name: 'Fail authentication', exact: true });
  }
}

/** Profile, Payment Details: the card, REMOVE THIS CARD, UPDATE CARD DETAILS and the card form. */
export class PaymentDetailsPanel extends CardFields {
  get card(): Locator {
    return this.page.getByRole('tabpanel').getByRole('figure', { name: /card ending \d{4}$/ });
  }
  get remove(): Locator {
    return this.page.getByRole('button', { name: 'REMOVE THIS CARD', exact: true });
  }
  get update(): Locator {
    return this.page.getByRole('button', { name: 'UPDATE CARD DETAILS', exact: true });
  }
  get save(): Locator {
    return this.form.getByRole('button', { name: 'SAVE CARD', exact: true });
  }
  get removedDialog(): Locator {
    return this.page.getByRole('dialog', { name: CARD_MSG.removed });
  }
}

/** A fresh account per test (so that a saved card never leaks into another test); numbers 07700 900200-299 are the payment tests'. */
export const paymentAccount = (n: number, firstName = 'Robin'): Account => ({
  firstName,
  lastName: `Payer${n}`,
  email: `robin.payer${n}@example.test`,
  mobile: `07700 900${200 + n}`,
  password: 'Payer-pass1',
});

// ---------------------------------------------------------------------------------------------
// Gift vouchers (docs/booking/accounts-and-money.md §2 Vouchers, §5 'Voucher send').

/** Salon 1's voucher offer in the demo data; salons 2 and 3 sell none. */
export const VOUCHERS_1 = { amounts: [25, 50, 100], custom: { min: 10, max: 500 }, validityMonths: 12 } as const;

/** /voucher: the amounts, 'Another amount', the purchaser's email and PAY. */
export class BuyVoucherScreen {
  constructor(readonly page: Page) {}
  get title(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Buy a gift voucher' });
  }
  get amounts(): Locator {
    return this.page.getByRole('group', { name: 'Choose an amount' });
  }
  amount(pounds: string): Locator {
    return this.amounts.getByRole('radio', { name: pounds, exact: true });
  }
  get another(): Locator {
    return this.amounts.getByRole('radio', { name: 'Another amount', exact: true });
  }
  get customAmount(): Locator {
    return this.amounts.getByRole('spinbutton', { name: /^Amount \(/ });
  }
  get email(): Locator {
    return this.page.getByRole('textbox', { name: 'Your email address', exact: true });
  }
  get pay(): Locator {
    return this.page.getByRole('button', { name: 'PAY', exact: true });
  }
}

/** The stand-in's hosted Stripe Checkout page (standins/src/payments/checkout-page.ts). */
export class CheckoutPage {
  constructor(readonly page: Page) {}
  title(total: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: `Pay ${total}` });
  }
  get email(): Locator {
    return this.page.getByRole('textbox', { name: 'Email', exact: true });
  }
  get error(): Locator {
    return this.page.getByRole('alert');
  }
  /** Types a card (any future expiry, any CVC) and presses Pay. */
  async payWith(card: string, total: string, email: string) {
    if ((await this.email.inputValue()) === '') await this.email.fill(email);
    await this.page.getByRole('textbox', { name: 'Card number', exact: true }).fill(card);
    await this.page.getByRole('textbox', { name: 'Expiry date (MM / YY)', exact: true }).fill('12 / 34');
    await this.page.getByRole('textbox', { name: 'Security code (CVC)', exact: true }).fill('123');
    await this.page.getByRole('button', { name: `Pay ${total}`, exact: true }).click();
  }
}

/** /voucher/confirmation?session_id=: the code, amount, expiry, salon and purchaser. */
export class VoucherConfirmationScreen {
  constructor(readonly page: Page) {}
  get title(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Payment successful! Your voucher has been sent.' });
  }
  get code(): Locator {
    return this.page.getByRole('region', { name: 'Voucher code' }).getByTestId('voucher-code');
  }
  get details(): Locator {
    return this.page.getByRole('definition');
  }
  get sendToRecipient(): Locator {
    return this.page.getByRole('link', { name: 'SEND TO RECIPIENT', exact: true });
  }
  get backToHome(): Locator {
    return this.page.getByRole('link', { name: 'BACK TO HOME', exact: true });
  }
}

/** /voucher/send?session_id=: recipient name and email, your name, the message and SEND VOUCHER. */
export class SendVoucherScreen {
  constructor(readonly page: Page) {}
  get title(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Send gift voucher' });
  }
  get form(): Locator {
    return this.page.getByRole('form', { name: 'Send gift voucher' });
  }
  get recipientName(): Locator {
    return this.form.getByRole('textbox', { name: 'Recipient name', exact: true });
  }
  get recipientEmail(): Locator {
    return this.form.getByRole('textbox', { name: 'Recipient email address', exact: true });
  }
  get yourName(): Locator {
    return this.form.getByRole('textbox', { name: 'Your name', exact: true });
  }
  get message(): Locator {
    return this.form.getByRole('textbox', { name: 'Message (optional)', exact: true });
  }
  get send(): Locator {
    return this.form.getByRole('button', { name: 'SEND VOUCHER', exact: true });
  }
  get sent(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Your voucher has been sent!' });
  }
}

/** The emails the stand-ins "sent" to one address, newest first (the dev outbox, as JSON). */
export async function emailsTo(
  request: APIRequestContext,
  address: string,
): Promise<Array<{ subject: string; text: string | null; html: string | null }>> {
  const res = await request.get(`${STANDINS_URL}/__dev/outbox/emails.json?to=${encodeURIComponent(address)}`);
  expect(res.status(), 'GET the dev outbox').toBe(200);
  return ((await res.json()) as { data: Array<{ subject: string; text: string | null; html: string | null }> }).data;
}
