import { Hono } from 'hono';
import { z } from 'zod';
import { toMajor } from '../../shared/money';
import type { AppEnv } from '../env';
import { clientOf } from './client-salons';
import { idParam, validate } from './validate';

interface InviteRow {
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

/** client/get/invite/{id}/: the verified client's open deposit requests (id: the salon). */
export const clientInvites = new Hono<AppEnv>().get('/client/get/invite/:id/', validate('param', z.object({ id: idParam('Salon id') })), async (c) => {
  const sub = clientOf(c);
  const { results } = await c.env.DB.prepare(
    `SELECT i.id, i.unique_code, i.salon_id, s.name AS salon_name, i.status, i.requested_deposit, i.requested_card_only,
            i.pay_full_amount, i.created_at, a.id AS appointment_id, a.start_at,
            (SELECT COALESCE(SUM(price), 0) FROM appointment_procedures p WHERE p.appointment_id = a.id) AS price
       FROM invites i JOIN salons s ON s.id = i.salon_id JOIN appointments a ON a.id = i.appointment_id
      WHERE i.client_id = ? AND i.status IN ('invited', 'reminded')
      ORDER BY a.start_at DESC`,
  )
    .bind(sub)
    .all<InviteRow>();
  c.header('Cache-Control', 'private, no-store');
  return c.json(
    results.map((r) => ({
      id: r.id,
      unique_code: r.unique_code,
      salon: { id: r.salon_id },
      salon_name: r.salon_name,
      status: r.status,
      requested_deposit: toMajor(r.requested_deposit),
      requested_card_only: !!r.requested_card_only,
      payFullAmount: !!r.pay_full_amount,
      created_at: new Date(r.created_at).toISOString(),
      appointment: { id: r.appointment_id, price: toMajor(r.price), start_time: new Date(r.start_at).toISOString(), procedures: [] },
    })),
  );
});
