import { queryOptions } from '@tanstack/react-query';
import type { ClientNoteInput } from '../../../shared/console/clients';
import { answer, salon, salonCalls } from '../lib/api';

export const clientsKey = (salonId: number) => ['console', salonId, 'clients'] as const;

const clients = salonCalls.clients;

export const clientListQuery = (salonId: number, q: string, page: number) =>
  queryOptions({
    queryKey: [...clientsKey(salonId), 'list', q, page],
    queryFn: () => answer(clients.$get({ param: salon(salonId), query: { q, page: String(page) } })),
  });

export const clientCardQuery = (salonId: number, key: string) =>
  queryOptions({
    queryKey: [...clientsKey(salonId), 'card', key],
    queryFn: () => answer(clients[':clientId'].$get({ param: { ...salon(salonId), clientId: key } })),
  });

export const addClientNote = (salonId: number, key: string, body: ClientNoteInput) =>
  answer(clients[':clientId'].notes.$post({ param: { ...salon(salonId), clientId: key }, json: body }));

export const sendRebookingLink = (salonId: number, clientId: string) =>
  answer(salonCalls['rebooking-links'].$post({ param: salon(salonId), json: { client_id: clientId } }));
