import { describe, expect, it } from 'vitest';
import type { RebookAnswer, RebookingToken } from '../../shared/rebooking';
import { DEMO_LINK, firstTimes, historyOf, rebookCall, salonsOf, tokenCall } from './rebooking-helpers';

describe('rebooking: the whole flow', () => {
  it('token from the demo link, salons, history, availability and a rebook', async () => {
    const res = await tokenCall(DEMO_LINK);
    expect(res.status).toBe(200);
    const t = (await res.json()) as RebookingToken;
    expect(t.first_name).toBe('Jamie');
    const salons = await salonsOf(t.token);
    expect(salons.map((s) => s.salon.id).sort()).toEqual([1, 2]);
    const islington = salons.find((s) => s.salon.id === 1)!;
    const history = await historyOf(t.token, islington.id);
    expect(history.length).toBe(30);
    const past = history.find((a) => a.can_rebook)!;
    const times = await firstTimes(t.token, past.id);
    const made = await rebookCall(t.token, { appointment_id: past.id, client_id: islington.id, start_time: times[0] });
    expect(made.status).toBe(201);
    const answer = (await made.json()) as RebookAnswer;
    expect(answer).toMatchObject({ status: 'unconfirmed', origin: 'online_rebooking', starts_at: times[0] });
    expect(answer.ics).toContain('BEGIN:VCALENDAR');
  });
});
