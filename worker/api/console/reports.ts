import { Hono, type Context } from 'hono';
import { reportQuery, type ReportQuery } from '../../../shared/console/reports';
import { CAN } from '../../../shared/console/roles';
import { clientsCsv, clientsReport, takingsCsv, takingsReport, utilisationCsv, utilisationReport } from '../../console/reports';
import type { Scope } from '../../db/reports';
import type { AppEnv } from '../../env';
import { validate } from '../../validate';
import { staffRoute } from '../policy';
import { staffOf } from '../staff-access';
import { ownColumnOf } from './diary';

/** The caller's figures: the salon's, or a stylist's own column's (none when no column is theirs). */
async function scopeOf(c: Context<AppEnv>): Promise<Scope> {
  return { salonId: staffOf(c).salonId, stylistId: await ownColumnOf(c) };
}

/** The report as JSON, or as CSV when the caller asks for it (`Accept: text/csv`). */
function answer<R>(c: Context<AppEnv>, name: string, q: ReportQuery, report: R, csv: (r: R) => string) {
  c.header('Cache-Control', 'private, no-store');
  c.header('Vary', 'Accept');
  if (!/\btext\/csv\b/.test(c.req.header('Accept') ?? '')) return c.json(report);
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${name}-${q.from}-to-${q.to}.csv"`);
  return c.body(csv(report));
}

/**
 * The salon's reports (docs/console/reports.md): `?from=&to=` the period's first and last days in
 * the salon's timezone (at most 366), compared with the period before. Owners and managers see the
 * salon's; a stylist their own column's.
 */
export const consoleReports = new Hono<AppEnv>()
  .get('/console/salons/:salonId/reports/takings', staffRoute(CAN.readReports), validate('query', reportQuery), async (c) => {
    const q = c.req.valid('query');
    return answer(c, 'takings', q, await takingsReport(c.env.DB, await scopeOf(c), q), takingsCsv);
  })
  .get('/console/salons/:salonId/reports/utilisation', staffRoute(CAN.readReports), validate('query', reportQuery), async (c) => {
    const q = c.req.valid('query');
    return answer(c, 'utilisation', q, await utilisationReport(c.env.DB, await scopeOf(c), q), utilisationCsv);
  })
  .get('/console/salons/:salonId/reports/clients', staffRoute(CAN.readReports), validate('query', reportQuery), async (c) => {
    const q = c.req.valid('query');
    return answer(c, 'clients', q, await clientsReport(c.env.DB, await scopeOf(c), q, Date.now()), clientsCsv);
  });
