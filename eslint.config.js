// Lint: typescript-eslint's recommended rules, the React hooks rules for the client, and the
// house's import boundaries (bulletproof-react style): layers point one way and features meet
// only through each other's public entry (index.ts).
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./client/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The console's places (client/console/<place>/): every folder but the shell (app/) and the shared kit (lib/, ui/). */
const consoleKit = ['app', 'lib', 'ui'];
const places = readdirSync(new URL('./client/console', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !consoleKit.includes(d.name))
  .map((d) => d.name);

/**
 * Worker layers, top to bottom: edge → api → domain → db. A layer imports the layers below it,
 * never one above; the edge reaches data only through the API (embedded or UPSTREAM_API), so it
 * imports neither the domain nor db. Within the domain, bookings and payments build on
 * availability, never the other way.
 */
const up = (target, from, why) => ({ target: target.map((d) => `./worker/${d}`), from: from.map((d) => `./worker/${d}`), message: why });
const workerZones = [
  up(
    ['db'],
    [
      'edge',
      'api',
      'availability',
      'bookings',
      'payments',
      'messaging',
      'identity',
      'invites',
      'domains',
      'group',
      'reminders',
      'index.ts',
      'scheduled.ts',
    ],
    'db/ is the ground floor: it imports no layer above it.',
  ),
  up(
    ['availability', 'bookings', 'payments', 'messaging', 'invites', 'identity', 'domains', 'group', 'reminders'],
    ['edge', 'api', 'index.ts', 'scheduled.ts'],
    'The domain is independent of HTTP: it imports neither api/ nor edge/.',
  ),
  up(
    ['availability'],
    ['bookings', 'payments', 'messaging', 'invites', 'reminders'],
    'bookings/ and payments/ build on availability/, never the other way.',
  ),
  up(['api'], ['edge', 'index.ts'], 'api/ does not import the edge.'),
  // The edge's one table is its own cache bookkeeping (db/cache-versions.ts), and it opens each
  // request's D1 sessions (db/session.ts, metered by db/d1-meter.ts), one a database, giving an
  // embedded API call its salon's database from the directory (db/placement.ts); salon data it
  // reaches only through the API.
  {
    ...up(['edge'], ['db'], 'The edge reaches data only through the API (embedded or UPSTREAM_API).'),
    from: './worker/db',
    except: ['./cache-versions.ts', './session.ts', './d1-meter.ts', './placement.ts'],
  },
  up(
    ['edge'],
    ['availability', 'bookings', 'payments', 'messaging', 'invites', 'domains', 'group', 'reminders'],
    'The edge reaches data only through the API (embedded or UPSTREAM_API).',
  ),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.types/**',
      'styled-system/**',
      'node_modules/**',
      '**/.wrangler/**',
      'tests/e2e/test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.mts'] })],
      // the files import-x follows (no-cycle): without the TypeScript ones it followed only .js files
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // the house's own files, not node_modules (following stripe's hundreds of files was 90 % of the lint's time)
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './shared',
              from: ['./worker', './client', './standins'],
              message: 'shared/ is pure code: it imports nothing from either side.',
            },
            { target: './worker', from: ['./standins', './client'], message: 'The product never imports the stand-ins or the client.' },
            {
              target: './client',
              from: ['./worker', './standins'],
              // the API's types (type imports only), for the typed client of client/lib/api.ts
              except: ['./api/types.ts'],
              message: 'The client talks to the Worker over HTTP only (its types: worker/api/types.ts).',
            },
            { target: './standins', from: ['./worker', './client'], message: 'The stand-ins are a house of their own.' },
            ...workerZones,
            {
              target: ['./client/components', './client/lib'],
              from: './client/features',
              message: 'components/ and lib/ never import features.',
            },
            {
              target: ['./client/components', './client/lib', './client/features'],
              from: './client/app',
              message: 'Only the app shell imports the app shell.',
            },
            ...features.map((f) => ({
              target: `./client/features/${f}`,
              from: './client/features',
              except: [`./${f}`, ...features.filter((o) => o !== f).map((o) => `./${o}/index.ts`)],
              message: "Features meet only through each other's public entry (features/<name>/index.ts).",
            })),
            // The console as the booking client: app/ (shell and routes) → places → ui/, lib/ → shared.
            {
              target: ['./client/console/lib', './client/console/ui'],
              from: [...places.map((p) => `./client/console/${p}`), './client/console/app'],
              message: "The console's lib/ and ui/ never import a place or the shell (app/).",
            },
            ...places.map((p) => ({
              target: `./client/console/${p}`,
              from: './client/console',
              except: [`./${p}`, './lib', './ui', ...places.filter((o) => o !== p).map((o) => `./${o}/index.ts`)],
              message: 'A console place imports lib/, ui/ and shared/, and another place only through its public entry (<place>/index.ts).',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The classic rules of hooks; the React Compiler's stricter rules come with adopting the compiler.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The booking pages parse with zod jitless (no eval under their CSP): schemas the client can
    // load take `z` from shared/zod.ts, which sets that before any schema is built.
    files: ['client/**/*.{ts,tsx}', 'shared/**/*.ts'],
    ignores: ['shared/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: 'Import { z } from shared/zod.ts (zod runs jitless there).' }] },
      ],
    },
  },
  {
    // The Worker speaks Stripe over fetch (worker/payments/stripe-api.ts): the SDK was 33 KB gzip of
    // its bundle. The stand-ins and the tests keep the SDK, to prove the protocol.
    files: ['worker/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'stripe', message: 'The Worker calls Stripe through worker/payments/stripe-api.ts (docs/payments.md).' }],
          patterns: [{ group: ['stripe/*'], message: 'The Worker calls Stripe through worker/payments/stripe-api.ts (docs/payments.md).' }],
        },
      ],
    },
  },
  {
    files: ['tests/**', 'standins/tests/**', 'bench/**', 'scripts/**'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
);
