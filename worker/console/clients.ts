import { toMajor } from '../../shared/money';
import { CLIENTS_PAGE_SIZE, type ClientCard, type ClientList, type ClientMessage, type ClientSummary } from '../../shared/console/clients';
import { deliveriesOfClient, statusesOfKeys } from '../db/message-deliveries';
import {
  appointmentsOfClient,
  importedDetailsOf,
  messagesOfClient,
  notesOfClient,
  personOf,
  searchClients,
  type ClientMessageRow,
  type ClientNoteRow,
  type PersonRow,
} from '../db/salon-clients';
import { isOptedOut } from '../db/texts';
import { AppError } from '../errors';

/** The console's Clients place (issue 29): search, and a client's card at one salon. */

const iso = (ms: number) => new Date(ms).toISOString();
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * What a search asks for: a phone when it is mostly digits ('07700 900123', '+44 7700 900123':
 * the digits after any leading 0, matched anywhere in the number), a name otherwise (any part).
 */
export function searchPatterns(q: string): { name: string | null; phone: string | null } {
  const query = q.trim();
  if (!query) return { name: null, phone: null };
  if (/^[\d\s+().-]+$/.test(query) && /\d{3}/.test(query.replace(/\D/g, ''))) {
    const digits = query.replace(/\D/g, '').replace(/^0+/, '');
    return { name: null, phone: `%${digits}%` };
  }
  return { name: `%${likeEscape(query.replace(/\s+/g, ' '))}%`, phone: null };
}

export const summaryOf = (p: PersonRow): ClientSummary => ({
  id: p.id,
  name: p.name || p.phone || p.email || '',
  phone: p.phone,
  email: p.email,
  has_account: p.has_account === 1,
  appointments: p.appointments,
  last_visit: p.last_visit === null ? null : iso(p.last_visit),
});

export const noteOf = (n: ClientNoteRow) => ({ id: n.id, body: n.body, staff_name: n.staff_name, created_at: iso(n.created_at) });

export interface Scope {
  salonId: number;
  /** a stylist's own column: only the clients with an appointment in it */
  stylistId: number | null;
}

export async function findClients(db: D1Database, scope: Scope, q: { q: string; page: number; now: number }): Promise<ClientList> {
  const { rows, total } = await searchClients(db, {
    ...scope,
    ...searchPatterns(q.q),
    limit: CLIENTS_PAGE_SIZE,
    offset: (q.page - 1) * CLIENTS_PAGE_SIZE,
    now: q.now,
  });
  return { clients: rows.map(summaryOf), page: q.page, pages: Math.max(1, Math.ceil(total / CLIENTS_PAGE_SIZE)), total };
}

/** The salon's client by key (in the stylist's column only, when given); 404 otherwise, as for another salon's. */
export async function clientOfSalon(db: D1Database, scope: Scope, key: string, now: number): Promise<PersonRow> {
  const person = await personOf(db, { ...scope, key, now });
  if (!person) throw new AppError('NOT_FOUND', 'Client not found');
  return person;
}

/** The texts sent_messages records and the reminders, newest first, each with its delivery status. */
async function withDeliveries(
  db: D1Database,
  salonId: number,
  clientId: string | null,
  texts: ClientMessageRow[],
): Promise<ClientMessage[]> {
  const [statuses, reminders] = await Promise.all([
    statusesOfKeys(
      db,
      texts.map((m) => m.key),
    ),
    clientId ? deliveriesOfClient(db, salonId, clientId) : [],
  ]);
  const all: ClientMessage[] = [
    ...texts.map((m) => ({
      kind: m.kind,
      channel: 'sms' as const,
      sent_at: iso(m.sent_at),
      appointment_id: m.appointment_id,
      status: statuses.get(m.key) ?? null,
    })),
    ...reminders.map((d) => ({
      kind: d.what === 'reminder-2h' ? ('reminder_2h' as const) : ('reminder_24h' as const),
      channel: d.channel,
      sent_at: iso(d.created_at),
      appointment_id: d.appointment_id,
      status: d.status,
    })),
  ];
  return all.sort((a, b) => b.sent_at.localeCompare(a.sent_at)).slice(0, 100);
}

/**
 * A client's card: appointments at this salon, spend (the prices of appointments that took place:
 * begun, not cancelled, not missed), no-shows, the salon's notes and the texts sent.
 */
export async function clientCard(db: D1Database, scope: Scope, key: string, q: { currency: string; now: number }): Promise<ClientCard> {
  const person = await clientOfSalon(db, scope, key, q.now);
  const phone = person.phone || null;
  const [appointments, notes, messages, optedOut, imported] = await Promise.all([
    appointmentsOfClient(db, scope.salonId, key),
    notesOfClient(db, scope.salonId, key, phone),
    messagesOfClient(db, scope.salonId, key),
    phone ? isOptedOut(db, scope.salonId, phone) : false,
    importedDetailsOf(db, scope.salonId, key, phone),
  ]);
  const tookPlace = appointments.filter((a) => a.start_at <= q.now && a.status !== 'cancelled' && a.no_show_at === null);
  return {
    client: {
      ...summaryOf(person),
      opted_out_of_texts: optedOut,
      imported: imported && { landline: imported.landline, birthday: imported.birthday, blocked: imported.blocked === 1 },
    },
    appointments: appointments.map((a) => ({
      id: a.id,
      number: a.number,
      start: iso(a.start_at),
      end: iso(a.end_at),
      status: a.no_show_at !== null ? 'no_show' : a.status,
      services: a.services ?? '',
      stylists: a.stylists ?? '',
      price: toMajor(a.price),
      upcoming: a.start_at > q.now && a.status !== 'cancelled',
      open_request: a.open_request === 1,
    })),
    spend: toMajor(tookPlace.reduce((sum, a) => sum + a.price, 0)),
    currency: q.currency,
    no_shows: appointments.filter((a) => a.no_show_at !== null).length,
    notes: notes.map(noteOf),
    messages: await withDeliveries(db, scope.salonId, person.has_account ? person.id : null, messages),
    can_rebook: person.has_account === 1 && tookPlace.length > 0,
  };
}
