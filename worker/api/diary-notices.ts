import type { Context } from 'hono';
import type { DiaryEvent } from '../../shared/console/diary';
import type { AppEnv } from '../env';
import { enqueueMessage } from '../messaging/outbox';
import { publishDiaryChange } from '../messaging/realtime';
import { afterAnswer, outboxOf } from './after-answer';
import { salonDatabase } from './salon-database';

/** The changes Google hears of (a booking taken, freed or moved). */
const GOOGLE_CHANGES: ReadonlySet<DiaryEvent['change']> = new Set(['booked', 'cancelled', 'moved', 'no_show', 'confirmed']);

/**
 * After the answer, tells the salon's open consoles that an appointment changed (a client booked,
 * cancelled, moved or paid; the desk changed it), so the diary shows it within a second; and,
 * when Google's real-time updates are set, puts the change on the MESSAGES queue for Google
 * (google/real-time.ts: its booking notification, the day's availability replaced; retried as a
 * text is). Every path that changes a booking announces it here, so Google hears of them all.
 * `movedFrom`: a move's former start, whose day is replaced too.
 */
export function announceToDiary(
  c: Context<AppEnv>,
  salonId: number,
  appointmentId: number,
  change: DiaryEvent['change'],
  movedFrom?: number,
) {
  afterAnswer(
    c,
    publishDiaryChange(c.get('config'), salonId, { appointment_id: appointmentId, change }),
    `diary change of appointment ${appointmentId} not published`,
  );
  if (c.get('config').googleMaps && GOOGLE_CHANGES.has(change))
    afterAnswer(
      c,
      // the salon's own database: a direct send (no queue) reads its booking there
      salonDatabase(c, salonId).then((db) =>
        enqueueMessage(
          { ...outboxOf(c), db },
          {
            kind: 'google',
            salon_id: salonId,
            appointment_id: appointmentId,
            ...(movedFrom !== undefined ? { moved_from: movedFrom } : {}),
            key: `google-${salonId}-${appointmentId}-${change}`,
          },
        ),
      ),
      `Google not told of appointment ${appointmentId}`,
    );
}
