import { Hono } from 'hono';
import * as z from 'zod';
import { toMinor } from '../../../shared/money';
import { CAN } from '../../../shared/console/roles';
import { pageQuery, redeemSchema, SOLD_PAGE_SIZE, voucherCodeSchema, type SoldVouchers } from '../../../shared/console/vouchers';
import { localDateOf } from '../../availability/calendar';
import { staffNameOf } from '../../db/desk-staff';
import { vouchersOfSalon } from '../../db/voucher-redemptions';
import type { AppEnv } from '../../env';
import { deskVoucher, lookUpVoucher, redeemAtDesk } from '../../payments/voucher-desk';
import { idParam, jsonBody, validate, validateForm } from '../../validate';
import { staffRoute } from '../policy';
import { idempotencyKeyOf } from '../request-headers';
import { staffOf } from '../staff-access';
import { staffSalon } from './staff-salon';

const codeParam = z.object({ salonId: idParam('Salon id'), code: voucherCodeSchema });

/**
 * /api/console/salons/{id}/vouchers (owners, managers): the vouchers the salon sold, one looked up
 * by its code with its redemptions, and a redemption at the desk (header Idempotency-Key: the
 * till's key, so a retry is the same redemption).
 */
export const consoleVouchers = new Hono<AppEnv>()
  .get('/console/salons/:salonId/vouchers', staffRoute(CAN.vouchers), validate('query', pageQuery), async (c) => {
    const salon = await staffSalon(c);
    const { page } = c.req.valid('query');
    const { rows, total } = await vouchersOfSalon(c.env.DB, salon.id, { limit: SOLD_PAGE_SIZE, offset: (page - 1) * SOLD_PAGE_SIZE });
    const today = localDateOf(Date.now(), salon.timezone);
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      vouchers: rows.map((v) => deskVoucher(v, today)),
      page,
      pages: Math.max(1, Math.ceil(total / SOLD_PAGE_SIZE)),
      total,
    } satisfies SoldVouchers);
  })
  .get('/console/salons/:salonId/vouchers/:code', staffRoute(CAN.vouchers), validate('param', codeParam), async (c) => {
    const voucher = await lookUpVoucher(c.env.DB, await staffSalon(c), c.req.valid('param').code, Date.now());
    c.header('Cache-Control', 'private, no-store');
    return c.json(voucher);
  })
  .post(
    '/console/salons/:salonId/vouchers/:code/redemptions',
    staffRoute(CAN.vouchers),
    validate('param', codeParam),
    jsonBody,
    validateForm(redeemSchema, 'Check the redemption'),
    async (c) => {
      const tillKey = idempotencyKeyOf(c, 'redemption');
      const staff = staffOf(c);
      const body = c.req.valid('json');
      const answer = await redeemAtDesk(c.env.DB, await staffSalon(c), {
        code: c.req.valid('param').code,
        amountMinor: toMinor(body.amount),
        appointmentNumber: body.appointment_number ?? null,
        staff: { id: staff.id, name: (await staffNameOf(c.env.DB, staff.id)) || staff.email },
        tillKey,
        now: Date.now(),
      });
      c.header('Cache-Control', 'private, no-store');
      const { created, ...rest } = answer;
      return c.json(rest, created ? 201 : 200);
    },
  );
