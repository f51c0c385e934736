import { queryOptions } from '@tanstack/react-query';
import type { ClientCard, ClientList, ClientNote, ClientNoteInput } from '../../../shared/console/clients';
import type { RebookingLinkCreated } from '../../../shared/rebooking';
import { staffCall } from '../lib/api';

export const clientsKey = (salonId: number) => ['console', salonId, 'clients'] as const;

export const clientListQuery = (salonId: number, q: string, page: number) =>
  queryOptions({
    queryKey: [...clientsKey(salonId), 'list', q, page],
    queryFn: () => staffCall<ClientList>(`salons/${salonId}/clients?q=${encodeURIComponent(q)}&page=${page}`),
  });

export const clientCardQuery = (salonId: number, key: string) =>
  queryOptions({
    queryKey: [...clientsKey(salonId), 'card', key],
    queryFn: () => staffCall<ClientCard>(`salons/${salonId}/clients/${encodeURIComponent(key)}`),
  });

export const addClientNote = (salonId: number, key: string, body: ClientNoteInput) =>
  staffCall<ClientNote>(`salons/${salonId}/clients/${encodeURIComponent(key)}/notes`, { method: 'POST', body });

export const sendRebookingLink = (salonId: number, clientId: string) =>
  staffCall<RebookingLinkCreated>(`salons/${salonId}/rebooking-links`, { method: 'POST', body: { client_id: clientId } });
