import react from '@vitejs/plugin-react';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { CODE_SCREEN_PATH, NOT_PAGE_PATH, PAGES_CACHE } from './shared/offline.ts';
import { PREVIEW_THEME_PARAM } from './shared/constants.ts';

/**
 * Navigations the service worker may keep a copy of (for a client who reopens a page offline):
 * salon, group and landing pages; never the edge's other paths nor a screen whose address carries
 * a code, as shared/offline.ts declares them, nor the console's preview of an unsaved theme. Workbox writes the function's text into sw.js, so it
 * is made here with those declarations' patterns written into it.
 */
const isCachedPage = new Function(
  '{ request, url }',
  `return request.mode === 'navigate' && !${NOT_PAGE_PATH}.test(url.pathname) && !${CODE_SCREEN_PATH}.test(url.pathname) && !url.searchParams.has(${JSON.stringify(PREVIEW_THEME_PARAM)});`,
) as (o: { request: Request; url: URL }) => boolean;

/**
 * Offline, a screen of a salon's journey that was never loaded as a page (the client reached it
 * in the app) is answered with that salon's own page, kept when it was opened: the salon's theme,
 * name, phone and offline notice rather than the generic offline page, and the app then shows the
 * screen itself (the copy is marked, so the app renders instead of hydrating another screen's HTML).
 * Workbox writes the plugin's text into sw.js: it names the pages cache (PAGES_CACHE) itself.
 */
const salonPageWhenOffline = {
  handlerDidError: async ({ request }: { request: Request }) => {
    const salon = /^\/salon\/(\d+)\/./.exec(new URL(request.url).pathname);
    if (!salon) return undefined;
    const pages = await caches.open('pages');
    const page = await pages.match(`/salon/${salon[1]}`, { ignoreSearch: true });
    if (!page) return undefined;
    const html = (await page.text()).replace('<div id="root">', '<div id="root" data-offline-copy="">');
    return new Response(html, { status: 200, headers: page.headers });
  },
};

/**
 * The server render needs only the first screens (client/entry-server.tsx): in the `ssr` build the
 * app's own dynamic imports (later screens, Stripe, pusher-js, the pixel) become promises that never
 * settle, so none of that code reaches the Worker. No effect runs on the server and no lazy screen
 * is rendered there, so none of them is ever awaited. It renders one location and never navigates:
 * a static router (client/app/server-router.tsx) stands for react-router, whose 38 KB stay out of
 * the Worker; the browser hydrates the same HTML with react-router.
 */
function firstScreenOnly(): Plugin {
  const streamingRenderer = fileURLToPath(new URL('./node_modules/react-dom/cjs/react-dom-server.edge.production.js', import.meta.url));
  return {
    name: 'salon:first-screen-only',
    applyToEnvironment: (env) => env.name === 'ssr',
    // React's production builds only (its CJS entries pick by NODE_ENV at run time), and of
    // react-dom/server only the streaming renderer the Worker uses, not the legacy one beside it.
    configEnvironment: (name) => (name === 'ssr' ? { define: { 'process.env.NODE_ENV': '"production"' } } : undefined),
    transform(code, id) {
      if (!id.includes('/client/')) return null;
      const out = code
        .replace(/\bimport\(\s*(['"`])[^'"`]+\1\s*\)/g, 'new Promise(() => {})')
        .replace(/(from\s*)(['"])react-dom\/server\2/g, (_, from: string) => `${from}${JSON.stringify(streamingRenderer)}`);
      return out === code ? null : { code: out, map: null };
    },
  };
}

/** The server render's react-router (firstScreenOnly above): resolved before Vite's resolver finds the package. */
function serverRouter(): Plugin {
  const module = fileURLToPath(new URL('./client/app/server-router.tsx', import.meta.url));
  return {
    name: 'salon:server-router',
    applyToEnvironment: (env) => env.name === 'ssr',
    enforce: 'pre',
    resolveId: (source) => (source === 'react-router' ? module : null),
  };
}

/**
 * The app's scripts are fetched at low priority: the first screen is already in the HTML
 * (server-rendered), so the page's stylesheet and images come first on a slow network, and the
 * browser paints before it runs the scripts that hydrate it.
 */
function scriptsAfterPaint(): Plugin {
  return {
    name: 'salon:scripts-after-paint',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
          .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"'),
    },
  };
}

/** A module of a booking page's feature (client/features/<feature>/...). */
const FEATURE_MODULE = /[\\/]client[\\/]features[\\/].*\.tsx?$/;

/**
 * A feature's public entry (client/features/<feature>/index.ts) re-exports its modules' names: the
 * pairs of each `export { a, b as c } from './x'`, or null for a module with code of its own.
 */
function reExports(code: string): [string, string][] | null {
  const statements = /export\s*\{([^}]*)\}\s*from\s*(['"])([^'"]+)\2\s*;?/g;
  const rest = code.replace(statements, '').replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '');
  if (rest.trim() !== '') return null;
  return [...code.matchAll(statements)].flatMap((m) =>
    m[1]!.split(',').flatMap((n) => {
      const exported = n
        .trim()
        .split(/\s+as\s+/)
        .at(-1)!;
      return exported ? [[exported, m[3]!] as [string, string]] : [];
    }),
  );
}

/** The file a relative import names, among the ids a module imports: './x' is x.ts, x.tsx or x/index.ts. */
function resolveAmong(from: string, spec: string, ids: readonly string[]) {
  if (!spec.startsWith('.')) return undefined;
  const base = join(dirname(from), spec);
  return ids.find((id) => [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].includes(id));
}

/** The names a module takes from `barrel` (`import { a, b as c }`), or null when it takes all (`* as`, default). */
function namesTaken(code: string, from: string, barrel: string): Set<string> | null {
  const names = new Set<string>();
  for (const m of code.matchAll(/\b(?:import|export)\s*([^;'"]*?)\s*from\s*(['"])([^'"]+)\2/g)) {
    if (resolveAmong(from, m[3]!, [barrel]) === undefined) continue;
    const braces = /\{([^}]*)\}/.exec(m[1]!);
    if (!braces || m[1]!.replace(/\{[^}]*\}/, '').trim() !== '') return null;
    for (const n of braces[1]!.split(',')) if (n.trim()) names.add(n.trim().split(/\s+as\s+/)[0]!);
  }
  return names;
}

/** The modules of a feature's index that give `names` (all its modules if one is not found). */
function sourcesOf(barrel: string, barrelId: string, names: Set<string>, ids: readonly string[]) {
  const found = (reExports(barrel) ?? []).filter(([name]) => names.has(name)).map(([, spec]) => resolveAmong(barrelId, spec, ids));
  return found.every((id) => id !== undefined) ? (found as string[]) : ids;
}

/**
 * The app's first load in one chunk. The entry (main.tsx) fetches the app (start.tsx) after the
 * first paint; the code start.tsx imports statically is needed by then whatever the screen, but
 * Rolldown cuts what it shares with the lazy screens into a dozen small chunks, each compressed on
 * its own. This plugin collects start.tsx's static imports once the module graph is built, and
 * the `app` group below puts them in one chunk with it. Nothing a lazy screen alone imports is in it,
 * and nothing the entry imports (which stays in the entry). Through a feature's index, only the
 * modules of the names the first load takes from it are followed: the rest of that feature (the
 * journey's later calls and components, 1.7 KB gzip) goes in the `later` chunk, with the
 * treeshake rule below, which lets Rolldown leave a module the first load never runs out of it.
 */
function appChunk() {
  const firstLoad = new Set<string>();
  const later = new Set<string>();
  const plugin: Plugin = {
    name: 'salon:app-chunk',
    applyToEnvironment: (env) => env.name === 'client',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      /** `file`'s static imports; `taken`: through a feature's index, only to the modules of the names taken from it. */
      const closure = (file: RegExp, taken: boolean) => {
        const root = ids.find((id) => file.test(id));
        if (!root) this.error(`${String(file)} is not in the module graph`);
        const seen = new Set<string>();
        for (const pending = [root]; pending.length > 0;) {
          const id = pending.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          const code = info(id)?.code;
          // a feature's index is followed from its importers
          if (taken && code && reExports(code)) continue;
          for (const dep of info(id)?.importedIds ?? []) {
            pending.push(dep);
            const index = taken ? info(dep)?.code : null;
            if (!index || !reExports(index)) continue;
            const names = code ? namesTaken(code, id, dep) : null;
            pending.push(...(names ? sourcesOf(index, dep, names, info(dep)?.importedIds ?? []) : (info(dep)?.importedIds ?? [])));
          }
        }
        return seen;
      };
      // What the entry itself imports (the early-tap guard, Vite's preload helper) stays with it,
      // so the entry never waits for the app.
      const entry = closure(/[\\/]client[\\/]main\.tsx$/, false);
      for (const id of closure(/[\\/]client[\\/]start\.tsx$/, true)) if (!entry.has(id)) firstLoad.add(id);
      for (const id of closure(/[\\/]client[\\/]start\.tsx$/, false)) if (!entry.has(id) && !firstLoad.has(id)) later.add(id);
    },
  };
  // The set is already closed under static imports, but for the entry's modules: not following
  // dependencies again is what keeps those in the entry.
  return {
    plugin,
    groups: [
      { name: 'app', test: (id: string) => firstLoad.has(id), includeDependenciesRecursively: false },
      // What a feature's index gives the later screens alone (the journey's calls, its booking's
      // submission, its hold's countdown): a chunk of their own, which the later screens load.
      { name: 'later', test: (id: string) => later.has(id), includeDependenciesRecursively: false },
    ],
  };
}
const app = appChunk();

/** The offline shell is the booking pages' alone: the console's build makes no service worker. */
function withPwaFor(environment: string, options: Parameters<typeof VitePWA>[0]): Plugin[] {
  return VitePWA(options).map((p) => ({ ...p, applyToEnvironment: (env) => env.name === environment }));
}

// The client is built into dist/client, which wrangler serves as static assets; the Worker
// injects each page's data into dist/client/index.html, with the first screen rendered by the
// `ssr` build (dist/ssr/entry-server.js) that it imports. `vite build` builds both.
export default defineConfig({
  root: 'client',
  publicDir: '../public',
  builder: {
    // The booking pages first (their build empties dist/client), then the first screen's server
    // render, then the console into dist/client/console.
    buildApp: async (builder) => {
      for (const name of ['client', 'ssr', 'console']) await builder.build(builder.environments[name]!);
    },
  },
  environments: {
    client: {
      build: { rolldownOptions: { output: { codeSplitting: { groups: app.groups } } } },
    },
    // The salon console (/console): a browser build of its own, so that it shares no chunk with
    // the booking pages (a shared React chunk would change their first load, and the booking
    // app's chunks would come with the console). Its files are under console/, outside the
    // assets/ the service worker precaches for clients.
    console: {
      consumer: 'client',
      build: {
        outDir: '../dist/client',
        emptyOutDir: false,
        copyPublicDir: false,
        target: 'es2022',
        assetsDir: 'console/assets',
        rolldownOptions: { input: fileURLToPath(new URL('./client/console/index.html', import.meta.url)) },
      },
    },
    ssr: {
      resolve: { conditions: ['workerd', 'worker', 'browser'], noExternal: true },
      build: {
        outDir: '../dist/ssr',
        emptyOutDir: true,
        target: 'es2022',
        ssr: 'entry-server.tsx',
        copyPublicDir: false,
        minify: true,
      },
    },
  },
  plugins: [
    firstScreenOnly(),
    serverRouter(),
    app.plugin,
    scriptsAfterPaint(),
    react(),
    // The offline shell (sw.js, generated by Workbox): the hashed build output and the offline
    // page are precached; pages are fetched from the network first, and only when the network
    // cannot be reached does a page the client visited (or the offline page) answer. The API is
    // never handled by the service worker, so no personal answer is ever stored.
    // client/lib/service-worker.ts registers it (production builds only).
    ...withPwaFor('client', {
      strategies: 'generateSW',
      injectRegister: false,
      manifest: false,
      filename: 'sw.js',
      workbox: {
        globPatterns: ['assets/**/*.{js,css,svg,woff2}', 'offline.html'],
        // The raw template has no page data: never served in place of a page.
        navigateFallback: null,
        inlineWorkboxRuntime: true,
        cleanupOutdatedCaches: true,
        // A new release takes over at once (client/lib/release-check.ts reloads once after it).
        skipWaiting: true,
        clientsClaim: true,
        // Hashed names: the URL is already unique, no cache-busting query needed.
        dontCacheBustURLsMatching: /^assets\//,
        runtimeCaching: [
          {
            urlPattern: isCachedPage,
            handler: 'NetworkFirst',
            options: {
              cacheName: PAGES_CACHE,
              // Online, every page comes from the network; a cached copy only when it fails or hangs.
              networkTimeoutSeconds: 10,
              expiration: { maxEntries: 30 },
              cacheableResponse: { statuses: [200] },
              // first the salon's own page for a screen of its journey, else the offline page
              plugins: [salonPageWhenOffline],
              precacheFallback: { fallbackURL: '/offline.html' },
            },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    assetsDir: 'assets',
    // Rolldown's PLUGIN_TIMINGS note (Workbox and Panda's CSS take most of a build) said nothing
    // to act on and came once per environment, three times, on a busy machine's first start.
    rolldownOptions: {
      checks: { bundlerTimings: false },
      treeshake: {
        // A feature's modules only declare (styles, components, calls, rules), but its stores, which
        // set themselves up (client/features/*/store.ts; tests/unit/feature-modules.test.ts checks it).
        // Rolldown would keep an unused one for its first use of React's CommonJS modules, which
        // the app has made already: unused, it stays out of the chunk that imports its feature's
        // index (appChunk above), and the later screens load it with them.
        moduleSideEffects: (id: string) => (FEATURE_MODULE.test(id) && !/[\\/]store\.ts$/.test(id) ? false : undefined),
      },
    },
  },
});
