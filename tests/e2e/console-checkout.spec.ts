import type { APIRequestContext } from '@playwright/test';
import { addDays, daySlots, expect, STAFF_1, test, todayIn } from './fixtures';
import { openConsoleAs, STAFF } from './console';

// Checkout at the desk (docs/console/checkout.md): an appointment opened in the diary, checked out
// with a product added, paid by cash and a card elsewhere, and its receipt emailed. The booking is
// made through the API on a day of its own; the screens are loaded once at each width.

const staffToken = async (request: APIRequestContext) => {
  const res = await request.post('/console/session/login', {
    data: { email: STAFF.groupOwner.email, password: STAFF.groupOwner.password },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
};

for (const width of [390, 1280]) {
  test(`at ${width} px an appointment is checked out from the diary: a product added, cash and card elsewhere, a receipt`, async ({
    page,
    request,
    expectAccessible,
    expectNoSidewaysScroll,
  }) => {
    test.setTimeout(90_000);
    const dan = STAFF_1['Dan Reeves'].id;
    let date = addDays(todayIn(), width === 390 ? 60 : 70);
    let times: string[] = [];
    for (let i = 0; i < 14 && times.length === 0; i++, date = addDays(date, 1))
      times = await daySlots(request, 1, ['Gents Cut'], date, [dan]);
    date = addDays(date, -1);
    const name = `Checkout ${width}`;
    const booked = await request.post('/api/console/salons/1/appointments', {
      headers: { Authorization: `Bearer ${await staffToken(request)}` },
      data: {
        client: { name, phone: `+4477009005${width === 390 ? '39' : '12'}` },
        start_time: times.at(-1),
        procedures: [{ service_id: 2, stylist_id: dan }],
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    await openConsoleAs(page, STAFF.groupOwner, width);
    // a phone shows one stylist's column at a time: Dan's (client/console/diary/Diary.tsx)
    await page.goto(`/console/salons/1/diary?date=${date}&stylist=${dan}`);
    await page.getByRole('button', { name: new RegExp(`^${name},`) }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
    const checkout = page.getByRole('dialog', { name: `Checkout: ${name}` });
    const take = checkout.getByRole('button', { name: /^Take £/ });
    await expect(take).toBeVisible();
    const due = Number((await take.textContent())!.replace(/[^\d.]/g, ''));

    await checkout.getByRole('button', { name: 'Add a product or extra' }).click();
    await checkout.getByLabel('Product or extra').fill('Shampoo');
    await checkout.getByLabel('Price', { exact: true }).last().fill('12');
    await checkout.getByLabel('Method').selectOption('cash');
    await checkout.getByLabel('Amount').fill('10');
    await expect(checkout.getByText(`£${(due + 2).toFixed(2)} left to pay`)).toBeVisible();
    await checkout.getByRole('button', { name: 'Add a payment' }).click();
    await checkout.getByLabel('Method').last().selectOption('card_elsewhere');
    await expect(checkout.getByText('The payments cover what is due.')).toBeVisible();
    if (width === 1280) await expectAccessible('the checkout');
    else await expectNoSidewaysScroll();

    await checkout.getByRole('button', { name: `Take £${(due + 12).toFixed(2)}` }).click();
    await expect(checkout.getByText(`Paid: £${(due + 12).toFixed(2)}.`)).toBeVisible();
    await checkout.getByLabel('Email').fill(`receipt-${width}@example.test`);
    await checkout.getByRole('button', { name: 'Email it' }).click();
    await expect(checkout.getByText(`Receipt sent to receipt-${width}@example.test.`)).toBeVisible();
    if (width === 1280) await expectAccessible('a paid checkout');
    else await expectNoSidewaysScroll();
  });
}
