import type { RebookingAppointment, RebookingClient } from '../../shared/rebooking';
import { toMajor } from '../../shared/money';
import type { ThemeMode } from '../../shared/constants';
import { brandVariables } from '../../themes/brand';
import { procedureItems } from '../bookings/appointment-view';
import { proceduresOf, salonRules, type ClientAppointmentRow, type ProcedureRow } from '../db/client-appointments';
import { pastAppointments, rebookableIds, rebookingSalons, salonOfRebookingClient } from '../db/rebooking';
import { AppError } from '../errors';

/** §3 Appointment (history): at most this many past appointments, newest first. */
export const HISTORY_LIMIT = 30;

/** The salons where the client has past appointments, each with the client's number there. */
export async function salonsOfClient(db: D1Database, clientId: string, now: number): Promise<RebookingClient[]> {
  const rows = await rebookingSalons(db, clientId, now);
  return rows.map((r) => ({
    id: r.id,
    salon: {
      id: r.salon_id,
      name: r.name,
      phone: r.phone,
      timezone: r.timezone,
      currency: r.currency,
      theme_mode: r.theme_mode,
      colours: brandVariables(r.theme_mode as ThemeMode, r.brand_colour),
    },
    title: '',
    first_name: r.first_name,
  }));
}

/**
 * The client's salons across databases (`byDatabase`: the salons the index names, by the
 * database the directory places each in): each database is asked for its own, in one order.
 */
export async function salonsOfClientIn(byDatabase: Map<D1Database, number[]>, clientId: string, now: number): Promise<RebookingClient[]> {
  const found = await Promise.all(
    [...byDatabase].map(async ([db, ids]) => (await salonsOfClient(db, clientId, now)).filter((s) => ids.includes(s.salon.id))),
  );
  return found.flat().sort((a, b) => (a.salon.name < b.salon.name ? -1 : a.salon.name > b.salon.name ? 1 : a.salon.id - b.salon.id));
}

/** 'Full Head Tint, Blow Dry at Willow & Co Islington' */
export const titleOf = (procedures: ProcedureRow[], salonName: string) =>
  `${procedures.map((p) => p.service_name).join(', ')} at ${salonName}`;

export function rebookingAppointment(
  a: ClientAppointmentRow,
  procedures: ProcedureRow[],
  salonName: string,
  canRebook: boolean,
): RebookingAppointment {
  return {
    id: a.id,
    salon_id: a.salon_id,
    starts_at: new Date(a.start_at).toISOString(),
    ends_at: new Date(a.end_at).toISOString(),
    price: toMajor(a.total_price),
    deposit: toMajor(a.deposit),
    title: titleOf(procedures, salonName),
    procedures: procedureItems(procedures),
    can_rebook: canRebook,
  };
}

/** The client's past appointments at the salon its number names (another client's number: 404). */
export async function historyOf(
  db: D1Database,
  q: { rebookingClientId: number; clientId: string; now: number; salonId?: number | null },
): Promise<RebookingAppointment[]> {
  const owned = await salonOfRebookingClient(db, q.rebookingClientId, q.clientId);
  if (!owned || (q.salonId != null && owned.salon_id !== q.salonId)) throw new AppError('NOT_FOUND', 'Not found');
  const [salon, rows] = await Promise.all([
    salonRules(db, owned.salon_id),
    pastAppointments(db, { salonId: owned.salon_id, clientId: q.clientId, now: q.now, limit: HISTORY_LIMIT }),
  ]);
  if (!salon) throw new AppError('NOT_FOUND', 'Not found');
  const ids = rows.map((r) => r.id);
  const [procedures, rebookable] = await Promise.all([proceduresOf(db, ids), rebookableIds(db, ids)]);
  return rows.map((r) =>
    rebookingAppointment(
      r,
      procedures.filter((p) => p.appointment_id === r.id),
      salon.name,
      rebookable.has(r.id),
    ),
  );
}
