// The browser tests' page objects, demo data and fixtures, by area (tests/e2e/fixtures/), all
// exported from here: a spec imports what it needs from './fixtures'. The console's page objects
// are tests/e2e/console.ts.
//   demo.ts     the demo salons, staff, prices and client; dates and times as the app shows them;
//               the availability API (which days a client should see as bookable)
//   booking.ts  the booking journey's screens: services, group picker, staff, time, summary
//   account.ts  login, create account, password reset, profile; texted codes, the emails outbox
//   payments.ts cards: add card, confirm with card, 3-D Secure, Payment Details
//   vouchers.ts gift vouchers: buy, checkout, confirmation, send
//   test.ts     `test` with the fixtures (openSalon, journey, setSalon, expectAccessible,
//               expectNoSidewaysScroll), on the tests' day
export { expect } from '@playwright/test';
export * from './fixtures/demo';
export * from './fixtures/booking';
export * from './fixtures/account';
export * from './fixtures/payments';
export * from './fixtures/vouchers';
export * from './fixtures/test';
