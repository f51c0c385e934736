import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CategoryPatch, MenuCategory, MenuService, NewCategory, NewService, ServicePatch } from '../../../shared/console/menu';
import { answer, salon, salonCalls } from '../lib/api';

/** The Services place's calls (docs/console/services.md): a change names the version it started from (If-Match). */
export const menuKey = (salonId: number) => ['console', salonId, 'menu'] as const;

const { categories, services } = salonCalls;

export const categoriesQuery = (salonId: number) =>
  queryOptions({ queryKey: [...menuKey(salonId), 'categories'], queryFn: () => answer(categories.$get({ param: salon(salonId) })) });

export const servicesQuery = (salonId: number) =>
  queryOptions({ queryKey: [...menuKey(salonId), 'services'], queryFn: () => answer(services.$get({ param: salon(salonId) })) });

/** The salon's active stylists, as the photos call lists them (who may perform a service). */
export const stylistsQuery = (salonId: number) =>
  queryOptions({
    queryKey: [...menuKey(salonId), 'stylists'],
    queryFn: async () => (await answer(salonCalls.photos.$get({ param: salon(salonId) }))).stylists,
  });

const ifMatch = (version: number) => ({ headers: { 'If-Match': `"${version}"` } });
const category = (salonId: number, c: MenuCategory) => ({ param: { ...salon(salonId), categoryId: String(c.id) } });
const service = (salonId: number, s: MenuService) => ({ param: { ...salon(salonId), serviceId: String(s.id) } });

export const addCategory = (salonId: number, body: NewCategory) => answer(categories.$post({ param: salon(salonId), json: body }));
export const changeCategory = (salonId: number, c: MenuCategory, body: CategoryPatch) =>
  answer(categories[':categoryId'].$patch({ ...category(salonId, c), json: body }, ifMatch(c.version)));
export const removeCategory = (salonId: number, c: MenuCategory) =>
  answer(categories[':categoryId'].$delete(category(salonId, c), ifMatch(c.version)));

export const addService = (salonId: number, body: NewService) => answer(services.$post({ param: salon(salonId), json: body }));
export const changeService = (salonId: number, s: MenuService, body: ServicePatch) =>
  answer(services[':serviceId'].$patch({ ...service(salonId, s), json: body }, ifMatch(s.version)));
export const removeService = (salonId: number, s: MenuService) =>
  answer(services[':serviceId'].$delete(service(salonId, s), ifMatch(s.version)));

/** After a change here or in another console (the salon's channel): ask for the menu again. */
export const menuChanged = (queries: QueryClient, salonId: number) => queries.invalidateQueries({ queryKey: menuKey(salonId) });
