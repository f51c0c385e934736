import type { BookingRequest } from '../../../shared/booking-request';
import { answer, api, send } from '../../lib/api';
import { booking } from './store';

/** The client's own hold: its held times stay bookable for it. */
const holdHeader = () => (booking.holdId ? { 'X-Hold-Id': booking.holdId } : undefined);

/** The availability and booking-option calls of docs/booking/journey.md §7. */

const ids = (list: readonly number[]) => list.join(',');
const choices = (list: readonly (number | null)[]) => list.map((c) => c ?? 0).join(',');
const patch = (time: string | null) => time ?? 'null';

export interface SearchKey {
  salonId: number;
  services: readonly number[];
  stylists: readonly (number | null)[];
  patchTime: string | null;
  waitlist: boolean;
}

const bookOnline = api['book-online'];
/** What a hold asks for: the route's own body. */
type HoldBody = Parameters<(typeof bookOnline.hold)[':salonId']['index']['$post']>[0]['json'];

export function fetchWeekly(k: SearchKey, weekStart: string, signal?: AbortSignal) {
  const o = send({ signal, headers: holdHeader() });
  const [salonId, services] = [String(k.salonId), ids(k.services)];
  return k.waitlist
    ? answer(
        bookOnline.waitlist.availability.weekly[':salonId'][':services'][':weekStartDate'].index.$get(
          { param: { salonId, services, weekStartDate: weekStart }, query: { stylists: choices(k.stylists) } },
          o,
        ),
      )
    : answer(
        bookOnline.availability.weekly[':salonId'][':services'][':stylists'][':weekStartDate'][':extra'].index.$get(
          { param: { salonId, services, stylists: choices(k.stylists), weekStartDate: weekStart, extra: patch(k.patchTime) }, query: {} },
          o,
        ),
      );
}

export function fetchDaySlots(k: SearchKey, date: string, signal?: AbortSignal) {
  const o = send({ signal, headers: holdHeader() });
  const [salonId, services, extra] = [String(k.salonId), ids(k.services), patch(k.patchTime)];
  // The waitlist's path names no stylist (the spec's): the choices go as a query.
  return k.waitlist
    ? answer(
        bookOnline.new.waitlist.availability.appointment[':salonId'][':date'][':services'][':extra'].index.$get(
          { param: { salonId, date, services, extra }, query: { stylists: choices(k.stylists) } },
          o,
        ),
      )
    : answer(
        bookOnline.new.availability.appointment[':salonId'][':date'][':services'][':stylists'][':extra'].index.$get(
          { param: { salonId, date, services, stylists: choices(k.stylists), extra }, query: { isWaitList: 'false' } },
          o,
        ),
      );
}

export const fetchPatchWeekly = (salonId: number, services: readonly number[], from: string, signal?: AbortSignal) =>
  answer(
    bookOnline.availability.weekly.patch[':salonId'][':date'][':extra'].index.$get(
      { param: { salonId: String(salonId), date: from, extra: ids(services) } },
      send({ signal }),
    ),
  );

export const fetchPatchSlots = (salonId: number, date: string, signal?: AbortSignal) =>
  answer(
    bookOnline.availability.patch[':salonId'][':date'].index.$get(
      { param: { salonId: String(salonId), date }, query: { isWaitList: 'false' } },
      send({ signal }),
    ),
  );

export const fetchStylists = (salonId: number, services: readonly number[], signal?: AbortSignal) =>
  answer(
    bookOnline.services.stylists[':salonId'][':services'].index.$get(
      { param: { salonId: String(salonId), services: ids(services) } },
      send({ signal }),
    ),
  );

export const fetchRecommended = (salonId: number, services: readonly number[], signal?: AbortSignal) =>
  answer(
    bookOnline.services.recommended[':salonId'][':services'].index.$get(
      { param: { salonId: String(salonId), services: ids(services) } },
      send({ signal }),
    ),
  );

export const fetchShowWaitlist = (salonId: number, services: readonly number[], signal?: AbortSignal) =>
  answer(
    bookOnline.show.waitlist.option[':salonId'][':serviceIds'].index.$get(
      { param: { salonId: String(salonId), serviceIds: ids(services) } },
      send({ signal }),
    ),
  );

/** Who can take each service at a chosen time, and whom 'I don't mind' would get. */
export const fetchStylistsAt = (k: SearchKey, startTime: string, signal?: AbortSignal) =>
  answer(
    bookOnline.services['stylists-at'][':salonId'][':services'][':stylists'].index.$get(
      {
        param: { salonId: String(k.salonId), services: ids(k.services), stylists: choices(k.stylists) },
        query: { start_time: startTime, isWaitList: String(k.waitlist) as 'true' | 'false', patch_time: k.patchTime ?? undefined },
      },
      send({ signal, headers: holdHeader() }),
    ),
  );

/**
 * POST book-online/hold/{salon}/: holds the chosen times for 10 minutes (or renews the hold); a
 * logged-in client's hold is tied to it. A null hold: the salon holds no more times for clients who
 * have not logged in, and the journey goes on without one.
 */
export const holdTimes = (salonId: number, body: HoldBody, loggedIn: boolean) =>
  answer(bookOnline.hold[':salonId'].index.$post({ param: { salonId: String(salonId) }, json: body }, send({ auth: loggedIn })));

/** DELETE book-online/hold/{salon}/{hold}/: lets the held times go. */
export const releaseHold = (salonId: number, holdId: string) =>
  answer(bookOnline.hold[':salonId'][':holdId'].index.$delete({ param: { salonId: String(salonId), holdId } }));

/** POST book-online/(waitlist/)appointment/create/{salon}/ with the booking's Idempotency-Key. */
export const createBooking = (
  salonId: number,
  waitlist: boolean,
  body: BookingRequest,
  idempotencyKey: string,
  headers: Record<string, string> = {},
) =>
  answer(
    (waitlist ? bookOnline.waitlist.appointment : bookOnline.appointment).create[':salonId'].index.$post(
      { param: { salonId: String(salonId) }, json: body },
      send({ auth: true, headers: { ...headers, 'Idempotency-Key': idempotencyKey } }),
    ),
  );
