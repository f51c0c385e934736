import type { Config } from '../config';

/**
 * Cloudflare for SaaS's custom hostnames API (docs/domains.md), reached only
 * through the settings CLOUDFLARE_API_TOKEN, CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_BASE (the
 * stand-ins offline). Plain fetch: the `cloudflare` SDK would add far more to the bundle than
 * these four calls need.
 */
export interface CustomHostname {
  id: string;
  hostname: string;
  status: string;
  verification_errors?: string[];
  ownership_verification?: { type: string; name: string; value: string };
  ssl: { status: string; validation_errors?: { message: string }[] };
  created_at?: string;
}

/** Cloudflare refused a call or could not be reached: its status (0: unreachable) and first error code. */
export class CloudflareRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** The hostname is on Cloudflare already (this zone or another account's): error 1406. */
export const DUPLICATE_HOSTNAME = 1406;

/** What every create and re-validation asks for: a DV certificate validated over HTTP once the CNAME points here. */
const SSL = { method: 'http', type: 'dv', settings: { min_tls_version: '1.2' } } as const;

interface Envelope<T> {
  success: boolean;
  errors?: { code: number; message: string }[];
  result: T;
}

async function call<T>(cf: Config['cloudflare'], method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${cf.apiBase}zones/${cf.zoneId}/custom_hostnames${path}`, {
      method,
      headers: { Authorization: `Bearer ${cf.token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
  } catch (e) {
    throw new CloudflareRefusal(0, null, `Cloudflare could not be reached (${e instanceof Error ? e.name : 'error'})`);
  }
  const answer = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!res.ok || !answer?.success) {
    const first = answer?.errors?.[0];
    throw new CloudflareRefusal(res.status, first?.code ?? null, first?.message ?? `Cloudflare answered ${res.status}`);
  }
  return answer.result;
}

export const createHostname = (cf: Config['cloudflare'], hostname: string) => call<CustomHostname>(cf, 'POST', '', { hostname, ssl: SSL });

export const getHostname = (cf: Config['cloudflare'], id: string) => call<CustomHostname>(cf, 'GET', `/${encodeURIComponent(id)}`);

/** The zone's hostname of that name, if any (one our own earlier create left behind). */
export const findHostname = async (cf: Config['cloudflare'], hostname: string) =>
  (await call<CustomHostname[]>(cf, 'GET', `?hostname=${encodeURIComponent(hostname)}`)).find((h) => h.hostname === hostname) ?? null;

/** "Check again": the same SSL settings PATCHed restart validation and its 7-day schedule. */
export const revalidateHostname = (cf: Config['cloudflare'], id: string) =>
  call<CustomHostname>(cf, 'PATCH', `/${encodeURIComponent(id)}`, { ssl: SSL });

/** Removes the hostname and its certificate; one already gone counts as removed. */
export async function deleteHostname(cf: Config['cloudflare'], id: string): Promise<void> {
  try {
    await call(cf, 'DELETE', `/${encodeURIComponent(id)}`);
  } catch (e) {
    if (!(e instanceof CloudflareRefusal && e.status === 404)) throw e;
  }
}
