import { dbOf } from './salon-db';
import { describe, expect, it, vi } from 'vitest';
import { REBOOKING_LINK_DAYS, URLHASH, type RebookingLinkCreated } from '../../shared/rebooking';
import { sha256Hex } from '../../worker/crypto';
import { JAMIE, newClient } from './client-bookings-helpers';
import { call, standIn } from './helpers';
import { createLink, salonsOf, tokenOf } from './rebooking-helpers';

const outboxPage = async () => (await standIn('/__dev/outbox')).text();

describe('admin: rebooking links', () => {
  it('makes a link, texts it to the client through the message queue, and the link gives a token', async () => {
    const res = await createLink({ client_id: JAMIE }, 2);
    expect(res.status).toBe(201);
    const made = (await res.json()) as RebookingLinkCreated;
    expect(made.urlhash).toMatch(URLHASH);
    expect(made.link).toBe(`http://localhost/auth/${made.urlhash}`);
    const days = (Date.parse(made.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(REBOOKING_LINK_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(REBOOKING_LINK_DAYS);
    // only the link's SHA-256 is kept
    const stored = await (
      await dbOf(2)
    )
      .prepare('SELECT urlhash_sha256 FROM rebooking_links WHERE salon_id = 2 AND client_id = ? AND replaced_at IS NULL')
      .bind(JAMIE)
      .first('urlhash_sha256');
    expect(stored).toBe(await sha256Hex(made.urlhash));
    await vi.waitFor(
      async () => {
        const page = await outboxPage();
        expect(page).toContain(`Willow &amp; Co Shoreditch: book your next appointment online: ${made.link}`);
      },
      { timeout: 10_000, interval: 200 },
    );
    expect((await salonsOf(await tokenOf(made.urlhash))).length).toBe(2);
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{}, 'client_id'],
      [{ client_id: 5 }, 'client_id'],
      [{ client_id: '' }, 'client_id'],
      [{ client_id: 'not a username!' }, 'client_id'],
      [{ client_id: JAMIE, phone: '+447700900123' }, 'phone'],
    ];
    for (const [body, field] of cases) {
      const res = await createLink(body, 1);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { field?: string }).field, JSON.stringify(body)).toBe(field);
    }
    const notJson = await call('/admin/salons/1/rebooking-links', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer demo-admin-1' },
      body: '{"client_id":',
    });
    expect(notJson.status).toBe(400);
  });

  it('a wrong key: 401', async () => {
    expect((await createLink({ client_id: JAMIE }, 1, 'demo-admin-1-wrong')).status).toBe(401);
  });

  it('a client without past appointments at the salon: 404', async () => {
    const fresh = await newClient();
    const res = await createLink({ client_id: fresh.username }, 1);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { field?: string }).field).toBe('client_id');
    // Jamie has none at salon 3, and an unknown client none anywhere
    expect((await createLink({ client_id: JAMIE }, 3)).status).toBe(404);
    expect((await createLink({ client_id: 'unknown-client' }, 1)).status).toBe(404);
  });
});
