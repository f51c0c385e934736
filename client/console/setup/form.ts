import { COUNTRIES, countryOf } from '../../../shared/countries';
import { newSalonSchema } from '../../../shared/console/new-salon';
import * as z from '../../../shared/zod';

/**
 * The guided set-up's form (issue 49): what the screen holds (a row per weekday, Monday first,
 * each open or closed) turned into POST /api/console/salons's body, then checked by the call's own
 * schema, so a field's message on the screen is the server's rule.
 */
export const WEEK_ROWS = [1, 2, 3, 4, 5, 6, 0].map((weekday) => ({
  weekday,
  name: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][weekday]!,
}));

const day = z.object({ open: z.boolean(), from: z.string(), to: z.string() });

export const setUpForm = z
  .object({
    name: z.string(),
    country: z.string(),
    timezone: z.string(),
    address_line_1: z.string(),
    address_line_2: z.string(),
    city: z.string(),
    postcode: z.string(),
    phone: z.string(),
    /** Monday first, as WEEK_ROWS */
    days: z.array(day).length(7),
    starter_menu: z.string(),
  })
  .transform((v) => {
    const zones = countryOf(v.country)?.timezones ?? [];
    return {
      name: v.name,
      country: v.country,
      ...(zones.length > 1 ? { timezone: v.timezone } : {}),
      address_line_1: v.address_line_1,
      ...(v.address_line_2.trim() ? { address_line_2: v.address_line_2 } : {}),
      city: v.city,
      postcode: v.postcode,
      phone: v.phone,
      hours: v.days.flatMap((d, i) => (d.open ? [{ weekday: WEEK_ROWS[i]!.weekday, open: d.from, close: d.to }] : [])),
      starter_menu: v.starter_menu,
    };
  })
  .pipe(newSalonSchema);

export type SetUpValues = z.input<typeof setUpForm>;

export const SET_UP_DEFAULTS: SetUpValues = {
  name: '',
  country: COUNTRIES[0]!.code,
  timezone: '',
  address_line_1: '',
  address_line_2: '',
  city: '',
  postcode: '',
  phone: '',
  // Tuesday to Saturday, 9:00 to 17:30
  days: WEEK_ROWS.map((d) => ({ open: d.weekday >= 2 && d.weekday <= 6, from: '09:00', to: '17:30' })),
  starter_menu: 'hair',
};

export const MENU_CHOICES = [
  { value: 'hair', label: 'Hair salon', hint: 'Cuts, blow dries and colour' },
  { value: 'barber', label: 'Barber', hint: 'Cuts, fades, beard trims and shaves' },
  { value: 'nails', label: 'Nail salon', hint: 'Manicures, pedicures and extensions' },
  { value: 'beauty', label: 'Beauty salon', hint: 'Brows, lashes, waxing and facials' },
  { value: 'none', label: 'Start with an empty menu', hint: 'Add your own services afterwards' },
] as const;
