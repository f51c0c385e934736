import { formatMoney, toMinor } from '../../../shared/money';
import type { Invite } from '../../../shared/invites';
import { useRealtime } from '../../lib/realtime-store';
import { useSalon } from '../../lib/salon-context';
import { useApi } from '../../lib/useApi';
import { useAuth } from '../auth';
import { fetchInvites } from './api';
import { activeCount } from './rules';

/**
 * The logged-in client's open requests, fetched again (the old list still shown meanwhile) each
 * time the realtime channel or this tab says an invite changed.
 */
export function useInvites() {
  const { salon } = useSalon();
  const { status, user } = useAuth();
  const { invitesVersion } = useRealtime();
  const key = status === 'LOGGED_IN' && user ? `invites|${salon.id}|${user.username}|${invitesVersion}` : null;
  return useApi(key, (signal) => fetchInvites(salon.id, signal), { keepData: true });
}

/** The bottom navigation's bubble: invited or reminded requests (null logged out or not known yet). */
export function useActiveInviteCount(): number | null {
  const { status } = useAuth();
  const invites = useInvites();
  return status === 'LOGGED_IN' && invites.status === 'ok' ? activeCount(invites.data) : null;
}

/** An amount of the invite's salon, in its currency. */
export function useInviteMoney() {
  const { salon } = useSalon();
  return (i: Invite) => (major: number) => formatMoney(toMinor(major), i.currency, salon.country.code);
}
