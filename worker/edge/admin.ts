import { Hono, type Context } from 'hono';
import { CHANGED_SCOPES_HEADER } from '../api/policy';
import type { AppEnv } from '../env';
import { callApi } from './api-client';
import { rawSearchOf } from './path-characters';
import { bumpVersions } from './versions';

/**
 * A call of the salon admin API (embedded or upstream). A change names the cache scopes it
 * touched (X-Changed-Scopes: the salon, its group, the domain lookups); the edge gives them new
 * versions before the answer goes out, so the very next page load and public call miss the cache
 * and see the change. The header never leaves the edge.
 */
export async function adminCall(c: Context<AppEnv>, path: string, search: string): Promise<Response> {
  const res = await callApi(c, path, search);
  const changed = res.headers.get(CHANGED_SCOPES_HEADER);
  if (!changed) return res;
  if (res.ok)
    await bumpVersions(
      c.env.DB,
      changed.split(',').filter((s) => /^[a-z]+(?::\d+)?$/.test(s)),
      c.get('config').versionLeaseMs,
    );
  const out = new Response(res.body, res);
  out.headers.delete(CHANGED_SCOPES_HEADER);
  return out;
}

/** /admin/*: the salon admin API at its own paths. */
export const admin = new Hono<AppEnv>().all('/admin/*', (c) => adminCall(c, c.req.path.slice(1), rawSearchOf(c.req.url)));
