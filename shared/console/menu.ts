import { formatPriceRange } from '../money';
import * as z from '../zod';

/**
 * The salon's menu in the console (issue 48, docs/console/services.md): categories and services,
 * who performs each at what price and for how long. One schema for the console's forms and the
 * calls, so a field's message on the screen is the server's own. Money is integer minor units
 * (pence, cents), durations whole minutes.
 */

const unknownField = {
  error: (i: { code: string; keys?: string[] }) => (i.code === 'unrecognized_keys' ? `Unknown field: ${i.keys?.join(', ')}` : undefined),
};
const id = (message: string) => z.number(message).int(message).positive(message);

export const categoryName = z
  .string('Name the category')
  .trim()
  .min(1, 'Name the category')
  .max(60, 'A category’s name can be at most 60 characters');

/** POST categories. */
export const newCategorySchema = z.strictObject({ name: categoryName }, unknownField);
export type NewCategory = z.input<typeof newCategorySchema>;

/** PATCH categories/{categoryId}: a new name, a new place in the list (1 is the first), or both. */
export const categoryPatchSchema = z
  .strictObject(
    {
      name: categoryName.optional(),
      position: z.number('Choose a place in the list').int('Choose a place in the list').min(1, 'The first place is 1').optional(),
    },
    unknownField,
  )
  .refine((b) => b.name !== undefined || b.position !== undefined, { message: 'Send a new name or position', path: ['name'] });
export type CategoryPatch = z.input<typeof categoryPatchSchema>;

export const MAX_PRICE_MINOR = 10_000_000;
/** One stylist who performs a service: price in minor units, duration and processing in minutes. */
export const stylistOfferSchema = z.strictObject(
  {
    stylist_id: id('Choose a stylist'),
    price: z
      .number('Enter a price')
      .int('Enter the price in whole minor units (pence, cents)')
      .min(0, 'A price cannot be below 0')
      .max(MAX_PRICE_MINOR, 'That price is too high'),
    duration: z
      .number('Enter how long it takes, in minutes')
      .int('Enter whole minutes')
      .min(5, 'It takes at least 5 minutes')
      .max(720, 'It can take at most 12 hours (720 minutes)'),
    processing: z
      .number('Enter the processing time in minutes, 0 for none')
      .int('Enter whole minutes')
      .min(0, 'Processing cannot be below 0')
      .max(480, 'Processing can be at most 8 hours (480 minutes)'),
  },
  unknownField,
);
export type StylistOffer = z.infer<typeof stylistOfferSchema>;

const serviceFields = {
  name: z.string('Name the service').trim().min(1, 'Name the service').max(80, 'A service’s name can be at most 80 characters'),
  category_id: id('Choose a category'),
  description: z.string('Describe the service, or leave it empty').trim().max(1000, 'The description can be at most 1000 characters'),
  online: z.boolean('Say whether clients see it online'),
  patch_test: z.boolean('Say whether it needs a patch test'),
  variable_price: z.boolean('Say whether the price is a “from” price'),
  /** the finishing services suggested after it (the journey's recommendations) */
  recommended: z
    .array(id('Choose finishing services from the menu'), 'Choose finishing services from the menu')
    .max(10, 'Suggest at most 10 finishing services')
    .refine((l) => new Set(l).size === l.length, 'A finishing service is listed twice'),
  stylists: z
    .array(stylistOfferSchema, 'List who performs it')
    .max(100, 'At most 100 stylists')
    .refine((l) => new Set(l.map((s) => s.stylist_id)).size === l.length, 'A stylist is listed twice'),
};

/** POST services. */
export const newServiceSchema = z.strictObject(
  {
    ...serviceFields,
    description: serviceFields.description.default(''),
    online: serviceFields.online.default(true),
    patch_test: serviceFields.patch_test.default(false),
    variable_price: serviceFields.variable_price.default(false),
    recommended: serviceFields.recommended.default([]),
    stylists: serviceFields.stylists.default([]),
  },
  unknownField,
);
export type NewService = z.input<typeof newServiceSchema>;

/** PATCH services/{serviceId}: any of the fields, and its place within its category (1 is the first). */
export const servicePatchSchema = z
  .strictObject(
    {
      name: serviceFields.name.optional(),
      category_id: serviceFields.category_id.optional(),
      description: serviceFields.description.optional(),
      online: serviceFields.online.optional(),
      patch_test: serviceFields.patch_test.optional(),
      variable_price: serviceFields.variable_price.optional(),
      recommended: serviceFields.recommended.optional(),
      stylists: serviceFields.stylists.optional(),
      position: z.number('Choose a place in the category').int('Choose a place in the category').min(1, 'The first place is 1').optional(),
    },
    unknownField,
  )
  .refine((b) => Object.keys(b).length > 0, { message: 'Send at least one field to change', path: ['name'] });
export type ServicePatch = z.input<typeof servicePatchSchema>;

/** A category as the console lists it. */
export interface MenuCategory {
  id: number;
  name: string;
  /** 1 is the first */
  position: number;
  /** its ETag: a change names it in If-Match */
  version: number;
  /** live services in it */
  services: number;
}

/** A service as the console shows it. */
export interface MenuService {
  id: number;
  category_id: number;
  name: string;
  description: string;
  online: boolean;
  patch_test: boolean;
  variable_price: boolean;
  /** within its category, 1 is the first */
  position: number;
  recommended: number[];
  /** who performs it (a stylist reading the menu sees only their own row) */
  stylists: StylistOffer[];
  version: number;
  /** ISO date-time it was archived (it had appointments when removed), or null */
  archived_at: string | null;
}

/** The salon's open consoles hear of each menu change on its channel (no data: they ask again). */
export const MENU_EVENT = 'menu';
export interface MenuEvent {
  /** a stylist's change too (docs/console/stylists.md): who performs what changes with it */
  change: 'category' | 'service' | 'stylist';
  id: number;
}

/** History's entries of the menu: the field, and old/new as a few words (null: none). */
export const MENU_HISTORY_FIELDS = ['menu_category', 'menu_service', 'menu_stylist'] as const;
export type MenuHistoryField = (typeof MENU_HISTORY_FIELDS)[number];
export const MENU_HISTORY_LABELS: Record<MenuHistoryField, string> = {
  menu_category: 'Menu category',
  menu_service: 'Service',
  menu_stylist: 'Stylist',
};

/** The range of a service's prices and durations over who performs it, for the list at a glance. */
export function rangesOf(offers: readonly StylistOffer[]) {
  if (offers.length === 0) return null;
  const prices = offers.map((o) => o.price);
  const durations = offers.map((o) => o.duration);
  return {
    minPrice: Math.min(...prices),
    maxPrice: Math.max(...prices),
    minDuration: Math.min(...durations),
    maxDuration: Math.max(...durations),
    processing: Math.max(...offers.map((o) => o.processing)),
  };
}

/** A service in a few words, for History: its name, category, how it is offered and its price range. */
export function serviceWords(
  s: Pick<MenuService, 'name' | 'online' | 'patch_test' | 'variable_price' | 'stylists'>,
  category: string,
  money: { currency: string; country: string },
): string {
  const r = rangesOf(s.stylists);
  const price = r ? formatPriceRange(r.minPrice, r.maxPrice, s.variable_price, money.currency, money.country) : 'nobody performs it';
  const how = [s.online ? 'online' : 'not online', ...(s.patch_test ? ['needs a patch test'] : [])].join(', ');
  const who = r ? `, ${s.stylists.length} ${s.stylists.length === 1 ? 'stylist' : 'stylists'}` : '';
  return `${s.name} (${category}; ${how}; ${price}${who})`;
}
