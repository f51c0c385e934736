import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  CategoryPatch,
  MenuCategory,
  MenuService,
  NewCategory,
  NewService,
  ServicePatch,
  ServiceRemoved,
} from '../../../shared/console/menu';
import { staffCall } from '../lib/api';

/** The Services place's calls (docs/console/services.md): a change names the version it started from (If-Match). */
export const menuKey = (salonId: number) => ['console', salonId, 'menu'] as const;

export const categoriesQuery = (salonId: number) =>
  queryOptions({ queryKey: [...menuKey(salonId), 'categories'], queryFn: () => staffCall<MenuCategory[]>(`salons/${salonId}/categories`) });

export const servicesQuery = (salonId: number) =>
  queryOptions({ queryKey: [...menuKey(salonId), 'services'], queryFn: () => staffCall<MenuService[]>(`salons/${salonId}/services`) });

/** The salon's active stylists, as the photos call lists them (who may perform a service). */
export const stylistsQuery = (salonId: number) =>
  queryOptions({
    queryKey: [...menuKey(salonId), 'stylists'],
    queryFn: async () => (await staffCall<{ stylists: { id: number; name: string }[] }>(`salons/${salonId}/photos`)).stylists,
  });

const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

export const addCategory = (salonId: number, body: NewCategory) =>
  staffCall<MenuCategory>(`salons/${salonId}/categories`, { method: 'POST', body });
export const changeCategory = (salonId: number, c: MenuCategory, body: CategoryPatch) =>
  staffCall<MenuCategory>(`salons/${salonId}/categories/${c.id}`, { method: 'PATCH', body, headers: ifMatch(c.version) });
export const removeCategory = (salonId: number, c: MenuCategory) =>
  staffCall<void>(`salons/${salonId}/categories/${c.id}`, { method: 'DELETE', headers: ifMatch(c.version) });

export const addService = (salonId: number, body: NewService) =>
  staffCall<MenuService>(`salons/${salonId}/services`, { method: 'POST', body });
export const changeService = (salonId: number, s: MenuService, body: ServicePatch) =>
  staffCall<MenuService>(`salons/${salonId}/services/${s.id}`, { method: 'PATCH', body, headers: ifMatch(s.version) });
export const removeService = (salonId: number, s: MenuService) =>
  staffCall<ServiceRemoved>(`salons/${salonId}/services/${s.id}`, { method: 'DELETE', headers: ifMatch(s.version) });

/** After a change here or in another console (the salon's channel): ask for the menu again. */
export const menuChanged = (queries: QueryClient, salonId: number) => queries.invalidateQueries({ queryKey: menuKey(salonId) });
