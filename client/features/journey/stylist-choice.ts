import type { StylistOption } from '../../../shared/availability';
import type { Service } from '../../../shared/types';
import type { StylistChoice } from './store';

/** The booking-state record of a choice; 'I don't mind' keeps the service's own values. */
export function toChoice(service: Service, option: StylistOption | null, startTime = ''): StylistChoice {
  if (!option) {
    return {
      stylist_id: null,
      stylist_name: '',
      stylist_role: '',
      service_id: service.id,
      price: service.min_price,
      duration: service.max_duration,
      processing: 0,
      start_time: startTime,
      favourite_or_any: 'any',
    };
  }
  return {
    stylist_id: option.stylist_id,
    stylist_name: option.stylist_name,
    stylist_role: option.stylist_role || 'Stylist',
    service_id: service.id,
    price: option.price,
    duration: option.duration,
    processing: option.processing,
    start_time: startTime,
    favourite_or_any: 'favourite',
  };
}

/** Stylist ids per service for the availability calls (null for 'I don't mind'). */
export function stylistIdsFor(services: readonly Service[], preference: Readonly<Record<number, number | null>>): (number | null)[] {
  return services.map((s) => preference[s.id] ?? null);
}
