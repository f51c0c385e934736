import { Hono } from 'hono';
import * as z from 'zod';
import { CAN } from '../../../shared/console/roles';
import { staffColumnSchema, type StylistColumn } from '../../../shared/console/team';
import { linkColumn, linkRefusal, stylistColumnsOf } from '../../db/staff-columns';
import type { AppEnv } from '../../env';
import { AppError, FieldErrors } from '../../errors';
import { idParam, jsonBody, validate, validateForm } from '../../validate';
import { staffRoute } from '../policy';
import { staffOf } from '../staff-access';

/** A column's link refused: taken by someone else, or not one of the salon's columns (field stylist_id). */
function refusal(kind: 'taken' | 'not_a_column', column: StylistColumn | undefined) {
  if (kind === 'taken' && column)
    return new AppError('CONFLICT', `${column.name}’s column is already linked to someone else on the team`, 'stylist_id');
  return new FieldErrors('Check the column', { stylist_id: 'Choose one of the salon’s stylist columns' });
}

/**
 * Before a link is written: the column must be the salon's and nobody else's, in the owner's words.
 * The database (migration 0034) still refuses a race, which `linkError` puts in the same words.
 */
export async function checkColumnFree(db: D1Database, salonId: number, stylistId: number, staffId: number | null) {
  const column = (await stylistColumnsOf(db, salonId)).find((s) => s.id === stylistId);
  if (!column) throw refusal('not_a_column', undefined);
  if (column.staff_id !== null && column.staff_id !== staffId) throw refusal('taken', column);
}

/** The database's refusal of a link as the caller's error; any other failure as it was. */
export async function linkError(db: D1Database, salonId: number, stylistId: number, e: unknown): Promise<unknown> {
  const kind = linkRefusal(e);
  if (!kind) return e;
  return refusal(
    kind,
    (await stylistColumnsOf(db, salonId)).find((s) => s.id === stylistId),
  );
}

const memberParam = z.object({ salonId: idParam('Salon id'), staffId: idParam('Staff id') });

/**
 * Whose column of the diary a stylist on the team is (issue 56): the salon's columns with the
 * member linked to each, and linking a stylist to one (owners and managers, as Team).
 */
export const consoleStaffColumns = new Hono<AppEnv>()
  .get('/console/salons/:salonId/stylist-columns', staffRoute(CAN.inviteStaff), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await stylistColumnsOf(c.env.DB, staffOf(c).salonId));
  })
  .put(
    '/console/salons/:salonId/staff/:staffId/column',
    staffRoute(CAN.inviteStaff),
    validate('param', memberParam),
    jsonBody,
    validateForm(staffColumnSchema, 'Check the column'),
    async (c) => {
      const { salonId } = staffOf(c);
      const { staffId } = c.req.valid('param');
      const stylistId = c.req.valid('json').stylist_id;
      const db = c.env.DB;
      if (stylistId !== null) await checkColumnFree(db, salonId, stylistId, staffId);
      const linked = await linkColumn(db, { salonId, staffId, stylistId }).catch(async (e: unknown) => {
        throw await linkError(db, salonId, stylistId ?? 0, e);
      });
      if (!linked) throw new AppError('NOT_FOUND', 'No stylist of this salon’s team has that id', 'staffId');
      c.header('Cache-Control', 'private, no-store');
      return c.json(await stylistColumnsOf(db, salonId));
    },
  );
