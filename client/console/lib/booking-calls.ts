import { queryOptions } from '@tanstack/react-query';
import { answer, publicApi } from './api';

const bookOnline = publicApi['book-online'];

/**
 * The booking pages' own public calls, as the console reads them (a request's appointment, a
 * booking at the desk, the salon's facts): each cached under one key whichever place asks.
 */
export const publicServicesQuery = (salonId: number) =>
  queryOptions({
    queryKey: ['public', 'services', salonId],
    queryFn: () => answer(bookOnline.services[':salonId'].index.$get({ param: { salonId: String(salonId) } })),
  });

/** Who performs a service. */
export const publicStylistsQuery = (salonId: number, serviceId: number) =>
  queryOptions({
    queryKey: ['public', 'stylists', salonId, serviceId],
    queryFn: () =>
      answer(
        bookOnline.services.stylists[':salonId'][':services'].index.$get({
          param: { salonId: String(salonId), services: String(serviceId) },
        }),
      ),
  });

/**
 * The times the engine offers for services in order, each with its stylist, on a day; asked
 * afresh each time.
 */
export const publicTimesQuery = (salonId: number, date: string, services: readonly { service_id: number; stylist_id: number }[]) =>
  queryOptions({
    queryKey: ['public', 'times', salonId, date, services.map((x) => `${x.service_id}:${x.stylist_id}`).join(',')],
    queryFn: () =>
      answer(
        bookOnline.new.availability.appointment[':salonId'][':date'][':services'][':stylists'][':extra'].index.$get({
          param: {
            salonId: String(salonId),
            date,
            services: services.map((x) => x.service_id).join(','),
            stylists: services.map((x) => x.stylist_id).join(','),
            extra: 'null',
          },
          query: {},
        }),
      ),
    staleTime: 0,
  });

/** The salon's public details (its timezone, currency and country); they seldom change. */
export const salonDetailsQuery = (salonId: number) =>
  queryOptions({
    queryKey: ['public', 'salon', salonId],
    queryFn: () => answer(bookOnline.salon[':salonId'].index.$get({ param: { salonId: String(salonId) } })),
    staleTime: Infinity,
  });
