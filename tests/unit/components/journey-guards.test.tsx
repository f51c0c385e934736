import { expect, test } from 'vitest';
import { currentPath, renderSalon, screen } from './render-app';

// docs/booking/journey.md §2: "Pages that need selected services redirect back to /salon/{id} when none
// are selected."
test.each(['recommendedservice', 'favouritestylistselect', 'timeselect', 'patchtimeselect', 'stylistselect', 'summary'])(
  '/%s with nothing selected goes back to the salon start',
  async (step) => {
    await renderSalon(1, `/${step}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Select services' })).toBeTruthy();
    expect(currentPath()).toBe('/salon/1');
  },
);
