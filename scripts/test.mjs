// npm test: build the client once, type-check, lint (ESLint with the import boundaries) and
// check formatting (Prettier), then unit tests, the stand-ins' own tests, the product's Worker
// tests in workerd (beside a running stand-ins Worker), the production bundle check, and browser
// tests in Chromium. Stops at the first failing stage. Prints one line per stage (its time and,
// for a test stage, its counts) and at the end the whole run's `N passed, N failed`.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { buildClient, run } from './lib.mjs';

const stages = process.argv.slice(2);
const want = (s) => stages.length === 0 || stages.includes(s);
const summary = [];
const total = { passed: 0, failed: 0, skipped: 0 };

/** The counts a test runner printed last: vitest's 'Tests  1 failed | 519 passed (520)', Playwright's '249 passed (11.2m)'. */
function countsOf(output) {
  const text = stripVTControlCharacters(output);
  const vitest = [...text.matchAll(/^\s*Tests\s+(.+?)\s*\(\d+\)\s*$/gm)].at(-1)?.[1];
  const lines = vitest
    ? [vitest]
    : [...text.matchAll(/^\s*(\d+ (?:passed|failed|flaky|skipped|did not run|interrupted))\b.*$/gm)].map((m) => m[1]);
  const n = (word) => lines.reduce((sum, l) => sum + Number(new RegExp(`(\\d+) ${word}`).exec(l)?.[1] ?? 0), 0);
  return { passed: n('passed') + n('flaky'), failed: n('failed') + n('interrupted'), skipped: n('skipped') + n('did not run') };
}

function finish(code) {
  console.log('\n' + summary.join('\n'));
  console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  process.exit(code);
}

/** Runs one test stage, its output passed through as it comes, and records its counts. */
function stage(name, cmd, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    let output = '';
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: 'true', FORCE_COLOR: '0' } });
    const keep = (chunk) => {
      output = (output + chunk.toString()).slice(-400_000);
    };
    child.stdout.on('data', (c) => (process.stdout.write(c), keep(c)));
    child.stderr.on('data', (c) => (process.stderr.write(c), keep(c)));
    child.on('close', (code) => {
      const counts = countsOf(output);
      for (const k of Object.keys(total)) total[k] += counts[k];
      const secs = ((Date.now() - started) / 1000).toFixed(0);
      summary.push(
        `${code === 0 ? '✓' : '✗'} ${name}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''} (${secs} s)`,
      );
      if (code !== 0) {
        if (counts.failed === 0) total.failed += 1; // a runner that failed without a count still failed
        finish(code || 1);
      }
      resolve();
    });
  });
}

/** A stage that checks without counting tests (build, types, lint, format, bundle). */
function check(name, work) {
  const started = Date.now();
  work();
  summary.push(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

if (want('build')) check('build', buildClient);
if (want('typecheck')) check('typecheck', () => run('tsc', ['-b']));
if (want('lint')) check('lint', () => run('eslint', ['--max-warnings', '0', '.']));
if (want('format')) check('format', () => run('prettier', ['--check', '--log-level', 'warn', '.']));
if (want('unit')) await stage('unit', 'vitest', ['run', '--config', 'tests/unit/vitest.config.ts']);
if (want('standins')) await stage('stand-ins', 'vitest', ['run', '--config', 'standins/tests/vitest.config.ts']);
if (want('worker')) await stage('worker', 'vitest', ['run', '--config', 'tests/worker/vitest.config.ts']);
if (want('bundle')) check('bundle', () => run('node', ['scripts/bundle.mjs']));
if (want('e2e')) await stage('browser', 'playwright', ['test', '--config', 'tests/e2e/playwright.config.ts']);
finish(0);
