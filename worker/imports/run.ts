import {
  IMPORT_STALE_MS,
  PREVIEW_ROWS,
  type ImportKind,
  type ImportPreview,
  type ImportSource,
  type RefusedRow,
} from '../../shared/console/imports';
import { serviceWords } from '../../shared/console/menu';
import { insertAppointmentBatch } from '../db/appointments';
import { blocksOf, isBlockConflict, takenBlocks } from '../db/blocks';
import {
  failImport,
  failStaleImports,
  finishImport,
  insertClientStatements,
  itemIfWritten,
  itemStatement,
  knownClients,
  lastStylistItem,
  mergeClientStatements,
  optOutStatements,
  progressStatement,
  voucherItem,
  type SalonClientRow,
} from '../db/imports';
import { createCategory, listCategories } from '../db/menu-categories';
import { createService, readServices } from '../db/menu-services';
import { activeStylistNames, appendStylistStatement } from '../db/stylists';
import { importedVoucherStatements, voucherCodesOfSalon } from '../db/vouchers';
import { localDateOf, salonDays } from '../availability/calendar';
import type { AppointmentCandidate, Candidate, ClientCandidate, ServiceCandidate, StaffCandidate, VoucherCandidate } from './plan';

/**
 * The cron's sweep (worker/scheduled.ts): the imports of every salon in the database whose Worker
 * stopped part-way are failed, as the salon's next list would (docs/console/imports.md "An import
 * that stops part-way"), so none stays running, holding its file, until someone opens Import.
 */
export const failDeadImports = (db: D1Database, now: number) => failStaleImports(db, null, now - IMPORT_STALE_MS, now);

/**
 * What an import does with its candidates (docs/console/imports.md): `decide` reads what the salon has and
 * says per row new, merged or unchanged (the preview, nothing written); `apply` writes exactly that
 * in D1 batches, each statement recording what it wrote in import_items. A row the database refuses
 * meanwhile (an appointment's time taken) is listed as refused, never forced.
 */

export interface Salon {
  id: number;
  currency: string;
  country_code: string;
  timezone: string;
}

type Outcome = { c: Candidate; what: 'new' | 'merged' | 'unchanged'; into?: string };

/** Rows of clients per D1 batch (two or three statements each). */
const CLIENT_BATCH = 150;

export async function decide(db: D1Database, salon: Salon, kind: ImportKind, candidates: Candidate[], now: number) {
  const refused: RefusedRow[] = [];
  const outcomes: Outcome[] = [];
  if (kind === 'clients') {
    const known = await knownClients(db, salon.id);
    const byKey = new Map(known.own.map((r) => [r.key, r]));
    const byEmail = new Map(known.own.filter((r) => r.email).map((r) => [r.email!, r.key]));
    const byPhone = new Map(known.own.filter((r) => r.phone).map((r) => [r.phone!, r.key]));
    for (const c of candidates as ClientCandidate[]) {
      const into =
        (c.phone && (byPhone.get(c.phone) ?? (byKey.has(c.phone) ? c.phone : undefined))) || (c.email && byEmail.get(c.email)) || undefined;
      if (into) {
        const was = byKey.get(into)!;
        const same =
          (!c.email || was.email === c.email) &&
          (!c.phone || was.phone === c.phone) &&
          (!c.notes || was.notes.includes(c.notes)) &&
          (!c.first_name || was.first_name !== '') &&
          (!c.blocked || was.blocked === 1);
        outcomes.push({ c, what: same ? 'unchanged' : 'merged', into });
        continue;
      }
      const key = c.phone ?? c.email!;
      // someone the salon knows by phone from a booking: merged into that person
      outcomes.push({ c, what: c.phone && known.phones.has(c.phone) ? 'merged' : 'new' });
      const row = clientRowOf(c, key);
      byKey.set(key, row);
      if (c.email) byEmail.set(c.email, key);
      if (c.phone) byPhone.set(c.phone, key);
    }
  } else if (kind === 'services') {
    const have = new Set((await readServices(db, salon.id)).map((s) => s.name.toLowerCase()));
    for (const c of candidates as ServiceCandidate[]) {
      outcomes.push({ c, what: have.has(c.name.toLowerCase()) ? 'unchanged' : 'new' });
      have.add(c.name.toLowerCase());
    }
  } else if (kind === 'staff') {
    const have = new Set((await activeStylistNames(db, salon.id)).map((r) => r.name.toLowerCase()));
    for (const c of candidates as StaffCandidate[]) {
      if (!c.active) {
        refused.push({ row: c.row, column: 'Status', reason: 'The stylist is not active' });
        continue;
      }
      outcomes.push({ c, what: have.has(c.name.toLowerCase()) ? 'unchanged' : 'new' });
      have.add(c.name.toLowerCase());
    }
  } else if (kind === 'vouchers') {
    const have = await voucherCodesOfSalon(db, salon.id);
    const today = salonToday(now, salon.timezone);
    for (const c of candidates as VoucherCandidate[]) {
      if (c.expiry && c.expiry < today) {
        refused.push({ row: c.row, column: 'Expiry', reason: `The voucher expired on ${c.expiry}` });
        continue;
      }
      const stored = storedCode(salon.id, c.code);
      outcomes.push({ c, what: have.has(stored) || have.has(c.code) ? 'unchanged' : 'new' });
      have.add(stored);
    }
  } else {
    const refs = await appointmentRefs(db, salon.id);
    const resolved: { c: AppointmentCandidate; blocks: string[] }[] = [];
    for (const c of candidates as AppointmentCandidate[]) {
      const r = resolveAppointment(c, refs, salon, now);
      if ('reason' in r) refused.push({ row: c.row, column: r.column, reason: r.reason });
      else resolved.push({ c, blocks: blocksOf(r.start, r.end).map((b) => `${r.stylistId}:${b}`) });
    }
    // a clash with the salon's appointments (or an earlier row of the file) is listed now, as the import would refuse it
    const numbers = resolved.flatMap((x) => x.blocks.map((k) => Number(k.split(':')[1])));
    const taken = numbers.length ? await takenBlocks(db, salon.id, Math.min(...numbers), Math.max(...numbers) + 1, now) : new Set<string>();
    for (const x of resolved) {
      if (x.blocks.some((k) => taken.has(k))) {
        refused.push(clashOf(x.c));
        continue;
      }
      for (const k of x.blocks) taken.add(k);
      outcomes.push({ c: x.c, what: 'new' });
    }
  }
  return { outcomes, refused };
}

export function previewOf(
  source: ImportSource,
  kind: ImportKind,
  read: { rows: number; refused: RefusedRow[]; columns: Record<string, string>; ignored: string[]; headers: string[]; missing: string[] },
  d: { outcomes: Outcome[]; refused: RefusedRow[] },
  already: number | null,
): ImportPreview {
  const count = (w: Outcome['what']) => d.outcomes.filter((o) => o.what === w).length;
  return {
    source,
    kind,
    rows: read.rows,
    new: count('new'),
    merged: count('merged'),
    fixed: d.outcomes.filter((o) => o.c.fixed).length,
    // with a column missing, the rows are not decided (nor listed as refused): the owner chooses the column first
    refused: read.missing.length ? [] : [...read.refused, ...d.refused].sort((a, b) => a.row - b.row),
    preview: d.outcomes.slice(0, PREVIEW_ROWS).map((o) => ({ row: o.c.row, outcome: o.what, ...apiFieldsOf(kind, o.c) })),
    columns: read.columns,
    ignored: read.ignored,
    headers: read.headers,
    missing: read.missing,
    unchanged: count('unchanged'),
    already_imported: already,
  };
}

/** A row as the API's own fields name it. */
function apiFieldsOf(kind: ImportKind, c: Candidate): Record<string, unknown> {
  const { row: _row, fixed: _fixed, ...fields } = c as Candidate & Record<string, unknown>;
  if (kind === 'appointments') {
    const a = c as AppointmentCandidate;
    return {
      date: a.date,
      time: `${pad(Math.floor(a.minute / 60))}:${pad(a.minute % 60)}`,
      phone: a.phone,
      client: a.client,
      service: a.service,
      stylist: a.stylist,
    };
  }
  return fields;
}
const pad = (n: number) => String(n).padStart(2, '0');

const clashOf = (c: AppointmentCandidate): RefusedRow => ({
  row: c.row,
  column: 'Time',
  reason: `${c.stylist} is already booked at ${c.date} ${apiFieldsOf('appointments', c).time}: not double booked`,
});

const clientRowOf = (c: ClientCandidate, key: string): SalonClientRow => ({
  key,
  phone: c.phone,
  email: c.email,
  first_name: c.first_name,
  last_name: c.last_name,
  notes: c.notes,
  birthday: c.birthday,
  landline: c.landline,
  blocked: c.blocked ? 1 : 0,
  texts_ok: c.texts_ok ? 1 : 0,
});

/** An imported voucher's code as stored: the salon's id before it, so codes of two salons never meet (db/voucher-redemptions.ts finds it). */
export const storedCode = (salonId: number, code: string) => `${salonId}:${code}`;

const salonToday = (now: number, timezone: string) => localDateOf(now, timezone);

async function appointmentRefs(db: D1Database, salonId: number) {
  const [services, stylists] = await Promise.all([readServices(db, salonId), activeStylistNames(db, salonId)]);
  return {
    services: new Map(services.map((s) => [s.name.toLowerCase(), s])),
    stylists: new Map(stylists.map((s) => [s.name.toLowerCase(), s.id])),
  };
}

function resolveAppointment(c: AppointmentCandidate, refs: Awaited<ReturnType<typeof appointmentRefs>>, salon: Salon, now: number) {
  const refuse = (column: string, reason: string) => ({ column, reason }) as const;
  const service = refs.services.get(c.service.toLowerCase());
  if (!service) return refuse('Service', `The salon has no service named “${c.service}”: import the services first`);
  const stylistId = refs.stylists.get(c.stylist.toLowerCase());
  if (stylistId === undefined) return refuse('Stylist', `The salon has no stylist named “${c.stylist}”: import the staff first`);
  const offer = service.stylists.find((o) => o.stylist_id === stylistId) ?? service.stylists[0];
  if (!offer) return refuse('Service', `Nobody performs ${service.name} yet`);
  const day = salonDays(c.date, 1, salon.timezone)[0]!;
  const start = day.startUtc + c.minute * 60_000;
  if (start < now) return refuse('Date', 'The appointment is in the past: only future appointments are imported');
  return { serviceId: service.id, stylistId, start, end: start + offer.duration * 60_000, price: offer.price, name: service.name };
}

interface Writer {
  db: D1Database;
  salon: Salon;
  importId: number;
  who: string;
  now: number;
}

/** Writes the outcomes; answers what was added and merged, and the rows the database refused meanwhile. */
export async function apply(w: Writer, kind: ImportKind, outcomes: Outcome[], source: ImportSource) {
  const { db, salon, importId, now } = w;
  const refused: RefusedRow[] = [];
  let added = 0;
  let merged = 0;
  const todo = outcomes.filter((o) => o.what !== 'unchanged');
  if (kind === 'clients') {
    for (let i = 0; i < todo.length; i += CLIENT_BATCH) {
      const part = todo.slice(i, i + CLIENT_BATCH);
      const statements: D1PreparedStatement[] = [];
      let a = 0;
      let m = 0;
      for (const o of part) {
        const c = o.c as ClientCandidate;
        const key = o.into ?? c.phone ?? c.email!;
        if (o.into) {
          statements.push(...mergeClientStatements(db, importId, salon.id, key, clientRowOf(c, key)));
          m++;
        } else {
          statements.push(...insertClientStatements(db, importId, salon.id, clientRowOf(c, key), now));
          if (o.what === 'merged') m++;
          else a++;
        }
        // no marketing consent: the salon's text opt-out (docs/console/imports.md "Marketing consent")
        if (!c.texts_ok) statements.push(...optOutStatements(db, importId, salon.id, key, now));
      }
      statements.push(progressStatement(db, importId, Math.min(todo.length, i + CLIENT_BATCH), a, m));
      await db.batch(statements);
      added += a;
      merged += m;
    }
  } else if (kind === 'services') {
    const categories = new Map((await listCategories(db, salon.id)).map((c) => [c.name.toLowerCase(), c.id]));
    const stylists = await activeStylistNames(db, salon.id);
    const money = { currency: salon.currency, country: salon.country_code };
    for (const o of todo) {
      const c = o.c as ServiceCandidate;
      let categoryId = categories.get(c.category.toLowerCase());
      if (categoryId === undefined) {
        categoryId = await createCategory(db, { salonId: salon.id, who: w.who, now }, c.category);
        categories.set(c.category.toLowerCase(), categoryId);
        await db.batch([itemStatement(db, importId, 'category', categoryId)]);
      }
      const fields = {
        name: c.name,
        category_id: categoryId,
        description: c.description,
        online: c.online,
        patch_test: false,
        variable_price: c.variable_price,
        recommended: [],
        // performed by every stylist until the owner says otherwise
        stylists: stylists.map((s) => ({ stylist_id: s.id, price: c.price, duration: c.duration, processing: c.processing })),
      };
      const id = await createService(db, { salonId: salon.id, who: w.who, now }, fields, serviceWords(fields, c.category, money));
      await db.batch([itemStatement(db, importId, 'service', id), progressStatement(db, importId, ++added, 1, 0)]);
    }
  } else if (kind === 'staff') {
    const statements = todo.flatMap((o) => {
      const c = o.c as StaffCandidate;
      return [appendStylistStatement(db, salon.id, c.name, c.title), lastStylistItem(db, importId, salon.id)];
    });
    if (statements.length) await db.batch([...statements, progressStatement(db, importId, todo.length, todo.length, 0)]);
    added = todo.length;
  } else if (kind === 'vouchers') {
    for (let i = 0; i < todo.length; i += 50) {
      const part = todo.slice(i, i + 50);
      const statements = part.flatMap((o) => {
        const c = o.c as VoucherCandidate;
        const session = `import-${importId}-${c.code}`;
        const purchaser = c.purchaser || `imported from ${source}`;
        return [
          ...importedVoucherStatements(db, {
            session,
            salonId: salon.id,
            code: storedCode(salon.id, c.code),
            initial: c.initial,
            redeemed: c.initial - c.balance,
            currency: salon.currency,
            expiry: c.expiry ?? '9999-12-31',
            purchaser,
            issuedAt: c.issued ? Date.parse(c.issued) : now,
            now,
          }),
          voucherItem(db, importId, session),
        ];
      });
      await db.batch([...statements, progressStatement(db, importId, i + part.length, part.length, 0)]);
      added += part.length;
    }
  } else {
    const refs = await appointmentRefs(db, salon.id);
    let done = 0;
    for (const o of todo) {
      const c = o.c as AppointmentCandidate;
      const r = resolveAppointment(c, refs, salon, now);
      done++;
      if ('reason' in r) {
        refused.push({ row: c.row, column: r.column, reason: r.reason });
        continue;
      }
      const { statements, created } = insertAppointmentBatch(db, {
        salonId: salon.id,
        clientId: null,
        idempotencyKey: `import-${importId}-${c.row}`,
        status: 'confirmed',
        origin: 'salon',
        start: r.start,
        end: r.end,
        now,
        notes: '',
        total: r.price,
        deposit: 0,
        utmOrigin: null,
        verificationCode: null,
        holdId: null,
        takesTime: true,
        procedures: [{ serviceId: r.serviceId, stylistId: r.stylistId, start: r.start, end: r.end, price: r.price }],
        patchTest: null,
        deskClient: { name: c.client || c.phone || '', phone: c.phone ?? '' },
      });
      try {
        const row = created(await db.batch(statements));
        await db.batch([itemStatement(db, importId, 'appointment', row.id), progressStatement(db, importId, done, 1, 0)]);
        added++;
      } catch (e) {
        if (!isBlockConflict(e)) throw e;
        refused.push(clashOf(c));
      }
    }
  }
  return { added, merged, refused };
}

export { failImport, finishImport, itemIfWritten };
