import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RebookingClient } from '../../../shared/rebooking';
import { clientsQuery } from './api';
import { chooseClient, useRebooking } from './store';

export type ClientState =
  | { status: 'loading' | 'unknown'; client?: undefined }
  | { status: 'error'; message: string; retry: () => void; client?: undefined }
  | { status: 'ok'; client: RebookingClient };

/**
 * The client's record of a history link: the one the flow already holds, or (a link opened
 * afresh) found in GET rebooking/salons/; 'unknown' when the client has no such record.
 */
export function useClient(clientId: number): ClientState {
  const { client, token } = useRebooking();
  const known = client?.id === clientId ? (client as RebookingClient) : null;
  const list = useQuery({ ...clientsQuery(token), enabled: !known });
  const found = known ?? list.data?.find((c) => c.id === clientId);
  useEffect(() => {
    if (found && !known) chooseClient(found);
  }, [found, known]);
  if (found) return { status: 'ok', client: found };
  if (list.isError) return { status: 'error', message: list.error.message, retry: () => void list.refetch() };
  return { status: list.isSuccess ? 'unknown' : 'loading' };
}
