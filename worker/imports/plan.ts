import {
  columnsOf,
  dateOrderHint,
  extraTimeOf,
  fromPriceName,
  isoDateOf,
  KIND_FIELDS,
  minorOf,
  minutesOf,
  timeOfDayOf,
  yesNoOf,
  type DateOrder,
  type ImportField,
  type ImportKind,
  type ImportSource,
  type RefusedRow,
} from '../../shared/console/imports';
import { IMPORTED_VOUCHER_CODE } from '../../shared/console/vouchers';
import type { PhoneOf } from './phones';

/**
 * A file's rows read into what they will write (docs/console/imports.md): each row becomes a candidate of
 * its kind in the API's own fields, with whether a rule fixed it, or a refusal naming the column
 * and the reason. Dates are kept as written until the whole column is seen, so "03/04/2024" is
 * read in the order the file's other dates show (a day over 12 decides), else the salon country's.
 */

export interface ClientCandidate {
  row: number;
  fixed: boolean;
  first_name: string;
  last_name: string;
  phone: string | null;
  landline: string | null;
  email: string | null;
  notes: string;
  birthday: string | null;
  blocked: boolean;
  texts_ok: boolean;
}
export interface ServiceCandidate {
  row: number;
  fixed: boolean;
  name: string;
  category: string;
  duration: number;
  processing: number;
  price: number;
  variable_price: boolean;
  online: boolean;
  description: string;
}
export interface StaffCandidate {
  row: number;
  fixed: boolean;
  name: string;
  title: string;
  email: string | null;
  active: boolean;
}
export interface VoucherCandidate {
  row: number;
  fixed: boolean;
  code: string;
  balance: number;
  initial: number;
  expiry: string | null;
  issued: string | null;
  purchaser: string;
}
export interface AppointmentCandidate {
  row: number;
  fixed: boolean;
  date: string;
  minute: number;
  phone: string | null;
  client: string;
  service: string;
  stylist: string;
}
export type Candidate = ClientCandidate | ServiceCandidate | StaffCandidate | VoucherCandidate | AppointmentCandidate;

const MAX = { name: 80, notes: 2000, text: 200 };

class Refusal extends Error {
  constructor(
    readonly column: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** A text cell kept as text: trimmed, control characters out, at most `max` characters. */
const text = (s: string | undefined, max = MAX.text) =>
  (s ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .trim()
    .slice(0, max);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function planner(o: {
  source: ImportSource;
  kind: ImportKind;
  headers: string[];
  map?: Record<string, string>;
  phoneOf: PhoneOf;
  country: string;
}) {
  const { columns, ignored } = columnsOf(o.kind, o.headers, o.map);
  const headerOf = (f: ImportField) => (columns[f] === undefined ? f : o.headers[columns[f]]!);
  const candidates: Candidate[] = [];
  const refused: RefusedRow[] = [];
  /** per date field: the order its cells show */
  const orders: Partial<Record<ImportField, DateOrder>> = {};
  let rows = 0;

  function add(cells: string[], row: number) {
    rows++;
    const cell = (f: ImportField) => (columns[f] === undefined ? '' : (cells[columns[f]!] ?? '').trim());
    const dateCell = (f: ImportField) => {
      const v = cell(f);
      orders[f] ??= dateOrderHint(v) ?? undefined;
      return v === '' ? null : v;
    };
    try {
      const c = readRow(o.kind, cell, dateCell, headerOf, o.phoneOf, row);
      if (c) candidates.push(c);
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      refused.push({ row, column: e.column, reason: e.reason });
    }
  }

  /** Once every row is read: the dates in the file's order; rows with a date that is none are refused. */
  function finish() {
    const fallback: DateOrder = o.country === 'US' || o.country === 'CA' ? 'mdy' : 'dmy';
    const ok: Candidate[] = [];
    for (const c of candidates) {
      try {
        settleDates(o.kind, c, (f, v) => {
          const iso = isoDateOf(v, orders[f] ?? fallback);
          if (!iso) throw new Refusal(headerOf(f), `“${v}” is not a date`);
          if (iso !== v) c.fixed = true;
          return iso;
        });
        ok.push(c);
      } catch (e) {
        if (!(e instanceof Refusal)) throw e;
        refused.push({ row: c.row, column: e.column, reason: e.reason });
      }
    }
    refused.sort((a, b) => a.row - b.row);
    return {
      rows,
      candidates: ok,
      refused,
      columns: Object.fromEntries(Object.keys(columns).map((f) => [f, headerOf(f as ImportField)])),
      ignored,
      headers: o.headers.filter((h) => h !== ''),
    };
  }

  // the fields the kind needs that no column holds: the preview asks the owner to choose them (the import refuses the file)
  const missing = REQUIRED[o.kind].filter((required) => !required.some((f) => columns[f] !== undefined));
  const refusal = missing.length
    ? new Refusal(missing[0]!.join(' or '), `The file has no ${missing[0]!.join(' or ')} column: choose which column holds it`)
    : null;

  return { add, finish, missing: missing.map((required) => required[0]!), refusal };
}

const REQUIRED: Record<ImportKind, ImportField[][]> = {
  clients: [['first_name', 'last_name', 'name']],
  services: [['name'], ['duration']],
  staff: [['first_name', 'last_name', 'name']],
  vouchers: [['code'], ['balance', 'initial']],
  appointments: [['date'], ['time'], ['service'], ['stylist'], ['phone', 'client']],
};

export { Refusal as ImportRefusal };

function settleDates(kind: ImportKind, c: Candidate, iso: (f: ImportField, v: string) => string) {
  if (kind === 'clients') {
    const x = c as ClientCandidate;
    if (x.birthday) x.birthday = iso('birthday', x.birthday);
  } else if (kind === 'vouchers') {
    const x = c as VoucherCandidate;
    if (x.expiry) x.expiry = iso('expiry', x.expiry);
    if (x.issued) x.issued = iso('issued', x.issued);
  } else if (kind === 'appointments') {
    const x = c as AppointmentCandidate;
    x.date = iso('date', x.date);
  }
}

function splitName(first: string, last: string, full: string) {
  if (first || last) return { first, last };
  const parts = full.split(/\s+/).filter(Boolean);
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

function readRow(
  kind: ImportKind,
  cell: (f: ImportField) => string,
  dateCell: (f: ImportField) => string | null,
  headerOf: (f: ImportField) => string,
  phoneOf: PhoneOf,
  row: number,
): Candidate | null {
  const refuse = (f: ImportField, reason: string) => new Refusal(headerOf(f), reason);
  let fixed = false;
  const phone = (f: ImportField, raw: string) => {
    if (raw === '') return null;
    const p = phoneOf(raw);
    if (!p) throw refuse(f, `“${raw}” is not a phone number`);
    if (p.e164 !== raw) fixed = true;
    return p;
  };
  if (kind === 'clients') {
    const { first, last } = splitName(text(cell('first_name'), MAX.name), text(cell('last_name'), MAX.name), text(cell('name'), MAX.name));
    if (!first && !last) throw refuse('first_name', 'The client has no name');
    const mobile = phone('phone', cell('phone'));
    const other = phone('landline', cell('landline'));
    const rawEmail = cell('email').toLowerCase();
    if (rawEmail && !EMAIL.test(rawEmail)) throw refuse('email', `“${cell('email')}” is not an email address`);
    // a landline in the mobile column is kept as the landline (never texted)
    const cellPhone = mobile?.mobile ? mobile.e164 : null;
    const landline = (mobile && !mobile.mobile ? mobile.e164 : null) ?? other?.e164 ?? null;
    if (!cellPhone && !rawEmail && !landline) throw refuse('phone', 'The client has no phone number or email');
    const blocked = cell('blocked') === '' ? false : yesNoOf(cell('blocked'));
    if (blocked === null) throw refuse('blocked', `“${cell('blocked')}” is not yes or no`);
    const consent = cell('consent') === '' ? true : yesNoOf(cell('consent'));
    return {
      row,
      fixed,
      first_name: first,
      last_name: last,
      phone: cellPhone ?? (!rawEmail ? landline : null),
      landline: cellPhone || rawEmail ? landline : null,
      email: rawEmail || null,
      notes: text(cell('notes'), MAX.notes),
      birthday: dateCell('birthday'),
      blocked,
      texts_ok: consent !== false,
    } satisfies ClientCandidate;
  }
  if (kind === 'services') {
    const raw = text(cell('name'), MAX.name + 10);
    if (!raw) throw refuse('name', 'The service has no name');
    const { name, from } = fromPriceName(raw);
    if (from) fixed = true;
    const durationText = cell('duration');
    const duration = minutesOf(durationText);
    if (duration === null) throw refuse('duration', `“${durationText}” is not a duration (write it like 1h 30m or 45m)`);
    if (duration < 5 || duration > 720) throw refuse('duration', 'A service takes between 5 minutes and 12 hours');
    if (!/^\d+$/.test(durationText)) fixed = true;
    let processing = 0;
    let blockedAfter = 0;
    const extra = cell('extra_time');
    if (extra) {
      const e = extraTimeOf(extra);
      if (!e) throw refuse('extra_time', `“${extra}” is not an extra time (like 50m processing time after)`);
      if (e.what === 'processing') processing = e.minutes;
      else blockedAfter = e.minutes;
      fixed = true;
    }
    if (cell('processing')) {
      const p = minutesOf(cell('processing'));
      if (p === null) throw refuse('processing', `“${cell('processing')}” is not a duration`);
      processing = p;
    }
    if (processing > 480) throw refuse('extra_time', 'Processing can be at most 8 hours');
    const priceText = cell('price');
    const price = priceText === '' ? 0 : minorOf(priceText);
    if (price === null) throw refuse('price', `“${priceText}” is not a price`);
    if (price > 10_000_000) throw refuse('price', 'That price is too high');
    const online = cell('online') === '' ? true : yesNoOf(cell('online'));
    if (online === null) throw refuse('online', `“${cell('online')}” is not enabled or disabled`);
    return {
      row,
      fixed,
      name: name.slice(0, MAX.name),
      category: text(cell('category'), 60) || 'Imported',
      // blocked time after: the stylist stays busy, so it is part of the duration
      duration: Math.min(duration + blockedAfter, 720),
      processing,
      price,
      variable_price: from,
      online,
      description: text(cell('description'), 1000),
    } satisfies ServiceCandidate;
  }
  if (kind === 'staff') {
    const { first, last } = splitName(text(cell('first_name'), 40), text(cell('last_name'), 40), text(cell('name'), 80));
    if (!first && !last) throw refuse('first_name', 'The stylist has no name');
    const email = cell('email').toLowerCase();
    if (email && !EMAIL.test(email)) throw refuse('email', `“${cell('email')}” is not an email address`);
    const status = cell('status');
    const active = status === '' ? true : (yesNoOf(status) ?? !/inactive|archived|deleted|left/i.test(status));
    return {
      row,
      fixed,
      name: `${first} ${last}`.trim(),
      title: text(cell('title'), 60),
      email: email || null,
      active,
    } satisfies StaffCandidate;
  }
  if (kind === 'vouchers') {
    const rawCode = cell('code');
    const code = rawCode.toUpperCase().replace(/[\s-]/g, '');
    if (!IMPORTED_VOUCHER_CODE.test(code)) throw refuse('code', `“${rawCode}” is not a voucher code (6 to 32 letters and digits)`);
    if (code !== rawCode) fixed = true;
    const balance = cell('balance') === '' ? null : minorOf(cell('balance'));
    const initial = cell('initial') === '' ? null : minorOf(cell('initial'));
    if (cell('balance') !== '' && balance === null) throw refuse('balance', `“${cell('balance')}” is not an amount`);
    if (cell('initial') !== '' && initial === null) throw refuse('initial', `“${cell('initial')}” is not an amount`);
    const left = balance ?? initial!;
    if (left <= 0) throw refuse('balance', 'Nothing is left on this voucher');
    if (initial !== null && initial < left) throw refuse('balance', 'The balance is more than the voucher was worth');
    if (/redeemed|void|cancel|refund/i.test(cell('status'))) throw refuse('status', `The voucher is ${cell('status').toLowerCase()}`);
    return {
      row,
      fixed,
      code,
      balance: left,
      initial: Math.max(initial ?? left, left),
      expiry: dateCell('expiry'),
      issued: dateCell('issued'),
      purchaser: text(cell('purchaser'), 200),
    } satisfies VoucherCandidate;
  }
  // appointments
  const date = dateCell('date');
  if (!date) throw refuse('date', 'The appointment has no date');
  const minute = timeOfDayOf(cell('time'));
  if (minute === null) throw refuse('time', `“${cell('time')}” is not a time of day`);
  const p = phone('phone', cell('phone'));
  const client = text(cell('client'), MAX.name);
  if (!p && !client) throw refuse('phone', 'The appointment names no client');
  const service = text(cell('service'), MAX.name + 10);
  if (!service) throw refuse('service', 'The appointment names no service');
  const stylist = text(cell('stylist'), 80);
  if (!stylist) throw refuse('stylist', 'The appointment names no stylist');
  return {
    row,
    fixed,
    date,
    minute,
    phone: p?.e164 ?? null,
    client,
    service: fromPriceName(service).name,
    stylist,
  } satisfies AppointmentCandidate;
}

export const fieldsOf = (kind: ImportKind) => KIND_FIELDS[kind];
