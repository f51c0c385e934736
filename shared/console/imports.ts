import * as z from '../zod';

/**
 * Imports from another salon system (issue 50; docs/console/imports.md): what a file is (its source and
 * kind, recognised from its header row), the per-column reading rules that turn another system's
 * cells into the API's own fields, and the answers of the calls. Pure: the Worker reads files with
 * it, the console shows its answers with it.
 */

export const IMPORT_SOURCES = ['fresha', 'square', 'vagaro', 'phorest', 'generic'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
export const IMPORT_KINDS = ['clients', 'services', 'staff', 'vouchers', 'appointments'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const SOURCE_NAMES: Record<ImportSource, string> = {
  fresha: 'Fresha',
  square: 'Square',
  vagaro: 'Vagaro',
  phorest: 'Phorest',
  generic: 'Another system (CSV)',
};
export const KIND_NAMES: Record<ImportKind, string> = {
  clients: 'Clients',
  services: 'Services',
  staff: 'Staff',
  vouchers: 'Gift cards and vouchers',
  appointments: 'Future appointments',
};

/** The largest file taken (bytes): 10 MB. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MSG_TOO_LARGE =
  'The file is larger than 10 MB. Export fewer columns or split it into several files (by the first letter of the surname, say) and import each.';
/** How long an import can be undone. */
export const UNDO_DAYS = 7;
/** A running import whose progress has not moved for this long is dead (its Worker stopped): it is marked failed. */
export const IMPORT_STALE_MS = 2 * 60_000;
/** How many rows the preview shows as they will be written. */
export const PREVIEW_ROWS = 20;

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The fields a row of each kind can give (a generic file's column mapper offers these). */
export const KIND_FIELDS = {
  clients: ['first_name', 'last_name', 'name', 'phone', 'landline', 'email', 'notes', 'birthday', 'blocked', 'consent'],
  services: ['name', 'category', 'duration', 'extra_time', 'processing', 'price', 'online', 'description'],
  staff: ['first_name', 'last_name', 'name', 'email', 'title', 'status'],
  vouchers: ['code', 'balance', 'initial', 'expiry', 'issued', 'purchaser', 'status'],
  appointments: ['date', 'time', 'phone', 'client', 'service', 'stylist'],
} as const satisfies Record<ImportKind, readonly string[]>;
export type ImportField = (typeof KIND_FIELDS)[ImportKind][number];

/** A header as compared: lower case, letters and digits only ('Mobile Number' → 'mobilenumber'). */
export const headerKey = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The headers each field is read from, by header key. A source's own names come first; a generic
 * file is read with all of them, and its column mapper can name any header for any field.
 */
const ALIASES: Record<ImportKind, Record<string, readonly string[]>> = {
  clients: {
    first_name: ['firstname', 'first', 'givenname', 'forename'],
    last_name: ['lastname', 'last', 'surname', 'familyname'],
    name: ['name', 'fullname', 'clientname', 'customername', 'customer', 'client'],
    phone: ['mobilenumber', 'mobile', 'cellphone', 'cell', 'phonenumber', 'phone', 'mobilephone'],
    landline: ['telephone', 'dayphone', 'nightphone', 'homephone', 'landline'],
    email: ['email', 'emailaddress', 'emailaddr'],
    notes: ['note', 'notes', 'memo', 'allergies', 'clientnotes'],
    birthday: ['dateofbirth', 'birthday', 'dob', 'birthdate'],
    blocked: ['blocked', 'isblocked'],
    consent: ['emailsubscriptionstatus', 'marketingconsent', 'marketing', 'acceptsmarketing', 'smsmarketing', 'subscribed'],
  },
  services: {
    name: ['servicename', 'service', 'name', 'treatment'],
    category: ['categoryname', 'category', 'servicecategory', 'group'],
    duration: ['duration', 'length', 'time', 'minutes'],
    extra_time: ['extratime'],
    processing: ['processingtime', 'processing'],
    price: ['retailprice', 'price', 'cost', 'amount'],
    online: ['onlinebooking', 'online', 'bookableonline'],
    description: ['description', 'details'],
  },
  staff: {
    first_name: ['firstname', 'first', 'givenname'],
    last_name: ['lastname', 'last', 'surname'],
    name: ['name', 'fullname', 'staffname', 'stylist', 'employee'],
    email: ['email', 'emailaddress'],
    title: ['jobtitle', 'title', 'role', 'position'],
    status: ['status', 'active'],
  },
  vouchers: {
    code: ['cardnumber', 'serialnumber', 'code', 'vouchercode', 'giftcardcode', 'number', 'giftcardnumber'],
    balance: ['currentbalance', 'remainingbalance', 'balance', 'remaining'],
    initial: ['initialamount', 'amount', 'value', 'originalamount'],
    expiry: ['expirydate', 'expirationdate', 'expires', 'expiry', 'validuntil'],
    issued: ['purchasedate', 'issuedate', 'issued', 'sold', 'solddate'],
    purchaser: ['from', 'customer', 'purchaser', 'purchaseremail', 'buyer'],
    status: ['status'],
  },
  appointments: {
    date: ['date', 'appointmentdate', 'day'],
    time: ['time', 'starttime', 'start', 'appointmenttime'],
    phone: ['phone', 'mobile', 'clientphone', 'mobilenumber', 'phonenumber'],
    client: ['client', 'clientname', 'customer', 'name', 'customername'],
    service: ['service', 'servicename', 'treatment'],
    stylist: ['stylist', 'staff', 'staffname', 'employee', 'withstaff', 'teammember'],
  },
};

/** Header names that mark a source's export of a kind (header keys; all must be present). */
const SIGNATURES: { source: ImportSource; kind: ImportKind; has: string[] }[] = [
  { source: 'fresha', kind: 'clients', has: ['clientid', 'firstname', 'mobilenumber'] },
  { source: 'fresha', kind: 'services', has: ['servicename', 'duration', 'retailprice'] },
  { source: 'fresha', kind: 'staff', has: ['firstname', 'lastname', 'jobtitle', 'appointments'] },
  { source: 'square', kind: 'clients', has: ['squarecustomerid'] },
  { source: 'square', kind: 'clients', has: ['referenceid', 'emailaddress', 'phonenumber'] },
  { source: 'vagaro', kind: 'vouchers', has: ['cardnumber', 'currentbalance'] },
  { source: 'vagaro', kind: 'clients', has: ['cellphone', 'customersince'] },
  { source: 'phorest', kind: 'vouchers', has: ['serialnumber', 'remainingbalance'] },
];

/** What a header row is: a known source's export, or a generic file of the kind its columns suggest. */
export function recognise(headers: string[]): { source: ImportSource; kind: ImportKind } {
  const keys = new Set(headers.map(headerKey));
  const known = SIGNATURES.find((s) => s.has.every((h) => keys.has(h)));
  if (known) return { source: known.source, kind: known.kind };
  const score = (kind: ImportKind) => Object.values(ALIASES[kind]).filter((names) => names.some((n) => keys.has(n))).length;
  const has = (kind: ImportKind, field: string) => ALIASES[kind][field]!.some((n) => keys.has(n));
  if (has('appointments', 'date') && has('appointments', 'time') && has('appointments', 'service'))
    return { source: 'generic', kind: 'appointments' };
  if (has('vouchers', 'code') && has('vouchers', 'balance')) return { source: 'generic', kind: 'vouchers' };
  if (has('services', 'duration') && has('services', 'price')) return { source: 'generic', kind: 'services' };
  const best = (['clients', 'staff'] as const).reduce((a, b) => (score(b) > score(a) ? b : a));
  return { source: 'generic', kind: best };
}

/**
 * Which column (index) each field is read from: the mapper's choices first (a header, or '' for a
 * field not read at all), then for the other fields the first free header that is one of the
 * field's names. Answers also the headers that were not read.
 */
export function columnsOf(kind: ImportKind, headers: string[], map: Partial<Record<string, string>> = {}) {
  const keys = headers.map(headerKey);
  const columns: Partial<Record<ImportField, number>> = {};
  const taken = new Set<number>();
  const take = (field: string, at: number) => {
    columns[field as ImportField] = at;
    taken.add(at);
  };
  for (const field of KIND_FIELDS[kind]) {
    const chosen = map[field];
    const at = chosen ? keys.findIndex((k, i) => k === headerKey(chosen) && !taken.has(i)) : -1;
    if (at >= 0) take(field, at);
  }
  for (const field of KIND_FIELDS[kind]) {
    if (columns[field as ImportField] !== undefined || map[field] === '') continue;
    for (const name of ALIASES[kind][field] ?? []) {
      const at = keys.findIndex((k, i) => k === name && !taken.has(i));
      if (at >= 0) {
        take(field, at);
        break;
      }
    }
  }
  return { columns, ignored: headers.filter((_, i) => !taken.has(i) && headers[i]!.trim() !== '') };
}

// ---- reading cells ----

/** "1h 30m", "45m", "1h", "90", "1:30", "2 hours" → minutes; null when it is none of these. */
export function minutesOf(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (t === '') return null;
  if (/^\d+$/.test(t)) return Number(t);
  const clock = /^(\d{1,2}):(\d{2})$/.exec(t);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const m = /^(?:(\d+(?:\.\d+)?)\s*(?:h|hr|hrs|hour|hours))?\s*(?:(\d+)\s*(?:m|min|mins|minute|minutes))?$/.exec(t);
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  return Math.round(Number(m[1] ?? 0) * 60) + Number(m[2] ?? 0);
}

/** Fresha's "Extra time": "50m processing time after" or "10m blocked time after" (either is time after the service). */
export function extraTimeOf(text: string): { minutes: number; what: 'processing' | 'blocked' } | null {
  const m = /^(.*?)\s*(processing|blocked)\s+time\s+after$/i.exec(text.trim());
  if (!m) return null;
  const minutes = minutesOf(m[1]!);
  return minutes === null ? null : { minutes, what: m[2]!.toLowerCase() as 'processing' | 'blocked' };
}

/** A name ending in " - From" marks a "from" price: the name without it. */
export function fromPriceName(name: string): { name: string; from: boolean } {
  const m = /^(.*?)\s+-\s+from$/i.exec(name.trim());
  return m ? { name: m[1]!, from: true } : { name: name.trim(), from: false };
}

/** "£45.00", "45", "1,200.50", "USD 30" → minor units; null when it is not an amount. */
export function minorOf(text: string): number | null {
  const t = text.replace(/[^\d.,-]/g, '');
  if (!/^\d[\d,]*(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t.replace(/,/g, '')) * 100);
}

const YES = new Set(['yes', 'y', 'true', '1', 'enabled', 'on', 'blocked', 'subscribed', 'active', 'opted in', 'optedin']);
const NO = new Set(['no', 'n', 'false', '0', 'disabled', 'off', '', 'unsubscribed', 'inactive', 'opted out', 'optedout', 'unknown']);
/** Yes/no cells; null when it is neither. */
export function yesNoOf(text: string): boolean | null {
  const t = text.trim().toLowerCase();
  if (YES.has(t)) return true;
  if (NO.has(t)) return false;
  return null;
}

export type DateOrder = 'ymd' | 'dmy' | 'mdy';
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A date cell's parts as written: [a, b, year] for "a/b/year", or a full date when it is unambiguous. */
function dateParts(text: string): { y: number; m: number; d: number } | { a: number; b: number; y: number } | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(t);
  if (m) return { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(t);
  if (m) {
    const y = Number(m[3]);
    return { a: Number(m[1]), b: Number(m[2]), y: y < 100 ? (y > 40 ? 1900 + y : 2000 + y) : y };
  }
  m = /^(\d{1,2})\s+([a-z]{3})[a-z]*\.?,?\s+(\d{4})$/i.exec(t);
  if (m && MONTHS.includes(m[2]!.toLowerCase())) return { y: Number(m[3]), m: MONTHS.indexOf(m[2]!.toLowerCase()) + 1, d: Number(m[1]) };
  m = /^([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(t);
  if (m && MONTHS.includes(m[1]!.toLowerCase())) return { y: Number(m[3]), m: MONTHS.indexOf(m[1]!.toLowerCase()) + 1, d: Number(m[2]) };
  return null;
}

/** What a column's written dates say of its order: 'dmy' when a first part is over 12, 'mdy' when a second is; else null. */
export function dateOrderHint(text: string): DateOrder | null {
  const p = dateParts(text);
  if (!p || !('a' in p)) return null;
  if (p.a > 12 && p.b <= 12) return 'dmy';
  if (p.b > 12 && p.a <= 12) return 'mdy';
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A date cell as YYYY-MM-DD, reading "a/b/year" in `order`; null when it is not a real date. */
export function isoDateOf(text: string, order: DateOrder): string | null {
  const p = dateParts(text);
  if (!p) return null;
  const { y, m, d } = 'a' in p ? (order === 'mdy' ? { y: p.y, m: p.a, d: p.b } : { y: p.y, m: p.b, d: p.a }) : p;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** "14:30", "2:30 PM", "9am", "0930" → minutes from midnight; null otherwise. */
export function timeOfDayOf(text: string): number | null {
  const m = /^(\d{1,2})(?::?(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/i.exec(text.trim());
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2] ?? 0);
  const half = m[3]?.toLowerCase()[0];
  if (half) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (half === 'p' ? 12 : 0);
  }
  if (h > 23 || min > 59) return null;
  return h * 60 + min;
}

/**
 * A cell as it may be written into a spreadsheet again: text starting with =, +, -, @ (or a tab or
 * carriage return) would be read as a formula, so it gets a leading apostrophe; then quoted for CSV.
 */
export function csvCell(value: string | number): string {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

// ---- the calls ----

/** The query of POST imports: dry_run=1 previews; source and kind correct what was recognised; map names a generic file's columns. */
export const importQuerySchema = z.object({
  dry_run: z.enum(['0', '1', 'true', 'false'], 'dry_run is 1 (preview) or 0').optional(),
  source: z.enum(IMPORT_SOURCES, `Choose a source: ${IMPORT_SOURCES.join(', ')}`).optional(),
  kind: z.enum(IMPORT_KINDS, `Choose what the file holds: ${IMPORT_KINDS.join(', ')}`).optional(),
  /** JSON: {"phone": "Cell", "first_name": "Given"} (a field of the kind → a header of the file) */
  map: z
    .string()
    .max(2000, 'The column map is too long')
    .transform((s, ctx) => {
      try {
        const parsed = z.record(z.string().max(40), z.string().max(200)).safeParse(JSON.parse(s));
        if (parsed.success) return parsed.data;
      } catch {
        // fall through to the message
      }
      ctx.addIssue({ code: 'custom', message: 'The column map is JSON: {"phone": "Cell"}' });
      return z.NEVER;
    })
    .optional(),
});

export interface RefusedRow {
  /** counted from 1 after the header */
  row: number;
  column: string;
  reason: string;
}

export interface ImportPreview {
  source: ImportSource;
  kind: ImportKind;
  rows: number;
  new: number;
  merged: number;
  fixed: number;
  refused: RefusedRow[];
  /** the first rows as they will be written, in the API's own fields */
  preview: Record<string, unknown>[];
  /** the columns read (field → header) and the headers ignored */
  columns: Record<string, string>;
  ignored: string[];
  /** the file's header row, in order (the column mapper offers these) */
  headers: string[];
  /** the fields the kind needs that no column holds (the first of each set: `first_name` for a name); the import refuses the file until they are chosen */
  missing: string[];
  /** rows the salon already has as they are (a file imported before, or rows of one) */
  unchanged: number;
  /** the same file was imported already (not undone): importing it again adds nothing */
  already_imported: number | null;
}

export interface ImportCreated {
  import_id: number;
  added: number;
  merged: number;
  refused: number;
  /** true when this file was imported before: nothing was added */
  already_imported: boolean;
}

export interface ImportSummary {
  id: number;
  source: ImportSource;
  kind: ImportKind;
  rows: number;
  done_rows: number;
  added: number;
  merged: number;
  refused: number;
  /** failed: the writing stopped part-way (what it wrote stays until it is undone; the same file can be imported again) */
  status: 'running' | 'done' | 'failed' | 'undone';
  created_by: string;
  created_at: string;
  finished_at: string | null;
  undone_at: string | null;
  /** until when it can be undone (null once undone) */
  undo_until: string | null;
}

/** The refused rows as a CSV file the owner can open in a spreadsheet (every cell safe to open). */
export function refusedCsv(rows: RefusedRow[]): string {
  return ['Row,Column,Reason', ...rows.map((r) => [r.row, r.column, r.reason].map(csvCell).join(','))].join('\r\n') + '\r\n';
}
