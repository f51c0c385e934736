import { env } from 'cloudflare:test';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { CustomDomainView } from '../../shared/console/domains';
import { configFrom } from '../../worker/config';
import { sweepDomains } from '../../worker/domains/sweep';
import { nameIndexOf } from '../../worker/api/salon-database';
import { scheduled } from '../../worker/scheduled';
import { bootstrapOf, call, standIn } from './helpers';
import { consoleCall, lastEmailTo, STAFF, staffLogin } from './console-helpers';

/** A hostname no earlier run left on the stand-in. */
const fresh = (label: string) => `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.brooklyn-barber.test`;
const DAY = 86_400_000;

const owner3 = await staffLogin(STAFF.owner3);
const domainCall = (init: RequestInit = {}, path = '', token = owner3.access_token) =>
  consoleCall(`/api/console/salons/3/domain${path}`, token, init);
const domainOf = async (res: Response) => ((await res.json()) as { domain: CustomDomainView }).domain;
const add = (hostname: string, token = owner3.access_token, salon = 3) =>
  consoleCall(`/api/console/salons/${salon}/domain`, token, { method: 'PUT', body: JSON.stringify({ hostname }) });
const checkAgain = () => domainCall({ method: 'POST' }, '/check');
const pointDns = (hostname: string) =>
  standIn(`/__dev/cloudflare/custom_hostnames/${hostname}/dns`, { method: 'POST', body: JSON.stringify({ pointed: true }) });
const served = async (host: string) => {
  const res = await call('/', { headers: { Host: host } });
  return res.status === 200 ? bootstrapOf(await res.text()) : null;
};
const deps = () => ({ db: env.DB, cloudflare: configFrom(env).cloudflare, names: nameIndexOf(env, Date.now()) });
const outbox = () => ({ queue: undefined, db: env.DB, config: configFrom(env) });

afterAll(async () => {
  await domainCall({ method: 'DELETE' });
});

describe("a salon's own domain through Cloudflare for SaaS (the stand-in)", () => {
  it('refuses an apex domain with an explanation, and a malformed one', async () => {
    for (const [hostname, words] of [
      ['brooklyn-barber.co.uk', 'subdomain'],
      ['brooklyn-barber.com', 'subdomain'],
      ['not a domain', 'domain name'],
    ] as const) {
      const res = await add(hostname);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { errors: Record<string, string> };
      expect(body.errors.hostname).toContain(words);
    }
  });

  it('walks a domain from waiting for DNS to live; served only once live; removed at once', async () => {
    const host = fresh('book');
    const created = await add(host);
    expect(created.status).toBe(201);
    const pending = await domainOf(created);
    expect(pending).toMatchObject({
      hostname: host,
      phase: 'waiting_for_dns',
      verification_error: 'custom hostname does not CNAME to this zone.',
      cname: { name: host, target: 'customers.bookwell.test' },
      txt: { name: `_cf-custom-hostname.${host}` },
      managed_outside: false,
    });
    expect(pending.gives_up_at).not.toBeNull();
    expect(await served(host)).toBeNull();

    // still not pointed: Check again says the same
    expect((await domainOf(await checkAgain())).phase).toBe('waiting_for_dns');

    expect((await pointDns(host)).status).toBe(200);
    const phases = [];
    for (let i = 0; i < 4; i++) {
      phases.push((await domainOf(await checkAgain())).phase);
      if (phases.at(-1) !== 'live') expect(await served(host)).toBeNull();
    }
    expect(phases).toEqual(['verifying', 'issuing_certificate', 'issuing_certificate', 'live']);
    const live = await served(host);
    expect(live?.page === 'salon' && live.salon.id).toBe(3);

    // another salon cannot claim it: 409 (the group owner, from salon 2)
    const groupOwner = await staffLogin(STAFF.groupOwner);
    const claim = await add(host, groupOwner.access_token, 2);
    expect(claim.status).toBe(409);
    expect(await claim.json()).toMatchObject({ field: 'hostname' });
    // nor can this salon add a second one
    expect((await add(fresh('second'))).status).toBe(409);

    expect((await domainCall({ method: 'DELETE' })).status).toBe(204);
    expect(await served(host)).toBeNull();
    expect(await domainOf(await domainCall())).toBeNull();
    // gone from Cloudflare too: the hostname can be created again
    expect((await add(host)).status).toBe(201);
    expect((await domainCall({ method: 'DELETE' })).status).toBe(204);
  });

  it('the Cron Trigger sees it live: served from then on (the lookups asked again), the owner emailed', async () => {
    const host = fresh('mail');
    expect((await add(host)).status).toBe(201);
    expect(await served(host)).toBeNull(); // the edge now remembers this miss under the tenancy version
    await pointDns(host);
    for (let i = 0; i < 4; i++) await scheduled({ cron: '*/5 * * * *', scheduledTime: Date.now(), noRetry: () => undefined }, env);
    expect((await domainOf(await domainCall())).phase).toBe('live');
    expect(await served(host)).not.toBeNull();
    await vi.waitFor(async () => expect(await lastEmailTo(STAFF.owner3.email)).toMatchObject({ subject: `${host} is live` }), {
      timeout: 10_000,
      interval: 200,
    });
    expect((await domainCall({ method: 'DELETE' })).status).toBe(204);
  });

  it('reports a timed-out validation as action needed (emailed), and removes it after 7 days abandoned', async () => {
    const host = fresh('late');
    expect((await add(host)).status).toBe(201);
    await standIn(`/__dev/cloudflare/custom_hostnames/${host}/age`, { method: 'POST', body: JSON.stringify({ days: 8 }) });
    await scheduled({ cron: '*/5 * * * *', scheduledTime: Date.now(), noRetry: () => undefined }, env);
    const stuck = await domainOf(await domainCall());
    expect(stuck).toMatchObject({ phase: 'action_needed', verification_error: 'custom hostname does not CNAME to this zone.' });
    // the Cron Trigger's run puts the email on the MESSAGES queue, whose consumer sends it
    await vi.waitFor(async () => expect(await lastEmailTo(STAFF.owner3.email)).toMatchObject({ subject: `${host} needs your attention` }), {
      timeout: 10_000,
      interval: 200,
    });

    // the owner's "Check again" restarts validation at Cloudflare
    expect((await domainOf(await checkAgain())).phase).toBe('waiting_for_dns');

    // nobody pointed it within 7 days: deleted at Cloudflare and here, the owner told
    expect(await sweepDomains(deps(), outbox(), Date.now() + 8 * DAY)).toMatchObject({ removed: 1 });
    expect(await domainOf(await domainCall())).toBeNull();
    expect(await lastEmailTo(STAFF.owner3.email)).toMatchObject({ subject: `${host} was removed` });
    const cf = configFrom(env).cloudflare;
    const listed = await standIn(`/client/v4/zones/${cf.zoneId}/custom_hostnames?hostname=${host}`, {
      headers: { Authorization: `Bearer ${cf.token}` },
    });
    expect(((await listed.json()) as { result: unknown[] }).result).toEqual([]);
  });

  it('shows a domain set up by hand as live, and keeps the domain calls to owners', async () => {
    const groupOwner = await staffLogin(STAFF.groupOwner);
    const res = await consoleCall('/api/console/salons/1/domain', groupOwner.access_token);
    expect(await domainOf(res)).toMatchObject({ hostname: 'book.demo-salon.test', phase: 'live', managed_outside: true });
    const manager = await staffLogin(STAFF.manager3);
    expect((await domainCall({}, '', manager.access_token)).status).toBe(403);
    expect((await add(fresh('mgr'), manager.access_token)).status).toBe(403);
    expect((await consoleCall('/api/console/salons/1/domain', owner3.access_token)).status).toBe(404);
  });
});
