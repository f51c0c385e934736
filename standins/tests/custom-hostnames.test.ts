import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import app from '../src/index';
import { LOCAL_CLOUDFLARE_TOKEN } from '../src/cloudflare/custom-hostnames';

const ZONE = '0123456789abcdef0123456789abcdef';
const OTHER_ZONE = 'fedcba9876543210fedcba9876543210';
const base = (zone = ZONE) => `http://127.0.0.1:8788/client/v4/zones/${zone}/custom_hostnames`;
const SSL = { method: 'http', type: 'dv', settings: { min_tls_version: '1.2' } };

const request = (url: string, init: RequestInit = {}, token: string | null = LOCAL_CLOUDFLARE_TOKEN) =>
  app.request(
    url,
    { ...init, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } },
    env,
    createExecutionContext(),
  );

interface Answer {
  success: boolean;
  errors: { code: number; message: string }[];
  result: {
    id: string;
    hostname: string;
    status: string;
    verification_errors?: string[];
    ownership_verification: { type: string; name: string; value: string };
    ssl: { status: string };
  };
}
const create = async (hostname: string, zone = ZONE) =>
  request(base(zone), { method: 'POST', body: JSON.stringify({ hostname, ssl: SSL }) });
const read = async (id: string) => (await (await request(`${base()}/${id}`)).json()) as Answer;

describe("Cloudflare for SaaS's custom hostnames API (stand-in)", () => {
  it('creates a hostname pending with the CNAME error and the TXT record, in the envelope', async () => {
    const res = await create('Book.Salon-One.test');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body).toMatchObject({ success: true, errors: [], messages: [] });
    expect(body.result).toMatchObject({
      hostname: 'book.salon-one.test',
      status: 'pending',
      verification_errors: ['custom hostname does not CNAME to this zone.'],
      ownership_verification: { type: 'txt', name: '_cf-custom-hostname.book.salon-one.test' },
      ssl: { status: 'initializing', method: 'http', type: 'dv' },
    });
    expect((await read(body.result.id)).result.ssl.status).toBe('pending_validation');
  });

  it('refuses a duplicate, even from another zone (409, code 1406), a bad hostname, a bad token', async () => {
    await create('dup.salon-two.test');
    for (const zone of [ZONE, OTHER_ZONE]) {
      const res = await create('dup.salon-two.test', zone);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ success: false, errors: [{ code: 1406 }], result: null });
    }
    expect((await create('not a host')).status).toBe(400);
    expect((await request(base(), { method: 'POST', body: '{}' }, 'wrong')).status).toBe(403);
  });

  it('moves a pointed hostname on one step per read, to active', async () => {
    const { result } = (await (await create('book.salon-three.test')).json()) as Answer;
    const dns = await app.request(
      'http://127.0.0.1:8788/__dev/cloudflare/custom_hostnames/book.salon-three.test/dns',
      { method: 'POST', body: JSON.stringify({ pointed: true }) },
      env,
    );
    expect(dns.status).toBe(200);
    const seen = [];
    for (let i = 0; i < 5; i++) {
      const r = (await read(result.id)).result;
      seen.push(`${r.status}/${r.ssl.status}`);
    }
    expect(seen).toEqual([
      'pending/pending_validation',
      'active/pending_issuance',
      'active/pending_deployment',
      'active/active',
      'active/active',
    ]);
  });

  it('times out after 7 days of validation; PATCH restarts it; DELETE removes it', async () => {
    const { result } = (await (await create('book.salon-four.test')).json()) as Answer;
    await app.request(
      'http://127.0.0.1:8788/__dev/cloudflare/custom_hostnames/book.salon-four.test/age',
      { method: 'POST', body: JSON.stringify({ days: 8 }) },
      env,
    );
    expect((await read(result.id)).result.ssl.status).toBe('validation_timed_out');
    const patched = await request(`${base()}/${result.id}`, { method: 'PATCH', body: JSON.stringify({ ssl: SSL }) });
    expect(((await patched.json()) as Answer).result.ssl.status).toBe('pending_validation');
    expect((await request(`${base(OTHER_ZONE)}/${result.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await request(`${base()}/${result.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await request(`${base()}/${result.id}`)).status).toBe(404);
    expect((await create('book.salon-four.test')).status).toBe(200);
  });
});
