// npm test: type-check, build the client once, then unit tests, Worker integration tests in
// workerd, and browser tests in Chromium. Stops at the first failing stage.
import { buildClient, run } from './lib.mjs';

const stages = process.argv.slice(2);
const want = (s) => stages.length === 0 || stages.includes(s);

if (want('build')) buildClient();
if (want('typecheck')) run('tsc', ['-b']);
if (want('unit')) run('vitest', ['run', '--config', 'tests/unit/vitest.config.ts']);
if (want('worker')) run('vitest', ['run', '--config', 'tests/worker/vitest.config.ts']);
if (want('e2e')) run('playwright', ['test', '--config', 'tests/e2e/playwright.config.ts']);
