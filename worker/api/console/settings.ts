import { Hono, type Context } from 'hono';
import { CAN } from '../../../shared/console/roles';
import { settingsPatchSchema, settingsSchema, type ConsoleSettings } from '../../../shared/console/settings';
import { cardSettingsOf, changesBetween, columnsOf, settingsOf } from '../../console/settings';
import { salonById, saveSettingsStatement } from '../../db/salons';
import { refuseCardSettings } from '../../payments/card-settings';
import { canTakePayments } from '../../payments/connect';
import { changedSince, historyStatements } from '../../db/settings-history';
import type { AppEnv } from '../../env';
import { errorBody } from '../../error-answer';
import { AppError, FieldErrors } from '../../errors';
import { jsonBody, validateForm } from '../../validate';
import { changedScopes, SCOPES, staffRoute } from '../policy';
import { staffOf } from '../staff-access';

async function salonOf(c: Context<AppEnv>, id: number) {
  const row = await salonById(c.env.DB, id);
  if (!row) throw new AppError('NOT_FOUND', 'Salon not found');
  return row;
}

/** The version a save started from: If-Match: 7 (or "7"). */
export function expectedVersion(c: Context<AppEnv>, what = 'settings version'): number {
  const header = c.req.header('If-Match');
  if (!header) throw new AppError('PRECONDITION_REQUIRED', 'Send the version the change started from (If-Match: <version>)');
  const m = /^(?:W\/)?"?([1-9]\d{0,9})"?$/.exec(header.trim());
  if (!m) throw new AppError('BAD_REQUEST', `If-Match must be the ${what}, such as If-Match: 7`);
  return Number(m[1]);
}

/** The settings as a whole after a change, checked again together (vouchers on sale need something to sell...). */
function checkedWhole(merged: ConsoleSettings): ConsoleSettings {
  const r = settingsSchema.safeParse(merged);
  if (r.success) return { ...r.data, voucher_amounts: [...r.data.voucher_amounts].sort((a, b) => a - b) };
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) errors[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  throw new FieldErrors(Object.values(errors)[0] ?? 'Some settings need changing', errors);
}

const MSG_STALE = 'Someone else saved these settings since you opened them. Check their changes, then save yours again.';

/**
 * A save that started from an old version: 412 with the settings as they are now and which
 * settings changed since, so the console shows them instead of overwriting them silently.
 */
async function stale(c: Context<AppEnv>, salonId: number, from: number) {
  const row = await salonOf(c, salonId);
  const body = {
    ...errorBody(c, 'PRECONDITION_FAILED', MSG_STALE),
    error: 'STALE_VERSION',
    message: MSG_STALE,
    current: { version: row.settings_version, settings: settingsOf(row), can_take_payments: await canTakePayments(c.env.DB, salonId) },
    changed: await changedSince(c.env.DB, salonId, from),
  };
  return c.json(body, 412);
}

/**
 * GET and PATCH /api/console/salons/{id}/settings: the booking page's settings (owners and
 * managers). A save names the version it started from in If-Match, records every changed setting
 * in History in the same batch, and names the cache scopes it touched so the next page load shows it.
 */
export const consoleSettings = new Hono<AppEnv>()
  .get('/console/salons/:salonId/settings', staffRoute(CAN.editSettings), async (c) => {
    const row = await salonOf(c, staffOf(c).salonId);
    c.header('Cache-Control', 'private, no-store');
    c.header('ETag', `"${row.settings_version}"`);
    const can_take_payments = await canTakePayments(c.env.DB, row.id);
    return c.json({ version: row.settings_version, settings: settingsOf(row), can_take_payments });
  })
  .patch(
    '/console/salons/:salonId/settings',
    staffRoute(CAN.editSettings),
    async (c, next) => {
      expectedVersion(c);
      await next();
    },
    jsonBody,
    validateForm(settingsPatchSchema, 'Some settings need changing'),
    async (c) => {
      const staff = staffOf(c);
      const from = expectedVersion(c);
      const row = await salonOf(c, staff.salonId);
      if (row.settings_version !== from) return stale(c, staff.salonId, from);
      const before = settingsOf(row);
      const after = checkedWhole({ ...before, ...c.req.valid('json') });
      const can_take_payments = await canTakePayments(c.env.DB, staff.salonId);
      refuseCardSettings(cardSettingsOf(before), cardSettingsOf(after), can_take_payments);
      const changes = changesBetween(before, after);
      c.header('Cache-Control', 'private, no-store');
      if (changes.length === 0) return c.json({ version: row.settings_version, settings: before, can_take_payments });
      const changed = Object.fromEntries(changes.map((ch) => [ch.field, after[ch.field]]));
      const changeId = crypto.randomUUID();
      const db = c.env.DB;
      const [saved] = await db.batch([
        saveSettingsStatement(db, staff.salonId, from, columnsOf(changed), changeId),
        ...historyStatements(db, { salonId: staff.salonId, version: from + 1, who: staff.email, changeId }, changes, Date.now()),
      ]);
      if (!saved?.meta.changes) return stale(c, staff.salonId, from);
      changedScopes(c, [SCOPES.salon(staff.salonId), ...(row.group_id ? [SCOPES.group(row.group_id)] : [])]);
      const updated = await salonOf(c, staff.salonId);
      c.header('ETag', `"${updated.settings_version}"`);
      return c.json({ version: updated.settings_version, settings: settingsOf(updated), can_take_payments });
    },
  );
