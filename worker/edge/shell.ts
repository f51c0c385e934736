import type { Context } from 'hono';
import type { Bootstrap } from '../../shared/types';
import { DEFAULT_THEME, type ThemeMode } from '../../shared/constants';
import type { AppEnv } from '../env';
import type { Config } from '../config';
import { escapeMarkup } from '../escape-markup';
import { FACEBOOK_PIXEL } from '../../shared/consent';
import { themeFontUrl } from '../../shared/theme-fonts';
import { HEX_COLOUR } from '../../themes/colour';

/** Serialises JSON for a <script type="application/json">: no salon text can close the tag. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The `style` of <html> that sets a salon's brand colours (themes/brand.ts brandVariables) over
 * its theme's: only Panda colour variables with `#rrggbb` values get in (the CSP allows inline
 * styles), so nothing a salon typed reaches the page as it was typed.
 */
export function colourStyle(colours: Record<string, string>): string {
  return Object.entries(colours)
    .filter(([name, value]) => /^--colors-[a-z]+(?:-[a-z]+)*$/.test(name) && HEX_COLOUR.test(value))
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
}

/** Sets the theme, its brand colours and the language on <html> so the first paint is already in the salon's look. */
class ThemeInjector implements HTMLRewriterElementContentHandlers {
  constructor(
    private theme: ThemeMode,
    private lang: string,
    private style: string,
  ) {}
  element(el: Element) {
    el.setAttribute('data-theme', this.theme);
    el.setAttribute('lang', this.lang);
    if (this.style) el.setAttribute('style', this.style);
  }
}

/**
 * Preloads the theme's font first thing in the head (before the stylesheet that asks for it), so
 * it is usually there for the first paint; its metric-matched fallback covers the rest.
 */
class FontPreloadInjector implements HTMLRewriterElementContentHandlers {
  constructor(private theme: ThemeMode) {}
  element(el: Element) {
    el.prepend(`<link rel="preload" href="${themeFontUrl(this.theme)}" as="font" type="font/woff2" crossorigin>`, { html: true });
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

/** Replaces the page's meta description; the text is escaped here (HTMLRewriter's setAttribute escapes only quotes). */
class DescriptionInjector implements HTMLRewriterElementContentHandlers {
  constructor(private description: string) {}
  element(el: Element) {
    el.replace(`<meta name="description" content="${escapeMarkup(this.description)}" />`, { html: true });
  }
}

/** Puts the server-rendered first screen into <div id="root"> (the client hydrates it). */
class RootInjector implements HTMLRewriterElementContentHandlers {
  constructor(private html: string) {}
  element(el: Element) {
    el.setInnerContent(this.html, { html: true });
  }
}

/** Points the page's <link rel="icon"> at the salon's own icon. */
class IconInjector implements HTMLRewriterElementContentHandlers {
  constructor(private icon: { href: string; type?: string }) {}
  element(el: Element) {
    const type = this.icon.type ? ` type="${escapeMarkup(this.icon.type)}"` : '';
    el.replace(`<link rel="icon" href="${escapeMarkup(this.icon.href)}"${type} />`, { html: true });
  }
}

/** Asks search engines not to index the page (a salon not ready to take bookings). */
class NoIndexInjector implements HTMLRewriterElementContentHandlers {
  element(el: Element) {
    el.append('<meta name="robots" content="noindex" />', { html: true });
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
  template = {
    text,
    etag: [...new Uint8Array(d)]
      .slice(0, 6)
      .map((b) => b.toString(16).padStart(2, '0'))
      .join(''),
  };
  return template;
}

/** Rendered pages by ETag, as UTF-8 bytes ready to send, and whether their CSP allows the pixel. */
const rendered = new Map<string, { body: Uint8Array; pixel: boolean }>();
const MEMO_LIMIT = 500;

export interface ShellOptions {
  bootstrap: Bootstrap;
  theme?: ThemeMode;
  /** The salon's brand colours over its theme's: CSS variables (themes/brand.ts brandVariables). */
  colours?: Record<string, string>;
  lang?: string;
  title: string;
  /** The meta description; omitted, the generic one of index.html stays. */
  description?: string;
  /** The page's icon; omitted, the product's icon of index.html stays. */
  icon?: { href: string; type?: string };
  status?: 200 | 404;
  /** A key that changes whenever the injected data does (scope and version); omit to skip memoising. */
  memoKey?: string;
  /** The salon has a Facebook pixel id: the CSP allows the pixel's hosts (shared/consent.ts). */
  pixel?: boolean;
  /** The first screen's HTML, rendered by React at the edge (edge/first-screen.ts), for #root. */
  root?: string | null;
  /**
   * A preview for the salon console (an unsaved theme): framed by the console's own pages only,
   * never memoised, never stored by a browser or cache (so never shown in place of the page).
   */
  preview?: boolean;
  /** Not for search engines yet: a salon with no service or no opening hours (issue 49). */
  noindex?: boolean;
}

/**
 * Stripe.js (card screens in production) loads from js.stripe.com, frames its fields and calls
 * api.stripe.com; in development the card form calls the Stripe stand-in's origin instead.
 * pusher-js opens one WebSocket (ws/wss transports only, no SockJS fallback): wss://ws-{cluster}.pusher.com,
 * or the Pusher stand-in's ws://host:port in development.
 * With `pixel` (a salon page whose salon has a Facebook pixel id) the pixel's script host and the
 * host it reports to are allowed too; every other page keeps them out. img-src already allows https:.
 */
function securityHeaders(config: Config, pixel: boolean): Record<string, string> {
  const stripeApi = config.stripe.browserApiOrigin ?? 'https://api.stripe.com';
  const pixelScript = pixel ? ` ${FACEBOOK_PIXEL.scriptOrigin}` : '';
  const pixelReport = pixel ? ` ${FACEBOOK_PIXEL.reportOrigin}` : '';
  return {
    'Content-Security-Policy':
      `default-src 'self'; script-src 'self' https://js.stripe.com${pixelScript}; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; ` +
      `connect-src 'self' ${stripeApi} ${config.pusher.socketOrigin}${pixelReport}; frame-src https://js.stripe.com https://hooks.stripe.com; font-src 'self'; worker-src 'self'; ` +
      "frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}
const headerSets = new WeakMap<Config, [Record<string, string>, Record<string, string>]>();
function securityHeadersOf(config: Config, pixel: boolean) {
  let sets = headerSets.get(config);
  if (!sets) headerSets.set(config, (sets = [securityHeaders(config, false), securityHeaders(config, true)]));
  return sets[pixel ? 1 : 0];
}

/**
 * The page's ETag: the template, the release and the page's data. The release is in it because
 * the page carries it (bootstrap `release`): after a release a browser's copy is never revalidated
 * with a 304, or client/lib/release-check.ts would find the page still of the old release.
 */
function etagOf(c: Context<AppEnv>, tpl: { etag: string }, memoKey: string): string {
  return `"${tpl.etag}-${`${c.get('config').release}/${memoKey}`.replace(/[^\w.@:-]/g, '_')}"`;
}

function headersFor(c: Context<AppEnv>, pixel: boolean, etag?: string, preview = false): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    ...securityHeadersOf(c.get('config'), pixel),
    ...(etag ? { ETag: etag } : {}),
  };
  if (preview) {
    headers['Cache-Control'] = 'no-store';
    headers['Content-Security-Policy'] = headers['Content-Security-Policy']!.replace("frame-ancestors 'none'", "frame-ancestors 'self'");
  }
  return headers;
}

/** The page, or a 304 when the browser already has this ETag (with the same headers: a 304 updates the stored ones). */
function answer(c: Context<AppEnv>, body: Uint8Array, status: number, pixel: boolean, etag?: string, preview = false): Response {
  const headers = headersFor(c, pixel, etag, preview);
  if (etag && c.req.header('If-None-Match') === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { status, headers });
}

/**
 * The page already rendered for `memoKey` (a 304 when the browser has it), or null. Called
 * before the page's data is read, so a warm page costs no parsing and no rendering. A page not
 * memoised in this isolate is rendered even for a 304, since its CSP depends on the salon's data.
 */
export async function memoisedShell(c: Context<AppEnv>, memoKey: string): Promise<Response | null> {
  return memoAnswer(c, await indexHtml(c), memoKey);
}

/** The page already rendered for `memoKey`, when this isolate has it and the template in memory (nothing to read), or null. */
export function warmShell(c: Context<AppEnv>, memoKey: string): Response | null {
  return template ? memoAnswer(c, template, memoKey) : null;
}

function memoAnswer(c: Context<AppEnv>, tpl: { etag: string }, memoKey: string): Response | null {
  const etag = etagOf(c, tpl, memoKey);
  const memo = rendered.get(etag);
  return memo ? answer(c, memo.body, 200, memo.pixel, etag) : null;
}

/** Serves the SPA's HTML with the page's theme, language, title, description, icon and public data injected. */
export async function serveShell(c: Context<AppEnv>, o: ShellOptions): Promise<Response> {
  const status = o.status ?? 200;
  // Only pages that exist are memoised and revalidated: a 404 (or a preview) is rendered each time.
  const memoKey = status === 200 && !o.preview ? o.memoKey : undefined;
  if (memoKey) {
    const ready = await memoisedShell(c, memoKey);
    if (ready) return ready;
  }
  const tpl = await indexHtml(c);
  const rewriter = new HTMLRewriter()
    .on('html', new ThemeInjector(o.theme ?? DEFAULT_THEME, o.lang ?? 'en-GB', colourStyle(o.colours ?? {})))
    .on('title', new TitleInjector(o.title))
    .on('head', new FontPreloadInjector(o.theme ?? DEFAULT_THEME))
    .on('head', new BootstrapInjector(scriptSafeJson(o.bootstrap)));
  if (o.description) rewriter.on('meta[name="description"]', new DescriptionInjector(o.description));
  if (o.icon) rewriter.on('link[rel="icon"]', new IconInjector(o.icon));
  if (o.root) rewriter.on('div#root', new RootInjector(o.root));
  if (o.noindex) rewriter.on('head', new NoIndexInjector());
  const html = await rewriter.transform(new Response(tpl.text)).text();
  const body = new TextEncoder().encode(html);
  const etag = memoKey ? etagOf(c, tpl, memoKey) : undefined;
  const pixel = o.pixel ?? false;
  if (etag) {
    if (rendered.size >= MEMO_LIMIT) rendered.delete(rendered.keys().next().value as string);
    rendered.set(etag, { body, pixel });
  }
  return answer(c, body, status, pixel, etag, o.preview);
}
