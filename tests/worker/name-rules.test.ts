import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomDomainView } from '../../shared/console/domains';
import { moveSalon, placedIn } from '../../worker/db/move-salon';
import { forgetPlacements } from '../../worker/db/placement';
import { scheduled } from '../../worker/scheduled';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { bootstrapOf, call, patchSalon, standIn } from './helpers';

/**
 * One set of rules for a salon's names, whichever way they are set (issue 55): the console, the
 * admin API (and the owners' API keys, which call it), the Cron Trigger's sweep. Salon 1 is in DB,
 * salon 2 in DB_2.
 */
const fresh = (label: string) => `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.race-salon.test`;
const groupOwner = await staffLogin(STAFF.groupOwner);
const owner3 = await staffLogin(STAFF.owner3);
const addDomain = (salon: number, hostname: string, token = groupOwner.access_token) =>
  consoleCall(`/api/console/salons/${salon}/domain`, token, { method: 'PUT', body: JSON.stringify({ hostname }) });
const removeDomain = (salon: number, token = groupOwner.access_token) =>
  consoleCall(`/api/console/salons/${salon}/domain`, token, { method: 'DELETE' });
const domainRows = async (db: D1Database, hostname: string) =>
  (await db.prepare('SELECT salon_id, cf_id, phase FROM custom_domains WHERE hostname = ?').bind(hostname).all()).results;
const holderIn = async (hostname: string) =>
  (await env.DB.prepare("SELECT salon_id FROM salon_names WHERE kind = 'domain' AND name = ?").bind(hostname).first<{ salon_id: number }>())
    ?.salon_id ?? null;
const served = async (host: string) => {
  const res = await call('/', { headers: { Host: host } });
  return res.status === 200 ? bootstrapOf(await res.text()) : null;
};
const pointDns = (hostname: string) =>
  standIn(`/__dev/cloudflare/custom_hostnames/${hostname}/dns`, { method: 'POST', body: JSON.stringify({ pointed: true }) });
const cron = () => scheduled({ cron: '*/5 * * * *', scheduledTime: Date.now(), noRetry: () => undefined }, env);
/** The product's own hosts as production names them (the tests' APP_HOSTS are loopback names). */
const PRODUCT = { APP_HOSTS: 'localhost,book.bookwell.test' };

beforeAll(async () => {
  if ((await placedIn(env, 2)) !== 'DB_2') await moveSalon({ env, salonId: 2, to: 'DB_2', leaseMs: 0 });
  forgetPlacements();
});

describe('one new domain asked for by salons in two databases at the same moment', () => {
  /** Runs `race` with salon 1's hand-set domain put aside (a salon has one domain), then puts it back. */
  async function withoutDemoDomain(race: () => Promise<void>) {
    // (the console's Remove of a domain set up by hand answers 204: it used to answer 404, having removed it)
    expect((await removeDomain(1)).status).toBe(204);
    expect(await served('book.demo-salon.test')).toBeNull();
    try {
      await race();
    } finally {
      await env.DB.prepare("UPDATE salons SET custom_domain = 'book.demo-salon.test' WHERE id = 1").run();
      await env.DB.prepare("INSERT OR REPLACE INTO salon_names (kind, name, salon_id) VALUES ('domain', 'book.demo-salon.test', 1)").run();
    }
  }

  it('is won by exactly one of them, every round, through the console; the other answers 409', async () => {
    await withoutDemoDomain(async () => {
      const winners = [];
      for (let round = 0; round < 10; round++) {
        const host = fresh(`console${round}`);
        const answers = await Promise.all([addDomain(1, host), addDomain(2, host)]);
        expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
        const winner = answers[0]!.status === 201 ? 1 : 2;
        const loser = answers[winner === 1 ? 1 : 0]!;
        expect(await loser.json()).toMatchObject({ code: 'CONFLICT', field: 'hostname' });
        const rows = [...(await domainRows(env.DB, host)), ...(await domainRows(env.DB_2, host))];
        expect(rows.map((r) => r.salon_id)).toEqual([winner]);
        expect(await holderIn(host)).toBe(winner);
        expect((await removeDomain(winner)).status).toBe(204);
        winners.push(winner);
      }
      expect(winners).toHaveLength(10);
    });
  });

  it('is won by exactly one of them, every round, through the admin API; the other answers 409', async () => {
    await withoutDemoDomain(async () => {
      for (let round = 0; round < 10; round++) {
        const host = fresh(`admin${round}`);
        const answers = await Promise.all([patchSalon(1, { custom_domain: host }), patchSalon(2, { custom_domain: host })]);
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
        const winner = answers[0]!.status === 200 ? 1 : 2;
        expect(await answers[winner === 1 ? 1 : 0]!.json()).toMatchObject({ code: 'CONFLICT', field: 'custom_domain' });
        expect(await holderIn(host)).toBe(winner);
        const rows = [...(await domainRows(env.DB, host)), ...(await domainRows(env.DB_2, host))];
        expect(rows.map((r) => r.salon_id)).toEqual([winner]);
        expect((await patchSalon(winner, { custom_domain: null })).status).toBe(200);
      }
    });
  });

  it("the Cron Trigger serves a domain only for the salon the name index names, and another salon's removal leaves it live", async () => {
    const host = fresh('sweep');
    expect((await addDomain(3, host, owner3.access_token)).status).toBe(201);
    // a second row of the same hostname in salon 2's database, as the race used to leave
    const [row] = await domainRows(env.DB, host);
    await env.DB_2.prepare(
      `INSERT INTO custom_domains (salon_id, hostname, cf_id, status, ssl_status, phase, validation_started, created_at, checked_at)
       VALUES (2, ?, ?, 'pending', 'pending_validation', 'waiting_for_dns', ?3, ?3, ?3)`,
    )
      .bind(host, row!.cf_id, Date.now())
      .run();
    await pointDns(host);
    for (let i = 0; i < 4; i++) await cron();
    expect((await domainRows(env.DB, host))[0]).toMatchObject({ phase: 'live' });
    expect((await domainRows(env.DB_2, host))[0]).toMatchObject({ phase: 'action_needed' });
    expect(await served(host)).toMatchObject({ salon: { id: 3 } });
    expect(await env.DB_2.prepare('SELECT custom_domain FROM salons WHERE id = 2').first()).toEqual({ custom_domain: null });

    // salon 2 removes its copy: the hostname stays on Cloudflare for salon 3, which stays live
    expect((await removeDomain(2)).status).toBe(204);
    await env.DB.prepare('UPDATE custom_domains SET checked_at = 0 WHERE hostname = ?').bind(host).run();
    await cron();
    expect((await domainRows(env.DB, host))[0]).toMatchObject({ phase: 'live' });
    expect(await served(host)).toMatchObject({ salon: { id: 3 } });
    expect((await removeDomain(3, owner3.access_token)).status).toBe(204);
  });
});

describe('the admin API (and the API keys owners make) keep the console’s rules', () => {
  it('refuses the reserved short names, naming the field', async () => {
    for (const name of ['admin', 'console', 'api', 's', 'salon', 'login', 'group', 'assets', 'media']) {
      const res = await patchSalon(3, { short_slug: name });
      expect(res.status, name).toBe(400);
      expect(await res.json()).toMatchObject({ field: 'short_slug', detail: expect.stringContaining('kept for the booking site') });
    }
  });

  it('refuses apex and public-suffix domains, and the product’s own hosts; so does the console', async () => {
    for (const host of ['co.uk', 'example.com', 'brooklyn-barber.co.uk']) {
      const res = await patchSalon(3, { custom_domain: host });
      expect(res.status, host).toBe(400);
      expect(await res.json()).toMatchObject({ field: 'custom_domain', detail: expect.stringContaining('subdomain') });
    }
    for (const host of ['book.bookwell.test', 'customers.bookwell.test', 'x.book.bookwell.test']) {
      const res = await patchSalon(3, { custom_domain: host }, 'demo-admin-3', PRODUCT);
      expect(res.status, host).toBe(400);
      expect(await res.json()).toMatchObject({ field: 'custom_domain', detail: expect.stringContaining('booking site’s own') });
      const put = await call(
        '/api/console/salons/3/domain',
        {
          method: 'PUT',
          headers: { Authorization: `Bearer ${owner3.access_token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ hostname: host }),
        },
        PRODUCT,
      );
      expect(put.status, host).toBe(400);
      expect(await put.json()).toMatchObject({ field: 'hostname', detail: expect.stringContaining('booking site’s own') });
    }
  });

  it('sets a domain up through Cloudflare as the console does: pending, not served until Cloudflare says live', async () => {
    const host = fresh('squat');
    const res = await patchSalon(2, { custom_domain: host });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { custom_domain: string | null; domain: CustomDomainView | null };
    expect(body).toMatchObject({ custom_domain: null, domain: { hostname: host, phase: 'waiting_for_dns', managed_outside: false } });
    expect(await served(host)).toBeNull();
    // the salon that really has the domain points it: only then is it live (for the salon that set it up)
    await pointDns(host);
    for (let i = 0; i < 4; i++) await cron();
    expect(await served(host)).toMatchObject({ salon: { id: 2 } });
    const read = (await (await call('/admin/salons/2', { headers: { Authorization: 'Bearer demo-admin-2' } })).json()) as typeof body;
    expect(read).toMatchObject({ custom_domain: host, domain: { phase: 'live' } });
    // a second domain waits for the first to be removed, as in the console
    const second = await patchSalon(2, { custom_domain: fresh('second') });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ field: 'custom_domain' });
    expect((await patchSalon(2, { custom_domain: null })).status).toBe(200);
    expect(await served(host)).toBeNull();
  });

  it('keeps the demo’s hand-set domain served, and sending it again changes nothing', async () => {
    expect(await served('book.demo-salon.test')).toMatchObject({ salon: { id: 1 } });
    const res = await patchSalon(1, { custom_domain: 'book.demo-salon.test' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ custom_domain: 'book.demo-salon.test', domain: { managed_outside: true } });
    expect(await served('book.demo-salon.test')).toMatchObject({ salon: { id: 1 } });
  });
});

describe("the console's API and the staff sign-in on a salon's own domain", () => {
  const onDomain = (path: string, init: RequestInit = {}) =>
    call(path, { ...init, headers: { ...(init.headers as Record<string, string>), Host: 'book.demo-salon.test' } });

  it('are not there: only on the platform’s own hosts, as the console’s page', async () => {
    const me = await onDomain('/api/console/me', { headers: { Authorization: `Bearer ${groupOwner.access_token}` } });
    expect(me.status).toBe(404);
    const login = await onDomain('/console/session/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(STAFF.groupOwner),
    });
    expect(login.status).toBe(404);
    expect(login.headers.get('Set-Cookie')).toBeNull();
    // on the platform's host they answer
    expect((await consoleCall('/api/console/me', groupOwner.access_token)).status).toBe(200);
  });
});
