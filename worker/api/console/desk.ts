import { Hono, type Context } from 'hono';
import * as z from 'zod';
import {
  deskBookingSchema,
  deskCancelSchema,
  deskMoveSchema,
  seriesCancelSchema,
  type DeskBookingPreview,
  type DeskSeriesBooked,
  type SeriesCancelled,
} from '../../../shared/console/diary';
import { CAN } from '../../../shared/console/roles';
import { replyHint } from '../../../shared/console/inbox';
import { canCancelByText } from '../../bookings/cancellation-rules';
import { formatMoney } from '../../../shared/money';
import {
  confirmAppointment,
  deskAppointment,
  deskArrived,
  deskBook,
  deskCancel,
  deskCancelSeries,
  deskMove,
  salonAppointment,
  whenText,
} from '../../console/desk';
import { claimNoShowFee, markNoShow } from '../../db/no-show-fees';
import { salonById } from '../../db/salons';
import type { AppEnv } from '../../env';
import { AppError } from '../../errors';
import { enqueueMessage } from '../../messaging/outbox';
import { deskBookedText, deskCancelledText, deskMovedText, noShowLinkText } from '../../messaging/templates';
import { chargeNoShowFee } from '../../payments/no-show';
import { stripeFor } from '../../payments/stripe';
import { idParam, jsonBody, validate, validateForm } from '../../validate';
import { afterAnswer, outboxOf } from '../after-answer';
import { offerToWaitlist } from '../waitlist-notices';
import { announceToDiary } from '../diary-notices';
import { staffRoute } from '../policy';
import { originOf } from '../request-headers';
import { staffOf } from '../staff-access';
import { diaryAppointmentOf } from '../../console/diary';
import { ownColumnOf } from './diary';

const appointmentParam = z.object({ salonId: idParam('Salon id'), appointmentId: idParam('Appointment id') });
const seriesParam = z.object({ salonId: idParam('Salon id'), seriesId: idParam('Series id') });
/** `?dry_run=1`: the occurrences and their clashes, nothing booked (docs/console/desk.md "Several services, repeats and walk-ins") */
const bookingQuery = z.strictObject({ dry_run: z.enum(['0', '1'], { error: () => 'dry_run must be 1 or 0' }).optional() });

/** Texts the client (through the MESSAGES queue, after the answer); `key` makes a redelivery one text. */
function textClient(c: Context<AppEnv>, to: string | null, body: string, key: string) {
  if (!to) return;
  const appointment = /^appt-(\d+)-/.exec(key)?.[1];
  const about = { salon_id: staffOf(c).salonId, ...(appointment ? { appointment_id: Number(appointment) } : {}) };
  afterAnswer(c, enqueueMessage(outboxOf(c), { kind: 'sms', to, body, key, ...about }), `${key} text not sent`);
}

async function salonOf(c: Context<AppEnv>) {
  const salon = await salonById(c.env.DB, staffOf(c).salonId);
  if (!salon) throw new AppError('NOT_FOUND', 'Salon not found');
  return salon;
}

/** The appointment as the desk sees it after a change, with no-store. */
async function answer(c: Context<AppEnv>, appointmentId: number, status: 200 | 201 = 200) {
  c.header('Cache-Control', 'private, no-store');
  return c.json(await deskAppointment(c.env.DB, staffOf(c).salonId, appointmentId, await ownColumnOf(c)), status);
}

/**
 * The desk's changes (issue 29): a booking taken by phone, confirming, cancelling and moving
 * (the same domain code as a client's), arrived, and no-show with its fee. Every change tells the
 * salon's consoles at once (announceToDiary) and texts the client where it concerns them.
 */
export const consoleDesk = new Hono<AppEnv>()
  .post(
    '/console/salons/:salonId/appointments',
    staffRoute(CAN.runDesk),
    validate('query', bookingQuery),
    jsonBody,
    validateForm(deskBookingSchema, 'The booking needs changing'),
    async (c) => {
      const salonId = staffOf(c).salonId;
      const request = c.req.valid('json');
      const preview = c.req.valid('query').dry_run === '1';
      const booked = await deskBook(c.env.DB, { salonId, request, now: Date.now(), preview });
      if (preview) {
        c.header('Cache-Control', 'private, no-store');
        return c.json({ occurrences: booked.occurrences } satisfies DeskBookingPreview);
      }
      const salon = await salonOf(c);
      const first = booked.starts[0]!;
      const when =
        booked.seriesId === null
          ? whenText(first, salon.timezone)
          : `${whenText(first, salon.timezone)}, then every ${request.repeat!.every_weeks === 1 ? 'week' : `${request.repeat!.every_weeks} weeks`} to ${whenText(booked.starts.at(-1)!, salon.timezone)} (${booked.ids.length} appointments)`;
      textClient(
        c,
        booked.phone,
        deskBookedText(
          salon.name,
          when,
          booked.services,
          // the client's bookings at the salon (their account finds a desk booking by its phone)
          salon.allow_self_cancellation ? { online: `${originOf(c)}/salon/${salonId}/salon-booking/${salonId}` } : { phone: salon.phone },
        ) + replyHint({ canCancel: canCancelByText({ start_at: first }, salon, Date.now()), unconfirmed: false }),
        `appt-${booked.ids[0]}-booked`,
      );
      for (const id of booked.ids) announceToDiary(c, salonId, id, 'booked');
      if (booked.seriesId === null) return answer(c, booked.ids[0]!, 201);
      c.header('Cache-Control', 'private, no-store');
      const appointments = await Promise.all(
        booked.ids.map(async (id) => {
          const { row, procedures } = await salonAppointment(c.env.DB, salonId, id, null);
          return diaryAppointmentOf(row, procedures);
        }),
      );
      return c.json({ series_id: booked.seriesId, appointments, skipped: booked.skipped } satisfies DeskSeriesBooked, 201);
    },
  )
  .post(
    '/console/salons/:salonId/series/:seriesId/cancel',
    staffRoute(CAN.runDesk),
    validate('param', seriesParam),
    jsonBody,
    validateForm(seriesCancelSchema, 'Say who cancels'),
    async (c) => {
      const p = c.req.valid('param');
      const b = c.req.valid('json');
      const salonId = staffOf(c).salonId;
      const cancelled = await deskCancelSeries(c.env.DB, stripeFor(c.get('config')), {
        salonId,
        seriesId: p.seriesId,
        from: b.from,
        by: b.by,
        now: Date.now(),
      });
      if (cancelled.length) {
        const salon = await salonOf(c);
        const [first] = cancelled;
        const more = cancelled.length > 1 ? ` and the ${cancelled.length - 1} after it` : '';
        textClient(
          c,
          first!.row.client_phone,
          deskCancelledText(
            salon.name,
            whenText(first!.start_at, salon.timezone) + more,
            cancelled.some((x) => x.refund && x.row.deposit > 0),
          ),
          `appt-${first!.id}-cancelled`,
        );
        for (const x of cancelled) {
          announceToDiary(c, salonId, x.id, 'cancelled');
          await offerToWaitlist(c, c.env.DB, { salonId, appointmentId: x.id, movedFrom: null });
        }
      }
      c.header('Cache-Control', 'private, no-store');
      return c.json({ series_id: p.seriesId, cancelled: cancelled.map((x) => x.id) } satisfies SeriesCancelled);
    },
  )
  .post(
    '/console/salons/:salonId/appointments/:appointmentId/confirm',
    staffRoute(CAN.runDesk),
    validate('param', appointmentParam),
    async (c) => {
      const p = c.req.valid('param');
      await confirmAppointment(c.env.DB, staffOf(c).salonId, p.appointmentId);
      announceToDiary(c, staffOf(c).salonId, p.appointmentId, 'confirmed');
      return answer(c, p.appointmentId);
    },
  )
  .post(
    '/console/salons/:salonId/appointments/:appointmentId/cancel',
    staffRoute(CAN.runDesk),
    validate('param', appointmentParam),
    jsonBody,
    validateForm(deskCancelSchema, 'Say who cancels'),
    async (c) => {
      const p = c.req.valid('param');
      const salonId = staffOf(c).salonId;
      const before = (await salonAppointment(c.env.DB, salonId, p.appointmentId, null)).row;
      const { refund } = await deskCancel(c.env.DB, stripeFor(c.get('config')), {
        salonId,
        appointmentId: p.appointmentId,
        by: c.req.valid('json').by,
        now: Date.now(),
      });
      if (before.status !== 'cancelled') {
        const salon = await salonOf(c);
        textClient(
          c,
          before.client_phone,
          deskCancelledText(salon.name, whenText(before.start_at, salon.timezone), refund && before.deposit > 0),
          `appt-${p.appointmentId}-cancelled`,
        );
        announceToDiary(c, salonId, p.appointmentId, 'cancelled');
        await offerToWaitlist(c, c.env.DB, { salonId, appointmentId: p.appointmentId, movedFrom: null });
      }
      return answer(c, p.appointmentId);
    },
  )
  .post(
    '/console/salons/:salonId/appointments/:appointmentId/move',
    staffRoute(CAN.runDesk),
    validate('param', appointmentParam),
    jsonBody,
    validateForm(deskMoveSchema, 'The new time needs changing'),
    async (c) => {
      const p = c.req.valid('param');
      const b = c.req.valid('json');
      const salonId = staffOf(c).salonId;
      const start = Date.parse(b.start_time);
      const { row: before, moved } = await deskMove(c.env.DB, {
        salonId,
        appointmentId: p.appointmentId,
        start,
        anyFreeTime: b.any_time === true,
        now: Date.now(),
        scope: b.scope,
        stylistId: b.stylist_id,
        fromStylistId: b.from_stylist_id,
        end: b.end_time === undefined ? undefined : Date.parse(b.end_time),
      });
      const salon = await salonOf(c);
      const movedRow = (await salonAppointment(c.env.DB, salonId, p.appointmentId, null)).row;
      const more = moved.length > 1 ? ` (and the ${moved.length - 1} after it, by the same)` : '';
      // another stylist or a longer service at the same time is the salon's own arrangement: no text
      if (start !== before.start_at)
        textClient(
          c,
          movedRow.client_phone,
          deskMovedText(salon.name, whenText(start, salon.timezone) + more) +
            replyHint({ canCancel: canCancelByText(movedRow, salon, Date.now()), unconfirmed: movedRow.status === 'unconfirmed' }),
          `appt-${p.appointmentId}-moved-${start}`,
        );
      // Google hears of each appointment moved, its availability replaced on the day each one left too
      for (const m of moved) announceToDiary(c, salonId, m.id, 'moved', m.from);
      await offerToWaitlist(c, c.env.DB, { salonId, appointmentId: p.appointmentId, movedFrom: before.start_at });
      return answer(c, p.appointmentId);
    },
  )
  .post(
    '/console/salons/:salonId/appointments/:appointmentId/arrived',
    staffRoute(CAN.markArrival),
    validate('param', appointmentParam),
    async (c) => {
      const p = c.req.valid('param');
      const salonId = staffOf(c).salonId;
      await deskArrived(c.env.DB, { salonId, appointmentId: p.appointmentId, stylistId: await ownColumnOf(c), now: Date.now() });
      announceToDiary(c, salonId, p.appointmentId, 'arrived');
      return answer(c, p.appointmentId);
    },
  )
  .post(
    '/console/salons/:salonId/appointments/:appointmentId/no-show',
    staffRoute(CAN.runDesk),
    validate('param', appointmentParam),
    async (c) => {
      const p = c.req.valid('param');
      const salonId = staffOf(c).salonId;
      const now = Date.now();
      const { row } = await salonAppointment(c.env.DB, salonId, p.appointmentId, null);
      if (row.start_at > now) throw new AppError('CONFLICT', 'This appointment has not started yet', undefined, 'NOT_STARTED');
      if (!(await markNoShow(c.env.DB, salonId, p.appointmentId, now)))
        throw new AppError('CONFLICT', 'Only a confirmed or unconfirmed appointment can be a no-show', undefined, 'NOT_NO_SHOW');
      const salon = await salonOf(c);
      // no-show protection: the salon's fee on the client's saved card, once (the fee row's key)
      if (salon.no_show_protection && salon.no_show_fee > 0 && row.client_id) {
        const claimed = await claimNoShowFee(c.env.DB, {
          appointmentId: p.appointmentId,
          salonId,
          clientId: row.client_id,
          amount: salon.no_show_fee,
          currency: salon.currency,
          now,
        });
        if (claimed) {
          const { linkSecret } = await chargeNoShowFee(
            c.env.DB,
            stripeFor(c.get('config')),
            claimed,
            c.get('config').stripe.platformFeePercent,
          );
          if (linkSecret) {
            const link = `${originOf(c)}/api/no-show/${p.appointmentId}/${linkSecret}`;
            const fee = formatMoney(salon.no_show_fee, salon.currency, salon.country_code);
            textClient(
              c,
              row.client_phone,
              noShowLinkText(salon.name, fee, link),
              `appt-${p.appointmentId}-no-show-link-${claimed.attempt}`,
            );
          }
        }
      }
      announceToDiary(c, salonId, p.appointmentId, 'no_show');
      return answer(c, p.appointmentId);
    },
  );
