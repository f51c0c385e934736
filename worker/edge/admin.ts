import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { callApi } from './api-client';
import { bumpVersions } from './versions';

/**
 * The salon admin API, forwarded to the booking API (embedded or upstream). After a successful
 * settings change the edge bumps the salon's and its group's versions, so the very next page
 * load and public call miss the cache and see the change.
 */
export const admin = new Hono<AppEnv>().all('/admin/*', async (c) => {
  const path = c.req.path.slice(1);
  const res = await callApi(c, path, new URL(c.req.url).search);
  const m = /^admin\/salons\/(\d+)$/.exec(path);
  if (m && c.req.method === 'PATCH' && res.ok) {
    const body = (await res.clone().json().catch(() => null)) as { group?: number | null } | null;
    const scopes = [`salon:${m[1]}`];
    if (body?.group) scopes.push(`group:${body.group}`);
    await bumpVersions(c.env.DB, scopes);
  }
  return res;
});
