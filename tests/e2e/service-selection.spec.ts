import { expect, SALONS, test, type ServiceSelection } from './fixtures';

// docs/booking/journey.md §2 "Service selection (salon root)" and §4 "Selection", on /salon/{id}: what
// needs a browser (the welcome text's cut at each width, a reload, another salon's page). What the
// screen shows and does given the salon's data is in tests/unit/components/service-selection.test.tsx.

const willow = SALONS[1];

test.describe('welcome text', () => {
  /** The welcome text as shown, without its read more / close toggle. */
  async function shownWelcome(screen: ServiceSelection) {
    const text = await screen.welcome('Welcome to Willow').innerText();
    return text.replace(/\s*(read more|close)$/, '');
  }

  test('is cut at 140 characters below 768 px and at 190 from 768 px, with read more / close', async ({ openSalon, page }) => {
    const screen = await openSalon(1);
    const cuts: Record<number, string> = {};
    for (const { width, limit } of [
      { width: 375, limit: 140 },
      { width: 767, limit: 140 },
      { width: 768, limit: 190 },
      { width: 1280, limit: 190 },
    ]) {
      await page.setViewportSize({ width, height: 800 });
      const short = await shownWelcome(screen);
      cuts[width] = short;

      // Cut: ends with an ellipsis, starts the message, and is at most `limit` characters long
      // but not much shorter (a cut at a word boundary is fine).
      expect(short.endsWith('…'), `shown text at ${width} px: ${short}`).toBe(true);
      const kept = Array.from(short.slice(0, -1));
      expect(willow.welcome.startsWith(kept.join(''))).toBe(true);
      expect(kept.length, `${width} px`).toBeLessThanOrEqual(limit);
      expect(kept.length, `${width} px`).toBeGreaterThan(limit - 20);
      await expect(screen.page.getByText('Call us on 020 7946 0018.')).toHaveCount(0);

      await expect(screen.readMore).toHaveAttribute('aria-expanded', 'false');
      await screen.readMore.click();
      await expect.poll(() => shownWelcome(screen)).toBe(willow.welcome);
      await expect(screen.closeWelcome).toHaveAttribute('aria-expanded', 'true');
      await expect(screen.readMore).toHaveCount(0);

      await screen.closeWelcome.click();
      await expect.poll(() => shownWelcome(screen)).toBe(short);
      await expect(screen.readMore).toBeVisible();
    }
    // a phone's cut is a shorter start of the desktop's
    expect(cuts[1280]!.length).toBeGreaterThan(cuts[375]!.length);
    expect(cuts[1280]!.startsWith(cuts[375]!.slice(0, -1))).toBe(true);
  });
});

test.describe('selected services', () => {
  test('the selection survives a page reload', async ({ openSalon, page }) => {
    const screen = await openSalon(1);
    await screen.choose('Balayage', 'Colour');
    await screen.choose('Blow Dry', 'Finishing');

    await page.reload();
    await expect(screen.title).toBeVisible();
    await expect(screen.selectedItems).toHaveText([/Balayage/, /Blow Dry/]);
    await expect(screen.next).toBeEnabled();
    await expect(screen.category('Colour')).toContainText('1 selected');
    await expect(screen.category('Finishing')).toContainText('1 selected');
    await screen.expand('Colour');
    await expect(screen.service('Balayage')).toBeChecked();
    await expect(screen.service('Full Head Tint')).not.toBeChecked();
  });

  test('opening another salon starts a fresh selection', async ({ openSalon }) => {
    const first = await openSalon(1);
    await first.choose('Gents Cut', 'Cut & Style');

    const second = await openSalon(2);
    await expect(second.selectedItems).toHaveCount(0);
    await expect(second.next).toBeDisabled();
  });
});
