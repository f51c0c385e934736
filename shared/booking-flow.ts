import type { Service } from './types';

/**
 * Where NEXT leads from service selection (docs/booking/journey.md §4 Flow): recommended services
 * when the last selected service has processing time, otherwise staff choice (favourite
 * stylist selection when the salon has more than one stylist, time selection when it has one).
 */
export function nextStepAfterServices(selected: readonly Service[], stylistsCount: number): string {
  if (selected.at(-1)?.has_processing_time) return '/recommendedservice';
  return stylistsCount > 1 ? '/favouritestylistselect' : '/timeselect';
}

/** After recommended services: staff choice when the salon has more than one stylist. */
export function nextStepAfterRecommended(stylistsCount: number): string {
  return stylistsCount > 1 ? '/favouritestylistselect' : '/timeselect';
}

/** After a time: staff selection at that time when there is more than one stylist, else the summary. */
export function nextStepAfterTime(stylistsCount: number): string {
  return stylistsCount > 1 ? '/stylistselect' : '/summary';
}
