import { fromZonedWall, zonedTime } from '../../shared/zoned-time';
import type { FailedMessage, Today, WaitingRequest } from '../../shared/console/today';
import { MESSAGE_WHAT, messageWhat } from '../../shared/console/today';
import { failedSince } from '../db/message-deliveries';
import { invitesOfSalon, type InviteRow } from '../db/invites';
import { salonById } from '../db/salons';
import { AppError } from '../errors';
import { pendingRequests } from '../db/time-off';
import { diaryDay } from './diary';
import { setupChecklistOf } from './setup-checklist';
import { timeOffOut } from './time-off';

const iso = (ms: number) => new Date(ms).toISOString();
const WAITING = ['invited', 'reminded', 'seen'] as const;
const isWaiting = (r: InviteRow): r is InviteRow & { status: WaitingRequest['status'] } =>
  (WAITING as readonly string[]).includes(r.status);

/**
 * Today (docs/console/README.md): the salon's day in its own timezone: the appointments (a stylist's
 * own column only), how many arrived and are still to come, the deposit requests waiting for
 * their clients, and the messages that failed or bounced since midnight. Requests and failed
 * messages, stylists' requests for time off and a new salon's checklist of what is left are for
 * those who run the salon (`full`).
 */
export async function todayOf(
  db: D1Database,
  q: { salonId: number; stylistId: number | null; full: boolean; now: number },
): Promise<Today> {
  const salon = await salonById(db, q.salonId);
  if (!salon) throw new AppError('NOT_FOUND', 'Salon not found');
  const date = zonedTime(q.now, salon.timezone).date;
  const midnight = fromZonedWall(`${date}T00:00:00`, salon.timezone);
  const [day, invites, failed, asked, setup] = await Promise.all([
    diaryDay(db, { salonId: q.salonId, date, stylistId: q.stylistId }),
    q.full ? invitesOfSalon(db, q.salonId, q.now) : null,
    q.full ? failedSince(db, q.salonId, midnight) : null,
    q.full ? pendingRequests(db, q.salonId, q.now) : null,
    q.full ? setupChecklistOf(db, q.salonId) : null,
  ]);
  const coming = day.appointments.filter((a) => a.status !== 'cancelled' && a.status !== 'waitlist');
  return {
    date,
    timezone: salon.timezone,
    currency: salon.currency,
    appointments: day.appointments,
    arrived: coming.filter((a) => a.arrived).length,
    to_come: coming.filter((a) => !a.arrived && !a.no_show && Date.parse(a.end) > q.now).length,
    requests_waiting:
      invites?.filter(isWaiting).map((r) => ({
        id: r.id,
        client_name: [r.client_first_name, r.client_last_name].filter(Boolean).join(' ') || r.client_phone,
        appointment_start: iso(r.start_at),
        amount: r.requested_card_only ? 0 : r.requested_deposit,
        status: r.status,
      })) ?? null,
    failed_messages:
      failed?.map((m): FailedMessage => ({
        key: m.key,
        channel: m.channel,
        what: MESSAGE_WHAT[m.what ?? ''] ?? messageWhat(m.key),
        client_name: m.client_name,
        appointment_id: m.appointment_id,
        appointment_start: m.start_at === null ? null : iso(m.start_at),
        status: m.status,
        error_code: m.error_code,
        at: iso(m.updated_at),
      })) ?? null,
    time_off_requests: asked?.map((r) => ({ ...timeOffOut(r), stylist_name: r.stylist_name })) ?? null,
    setup,
  };
}
