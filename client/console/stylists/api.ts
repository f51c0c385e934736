import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ConsoleStylist, NewStylist, StylistPatch } from '../../../shared/console/stylists';
import { answer, salon, salonCalls } from '../lib/api';

/** The Stylists place's calls (docs/console/stylists.md): a change names the version it started from (If-Match). */
export const stylistsKey = (salonId: number) => ['console', salonId, 'stylists'] as const;

const stylists = salonCalls.stylists;

export const stylistsListQuery = (salonId: number) =>
  queryOptions({ queryKey: [...stylistsKey(salonId), 'list'], queryFn: () => answer(stylists.$get({ param: salon(salonId) })) });

/** The team's members with the stylist role, whose sign-in a column may be linked to (Team's list). */
export const teamStylistsQuery = (salonId: number) =>
  queryOptions({
    queryKey: [...stylistsKey(salonId), 'team'],
    queryFn: async () => (await answer(salonCalls.staff.$get({ param: salon(salonId) }))).filter((m) => m.role === 'stylist'),
  });

export const addStylist = (salonId: number, body: NewStylist) => answer(stylists.$post({ param: salon(salonId), json: body }));
export const changeStylist = (salonId: number, s: ConsoleStylist, body: StylistPatch) =>
  answer(
    stylists[':stylistId'].$patch(
      { param: { ...salon(salonId), stylistId: String(s.id) }, json: body },
      { headers: { 'If-Match': `"${s.version}"` } },
    ),
  );
/** After a change here or in another console (the salon's channel): ask again, the menu too (who performs what). */
export const stylistsChanged = (queries: QueryClient, salonId: number) =>
  Promise.all([
    queries.invalidateQueries({ queryKey: stylistsKey(salonId) }),
    queries.invalidateQueries({ queryKey: ['console', salonId, 'menu'] }),
  ]);
