import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { StandInsApp as AppEnv } from '../env';
import { PAGE_CSP, type Html } from './three-d-secure-page';

/** What the stand-in's own pages (3-D Secure, Checkout) share: their headers and how their forms are read. */
const MAX_FORM_BYTES = 8 * 1024;

/**
 * Answers a page. Its form is sent to the page itself, which may redirect to other origins (the
 * merchant's return or success URL, the 3-D Secure page's public origin): browsers apply
 * form-action to that redirect too, so those origins (and only they) are allowed there.
 */
export function pageResponse(c: Context<AppEnv>, status: ContentfulStatusCode, body: Html, formTargets: (string | null)[] = []) {
  const extra = [...new Set(formTargets.filter((o): o is string => o !== null))];
  c.header('Content-Security-Policy', PAGE_CSP.replace("form-action 'self'", ["form-action 'self'", ...extra].join(' ')));
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Robots-Tag', 'noindex');
  return c.html(body, status);
}

/** A POST from another site's page (the Origin header names another origin). */
export function foreignPost(c: Context<AppEnv>): boolean {
  const origin = c.req.header('Origin');
  return origin !== undefined && origin !== 'null' && origin !== new URL(c.req.url).origin;
}

/** The page form's fields (url-encoded, at most 8 KB; anything else reads as no fields). */
export async function pageForm(c: Context<AppEnv>): Promise<Record<string, string>> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  const bytes = type === 'application/x-www-form-urlencoded' ? await c.req.arrayBuffer() : new ArrayBuffer(0);
  return Object.fromEntries(new URLSearchParams(bytes.byteLength <= MAX_FORM_BYTES ? new TextDecoder().decode(bytes) : ''));
}
