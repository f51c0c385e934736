import { queryOptions } from '@tanstack/react-query';
import type { DaySlots, ServiceStylists } from '../../../shared/availability';
import type { Category, SalonDetails } from '../../../shared/types';
import { publicCall } from './api';

/**
 * The booking pages' own public calls, as the console reads them (a request's appointment, a
 * booking at the desk, the salon's facts): each cached under one key whichever place asks.
 */
export const publicServicesQuery = (salonId: number) =>
  queryOptions({ queryKey: ['public', 'services', salonId], queryFn: () => publicCall<Category[]>(`services/${salonId}/`) });

/** Who performs a service. */
export const publicStylistsQuery = (salonId: number, serviceId: number) =>
  queryOptions({
    queryKey: ['public', 'stylists', salonId, serviceId],
    queryFn: () => publicCall<ServiceStylists[]>(`services/stylists/${salonId}/${serviceId}/`),
  });

/**
 * The times the engine offers for a service with a stylist on a day, or for several services one
 * after another each with its stylist (the lists in the same order); asked afresh each time.
 */
export const publicTimesQuery = (salonId: number, date: string, serviceId: number | number[], stylistId: number | number[]) =>
  queryOptions({
    queryKey: ['public', 'times', salonId, date, String(serviceId), String(stylistId)],
    queryFn: () => publicCall<DaySlots>(`new/availability/appointment/${salonId}/${date}/${String(serviceId)}/${String(stylistId)}/null/`),
    staleTime: 0,
  });

/** The salon's public details (its timezone, currency and country); they seldom change. */
export const salonDetailsQuery = (salonId: number) =>
  queryOptions({
    queryKey: ['public', 'salon', salonId],
    queryFn: () => publicCall<SalonDetails>(`salon/${salonId}/`),
    staleTime: Infinity,
  });
