import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { RebookingLinkCreated } from '../../shared/rebooking';
import { addDays, escapeRegExp, expect, inEachTheme, longDate, SALONS, test, todayIn, type ThemeMode } from './fixtures';

// docs/booking/accounts-and-money.md §2 Older rebooking flow, §4 Older rebooking, §7, §8, §9: a salon
// texts a client a link; the client picks a past appointment, a time in a 3-day window, confirms,
// and the appointment is created unconfirmed. Every test makes its own link through the admin API.

const ADMIN = { Authorization: 'Bearer demo-admin-1' };
/** Jamie Rivers, the demo client with past appointments at salons 1 and 2 (worker/db/seed/demo.sql). */
const JAMIE = { sub: '5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123', firstName: 'Jamie' } as const;
const EXPIRED = 'Your link has expired. Please ask the salon for a new one.';

/** Salon 1 texts Jamie a fresh link (a new one replaces the last). */
async function newLink(request: APIRequestContext): Promise<RebookingLinkCreated> {
  const res = await request.post('/admin/salons/1/rebooking-links', { headers: ADMIN, data: { client_id: JAMIE.sub } });
  expect(res.status(), `create rebooking link: ${await res.text()}`).toBe(201);
  return (await res.json()) as RebookingLinkCreated;
}

/** The next day on or after `from` that falls on a weekday (0 = Sunday). */
function nextWeekday(from: string, weekday: number): string {
  for (let d = from; ; d = addDays(d, 1)) if (new Date(`${d}T12:00:00Z`).getUTCDay() === weekday) return d;
}

class Rebooking {
  constructor(readonly page: Page) {}
  get h1(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  /** The column of one day of the picker (a region named by its date). */
  day(date: string): Locator {
    return this.page.getByRole('region', { name: longDate(date), exact: true });
  }
  timesOn(date: string): Locator {
    return this.day(date).getByRole('button');
  }
  get rebookButtons(): Locator {
    return this.page.getByRole('list', { name: 'Past appointments' }).getByRole('button', { name: 'REBOOK', exact: true });
  }
  get confirm(): Locator {
    return this.page.getByRole('button', { name: 'CONFIRM', exact: true });
  }

  /** Opens the texted link and goes on to salon 1's past appointments ('Hi Jamie'). */
  async openLink(link: RebookingLinkCreated) {
    await this.page.goto(`/auth/${link.urlhash}`);
    await expect(this.page).not.toHaveURL(/\/auth\//);
    if (new URL(this.page.url()).pathname === '/salon') {
      await expect(this.h1).toHaveText('Your salons');
      await this.page
        .getByRole('list', { name: 'Salons' })
        .getByRole('link', { name: new RegExp(escapeRegExp(SALONS[1].name)) })
        .click();
    }
    await expect(this.page).toHaveURL(/\/history\/\d+$/);
    await expect(this.h1).toHaveText(`Hi ${JAMIE.firstName}`);
  }

  /** REBOOK on the newest past appointment that can be booked online, then the picker from `from`. */
  async pickAppointment(from: string): Promise<number> {
    await this.rebookButtons.first().click();
    await expect(this.h1).toHaveText('Choose a time');
    const id = Number(/\/time\/(\d+)/.exec(this.page.url())![1]);
    await this.page.goto(`/time/${id}?from=${from}`);
    await expect(this.day(from)).toBeVisible();
    return id;
  }

  /** Chooses the first time of a day and returns the time button's name ('10:00 am, Tuesday 5 May'). */
  async chooseFirstTime(date: string): Promise<string> {
    const time = this.timesOn(date).first();
    const name = (await time.getAttribute('aria-label'))!;
    await time.click();
    await expect(this.h1).toHaveText('Confirm your appointment');
    return name;
  }
}

/** Far enough ahead that no other spec books these days (upcoming demo bookings are 15-29 days ahead). */
const farTuesday = (weeksAhead: number) => nextWeekday(addDays(todayIn(), 7 * weeksAhead), 2);

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('a fresh link: history, time, confirm, end, the .ics downloads, and the time is no longer offered', async ({
    page,
    expectNoSidewaysScroll,
  }) => {
    const flow = new Rebooking(page);
    await flow.openLink(await newLink(page.request));
    await expectNoSidewaysScroll();
    // Each screen's heading takes the focus as it opens.
    await flow.rebookButtons.first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a time' })).toBeFocused();
    await page.goBack();
    const day = farTuesday(6);
    const id = await flow.pickAppointment(day);
    await expectNoSidewaysScroll();
    const time = await flow.chooseFirstTime(day);
    const label = time.split(', ')[0]!;
    await expect(page).toHaveURL(`/confirm/${id}`);
    const details = page.getByRole('region', { name: 'Appointment' });
    await expect(details).toContainText(SALONS[1].name);
    await expect(details).toContainText(label);
    await expectNoSidewaysScroll();

    await flow.confirm.click();
    await expect(page).toHaveURL('/end');
    await expect(flow.h1).toHaveText('Your appointment has been requested');
    await expect(page.getByText(/will confirm it with you/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your appointment' })).toContainText(label);
    await expectNoSidewaysScroll();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Add to calendar', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('appointment.ics');
    const ics = readFileSync((await file.path())!, 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('BEGIN:VEVENT');

    // The salon now has the appointment: the same window no longer offers that time.
    await page.goto(`/time/${id}?from=${day}`);
    await expect(flow.timesOn(day).first()).toBeVisible();
    await expect(flow.day(day).getByRole('button', { name: time, exact: true })).toHaveCount(0);
  });

  // A replaced or malformed link, no token, a token call cut off and Restart, /confirm and /end
  // without a chosen time, a token the API refuses (401), the picker's window (EARLIER, LATER), a
  // day without times and the limited-availability toast, and a time taken before CONFIRM (409),
  // given the API's answers: tests/unit/components/rebooking.test.tsx (the answers themselves:
  // tests/worker/rebooking*.test.ts; the window's rules: tests/unit/rebooking-window.test.ts).
});

// One walk through the flow: each screen fits 320 px in every theme (their type differs in width),
// and has one axe pass, in one of the three themes in turn (each theme's colours:
// tests/unit/themes.test.ts).
test('every screen of the flow has no axe violations (each in one theme) and no sideways scroll at 320 px in any theme', async ({
  page,
  expectAccessible,
  expectNoSidewaysScroll,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const flow = new Rebooking(page);
  const check = async (screen: string, theme: ThemeMode) => {
    await inEachTheme(page, () => expectNoSidewaysScroll());
    await inEachTheme(page, () => expectAccessible(`${screen} (${theme})`), [theme]);
  };
  const link = await newLink(page.request);
  await page.goto(`/auth/${link.urlhash}`);
  await expect(page).not.toHaveURL(/\/auth\//);
  if (new URL(page.url()).pathname === '/salon') {
    await expect(page.getByRole('list', { name: 'Salons' })).toBeVisible();
    await check('salons', 'neutral');
    await page
      .getByRole('list', { name: 'Salons' })
      .getByRole('link', { name: new RegExp(escapeRegExp(SALONS[1].name)) })
      .click();
  }
  await expect(flow.rebookButtons.first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', SALONS[1].theme);
  await check('history', 'slick');
  const day = farTuesday(8);
  await flow.pickAppointment(day);
  await expect(flow.timesOn(day).first()).toBeVisible();
  await check('time', 'dark');
  await flow.chooseFirstTime(day);
  await check('confirm', 'neutral');
  await flow.confirm.click();
  await expect(flow.h1).toHaveText('Your appointment has been requested');
  await check('end', 'slick');
  // The old-link notice, once the salon is known (its theme stays on the page).
  await page.evaluate(() => sessionStorage.removeItem('rebooking'));
  await page.goto('/auth/expired');
  await expect(page.getByText(EXPIRED, { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', SALONS[1].theme);
  await check('old-link notice', 'dark');
});
