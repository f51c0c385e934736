import { Hono, type Context } from 'hono';
import * as z from 'zod';
import {
  IMPORT_STALE_MS,
  importQuerySchema,
  recognise,
  UNDO_DAYS,
  type ImportCreated,
  type ImportKind,
  type ImportSource,
  type ImportSummary,
} from '../../../shared/console/imports';
import { CAN } from '../../../shared/console/roles';
import {
  claimUndo,
  failStaleImports,
  importOf,
  importOfFile,
  importsOfSalon,
  itemsOf,
  startImport,
  undoStatements,
  type ImportRow,
} from '../../db/imports';
import type { AppEnv } from '../../env';
import { AppError } from '../../errors';
import { publishMenuChange } from '../../messaging/realtime';
import { idParam, validate } from '../../validate';
import { afterAnswer } from '../after-answer';
import { changedScopes, SCOPES, staffRoute } from '../policy';
import { staffOf } from '../staff-access';
import { phoneReader } from '../../imports/phones';
import { ImportRefusal, planner } from '../../imports/plan';
import { readFile } from '../../imports/read';
import * as run from '../../imports/run';
import { staffSalon } from './staff-salon';

/**
 * The Import place's calls (issue 50; docs/console/imports.md), owners only, under
 * /api/console/salons/{id}/: POST imports (?dry_run=1: the preview, nothing written; without it
 * the import, 201), GET imports, DELETE imports/{importId} (undo within 7 days). The file is the
 * body (text/csv or the XLSX type, at most 10 MB). Only this module imports the file's reader and
 * its parsers (imports/read.ts). Imported statically: Wrangler bundles one file, so a dynamic
 * import saved no bytes, and it wrapped every module it shared with the rest (zod, date-fns) in a
 * lazy initialiser, about 3 KB gzip.
 */

const importParam = z.object({ salonId: idParam('Salon id'), importId: idParam('Import id') });
const DAY = 86_400_000;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function summaryOf(r: ImportRow): ImportSummary {
  return {
    id: r.id,
    source: r.source as ImportSource,
    kind: r.kind as ImportKind,
    rows: r.rows,
    done_rows: r.done_rows,
    added: r.added,
    merged: r.merged,
    refused: r.refused,
    status: r.status,
    created_by: r.created_by,
    created_at: iso(r.created_at)!,
    finished_at: iso(r.finished_at),
    undone_at: iso(r.undone_at),
    undo_until: r.status === 'done' || r.status === 'failed' ? iso(r.created_at + UNDO_DAYS * DAY) : null,
  };
}

/** Reads the file and decides every row (nothing written). */
async function readAndDecide(c: Context<AppEnv>, q: z.output<typeof importQuerySchema>) {
  const salon = await staffSalon(c);
  const now = Date.now();
  let plan: ReturnType<typeof planner> | null = null;
  let what: { source: ImportSource; kind: ImportKind } | null = null;
  try {
    const { hash } = await readFile(
      { body: c.req.raw.body, contentType: c.req.header('Content-Type'), contentLength: c.req.header('Content-Length') },
      (headers) => {
        const seen = recognise(headers);
        what = { source: q.source ?? seen.source, kind: q.kind ?? (q.source && q.source !== seen.source ? 'clients' : seen.kind) };
        if (q.kind) what.kind = q.kind;
        plan = planner({ ...what, headers, map: q.map, phoneOf: phoneReader(salon.country_code), country: salon.country_code });
      },
      (cells, row) => plan!.add(cells, row),
    );
    const p = plan as ReturnType<typeof planner> | null;
    const read = p!.finish();
    // a column the kind needs is missing: nothing is decided (the preview asks for it, the import refuses the file)
    const decided = p!.refusal ? { outcomes: [], refused: [] } : await run.decide(c.env.DB, salon, what!.kind, read.candidates, now);
    const already = await importOfFile(c.env.DB, salon.id, hash);
    return { salon, hash, what: what!, read: { ...read, missing: p!.missing }, decided, already, now, refusal: p!.refusal };
  } catch (e) {
    if (e instanceof ImportRefusal) throw new AppError('BAD_REQUEST', e.reason, 'map');
    throw e;
  }
}

export const consoleImports = new Hono<AppEnv>()
  .get('/console/salons/:salonId/imports', staffRoute(CAN.importData), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const salonId = staffOf(c).salonId;
    // an import whose writing stopped part-way (its Worker ended) never stays "running": it is failed, to undo or import again
    const now = Date.now();
    await failStaleImports(c.env.DB, salonId, now - IMPORT_STALE_MS, now);
    return c.json((await importsOfSalon(c.env.DB, salonId)).map(summaryOf));
  })
  .post('/console/salons/:salonId/imports', staffRoute(CAN.importData), validate('query', importQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const dryRun = q.dry_run === '1' || q.dry_run === 'true';
    const d = await readAndDecide(c, q);
    c.header('Cache-Control', 'private, no-store');
    const preview = run.previewOf(d.what.source, d.what.kind, d.read, d.decided, d.already?.id ?? null);
    if (dryRun) return c.json(preview);
    if (d.refusal) throw new AppError('BAD_REQUEST', d.refusal.reason, 'map');
    if (d.already)
      return c.json({ import_id: d.already.id, added: 0, merged: 0, refused: 0, already_imported: true } satisfies ImportCreated, 200);
    const staff = staffOf(c);
    const importId = await startImport(c.env.DB, {
      salonId: d.salon.id,
      source: d.what.source,
      kind: d.what.kind,
      hash: d.hash,
      rows: d.read.rows,
      refused: preview.refused.length,
      by: staff.email,
      now: d.now,
    });
    if (importId === null) {
      const again = await importOfFile(c.env.DB, d.salon.id, d.hash);
      return c.json({ import_id: again!.id, added: 0, merged: 0, refused: 0, already_imported: true } satisfies ImportCreated, 200);
    }
    // the writing goes on if the owner leaves the page (the console follows it with GET imports)
    const work = run
      .apply({ db: c.env.DB, salon: d.salon, importId, who: staff.email, now: d.now }, d.what.kind, d.decided.outcomes, d.what.source)
      .then(
        async (r) => {
          await run.finishImport(c.env.DB, importId, preview.refused.length + r.refused.length, Date.now());
          return r;
        },
        async (e: unknown) => {
          // what it wrote is recorded: the import is failed, to undo or import again
          await run.failImport(c.env.DB, importId, Date.now());
          throw e;
        },
      );
    c.executionCtx.waitUntil(work.catch(() => undefined));
    const r = await work;
    if (d.what.kind === 'services' || d.what.kind === 'staff') {
      changedScopes(c, [SCOPES.salon(d.salon.id), ...(d.salon.group_id ? [SCOPES.group(d.salon.group_id)] : [])]);
      afterAnswer(c, publishMenuChange(c.get('config'), d.salon.id, { change: 'service', id: 0 }), 'import menu change not published');
    }
    return c.json(
      {
        import_id: importId,
        added: r.added,
        merged: r.merged,
        refused: preview.refused.length + r.refused.length,
        already_imported: false,
        refused_rows: [...preview.refused, ...r.refused].sort((a, b) => a.row - b.row),
      } satisfies ImportCreated & { refused_rows: unknown },
      201,
    );
  })
  .delete('/console/salons/:salonId/imports/:importId', staffRoute(CAN.importData), validate('param', importParam), async (c) => {
    const { importId } = c.req.valid('param');
    const salonId = staffOf(c).salonId;
    const found = await importOf(c.env.DB, salonId, importId);
    if (!found) throw new AppError('NOT_FOUND', 'Import not found', 'importId');
    const now = Date.now();
    if (found.status === 'undone') throw new AppError('CONFLICT', 'This import was undone already', 'importId', 'ALREADY_UNDONE');
    if (found.status === 'running')
      throw new AppError('CONFLICT', 'This import is still running: undo it once it has finished', 'importId', 'RUNNING');
    if (!(await claimUndo(c.env.DB, salonId, importId, now - UNDO_DAYS * DAY, now)))
      throw new AppError('CONFLICT', `An import can be undone for ${UNDO_DAYS} days: this one is older`, 'importId', 'TOO_OLD');
    let removed = 0;
    // children before parents: appointments, vouchers, services before their categories, stylists, clients
    for (const entity of ['appointment', 'voucher', 'service', 'category', 'stylist', 'opt_out', 'client']) {
      const items = await itemsOf(c.env.DB, importId, entity);
      for (let i = 0; i < items.length; i += 100) {
        const part = items.slice(i, i + 100);
        const statements = part.map((item) => undoStatements(c.env.DB, salonId, item, now));
        const results = await c.env.DB.batch(statements.flat());
        let at = 0;
        for (const s of statements) {
          // an item counts as removed when its last statement changed a row (a kept, redeemed voucher does not)
          const mine = results.slice(at, at + s.length);
          at += s.length;
          if (mine.some((r) => r.meta.changes > 0)) removed++;
        }
      }
    }
    if (found.kind === 'services' || found.kind === 'staff') {
      const salon = await staffSalon(c);
      changedScopes(c, [SCOPES.salon(salonId), ...(salon.group_id ? [SCOPES.group(salon.group_id)] : [])]);
    }
    c.header('Cache-Control', 'private, no-store');
    return c.json({ removed });
  });
