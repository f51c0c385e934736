import type { Config } from '../../worker/config';
import { APPOINTMENTS_TO_REMIND } from '../../worker/db/reminders';
import type { OutgoingMessage } from '../../worker/messaging/outbox';
import { remindDue } from '../../worker/reminders/run';

interface Env {
  DB: D1Database;
  MESSAGES: Queue<OutgoingMessage>;
}

const DAY = 24 * 3_600_000;
/** What the run reads of the configuration: the links' origin (a queue is bound, so nothing is sent directly). */
const config = { appOrigin: 'https://book.example.com' } as Config;

/**
 * GET /run?now={ms}: one cron run at that instant, timed, with its D1 rows; GET /plan?now={ms}:
 * the search's EXPLAIN QUERY PLAN.
 */
export default {
  async fetch(req: Request, env: Env): Promise<Response> {
    const url = new URL(req.url);
    const now = Number(url.searchParams.get('now'));
    if (!Number.isFinite(now) || now <= 0) return Response.json({ error: 'now={epoch ms}' }, { status: 400 });
    if (url.pathname === '/plan') {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${APPOINTMENTS_TO_REMIND}`)
        .bind(now, now + DAY)
        .all();
      return Response.json(results);
    }
    if (url.pathname !== '/run') return new Response('not found', { status: 404 });
    const started = Date.now();
    const run = await remindDue({ queue: env.MESSAGES, db: env.DB, config }, now);
    return Response.json({ ms: Date.now() - started, run });
  },
};
