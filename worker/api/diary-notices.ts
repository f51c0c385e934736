import type { Context } from 'hono';
import type { DiaryEvent } from '../../shared/console/diary';
import type { AppEnv } from '../env';
import { publishDiaryChange } from '../messaging/realtime';
import { afterAnswer } from './after-answer';

/**
 * After the answer, tells the salon's open consoles that an appointment changed (a client booked,
 * cancelled, moved or paid; the desk changed it), so the diary shows it within a second.
 */
export function announceToDiary(c: Context<AppEnv>, salonId: number, appointmentId: number, change: DiaryEvent['change']) {
  afterAnswer(
    c,
    publishDiaryChange(c.get('config'), salonId, { appointment_id: appointmentId, change }),
    `diary change of appointment ${appointmentId} not published`,
  );
}
