// npm test: build the client once, type-check, lint (ESLint with the import boundaries) and
// check formatting (Prettier), then unit tests, the stand-ins' own tests, the
// product's Worker tests in workerd (beside a running stand-ins Worker), the production bundle
// check, and browser tests in Chromium. Stops at the first failing stage.
import { buildClient, run } from './lib.mjs';

const stages = process.argv.slice(2);
const want = (s) => stages.length === 0 || stages.includes(s);

if (want('build')) buildClient();
if (want('typecheck')) run('tsc', ['-b']);
if (want('lint')) run('eslint', ['--max-warnings', '0', '.']);
if (want('format')) run('prettier', ['--check', '--log-level', 'warn', '.']);
if (want('unit')) run('vitest', ['run', '--config', 'tests/unit/vitest.config.ts']);
if (want('standins')) run('vitest', ['run', '--config', 'standins/tests/vitest.config.ts']);
if (want('worker')) run('vitest', ['run', '--config', 'tests/worker/vitest.config.ts']);
if (want('bundle')) run('node', ['scripts/bundle.mjs']);
if (want('e2e')) run('playwright', ['test', '--config', 'tests/e2e/playwright.config.ts']);
