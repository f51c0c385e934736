import { Hono } from 'hono';
import { z } from 'zod';
import { toMajor } from '../../shared/money';
import { openInvitesOf } from '../db/invites';
import type { AppEnv } from '../env';
import { clientOf } from './client-salons';
import { idParam, validate } from '../validate';

/** client/get/invite/{id}/: the verified client's open deposit requests (id: the salon). */
export const clientInvites = new Hono<AppEnv>().get(
  '/client/get/invite/:id/',
  validate('param', z.object({ id: idParam('Salon id') })),
  async (c) => {
    const sub = clientOf(c);
    const results = await openInvitesOf(c.env.DB, sub);
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
  },
);
