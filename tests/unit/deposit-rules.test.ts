import { describe, expect, it } from 'vitest';
import { activeCount, bySalon, isNew, newRequestsText, requestText } from '../../client/features/deposits/rules';
import { NEW_INVITE_WINDOW_MS, type Invite, type InviteStatus } from '../../shared/invites';

const NOW = Date.parse('2026-05-01T12:00:00Z');

function invite(id: number, salonId: number, start: string, over: Partial<Invite> = {}): Invite {
  return {
    id,
    unique_code: `code-${id}-xxxxxxxxxxxx`,
    salon: { id: salonId },
    salon_name: `Salon ${salonId}`,
    status: 'invited',
    requested_deposit: 20,
    requested_card_only: false,
    payFullAmount: false,
    amount_to_pay: 20,
    currency: 'GBP',
    timezone: 'Europe/London',
    created_at: '2026-04-01T09:00:00Z',
    appointment: { id: id * 10, price: 85, start_time: start, end_time: start, procedures: [] },
    ...over,
  };
}

const pounds = (n: number) => `£${n.toFixed(2)}`;

describe('deposit requests', () => {
  it('counts an appointment as new up to 24 hours after it started, not a moment later', () => {
    expect(isNew(invite(1, 1, '2026-05-03T10:00:00Z'), NOW)).toBe(true);
    expect(isNew(invite(1, 1, new Date(NOW - NEW_INVITE_WINDOW_MS).toISOString()), NOW)).toBe(true);
    expect(isNew(invite(1, 1, new Date(NOW - NEW_INVITE_WINDOW_MS - 1000).toISOString()), NOW)).toBe(false);
  });

  it('bubbles only invited and reminded requests', () => {
    const statuses: InviteStatus[] = ['invited', 'reminded', 'seen', 'accepted', 'declined', 'withdrawn', 'expired'];
    expect(activeCount(statuses.map((status, i) => invite(i, 1, '2026-05-03T10:00:00Z', { status })))).toBe(2);
  });

  it('groups by salon, newest appointment first, the salon of the newest first', () => {
    const groups = bySalon([
      invite(1, 1, '2026-05-02T10:00:00Z'),
      invite(2, 2, '2026-05-09T10:00:00Z'),
      invite(3, 1, '2026-05-05T10:00:00Z'),
    ]);
    expect(groups.map((g) => [g.salonName, g.invites.map((i) => i.id)])).toEqual([
      ['Salon 2', [2]],
      ['Salon 1', [3, 1]],
    ]);
  });

  it('says what the salon asks for', () => {
    expect(requestText(invite(1, 1, '2026-05-02T10:00:00Z'), pounds)).toBe('Deposit requested: £20.00');
    expect(requestText(invite(1, 1, '2026-05-02T10:00:00Z', { payFullAmount: true, amount_to_pay: 85 }), pounds)).toBe(
      'Full payment requested: £85.00',
    );
    expect(
      requestText(invite(1, 1, '2026-05-02T10:00:00Z', { requested_card_only: true, requested_deposit: 0, amount_to_pay: 0 }), pounds),
    ).toBe('Card details requested');
  });

  it('counts new requests in words', () => {
    expect(newRequestsText(1)).toBe('1 new request');
    expect(newRequestsText(3)).toBe('3 new requests');
  });
});
