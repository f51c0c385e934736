import type { Context } from 'hono';
import { salonById } from '../../db/salons';
import type { AppEnv } from '../../env';
import { AppError } from '../../errors';
import { staffOf } from '../staff-access';

/** The salon of a staff call (after its staff policy admitted the member there). */
export async function staffSalon(c: Context<AppEnv>) {
  const salon = await salonById(c.env.DB, staffOf(c).salonId);
  if (!salon) throw new AppError('NOT_FOUND', 'Salon not found');
  return salon;
}
