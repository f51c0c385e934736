import type { InviteEvent } from '../../shared/invites';
import type { Config } from '../config';

/** Tells the client's private channel that one of its invites changed (no personal data in the event). */
// placeholder: replaced by the realtime branch
export async function publishInviteChange(_config: Config, _clientId: string, _event: InviteEvent): Promise<void> {}
