import { screen, within } from '@testing-library/react';

// The service selection screen as a client finds it (the roles and names the browser tests'
// ServiceSelection page object uses, tests/e2e/fixtures.ts).

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const services = {
  /** The button that opens or closes a category; its name ends with 'N selected' when some are. */
  category: (name: string) =>
    screen
      .getAllByRole('heading', { level: 2 })
      .flatMap((h) => within(h).queryAllByRole('button', { name: new RegExp(`^${escape(name)}`) }))
      .at(0) ?? null,
  /** The categories' names, in order. */
  categoryNames: () =>
    screen
      .queryAllByRole('heading', { level: 2 })
      .flatMap((h) => within(h).queryAllByRole('button'))
      .map((b) => b.querySelector('span')!.textContent),
  /** The tick box of a service (its accessible name starts with the service name). */
  box: (name: string) => screen.queryByRole('checkbox', { name: new RegExp(`^${escape(name)}\\b`) }),
  /** The services offered, by the start of their accessible names. */
  boxes: () => screen.queryAllByRole('checkbox'),
  /** The whole row of a service: name, duration, price, description and view more / less. */
  row: (name: string) => services.box(name)!.closest('li')!,
  /** The phone's sticky box: the chosen services, the total and NEXT. */
  selection: () => screen.getByRole('region', { name: 'Selected services' }),
  selected: () => {
    const list = within(services.selection()).queryByRole('list', { name: 'Your selection' });
    return list
      ? within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent!.replace(/✕$/, ''))
      : [];
  },
  next: () => within(services.selection()).getByRole('button', { name: 'NEXT' }) as HTMLButtonElement,
  search: () => within(screen.getByRole('search')).queryByRole('button', { name: 'Search' }),
  clear: () => within(screen.getByRole('search')).queryByRole('button', { name: 'Clear' }),
  field: () => screen.queryByRole('searchbox', { name: 'Search services' }) as HTMLInputElement | null,
};

/** The names of the services offered (as tick boxes), in order. */
export const offered = () => services.boxes().map((b) => b.closest('label')!.querySelector('span > span')!.textContent);
