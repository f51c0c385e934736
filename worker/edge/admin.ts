import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { callApi } from './api-client';
import { bumpVersions } from './versions';

/** Whether a settings change names a custom domain or short URL (the API has accepted it). */
function changesTenancy(body: string): boolean {
  try {
    const keys = Object.keys(JSON.parse(body) as object);
    return keys.includes('custom_domain') || keys.includes('short_slug');
  } catch {
    return false;
  }
}

/**
 * The salon admin API, forwarded to the booking API (embedded or upstream). After a successful
 * settings change the edge bumps the salon's and its group's versions, so the very next page
 * load and public call miss the cache and see the change.
 */
export const admin = new Hono<AppEnv>().all('/admin/*', async (c) => {
  const path = c.req.path.slice(1);
  const asked = c.req.method === 'PATCH' ? await c.req.raw.clone().text() : '';
  const res = await callApi(c, path, new URL(c.req.url).search);
  const m = /^admin\/salons\/(\d+)$/.exec(path);
  if (m && c.req.method === 'PATCH' && res.ok) {
    const body = (await res
      .clone()
      .json()
      .catch(() => null)) as { group?: number | null } | null;
    const scopes = [`salon:${m[1]}`];
    if (body?.group) scopes.push(`group:${body.group}`);
    // A new custom domain or short URL changes which salon a host or slug leads to.
    if (changesTenancy(asked)) scopes.push('tenancy');
    await bumpVersions(c.env.DB, scopes);
  }
  return res;
});
