import { proxy, subscribe, useSnapshot } from 'valtio';
import { deepClone } from 'valtio/utils';
import type { BookingResponse } from '../../../shared/booking-request';
import type { StylistOption } from '../../../shared/availability';
import type { Service } from '../../../shared/types';
import { toMinor } from '../../../shared/money';

/** A stylist chosen for one service (docs/booking/journey.md §3 'Stylist option'). */
export interface StylistChoice extends Omit<StylistOption, 'stylist_id' | 'stylist_photo'> {
  stylist_id: number | null;
  start_time: string;
  favourite_or_any: 'favourite' | 'any';
}

/** The answer to the patch test popup: a valid recent test, or a new one first. */
export type PatchChoice = 'valid' | 'needed' | null;

/** The client's booking in progress (docs/booking/journey.md §3 'Booking state'). */
export interface BookingState {
  salonId: number | null;
  selectedServices: Service[];
  /** keyed by service id: who does each service; stylist_id null means 'I don't mind' */
  selectedStylists: Record<number, StylistChoice>;
  /** keyed by service id: the staff chosen before the time (null: 'I don't mind'), which the search follows */
  staffPreference: Record<number, number | null>;
  patchChoice: PatchChoice;
  /** the day picked in the slider (salon-local date) */
  selectedDate: string | null;
  /** local ISO time with offset, e.g. 2026-03-03T10:30:00+00:00 */
  selectedAppointmentTime: string | null;
  selectedPatchTime: string | null;
  selectedPatchStylistId: number | null;
  notes: string;
  isWaitList: boolean;
  utm: string;
  gclid: string;
  referrerInfo: string;
  bookingResponse: BookingResponse | null;
  /** the 10-minute hold of the chosen times (beyond the spec) */
  holdId: string | null;
  holdExpiresAt: string | null;
  /** whether the hold was taken by the logged-in client (it is then tied to the client, not only this browser) */
  holdForClient: boolean;
  /** the hold ended before its time: another tab of this browser held a time (a browser keeps one live hold) */
  holdLost: boolean;
  /** one key per booking attempt: a retried submit never books or charges twice */
  idempotencyKey: string | null;
}

const initial: BookingState = {
  salonId: null,
  selectedServices: [],
  selectedStylists: {},
  staffPreference: {},
  patchChoice: null,
  selectedDate: null,
  selectedAppointmentTime: null,
  selectedPatchTime: null,
  selectedPatchStylistId: null,
  notes: '',
  isWaitList: false,
  utm: '',
  gclid: '',
  referrerInfo: '',
  bookingResponse: null,
  holdId: null,
  holdExpiresAt: null,
  holdForClient: false,
  holdLost: false,
  idempotencyKey: null,
};

const STORAGE_KEY = 'booking:v1';

/** The selection this tab kept before a reload (its session storage), read once. */
function saved(): Partial<BookingState> | null {
  try {
    const text = sessionStorage.getItem(STORAGE_KEY);
    if (text) return JSON.parse(text) as Partial<BookingState>;
  } catch {
    /* storage unavailable (the server render) or corrupt: start afresh */
  }
  return null;
}
const kept = saved();

export const booking = proxy<BookingState>(deepClone(initial));

/**
 * Restores the selection kept before a reload: before the first render of a page rendered in the
 * browser, or just after hydrating a server-rendered first screen (which shows a first visit). A
 * selection kept for another salon is not restored (§4: changing the salon clears it).
 */
export function restoreKeptSelection() {
  if (!kept || (booking.salonId !== null && kept.salonId !== booking.salonId)) return;
  Object.assign(booking, kept);
}

subscribe(booking, () => {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(booking));
  } catch {
    /* private mode with no storage: the selection lives until reload */
  }
});

export const useBooking = () => useSnapshot(booking);

/**
 * Any change of selection clears the booking response and its idempotency key (§4 Selection), and
 * the hold's countdown: the held times are no longer the chosen ones. The hold's id stays, so the
 * next hold replaces it on the server.
 */
function selectionChanged() {
  booking.bookingResponse = null;
  booking.idempotencyKey = null;
  booking.holdExpiresAt = null;
  booking.holdLost = false;
}

/** Changing the salon clears the selection (§4). */
export function enterSalon(salonId: number) {
  if (booking.salonId === salonId) return;
  const { utm, gclid, referrerInfo } = booking;
  Object.assign(booking, deepClone(initial), { salonId, utm, gclid, referrerInfo });
}

/** Adds or removes a service; removing it also drops its stylist choice. */
export function toggleService(service: Service) {
  const i = booking.selectedServices.findIndex((s) => s.id === service.id);
  if (i >= 0) {
    booking.selectedServices.splice(i, 1);
    delete booking.selectedStylists[service.id];
    delete booking.staffPreference[service.id];
  } else {
    booking.selectedServices.push(deepClone(service));
  }
  clearTime();
  selectionChanged();
}

/** The chosen day and time no longer hold once services or stylists change. */
function clearTime() {
  booking.selectedDate = null;
  booking.selectedAppointmentTime = null;
  booking.isWaitList = false;
}

/** Before the time: a stylist (or 'I don't mind', stylist_id null) for one service. */
export function chooseStylist(choice: StylistChoice) {
  booking.selectedStylists[choice.service_id] = choice;
  booking.staffPreference[choice.service_id] = choice.stylist_id;
  clearTime();
  selectionChanged();
}

/** After a time is chosen: the stylist who will actually do each 'I don't mind' service. */
export function assignStylist(choice: StylistChoice) {
  booking.selectedStylists[choice.service_id] = choice;
  selectionChanged();
}

export function choosePatch(choice: PatchChoice) {
  booking.patchChoice = choice;
  if (choice !== 'needed') {
    booking.selectedPatchTime = null;
    booking.selectedPatchStylistId = null;
  }
  clearTime();
  selectionChanged();
}

export function choosePatchTime(time: string, stylistId: number) {
  booking.selectedPatchTime = time;
  booking.selectedPatchStylistId = stylistId;
  clearTime();
  selectionChanged();
}

export function chooseDate(date: string | null) {
  booking.selectedDate = date;
  booking.selectedAppointmentTime = null;
}

export function chooseTime(time: string | null) {
  booking.selectedAppointmentTime = time;
  selectionChanged();
}

/** ADD ME TO WAITLIST: the search and the booking become a waitlist's. */
export function joinWaitList(on: boolean) {
  booking.isWaitList = on;
  booking.selectedDate = null;
  booking.selectedAppointmentTime = null;
  selectionChanged();
}

/**
 * The tabs of one browser share its one live hold (a new hold replaces the last, worker/bookings/
 * holds.ts): a tab that takes one says so, and the others stop counting down a hold they lost.
 */
const holdTabs = typeof window !== 'undefined' && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('booking-holds') : null;
holdTabs?.addEventListener('message', (e: MessageEvent<{ holdId?: unknown }>) => {
  const other = e.data?.holdId;
  if (typeof other !== 'string' || !booking.holdId || other === booking.holdId || !booking.holdExpiresAt) return;
  booking.holdId = null;
  booking.holdExpiresAt = null;
  booking.holdForClient = false;
  booking.holdLost = true;
});

/** The chosen times are held until `expiresAt` under `holdId` (none: the salon holds no more times for now). */
export function holdTaken(holdId: string | null, expiresAt: string | null, forClient: boolean) {
  booking.holdId = holdId;
  booking.holdExpiresAt = expiresAt;
  booking.holdForClient = forClient && holdId !== null;
  booking.holdLost = false;
  if (holdId) holdTabs?.postMessage({ holdId });
}

/** The booking was made: its answer is kept and its hold is gone (the booking took the times). */
export function bookingMade(answer: NonNullable<BookingState['bookingResponse']>) {
  booking.bookingResponse = answer;
  booking.holdId = null;
  booking.holdExpiresAt = null;
  booking.holdForClient = false;
}

/**
 * After a payment that definitively failed, a new try is a new attempt (a fresh Idempotency-Key).
 * The hold went with the failed booking (its batch released it, and the failure freed the times):
 * no countdown goes on counting a hold that is gone; the next try books without one.
 */
export function newAttempt() {
  booking.idempotencyKey = null;
  booking.holdId = null;
  booking.holdExpiresAt = null;
  booking.holdForClient = false;
}

export function setNotes(notes: string) {
  booking.notes = notes.slice(0, 1000);
}

/** Keeps the utm parameters and click id of the landing URL for the booking and group links. */
export function rememberCampaign(search: string) {
  const params = new URLSearchParams(search);
  const utm = new URLSearchParams();
  for (const [k, v] of params) if (k.startsWith('utm_')) utm.append(k, v);
  if ([...utm].length > 0) booking.utm = utm.toString();
  const gclid = params.get('gclid');
  if (gclid) booking.gclid = gclid;
  if (!booking.referrerInfo && document.referrer) booking.referrerInfo = document.referrer;
}

/** The total of the selected services in minor units: the sum of min prices and of max prices. */
export function totalPrice(services: readonly Service[]): { min: number; max: number } {
  return services.reduce((t, s) => ({ min: t.min + toMinor(s.min_price), max: t.max + toMinor(s.max_price) }), { min: 0, max: 0 });
}

export function patchTestRequired(services: readonly Service[]): boolean {
  return services.some((s) => s.has_patch_test);
}

/** BOOK ANOTHER APPOINTMENT: a fresh start at the same salon (campaign data kept). */
export function startAgain() {
  const { salonId, utm, gclid, referrerInfo } = booking;
  Object.assign(booking, deepClone(initial), { salonId, utm, gclid, referrerInfo });
}
