import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { callApi } from './api-client';
import { bumpVersions, TENANCY_SCOPE } from './versions';

/** Whether a settings change may move a custom domain or short URL (an unreadable body may). */
function movesTenancy(sent: string): boolean {
  try {
    const body = JSON.parse(sent) as unknown;
    return !body || typeof body !== 'object' || 'custom_domain' in body || 'short_slug' in body;
  } catch {
    return true;
  }
}

/**
 * The salon admin API, forwarded to the booking API (embedded or upstream). After a successful
 * settings change the edge bumps the salon's and its group's versions, and the tenancy version
 * when the change sets a custom domain or short URL, so the very next page load and public call
 * miss the cache and see the change.
 */
export const admin = new Hono<AppEnv>().all('/admin/*', async (c) => {
  const path = c.req.path.slice(1);
  const m = /^admin\/salons\/(\d+)$/.exec(path);
  const isChange = !!m && c.req.method === 'PATCH';
  const sent = isChange ? await c.req.raw.clone().text() : '';
  const res = await callApi(c, path, new URL(c.req.url).search);
  // A new or removed image (logo, cover, a stylist's photo) changes the salon's public data only.
  const image = /^admin\/salons\/(\d+)\/(?:logo|cover|stylists\/\d+\/photo)$/.exec(path);
  if (image && (c.req.method === 'PUT' || c.req.method === 'DELETE') && res.ok) await bumpVersions(c.env.DB, [`salon:${image[1]}`]);
  if (m && isChange && res.ok) {
    const body = (await res
      .clone()
      .json()
      .catch(() => null)) as { group?: number | null } | null;
    const scopes = [`salon:${m[1]}`];
    if (body?.group) scopes.push(`group:${body.group}`);
    if (movesTenancy(sent)) scopes.push(TENANCY_SCOPE);
    await bumpVersions(c.env.DB, scopes);
  }
  return res;
});
