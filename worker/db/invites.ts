/** A client's open deposit request, with its appointment's time and price. */
export interface OpenInviteRow {
  id: number;
  unique_code: string;
  salon_id: number;
  salon_name: string;
  status: string;
  requested_deposit: number;
  requested_card_only: number;
  pay_full_amount: number;
  created_at: number;
  appointment_id: number;
  start_at: number;
  price: number;
}

/** The client's deposit requests still waiting (invited or reminded), newest appointment first. */
export async function openInvitesOf(db: D1Database, clientId: string): Promise<OpenInviteRow[]> {
  const { results } = await db
    .prepare(
      `SELECT i.id, i.unique_code, i.salon_id, s.name AS salon_name, i.status, i.requested_deposit, i.requested_card_only,
              i.pay_full_amount, i.created_at, a.id AS appointment_id, a.start_at,
              (SELECT COALESCE(SUM(price), 0) FROM appointment_procedures p WHERE p.appointment_id = a.id) AS price
         FROM invites i JOIN salons s ON s.id = i.salon_id JOIN appointments a ON a.id = i.appointment_id
        WHERE i.client_id = ? AND i.status IN ('invited', 'reminded')
        ORDER BY a.start_at DESC`,
    )
    .bind(clientId)
    .all<OpenInviteRow>();
  return results;
}
