import { proxy, useSnapshot } from 'valtio';

/**
 * What the realtime channel has told this tab. `invitesVersion` goes up each time one of the
 * client's deposit requests changes (created, reminded, withdrawn...): screens that show invites
 * put it in their call's key and fetch again.
 */
export const realtime = proxy({ invitesVersion: 0, connected: false });

export const useRealtime = () => useSnapshot(realtime);

/** Something changed about the client's invites (a channel event, or this tab's own action). */
export function invitesChanged() {
  realtime.invitesVersion += 1;
}
