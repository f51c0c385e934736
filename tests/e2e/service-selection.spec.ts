import { escapeRegExp, expect, SALONS, test, type ServiceSelection } from './fixtures';

// docs/booking-journey.md §2 "Service selection (salon root)" and §4 "Selection", on /salon/{id}.

const willow = SALONS[1];

test('the header shows the salon name and the Powered-by mark, and no LOGOUT or Back while logged out', async ({ openSalon }) => {
  const screen = await openSalon(1);
  await expect(screen.header).toContainText(willow.name);
  await expect(screen.header).toContainText('Powered by');
  await expect(screen.header.getByRole('button', { name: 'LOGOUT' })).toHaveCount(0);
  await expect(screen.header.getByRole('button', { name: 'Back' })).toHaveCount(0);
});

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

  test('without a message (salon 2, named in the header), asks the client to select services in order and call the salon phone', async ({
    openSalon,
  }) => {
    const screen = await openSalon(2, { width: 320 });
    await expect(screen.header).toContainText(SALONS[2].name);
    await expect(screen.header).not.toContainText(willow.name);
    // whole at every width, the phone number too (at 320 px it was cut just before it)
    for (const width of [320, 1280]) {
      await screen.page.setViewportSize({ width, height: 800 });
      const text = screen.page.getByText(/select the services/i).filter({ visible: true });
      await expect(text).toHaveText(
        `Please select the services you would like to book, in the order you would like them done. If you need any help, please call the salon on ${SALONS[2].phone}.`,
      );
      await expect(screen.readMore).toHaveCount(0);
    }
  });
});

test.describe('categories', () => {
  test('start open with their services and prices, and close and open again on a tap', async ({ openSalon }) => {
    const screen = await openSalon(1);
    await expect(screen.categoryButtons).toHaveText(willow.categories.map((c) => new RegExp(`^${escapeRegExp(c)}`)));
    for (const name of willow.categories) {
      await expect(screen.category(name)).toHaveAttribute('aria-expanded', 'true');
      await expect(screen.servicesOf(name)).toBeVisible();
    }
    for (const s of ['Full Head Tint', 'Balayage', 'Toner Refresh', 'Gents Cut']) await expect(screen.service(s)).toBeVisible();

    await screen.category('Colour').click();
    await expect(screen.category('Colour')).toHaveAttribute('aria-expanded', 'false');
    await expect(screen.service('Balayage')).toHaveCount(0);
    await expect(screen.service('Gents Cut')).toBeVisible();
    await expect(screen.category('Cut & Style')).toHaveAttribute('aria-expanded', 'true');

    await screen.category('Colour').click();
    await expect(screen.category('Colour')).toHaveAttribute('aria-expanded', 'true');
    await expect(screen.service('Balayage')).toBeVisible();
  });

  test("show 'N selected' once services are ticked", async ({ openSalon }) => {
    const screen = await openSalon(1);
    await expect(screen.category('Cut & Style')).not.toContainText('selected');

    await screen.choose('Ladies Cut & Blow Dry', 'Cut & Style');
    await expect(screen.category('Cut & Style')).toContainText('1 selected');
    await screen.choose('Gents Cut');
    await expect(screen.category('Cut & Style')).toContainText('2 selected');
    await expect(screen.category('Colour')).not.toContainText('selected');

    await screen.choose('Balayage', 'Colour');
    await expect(screen.category('Colour')).toContainText('1 selected');
    await expect(screen.category('Cut & Style')).toContainText('2 selected');

    await screen.service('Gents Cut').uncheck();
    await expect(screen.category('Cut & Style')).toContainText('1 selected');
  });
});

test.describe('service rows', () => {
  test('each row shows its name, duration range and price range', async ({ openSalon }) => {
    const screen = await openSalon(1);
    for (const row of [
      { name: 'Ladies Cut & Blow Dry', category: 'Cut & Style', duration: '1 hr - 1 hr 15 min', price: '£40.00 - £65.00' },
      { name: 'Gents Cut', category: 'Cut & Style', duration: '30 - 45 min', price: '£22.00 - £35.00' },
      { name: 'Fringe Trim', category: 'Cut & Style', duration: '15 min', price: '£8.00 - £10.00' },
      { name: 'Balayage', category: 'Colour', duration: '1 hr 30 min', price: 'from £120.00' },
      { name: 'Full Head Tint', category: 'Colour', duration: '45 min', price: '£75.00 - £85.00' },
      { name: 'Hair Up', category: 'Finishing', duration: '1 hr - 1 hr 15 min', price: 'from £50.00' },
    ]) {
      await screen.expand(row.category);
      const item = screen.serviceRow(row.name);
      await expect(item).toBeVisible();
      await expect(item).toContainText(row.name);
      await expect(item).toContainText(row.duration);
      await expect(item).toContainText(row.price);
    }
  });

  test("a description of 70+ characters is cut with 'view more' / 'view less'", async ({ openSalon }) => {
    const full =
      'A consultation, wash, precision cut and a bouncy blow dry finish, tailored to your hair type and the way you like to wear it.';
    const screen = await openSalon(1);
    await screen.expand('Cut & Style');
    const row = screen.serviceRow('Ladies Cut & Blow Dry');
    const viewMore = row.getByRole('button', { name: /^view more/ });
    await expect(viewMore).toBeVisible();
    await expect(viewMore).toHaveAttribute('aria-expanded', 'false');
    await expect(row).not.toContainText(full);
    await expect(row).toContainText('A consultation, wash, precision cut');

    await viewMore.click();
    await expect(row).toContainText(full);
    const viewLess = row.getByRole('button', { name: /^view less/ });
    await expect(viewLess).toHaveAttribute('aria-expanded', 'true');

    await viewLess.click();
    await expect(row).not.toContainText(full);
    await expect(row.getByRole('button', { name: /^view more/ })).toBeVisible();
  });

  test('a description under 70 characters is shown whole, without view more', async ({ openSalon }) => {
    const screen = await openSalon(1);
    await screen.expand('Treatments');
    const row = screen.serviceRow('Olaplex Treatment'); // 66 characters
    await expect(row).toContainText('Bond-building treatment that repairs and strengthens damaged hair.');
    await expect(row.getByRole('button', { name: /view more/ })).toHaveCount(0);
  });
});

test.describe('selected services and NEXT', () => {
  test('NEXT is disabled until a service is selected, and again once none is', async ({ openSalon }) => {
    const screen = await openSalon(1);
    await expect(screen.next).toBeVisible();
    await expect(screen.next).toBeDisabled();
    await expect(screen.selectedItems).toHaveCount(0);

    await screen.choose('Gents Cut', 'Cut & Style');
    await expect(screen.next).toBeEnabled();

    await screen.service('Gents Cut').uncheck();
    await expect(screen.next).toBeDisabled();
  });

  test('the sticky list shows the chosen services with the total, and removes them', async ({ openSalon }) => {
    const screen = await openSalon(1);
    await screen.choose('Ladies Cut & Blow Dry', 'Cut & Style');
    await screen.choose('Gents Cut');
    await screen.choose('Olaplex Treatment', 'Treatments');

    await expect(screen.selectedItems).toHaveText([/Ladies Cut & Blow Dry/, /Gents Cut/, /Olaplex Treatment/]);
    // Sum of min prices 40 + 22 + 25, of max prices 65 + 35 + 30.
    await expect(screen.selection).toContainText('£87.00 - £130.00');

    await screen.removeButton('Gents Cut').click();
    await expect(screen.selectedItems).toHaveText([/Ladies Cut & Blow Dry/, /Olaplex Treatment/]);
    await expect(screen.service('Gents Cut')).not.toBeChecked();
    await expect(screen.category('Cut & Style')).toContainText('1 selected');
    await expect(screen.selection).toContainText('£65.00 - £95.00');

    await screen.removeButton('Ladies Cut & Blow Dry').click();
    await screen.removeButton('Olaplex Treatment').click();
    await expect(screen.selectedItems).toHaveCount(0);
    await expect(screen.next).toBeDisabled();
    await expect(screen.category('Treatments')).not.toContainText('selected');
  });

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

test.describe('bottom navigation', () => {
  test('has Profile, Bookings and Deposits, which lead to profile-login while logged out', async ({ openSalon }) => {
    const screen = await openSalon(1);
    const links = screen.bottomNav.getByRole('link');
    await expect(links).toHaveText(['Profile', 'Bookings', 'Deposits']);
    for (const [name, path] of [
      ['Profile', 'my-profile'],
      ['Bookings', 'my-book'],
      ['Deposits', 'my-feeds'],
    ]) {
      await expect(screen.bottomNav.getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        `/salon/1/profile-login?fromMyBook=true&next=%2F${path}`,
      );
    }
  });
});
