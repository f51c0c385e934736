import type { Offer } from '../db/schedule';
import type { ServiceStep } from './engine';

/** The booking's services in order, each with the stylists allowed by the client's choice. */
export function stepsFor(offers: readonly Offer[], serviceIds: number[], choices: (number | null)[]): ServiceStep[] {
  return serviceIds.map((serviceId, i) => {
    const choice = choices[i] ?? null;
    const options = new Map<number, { duration: number; processing: number }>();
    for (const o of offers) {
      if (o.service_id === serviceId && (choice === null || o.stylist_id === choice)) {
        options.set(o.stylist_id, { duration: o.duration, processing: o.processing });
      }
    }
    return { serviceId, options };
  });
}
