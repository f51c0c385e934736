import type { Invite } from '../../shared/invites';
import { proceduresOf } from '../db/client-appointments';
import { openInvitesOf } from '../db/invites';
import { clientInvite } from './view';

/** The client's open invites across all salons, newest appointment first, with their services. */
export async function clientInvites(db: D1Database, clientId: string, now: number): Promise<Invite[]> {
  const rows = await openInvitesOf(db, clientId, now);
  const procedures = await proceduresOf(
    db,
    rows.map((r) => r.appointment_id),
  );
  return rows.map((r) =>
    clientInvite(
      r,
      procedures.filter((p) => p.appointment_id === r.appointment_id),
    ),
  );
}
