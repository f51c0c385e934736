import { prepareQuery } from '../availability/booking-query';
import { addDays } from '../availability/calendar';
import { stylistStarts } from '../availability/engine';
import { googleMerchant } from '../db/google-bookings';
import { feedMerchants, feedOffers, type FeedMerchantRow, type FeedOfferRow } from '../db/google-feeds';
import { AppError } from '../errors';
import { merchantEligible } from './booking-server';

/**
 * Google's feeds (docs/google-booking.md "Feeds"): merchants, services and 30 days of
 * availability in Google's feed JSON (snake_case as its protos), full refreshes written daily by
 * the Cron Trigger. Only the salons and services Google may book; the availability is the
 * engine's, as the booking server answers it.
 */

export const FEED_DAYS = 30;
export const FEEDS = ['merchants', 'services', 'availability'] as const;
export type FeedName = (typeof FEEDS)[number];

/** One start Google may book: its stylist's own length and price option. */
export interface FeedSlot {
  merchant_id: string;
  service_id: string;
  start_sec: number;
  duration_sec: number;
  spots_total: 1;
  spots_open: 1;
  resources: { staff_id: string; staff_name: string };
  payment_option_id?: string[];
  confirmation_mode: 'CONFIRMATION_MODE_SYNCHRONOUS';
}

const metadata = (now: number) => ({
  processing_instruction: 'PROCESS_AS_COMPLETE',
  shard_number: 0,
  total_shards: 1,
  nonce: String(now),
  generation_timestamp: Math.floor(now / 1000),
});

const micros = (minor: number, currency: string) => ({ price_micros: minor * 10_000, currency_code: currency });
/** Google's recommended id of a per-stylist price: merchant, service and staff (payment_option_id is shared across a partner's merchants). */
const optionId = (o: FeedOfferRow) => `${o.salon_id}-${o.service_id}-${o.stylist_id}`;
/** Google takes at most 100 payment options a merchant; past that the services' from-price stands alone. */
const MAX_OPTIONS = 100;

function byService(offers: FeedOfferRow[]): Map<number, FeedOfferRow[]> {
  const m = new Map<number, FeedOfferRow[]>();
  for (const o of offers) m.set(o.service_id, [...(m.get(o.service_id) ?? []), o]);
  return m;
}
const varies = (offers: FeedOfferRow[]) => new Set(offers.map((o) => o.price)).size > 1;

/** Which stylists' prices get a payment option: services whose prices differ by stylist, up to Google's 100 a merchant. */
function pricedOptions(offers: FeedOfferRow[]): Set<string> {
  const varying = [...byService(offers).values()].filter(varies).flat();
  return varying.length <= MAX_OPTIONS ? new Set(varying.map(optionId)) : new Set();
}

/** The merchants feed: name, phone, address, category, the booking page, and each stylist's own price where prices differ. */
export function merchantsFeed(merchants: FeedMerchantRow[], offers: FeedOfferRow[], origin: string, now: number) {
  return {
    metadata: metadata(now),
    merchant: merchants.map((m) => {
      const own = offers.filter((o) => o.salon_id === m.id);
      const options = pricedOptions(own);
      return {
        merchant_id: String(m.id),
        name: m.name,
        ...(m.phone ? { telephone: m.phone } : {}),
        url: `${origin}/salon/${m.id}`,
        category: 'hair_salon',
        geo: {
          address: {
            street_address: [m.address_line_1, m.address_line_2]
              .map((l) => l.trim())
              .filter(Boolean)
              .join(', '),
            locality: m.city,
            postal_code: m.postcode,
            country: m.country_code,
          },
        },
        ...(options.size
          ? {
              payment_option: own
                .filter((o) => options.has(optionId(o)))
                .map((o) => ({
                  payment_option_id: optionId(o),
                  name: `${o.service_name} with ${o.stylist_name}`,
                  price: micros(o.price, m.currency),
                })),
            }
          : {}),
      };
    }),
  };
}

/** The services feed: name and price (exact, or "from" the lowest when stylists' prices differ) in the salon's currency. */
export function servicesFeed(merchants: FeedMerchantRow[], offers: FeedOfferRow[], now: number) {
  const currency = new Map(merchants.map((m) => [m.id, m.currency]));
  const service = [];
  for (const m of merchants)
    for (const [id, own] of byService(offers.filter((o) => o.salon_id === m.id))) {
      const lowest = Math.min(...own.map((o) => o.price));
      service.push({
        merchant_id: String(m.id),
        service_id: String(id),
        localized_service_name: { value: own[0]!.service_name },
        price: micros(lowest, currency.get(m.id)!),
        price_interpretation: varies(own) ? 'STARTS_AT' : 'EXACT_AMOUNT',
      });
    }
  return { metadata: metadata(now), service };
}

/**
 * The starts the engine offers for one service of a salon, per stylist, over salon dates
 * [from, to] (inclusive, within the salon's horizon): one engine query for all of them.
 */
export async function serviceSlots(
  db: D1Database,
  salonId: number,
  offers: FeedOfferRow[],
  days: { from: string; to: string } | null,
  now: number,
  options: ReadonlySet<string> = new Set(),
): Promise<FeedSlot[]> {
  const serviceId = offers[0]!.service_id;
  let pq;
  try {
    pq = await prepareQuery(
      db,
      { salonId, serviceIds: [serviceId], choices: [null], patchTime: null, waitlist: false, now },
      days ?? (({ earliest }) => ({ from: earliest, to: addDays(earliest, FEED_DAYS - 1) })),
    );
  } catch (e) {
    if (e instanceof AppError) return []; // no stylist performs it online any more
    throw e;
  }
  const from = days && days.from > pq.earliest ? days.from : pq.earliest;
  const to = days ? days.to : addDays(pq.earliest, FEED_DAYS - 1);
  const slots: FeedSlot[] = [];
  if (from > to) return slots;
  const offerOf = new Map(offers.map((o) => [o.stylist_id, o]));
  for (const day of pq.days(from, to)) {
    if (day.date > pq.lastBookable) break;
    for (const [stylistId, starts] of stylistStarts(day, pq.req)) {
      const o = offerOf.get(stylistId);
      if (!o) continue;
      for (const start of starts)
        slots.push({
          merchant_id: String(salonId),
          service_id: String(serviceId),
          start_sec: start / 1000,
          duration_sec: o.duration * 60,
          spots_total: 1,
          spots_open: 1,
          resources: { staff_id: String(stylistId), staff_name: o.stylist_name },
          ...(options.has(optionId(o)) ? { payment_option_id: [optionId(o)] } : {}),
          confirmation_mode: 'CONFIRMATION_MODE_SYNCHRONOUS',
        });
    }
  }
  return slots;
}

/** The availability of one salon's services over [from, to] (or the feed's 30 days), one engine query a service. */
export async function salonSlots(
  db: D1Database,
  salonId: number,
  offers: FeedOfferRow[],
  days: { from: string; to: string } | null,
  now: number,
) {
  const options = pricedOptions(offers);
  const out: FeedSlot[][] = [];
  for (const own of byService(offers).values()) out.push(await serviceSlots(db, salonId, own, days, now, options));
  return out;
}

/**
 * Salons a shard of the availability feed holds: each shard is computed by one run of the queue's
 * consumer (its own CPU and memory: docs/google-booking.md "Figures"), and is a feed file of its
 * own (Google's `shard_number` of `total_shards`, one `nonce` for the day).
 */
export const SHARD_SALONS = 1;

/** One shard of the day's availability feed to compute: its salons (all in one database) and its place. */
export interface FeedShard {
  salonIds: number[];
  shard: number;
  /** which of the databases given holds them */
  database: number;
}

/**
 * The merchants and services feeds of every database's salons (a salon counted once, where it is
 * first found), and the availability feed's shards still to compute (SHARD_SALONS salons each).
 */
export async function catalogueFeeds(dbs: D1Database[], origin: string, now: number) {
  const merchants: FeedMerchantRow[] = [];
  const offers: FeedOfferRow[] = [];
  const shards: FeedShard[] = [];
  const seen = new Set<number>();
  for (const [database, db] of dbs.entries()) {
    const here = (await feedMerchants(db)).filter((m) => merchantEligible(m) && !seen.has(m.id));
    here.forEach((m) => seen.add(m.id));
    const own = await feedOffers(
      db,
      here.map((m) => m.id),
    );
    merchants.push(...here);
    offers.push(...own);
    const offered = [...new Set(own.map((o) => o.salon_id))];
    for (let i = 0; i < offered.length; i += SHARD_SALONS)
      shards.push({ salonIds: offered.slice(i, i + SHARD_SALONS), shard: shards.length, database });
  }
  return {
    merchants: merchantsFeed(merchants, offers, origin, now),
    services: servicesFeed(merchants, offers, now),
    shards,
  };
}

/** One shard of the availability feed: its salons' 30 days, one engine query per salon and service. */
export async function availabilityShard(
  db: D1Database,
  salonIds: number[],
  place: { shard: number; total: number; nonce: string },
  now: number,
) {
  const offers = await feedOffers(db, salonIds);
  const service_availability: { availability: FeedSlot[] }[] = [];
  for (const salonId of salonIds) {
    const own = offers.filter((o) => o.salon_id === salonId);
    const m = await googleMerchant(db, salonId);
    if (!own.length || !m || !merchantEligible(m)) continue;
    const slots = (await salonSlots(db, salonId, own, null, now)).flat();
    if (slots.length) service_availability.push({ availability: slots });
  }
  return {
    metadata: { ...metadata(now), shard_number: place.shard, total_shards: place.total, nonce: place.nonce },
    service_availability,
  };
}
