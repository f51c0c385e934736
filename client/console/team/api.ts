import { queryOptions } from '@tanstack/react-query';
import type { StaffInvite, StaffMember, StylistColumn } from '../../../shared/console/team';
import { staffCall } from '../lib/api';

/** Team's calls (docs/console/README.md "Places"): who works here, inviting, removing, and each stylist's column of the diary. */
export const teamKey = (salonId: number) => ['console', salonId, 'staff'] as const;
export const columnsKey = (salonId: number) => ['console', salonId, 'stylist-columns'] as const;

export const teamQuery = (salonId: number) =>
  queryOptions({ queryKey: teamKey(salonId), queryFn: () => staffCall<StaffMember[]>(`salons/${salonId}/staff`) });

/** The salon's stylist columns of the diary and whose each is. */
export const columnsQuery = (salonId: number) =>
  queryOptions({ queryKey: columnsKey(salonId), queryFn: () => staffCall<StylistColumn[]>(`salons/${salonId}/stylist-columns`) });

export const invite = (salonId: number, body: StaffInvite) => staffCall<StaffMember>(`salons/${salonId}/staff`, { method: 'POST', body });
export const removeMember = (salonId: number, member: StaffMember) =>
  staffCall<void>(`salons/${salonId}/staff/${member.id}`, { method: 'DELETE' });
/** Links a stylist to a column (or none); answers every column as it now is. */
export const linkColumn = (salonId: number, member: StaffMember, stylistId: number | null) =>
  staffCall<StylistColumn[]>(`salons/${salonId}/staff/${member.id}/column`, { method: 'PUT', body: { stylist_id: stylistId } });
