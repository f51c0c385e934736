import { queryOptions } from '@tanstack/react-query';
import type { StaffInvite, StaffMember } from '../../../shared/console/team';
import { answer, salon, salonCalls } from '../lib/api';

/** Team's calls (docs/console/README.md "Places"): who works here, inviting, removing, and each stylist's column of the diary. */
export const teamKey = (salonId: number) => ['console', salonId, 'staff'] as const;
export const columnsKey = (salonId: number) => ['console', salonId, 'stylist-columns'] as const;

export const teamQuery = (salonId: number) =>
  queryOptions({ queryKey: teamKey(salonId), queryFn: () => answer(salonCalls.staff.$get({ param: salon(salonId) })) });

/** The salon's stylist columns of the diary and whose each is. */
export const columnsQuery = (salonId: number) =>
  queryOptions({ queryKey: columnsKey(salonId), queryFn: () => answer(salonCalls['stylist-columns'].$get({ param: salon(salonId) })) });

export const invite = (salonId: number, body: StaffInvite) => answer(salonCalls.staff.$post({ param: salon(salonId), json: body }));
export const removeMember = (salonId: number, member: StaffMember) =>
  answer(salonCalls.staff[':staffId'].$delete({ param: { ...salon(salonId), staffId: String(member.id) } }));
/** Links a stylist to a column (or none); answers every column as it now is. */
export const linkColumn = (salonId: number, member: StaffMember, stylistId: number | null) =>
  answer(
    salonCalls.staff[':staffId'].column.$put({ param: { ...salon(salonId), staffId: String(member.id) }, json: { stylist_id: stylistId } }),
  );
