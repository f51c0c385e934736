import { expect, test } from 'vitest';
import { apiStub, renderLanding, screen } from './render-app';

test('a booking’s verification link shows the salon’s name above the page (issue 56)', async () => {
  apiStub.answer('PUT /api/book-online/verify/2/abcd1234/', { json: { bookingStatus: 'verified' } });
  renderLanding('/verify/2/abcd1234', { id: 2, name: 'Willow & Co Shoreditch' });
  await screen.findByText('Thank you, your booking is confirmed.');
  const main = screen.getByRole('main');
  expect(main.textContent).toMatch(/^Willow & Co ShoreditchVerifying Your Booking/);
});
