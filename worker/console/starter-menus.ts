import type { Country } from '../../shared/countries';
import type { StarterMenu } from '../../shared/console/new-salon';

/**
 * The starter menus of the guided set-up (issue 49): a handful of real services for each kind of
 * salon, with typical durations and prices, all editable afterwards. Prices are set in pounds
 * and carried into the salon's currency by a rough price level (not an exchange rate: what a
 * service typically costs there), rounded as a price list would be.
 */
export interface StarterCategory {
  name: string;
  services: { name: string; minutes: number; price: number }[];
}

type Item = [name: string, minutes: number, pounds: number];
const MENUS: Record<Exclude<StarterMenu, 'none'>, [category: string, items: Item[]][]> = {
  hair: [
    [
      'Cut & Style',
      [
        ['Cut & Blow Dry', 60, 45],
        ["Men's Cut", 30, 25],
        ['Blow Dry', 45, 30],
        ["Children's Cut", 30, 18],
      ],
    ],
    [
      'Colour',
      [
        ['Root Colour', 90, 60],
        ['Full Head Highlights', 150, 110],
      ],
    ],
  ],
  barber: [
    [
      'Cuts',
      [
        ['Haircut', 30, 22],
        ['Skin Fade', 45, 26],
        ["Kids' Cut", 30, 15],
      ],
    ],
    [
      'Beard',
      [
        ['Beard Trim', 15, 12],
        ['Hot Towel Shave', 30, 25],
      ],
    ],
  ],
  nails: [
    [
      'Manicure',
      [
        ['Gel Manicure', 45, 30],
        ['Classic Manicure', 30, 22],
      ],
    ],
    ['Pedicure', [['Gel Pedicure', 60, 38]]],
    [
      'Extensions',
      [
        ['Acrylic Full Set', 75, 40],
        ['Gel Removal', 20, 10],
      ],
    ],
  ],
  beauty: [
    [
      'Brows & Lashes',
      [
        ['Brow Shape', 20, 15],
        ['Brow Tint', 15, 10],
        ['Lash Lift', 45, 45],
      ],
    ],
    [
      'Waxing',
      [
        ['Half Leg Wax', 30, 22],
        ['Underarm Wax', 15, 10],
      ],
    ],
    ['Facials', [['Classic Facial', 60, 55]]],
  ],
};

/** What a service priced at £1 typically costs in each currency. */
const PRICE_LEVEL: Record<Country['currency'], number> = { GBP: 1, EUR: 1.15, USD: 1.3, CAD: 1.75, AUD: 1.9, NZD: 2.1 };

/** A price list's round figure in minor units: whole units under 20, else to the nearest 5. */
function listPrice(pounds: number, currency: Country['currency']): number {
  const major = pounds * PRICE_LEVEL[currency];
  return (major < 20 ? Math.round(major) : Math.round(major / 5) * 5) * 100;
}

/** The starter menu of a kind of salon in its currency (none: an empty menu). */
export function starterMenu(kind: StarterMenu, currency: Country['currency']): StarterCategory[] {
  if (kind === 'none') return [];
  return MENUS[kind].map(([name, items]) => ({
    name,
    services: items.map(([service, minutes, pounds]) => ({ name: service, minutes, price: listPrice(pounds, currency) })),
  }));
}
