import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { formatMoney, toMinor } from '../../../shared/money';
import type { Invite } from '../../../shared/invites';
import { useSalon } from '../../lib/salon-context';
import { useAuth } from '../auth';
import { inviteKeys, invitesQuery } from './api';
import { activeCount } from './rules';

/**
 * The logged-in client's open requests. The list is asked again (the old one still shown meanwhile)
 * each time the realtime channel or this tab says an invite changed (useInvitesChanged).
 */
export function useInvites() {
  const { salon } = useSalon();
  const { status, user } = useAuth();
  return useQuery(invitesQuery(salon.id, status === 'LOGGED_IN' ? user?.username : undefined));
}

/** Something changed about the client's invites: every list of them is asked again. */
export function useInvitesChanged() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: inviteKeys.all }), [queryClient]);
}

/** The bottom navigation's bubble: invited or reminded requests (null logged out or not known yet). */
export function useActiveInviteCount(): number | null {
  const { status } = useAuth();
  const invites = useInvites();
  return status === 'LOGGED_IN' && invites.data ? activeCount(invites.data) : null;
}

/** An amount of the invite's salon, in its currency. */
export function useInviteMoney() {
  const { salon } = useSalon();
  return (i: Invite) => (major: number) => formatMoney(toMinor(major), i.currency, salon.country.code);
}
