import { countryOf } from '../../shared/countries';
import { salonPhoneOf, type CreatedSalon, type NewSalon } from '../../shared/console/new-salon';
import { WEEKDAY_NAMES, type WeekHours } from '../../shared/salon-identity';
import type { Config } from '../config';
import { claimRange } from '../db/ids';
import { claimPlace, placesAreOf, releasePlace } from '../db/staff-salons';
import { insertNewSalon, isIdTaken, nextSalonId, ownsSalon, salonCount, type NewSalonRows } from '../db/new-salon';
import { bindingForNewSalon, databaseOf, DIRECTORY_BINDING, placeSalon } from '../db/placement';
import { AppError } from '../errors';
import { poolUserOf } from '../identity/staff-admin';
import { starterMenu } from './starter-menus';

/** Sign-ups at the same moment in one database each take the next id: as many tries as the day's limit of salons a person (docs/abuse.md) and more. */
const MAX_ATTEMPTS = 20;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

/**
 * A signed-in person's new salon (issue 49, docs/console/sign-up.md "Setting up a salon"): the person is
 * the staff pool's verified, confirmed user (their email and name from the pool, never from the
 * request), and becomes its owner and first stylist. The salon is written in the database the
 * directory chooses, with its directory row; it has no admin key.
 */
export async function createSalon(env: object, config: Config, sub: string, input: NewSalon, now: number): Promise<CreatedSalon> {
  const owner = await poolUserOf(config, sub);
  if (!owner) throw new AppError('FORBIDDEN', 'Confirm your email address with the code we sent before you set up a salon.');
  const country = countryOf(input.country)!;
  const timezone = input.timezone ?? country.timezones[0]!.id;
  const week: WeekHours = WEEKDAY_NAMES.map((_, day) =>
    input.hours.filter((h) => h.weekday === day).map(({ open, close }) => ({ open, close })),
  );
  const menu = starterMenu(input.starter_menu, country.currency);

  const binding = await bindingForNewSalon(env, salonCount);
  const db = databaseOf(env, binding);
  const directory = databaseOf(env, DIRECTORY_BINDING);
  // the first salon written in DB_k gives it its range of ids (as a move into it does)
  await claimRange(db, binding);
  const rows: Omit<NewSalonRows, 'id'> = {
    marker: `none:${crypto.randomUUID()}`,
    name: input.name,
    email: owner.email,
    phone: salonPhoneOf(input.phone, input.country)!,
    address_line_1: input.address_line_1,
    address_line_2: input.address_line_2 ?? '',
    city: input.city,
    postcode: input.postcode.toUpperCase(),
    timezone,
    currency: country.currency,
    country_code: country.code,
    opening_hours: JSON.stringify(week),
    owner: { sub, ...owner },
    hours: input.hours.map((h) => ({ weekday: h.weekday, start: minutesOf(h.open), end: minutesOf(h.close) })),
    menu,
  };
  // the directory first: its row (and the staff index's, docs/scale.md "The staff index") names
  // the salon's id and database before the salon's own rows exist, so a failure between the two
  // never leaves a salon nobody can find (a directory row of a salon never written finds nothing)
  let id: number | undefined;
  for (let attempt = 1; id === undefined; attempt++) {
    const reserved = await nextSalonId(db);
    await placeSalon(directory, reserved, binding, null);
    const claim = await claimPlace(directory, owner.email, reserved, now);
    await placesAreOf(directory, owner.email, sub);
    try {
      id = await insertNewSalon(db, { ...rows, id: reserved }, now);
    } catch (e) {
      // another sign-up took the id meanwhile (in the same database: its directory row is right);
      // this person's claim of it goes unless the salon is theirs (their own other sign-up), and
      // the next id is reserved
      if (!isIdTaken(e) || attempt >= MAX_ATTEMPTS) throw e;
      if (claim === 'new' && !(await ownsSalon(db, owner.email, reserved))) await releasePlace(directory, owner.email, reserved);
    }
  }
  return {
    id,
    name: input.name,
    country: country.code,
    currency: country.currency,
    timezone,
    booking_page: `${config.appOrigin}/salon/${id}`,
    services: menu.reduce((n, c) => n + c.services.length, 0),
  };
}
