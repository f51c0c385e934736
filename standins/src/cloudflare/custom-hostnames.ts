import { Hono, type Context } from 'hono';
import type { StandInsApp } from '../env';
import {
  advanceStage,
  backdateValidation,
  deleteHostname,
  hostnameById,
  hostnameByName,
  hostnamesOf,
  insertHostname,
  restartValidation,
  setDnsPointed,
  type HostnameRow,
} from './store';

/** The stand-in's API token (development only; the product's config refuses it in production). */
export const LOCAL_CLOUDFLARE_TOKEN = 'local_cloudflare_token';

const DAY = 86_400_000;
/** Cloudflare retries validation for 7 days; then the certificate's validation has timed out. */
const VALIDATION_DAYS = 7;
const NOT_CNAMED = 'custom hostname does not CNAME to this zone.';
/** The steps a pointed hostname takes, one per read: verifying, issuing, deploying, live. */
const LIVE = 4;
const ZONE = /^[0-9a-f]{32}$/;
/** A DNS name of 2 or more labels (Cloudflare refuses IPs, wildcards are an Enterprise option). */
const HOSTNAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

type Status = 200 | 400 | 403 | 404 | 409;
/** Cloudflare's envelope for a refusal: {success: false, errors: [{code, message}], messages: [], result: null}. */
const refuse = (c: Context<StandInsApp>, status: Status, code: number, message: string) =>
  c.json({ success: false, errors: [{ code, message }], messages: [], result: null }, status);
const ok = (c: Context<StandInsApp>, result: unknown, extra: object = {}) =>
  c.json({ success: true, errors: [], messages: [], result, ...extra });

/** The certificate's and the hostname's status as Cloudflare reports them at this step. */
function statusOf(row: HostnameRow, now: number, justCreated: boolean) {
  if (!row.dns_pointed || row.stage === 0) {
    const timedOut = now - row.validation_started > VALIDATION_DAYS * DAY;
    const ssl = justCreated ? 'initializing' : timedOut ? 'validation_timed_out' : 'pending_validation';
    return { status: 'pending', ssl, errors: row.dns_pointed ? [] : [NOT_CNAMED] };
  }
  const ssl = ['pending_validation', 'pending_issuance', 'pending_deployment', 'active'][row.stage - 1]!;
  return { status: row.stage >= 2 ? 'active' : 'pending', ssl, errors: [] };
}

/** A custom hostname object as the API answers it. */
function hostnameObject(row: HostnameRow, now: number, justCreated = false) {
  const { status, ssl, errors } = statusOf(row, now, justCreated);
  return {
    id: row.id,
    hostname: row.hostname,
    status,
    ...(errors.length ? { verification_errors: errors } : {}),
    ownership_verification: { type: 'txt', name: `_cf-custom-hostname.${row.hostname}`, value: row.ownership_value },
    ownership_verification_http: {
      http_url: `http://${row.hostname}/.well-known/cf-custom-hostname-challenge/${row.id}`,
      http_body: row.ownership_value,
    },
    ssl: {
      id: row.ssl_id,
      type: 'dv',
      method: 'http',
      status: ssl,
      settings: { min_tls_version: '1.2' },
      bundle_method: 'ubiquitous',
      certificate_authority: 'google',
      wildcard: false,
      ...(ssl === 'validation_timed_out' ? { validation_errors: [{ message: NOT_CNAMED }] } : {}),
    },
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The SSL object of a create or PATCH body: Cloudflare needs method and type. */
function sslIsValid(ssl: unknown): boolean {
  if (typeof ssl !== 'object' || ssl === null) return false;
  const s = ssl as Record<string, unknown>;
  return ['http', 'txt', 'email'].includes(String(s.method)) && s.type === 'dv';
}

async function jsonObject(c: Context<StandInsApp>): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await c.req.json();
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const api = new Hono<StandInsApp>()
  .use('/zones/:zone/*', async (c, next) => {
    const m = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization')?.trim() ?? '');
    if (!m || m[1] !== LOCAL_CLOUDFLARE_TOKEN) return refuse(c, 403, 10000, 'Authentication error');
    if (!ZONE.test(c.req.param('zone'))) return refuse(c, 400, 7003, 'Could not route to /zones/' + c.req.param('zone'));
    await next();
  })
  .post('/zones/:zone/custom_hostnames', async (c) => {
    const body = await jsonObject(c);
    if (!body) return refuse(c, 400, 1400, 'Unable to decode the JSON request body. Please check your input and try again.');
    const hostname = typeof body.hostname === 'string' ? body.hostname.trim().toLowerCase() : '';
    if (!HOSTNAME.test(hostname)) return refuse(c, 400, 1411, 'Invalid custom hostname. Custom hostnames must be a valid hostname.');
    if (!sslIsValid(body.ssl)) return refuse(c, 400, 1407, 'Invalid ssl object: method and type are required.');
    const now = Date.now();
    const row: HostnameRow = {
      id: crypto.randomUUID(),
      zone_id: c.req.param('zone'),
      hostname,
      ssl_id: crypto.randomUUID(),
      ownership_value: crypto.randomUUID(),
      dns_pointed: 0,
      stage: 0,
      validation_started: now,
      created_at: now,
    };
    if (!(await insertHostname(c.env.DB, row))) return refuse(c, 409, 1406, 'Duplicate custom hostname found.');
    return ok(c, hostnameObject(row, now, true));
  })
  .get('/zones/:zone/custom_hostnames', async (c) => {
    const hostname = c.req.query('hostname')?.trim().toLowerCase() || null;
    const rows = await hostnamesOf(c.env.DB, c.req.param('zone'), hostname);
    const now = Date.now();
    const result = [];
    for (const row of rows) result.push(hostnameObject(await read(c.env.DB, row), now));
    return ok(c, result, { result_info: { page: 1, per_page: 100, count: result.length, total_count: result.length } });
  })
  .get('/zones/:zone/custom_hostnames/:id', async (c) => {
    const row = await hostnameById(c.env.DB, c.req.param('zone'), c.req.param('id'));
    if (!row) return refuse(c, 404, 1436, 'The custom hostname was not found.');
    return ok(c, hostnameObject(await read(c.env.DB, row), Date.now()));
  })
  .patch('/zones/:zone/custom_hostnames/:id', async (c) => {
    const body = await jsonObject(c);
    if (!body || (body.ssl !== undefined && !sslIsValid(body.ssl)))
      return refuse(c, 400, 1407, 'Invalid ssl object: method and type are required.');
    const zone = c.req.param('zone');
    const id = c.req.param('id');
    if (!(await hostnameById(c.env.DB, zone, id))) return refuse(c, 404, 1436, 'The custom hostname was not found.');
    await restartValidation(c.env.DB, id, Date.now());
    return ok(c, hostnameObject(await read(c.env.DB, (await hostnameById(c.env.DB, zone, id))!), Date.now()));
  })
  .delete('/zones/:zone/custom_hostnames/:id', async (c) => {
    const r = await deleteHostname(c.env.DB, c.req.param('zone'), c.req.param('id'));
    if (r.meta.changes === 0) return refuse(c, 404, 1436, 'The custom hostname was not found.');
    return ok(c, { id: c.req.param('id') });
  });

/** A read of a pointed hostname moves it one step on, as Cloudflare's validation would between checks. */
async function read(db: D1Database, row: HostnameRow): Promise<HostnameRow> {
  if (!row.dns_pointed || row.stage >= LIVE) return row;
  await advanceStage(db, row.id, LIVE);
  return { ...row, stage: row.stage + 1 };
}

/**
 * Cloudflare for SaaS's custom hostnames API under /client/v4 (CLOUDFLARE_API_BASE), in
 * Cloudflare's envelope, with the token `local_cloudflare_token` and any 32-hex zone id; and, for
 * tests only, /__dev/cloudflare/custom_hostnames/{hostname}: `POST .../dns {pointed}` (the
 * salon's CNAME now points at the zone: each later read moves it one step on, to active) and
 * `POST .../age {days}` (its validation started that long ago: past 7 days it has timed out).
 */
export const cloudflareStandIn = new Hono<StandInsApp>()
  .route('/client/v4', api)
  .post('/__dev/cloudflare/custom_hostnames/:hostname/dns', async (c) => {
    const body = await jsonObject(c);
    if (typeof body?.pointed !== 'boolean') return c.json({ error: 'Send {"pointed": true} or {"pointed": false}' }, 400);
    if (!(await setDnsPointed(c.env.DB, c.req.param('hostname').toLowerCase(), body.pointed)))
      return c.json({ error: 'No such custom hostname' }, 404);
    return c.json(await hostnameByName(c.env.DB, c.req.param('hostname').toLowerCase()));
  })
  .post('/__dev/cloudflare/custom_hostnames/:hostname/age', async (c) => {
    const body = await jsonObject(c);
    const days = body?.days;
    if (typeof days !== 'number' || !(days >= 0 && days <= 365)) return c.json({ error: 'Send {"days": 0 to 365}' }, 400);
    await backdateValidation(c.env.DB, c.req.param('hostname').toLowerCase(), Date.now() - days * DAY);
    const row = await hostnameByName(c.env.DB, c.req.param('hostname').toLowerCase());
    return row ? c.json(row) : c.json({ error: 'No such custom hostname' }, 404);
  });
