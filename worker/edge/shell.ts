import type { Context } from 'hono';
import type { Bootstrap } from '../../shared/types';
import { DEFAULT_THEME, type ThemeMode } from '../../shared/constants';
import type { AppEnv } from '../env';

/** Serialises JSON for a <script type="application/json">: no salon text can close the tag. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Sets the theme and language on <html> so the first paint is already in the salon's theme. */
class ThemeInjector implements HTMLRewriterElementContentHandlers {
  constructor(
    private theme: ThemeMode,
    private lang: string,
  ) {}
  element(el: Element) {
    el.setAttribute('data-theme', this.theme);
    el.setAttribute('lang', this.lang);
  }
}

/** Puts the page's public data into the head, read by the client before it renders. */
class BootstrapInjector implements HTMLRewriterElementContentHandlers {
  constructor(private json: string) {}
  element(el: Element) {
    el.append(`<script id="bootstrap" type="application/json">${this.json}</script>`, { html: true });
  }
}

class TitleInjector implements HTMLRewriterElementContentHandlers {
  constructor(private title: string) {}
  element(el: Element) {
    el.setInnerContent(this.title); // text, escaped by HTMLRewriter
  }
}

let template: { text: string; etag: string } | undefined;

/** The built index.html, read once per isolate from the static assets. */
async function indexHtml(c: Context<AppEnv>) {
  if (template) return template;
  const res = await c.env.ASSETS.fetch(new Request(new URL('/', c.req.url)));
  if (!res.ok) throw new Error(`index.html is missing from the assets (status ${res.status}); run the client build`);
  const text = await res.text();
  const d = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  template = { text, etag: [...new Uint8Array(d)].slice(0, 6).map((b) => b.toString(16).padStart(2, '0')).join('') };
  return template;
}

const rendered = new Map<string, string>();

export interface ShellOptions {
  bootstrap: Bootstrap;
  theme?: ThemeMode;
  lang?: string;
  title: string;
  status?: 200 | 404;
  /** A key that changes whenever the injected data does (scope and version); omit to skip memoising. */
  memoKey?: string;
}

const SECURITY_HEADERS = {
  'Content-Security-Policy':
    // Stripe.js (card screens in production) loads from js.stripe.com, frames its fields and calls api.stripe.com.
    "default-src 'self'; script-src 'self' https://js.stripe.com; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; " +
    "connect-src 'self' https://api.stripe.com; frame-src https://js.stripe.com https://hooks.stripe.com; font-src 'self'; " +
    "frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Serves the SPA's HTML with the page's theme, language, title and public data injected. */
export async function serveShell(c: Context<AppEnv>, o: ShellOptions): Promise<Response> {
  const tpl = await indexHtml(c);
  const etag = o.memoKey ? `"${tpl.etag}-${o.memoKey.replace(/[^\w.@:-]/g, '_')}"` : undefined;
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    ...SECURITY_HEADERS,
    ...(etag ? { ETag: etag } : {}),
  };
  const status = o.status ?? 200;
  if (etag && status === 200 && c.req.header('If-None-Match') === etag) {
    return new Response(null, { status: 304, headers });
  }
  const memo = etag && rendered.get(etag);
  if (memo) return new Response(memo, { status, headers });

  const html = await new HTMLRewriter()
    .on('html', new ThemeInjector(o.theme ?? DEFAULT_THEME, o.lang ?? 'en-GB'))
    .on('title', new TitleInjector(o.title))
    .on('head', new BootstrapInjector(scriptSafeJson(o.bootstrap)))
    .transform(new Response(tpl.text))
    .text();
  if (etag) {
    if (rendered.size > 500) rendered.delete(rendered.keys().next().value as string);
    rendered.set(etag, html);
  }
  return new Response(html, { status, headers });
}
