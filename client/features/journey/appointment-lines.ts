import { toMinor } from '../../../shared/money';
import type { Service } from '../../../shared/types';
import type { StylistChoice } from './store';

export interface AppointmentLine {
  service: Service;
  stylistName: string;
  stylistRole: string;
  start: string;
  /** minor units */
  price: number;
  /** 'From': the final price depends on the client (variable pricing) */
  from: boolean;
}

/**
 * The summary's lines: each service with its stylist, start time and price. Services start one
 * after another (duration plus processing); the appointment ends after the last one.
 */
export function appointmentLines(
  services: readonly Service[],
  stylists: Readonly<Record<number, StylistChoice>>,
  startIso: string,
): { lines: AppointmentLine[]; end: number; total: number } {
  let at = Date.parse(startIso);
  const lines = services.map((service) => {
    const c = stylists[service.id];
    const start = c?.start_time ? Date.parse(c.start_time) : at;
    const duration = c?.stylist_id != null ? c.duration : service.max_duration;
    at = start + (duration + (c?.processing ?? 0)) * 60_000;
    return {
      service,
      stylistName: c?.stylist_name || 'Any available staff member',
      stylistRole: c?.stylist_id != null ? c.stylist_role || 'Stylist' : '',
      start: new Date(start).toISOString(),
      price: toMinor(c?.stylist_id != null ? c.price : service.min_price),
      from: service.variable_pricing || c?.stylist_id == null,
    };
  });
  return { lines, end: at, total: lines.reduce((t, l) => t + l.price, 0) };
}
