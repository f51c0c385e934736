import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { brandFit } from '../../themes/brand';
import type { AppEnv } from '../env';
import { setShortName } from '../names/short-name';
import { setSalonDomain } from '../domains/lifecycle';
import { currentDomainView } from '../domains/view';
import { AppError } from '../errors';
import { refuseCardSettings } from '../payments/card-settings';
import { canTakePayments } from '../payments/connect';
import { salonById, toSalonDetails, updateSalonSettings, voucherSettingsOf, type SalonRow } from '../db/salons';
import { idParam, validate } from '../validate';
import { cardSettingsOfRow, changesBetween, columnsOf, depositOf, settingsOf } from '../console/settings';
import { VOUCHER_RULES, type DepositSetting, type SettingsPatch } from '../../shared/console/settings';
import { ADMIN_SAME_SETTINGS, adminSettingsPatchSchema } from '../../shared/admin-settings';
import { historyStatements } from '../db/settings-history';
import { adminRoute, changedScopes, SCOPES } from './policy';
import { expectedVersion } from './console/settings';
import { errorBody } from '../error-answer';
import { nameIndex } from './salon-database';

/**
 * The voucher settings as they would be after a change: a custom range whole and in order, and
 * something on offer when on sale (the console's rules between them, in its words).
 */
function checkVoucherSettings(row: SalonRow): void {
  const { voucher_custom_min: min, voucher_custom_max: max } = row;
  if ((min === null) !== (max === null)) {
    const field = min === null ? 'voucher_custom_min' : 'voucher_custom_max';
    throw new AppError('BAD_REQUEST', 'voucher_custom_min and voucher_custom_max must both be set, or both null', field);
  }
  if (min !== null && max !== null && min > max) {
    throw new AppError('BAD_REQUEST', VOUCHER_RULES.range, 'voucher_custom_max');
  }
  const v = voucherSettingsOf(row);
  if (v.on_sale && v.amounts.length === 0 && !v.custom) {
    throw new AppError('BAD_REQUEST', VOUCHER_RULES.onSale, 'vouchers_on_sale');
  }
}

/** The deposit in the one shape the admin API writes and reads (docs/admin-api.md): null, a percentage, or an amount in major units. */
const adminDeposit = (d: DepositSetting) =>
  d.type === 'percentage'
    ? { type: 'percentage' as const, value: d.percent }
    : d.type === 'fixed'
      ? { type: 'fixed' as const, amount: d.amount / 100 }
      : null;

/**
 * The settings as the admin API reads and writes them: every setting it shares with the console
 * under its own name (those the public details lack added), the deposit as `deposit` in the shape
 * it is written in, what the brand colour becomes in the salon's theme (adjusted, and why, when it
 * would not be readable there as it is), and the salon's domain as the console shows it
 * (`custom_domain` is the one served: only once live).
 */
const adminView = async (c: Context<AppEnv>, row: SalonRow) => ({
  ...sharedSettingsOf(row),
  ...toSalonDetails(row),
  custom_domain: row.custom_domain,
  domain: await currentDomainView(c.env.DB, row.id, c.get('config').cloudflare.cnameTarget),
  short_slug: row.short_slug,
  deposit: adminDeposit(depositOf(row.ncob_deposit_settings)),
  brand: row.brand_colour ? brandFit(row.theme_mode, row.brand_colour) : null,
});

/** The admin API's names, set as the console sets them (one way for every caller); refusals name the admin's fields. */
async function setNames(c: Context<AppEnv>, id: number, changes: { custom_domain?: string | null; short_slug?: string | null }) {
  const names = nameIndex(c);
  if (changes.short_slug !== undefined)
    await setShortName(names, c.env.DB, id, changes.short_slug, { field: 'short_slug', taken: 'That short URL is taken by another salon' });
  if (changes.custom_domain === undefined) return;
  const config = c.get('config');
  const deps = { db: c.env.DB, cloudflare: config.cloudflare, names, appHosts: config.appHosts };
  try {
    await setSalonDomain(deps, id, changes.custom_domain, names.now);
  } catch (e) {
    if (e instanceof AppError && e.field === 'hostname') throw new AppError(e.code, e.message, 'custom_domain');
    throw e;
  }
}

/** The settings the admin API shares with the console, as the console reads them. */
function sharedSettingsOf(row: SalonRow) {
  const settings = settingsOf(row);
  return Object.fromEntries(ADMIN_SAME_SETTINGS.map((n) => [n, settings[n]]));
}

const salonParam = validate('param', z.object({ salonId: idParam('Salon id') }));

/** The settings' version as an ETag: what a PATCH names in If-Match (the console's save names the same). */
const etagOf = (row: SalonRow) => `"${row.settings_version}"`;

/** Said on a PATCH without If-Match: it still works, as it always did (docs/admin-api.md). */
export const WARNING_NO_IF_MATCH =
  '299 - "PATCH without If-Match: a change saved meanwhile (in the console, or by another key) may be overwritten; send If-Match with the ETag of GET /admin/salons/{id}"';
const MSG_STALE =
  'The settings changed since the version in If-Match: read them again (GET /admin/salons/{id}) and send your change with the new ETag';

/** 412 for a change from an old version: the settings as they are now, with their ETag. */
async function stale(c: Context<AppEnv>, row: SalonRow) {
  c.header('ETag', etagOf(row));
  return c.json({ ...errorBody(c, 'PRECONDITION_FAILED', MSG_STALE), current: await adminView(c, row) }, 412);
}

/**
 * GET /admin/salons/{id}: a salon reads its settings back with its admin key, their version as
 * the ETag; PATCH changes them, from the version in If-Match when it is sent (412 with `current`
 * when that version is gone), and without it as before, saying so in a Warning.
 */
export const adminSettings = new Hono<AppEnv>()
  .get('/admin/salons/:salonId', adminRoute, salonParam, async (c) => {
    const row = await salonById(c.env.DB, c.req.valid('param').salonId);
    if (!row) throw new AppError('NOT_FOUND', 'Salon not found');
    c.header('ETag', etagOf(row));
    return c.json(await adminView(c, row));
  })
  .patch(
    '/admin/salons/:salonId',
    adminRoute,
    salonParam,
    // Authenticate before reading the body.
    async (c, next) => {
      if (!(c.req.header('Content-Type') ?? '').includes('application/json')) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the settings as JSON (Content-Type: application/json)');
      }
      // a malformed If-Match is refused before the body is read
      if (c.req.header('If-Match') !== undefined) expectedVersion(c);
      await next();
    },
    validate('json', adminSettingsPatchSchema),
    async (c) => {
      const id = c.req.valid('param').salonId;
      const changes = c.req.valid('json');
      const current = await salonById(c.env.DB, id);
      if (!current) throw new AppError('NOT_FOUND', 'Salon not found');
      // If-Match (optional for the integrators that never sent it): nothing is written from an old version
      const from = c.req.header('If-Match') === undefined ? undefined : expectedVersion(c);
      if (from === undefined) c.header('Warning', WARNING_NO_IF_MATCH);
      else if (current.settings_version !== from) return stale(c, current);
      const { custom_domain, short_slug, ...settings } = changes;
      // the console's typed settings as their columns (deposit, voucher amounts, opening hours), the admin's own as they are
      const columns = columnsOf(settings as SettingsPatch);
      const after = { ...current, ...columns } as SalonRow;
      if (Object.keys(changes).some((k) => k.startsWith('voucher'))) checkVoucherSettings(after);
      refuseCardSettings(cardSettingsOfRow(current), cardSettingsOfRow(after), await canTakePayments(c.env.DB, id), {
        deposit: 'ncob_deposit_settings',
      });
      // the names first, as the console sets them (the name index, the short name's redirects and renames,
      // the domain through Cloudflare): a refused one answers before the other settings are written
      await setNames(c, id, { custom_domain, short_slug });
      const saved = await updateSalonSettings(c.env.DB, id, columns, from);
      const updated = await salonById(c.env.DB, id);
      if (!updated) throw new AppError('NOT_FOUND', 'Salon not found');
      // another change was saved between the check above and this one: the database refused this one
      // (the names, set first, stay set: their lookups are refreshed)
      if (!saved) {
        if ('custom_domain' in changes || 'short_slug' in changes) changedScopes(c, [SCOPES.tenancy]);
        return stale(c, updated);
      }
      // The console's History shows admin-key changes too (as the console names the settings).
      const history = historyStatements(
        c.env.DB,
        { salonId: id, version: updated.settings_version, who: 'admin key' },
        changesBetween(settingsOf(current), settingsOf(updated)),
        Date.now(),
      );
      if (history.length) await c.env.DB.batch(history);
      // What the change touched: the salon's page and calls, its group's picker, and (a domain or
      // short URL) which salon a host or slug names.
      changedScopes(c, [
        SCOPES.salon(id),
        ...(updated.group_id ? [SCOPES.group(updated.group_id)] : []),
        ...('custom_domain' in changes || 'short_slug' in changes ? [SCOPES.tenancy] : []),
      ]);
      c.header('ETag', etagOf(updated));
      return c.json(await adminView(c, updated));
    },
  );
