// npm test: build the client once; then the browser tests in Chromium (a server per worker, started
// right after the build: seeding and starting them takes a minute here) and, beside them at a lower
// priority, the checks that need no browser in two lanes: the product's Worker tests in workerd
// (beside a running stand-ins Worker), then the stand-ins' own tests, in one; type-check, lint
// (ESLint with the import boundaries), formatting (Prettier), the production bundle check and the
// unit and component tests in the other. A lane stops at its first failing stage. Prints each stage's output whole as it ends,
// then one line per stage (its time and, for a test stage, its counts) and the whole run's
// `N passed, N failed`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { buildClient, E2E_CHROMIUM, E2E_DEFAULTS, E2E_READY } from './lib.mjs';

const stages = process.argv.slice(2);
const want = (s) => stages.length === 0 || stages.includes(s);
const summary = [];
const total = { passed: 0, failed: 0, skipped: 0 };
/** The browser tests' servers, once started (startE2eServers). */
let e2eServers = null;

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
  e2eServers?.stop();
  console.log('\n' + summary.join('\n'));
  console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  process.exit(code);
}

/**
 * Runs one stage: its output passed through as it comes (`live`) or printed whole when it ends
 * (stages side by side). A test stage (`counts`) records the counts its runner printed.
 */
function stage(name, cmd, args, { counts: counted = true, live = true, env = {}, nice = 0 } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    let output = '';
    const [file, argv] = nice ? ['nice', ['-n', String(nice), cmd, ...args]] : [cmd, args];
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env, CI: 'true', FORCE_COLOR: '0' } });
    const keep = (out) => (chunk) => {
      if (live) out.write(chunk);
      output = (output + chunk.toString()).slice(-400_000);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on(
      'error',
      (e) =>
        (output += `\n${cmd}: ${e.message}${e.code === 'ENOENT' ? ' (is it on the PATH? npm test puts node_modules/.bin there)' : ''}\n`),
    );
    child.on('close', (code) => {
      if (!live) process.stdout.write(output);
      const secs = ((Date.now() - started) / 1000).toFixed(0);
      const ok = code === 0;
      if (counted) {
        const counts = countsOf(output);
        for (const k of Object.keys(total)) total[k] += counts[k];
        if (!ok && counts.failed === 0) total.failed += 1; // a runner that failed without a count still failed
        const skipped = counts.skipped ? `, ${counts.skipped} skipped` : '';
        summary.push(`${ok ? '✓' : '✗'} ${name}: ${counts.passed} passed, ${counts.failed} failed${skipped} (${secs} s)`);
      } else {
        if (!ok) total.failed += 1;
        summary.push(`${ok ? '✓' : '✗'} ${name} (${secs} s)`);
      }
      resolve(ok);
    });
  });
}

/**
 * Runs lanes side by side, the wanted stages of each one after another (output printed whole as
 * each ends); a lane stops at its first failing stage. Resolves whether all passed.
 */
async function lanes(...all) {
  const runLane = async (lane) => {
    const wanted = lane.filter(([name]) => want(name));
    for (const [, label, cmd, args, opts] of wanted) {
      if (!(await stage(label, cmd, args, { live: false, ...opts }))) return false;
    }
    return true;
  };
  const results = await Promise.all(all.map(runLane));
  return !results.includes(false);
}

/**
 * Starts the browser tests' servers (scripts/serve-e2e.mjs) in the background with the settings
 * Playwright's config will read (tests/e2e/env.ts), which then uses them. `ready()` resolves
 * once they all answer (serve-e2e.mjs prints E2E_READY), or rejects with the end of their output
 * if they stopped.
 */
function startE2eServers() {
  const env = process.env;
  env.E2E_PORT ||= String(E2E_DEFAULTS.port);
  env.E2E_WORKERS ||= String(E2E_DEFAULTS.workers);
  env.E2E_CLOCK_OFFSET_MS ||= String(Date.parse(env.E2E_CLOCK_START || E2E_DEFAULTS.clockStart) - Date.now());
  env.E2E_SERVERS_STARTED = '1';
  // seeding at once, beside the build; starting the servers, which serve the build, once told it has ended
  const child = spawn('node', ['scripts/serve-e2e.mjs'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...env, E2E_SERVERS: env.E2E_WORKERS, E2E_START_ON_STDIN: '1' },
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output = (output + chunk.toString()).slice(-20_000)));
  // read to the end (wrangler's output comes this way too: a full pipe would stall it), watching for E2E_READY
  let said = '';
  const allReady = new Promise((resolve) =>
    child.stdout.on('data', (chunk) => {
      said = (said + chunk.toString()).slice(-2_000);
      if (said.includes(E2E_READY)) resolve(true);
    }),
  );
  const exited = new Promise((resolve) => child.on('close', () => resolve(false)));
  return {
    buildEnded: () => child.stdin.end('built\n'),
    stop: () => child.exitCode === null && child.kill('SIGTERM'),
    async ready() {
      let timer;
      const late = new Promise((resolve) => (timer = setTimeout(() => resolve(false), 300_000)));
      const ok = await Promise.race([allReady, exited, late]);
      clearTimeout(timer);
      if (!ok) throw new Error(`the browser tests' servers did not start:\n${output}`);
    },
  };
}

const check = { counts: false };
// the browser tests' Chromium, which .ci/run installs on a fresh machine
const noBrowser = want('e2e') && !existsSync(E2E_CHROMIUM);
// The browser tests' data is seeded while the client builds (the build keeps about 1.5 of the 2
// cores busy: 24.4 CPU-s in 16.9 s; the seeding 13.6 CPU-s in 11.9 s, 2026-11-29).
if (want('e2e') && !noBrowser) e2eServers = startE2eServers();
if (want('build')) {
  const started = Date.now();
  buildClient();
  summary.push(`✓ build (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
e2eServers?.buildEnded();

/** The browser tests, once their servers answer (started above: seeded during the build, served after it). */
async function browserStage() {
  if (noBrowser) {
    summary.push(`✗ browser: no ${E2E_CHROMIUM} (apt-get install chromium-headless-shell)`);
    total.failed += 1;
    return false;
  }
  if (!e2eServers) return true;
  try {
    await e2eServers.ready();
  } catch (e) {
    console.error(e.message);
    summary.push('✗ browser: its servers did not start');
    total.failed += 1;
    return false;
  }
  // its output as it comes when it runs alone (npm test -- e2e), whole at its end beside the lanes
  const alone = stages.length > 0 && stages.every((s) => s === 'build' || s === 'e2e');
  return stage('browser', 'playwright', ['test', '--config', 'tests/e2e/playwright.config.ts'], { live: alone });
}

// The browser tests start as soon as their servers answer, and the checks that need no browser run
// beside them in two lanes of about equal CPU time, one stage after another in each lane, at a lower
// priority (nice 10): the browser tests, whose waits have time limits, keep the cores they need, and
// the lanes take what they leave (about half a core while Chromium waits on the app or a timer) and
// all of it once the browser tests end. One after the other, the same stages took 635 s of a
// fresh-clone run (2026-11-29, 8114a80: lanes 206 s, then the browser 415 s).
// Each lane about 145-160 CPU-s (2026-11-29, each stage alone: worker 120; typecheck 13, lint 37,
// format 30, bundle 4, unit 62, stand-ins 24). On 2026-12-02 the Worker's lane was the longest
// (worker 517 s beside the browser's 401 s, the other lane's five stages 292 s): the stand-ins'
// tests went back after the unit tests.
const low = { nice: 10 };
// demo salon 2 in DB_2 for every file, as the demo places it (docs/scale.md, "Salons across
// databases"); TEST_DATABASES=1 keeps every salon in DB
const workerEnv = { TEST_DATABASES: process.env.TEST_DATABASES || '2' };
// The Worker's files that take longest (their races and limits: 20-60 s each beside the browser
// tests, 2026-12-02) run in the other lane, after its checks: the Worker's lane had become the
// longest (worker 455 s beside the browser's 381 s and the other lane's 301 s).
const WORKER_OTHER_LANE = [
  'tests/worker/console-team.test.ts',
  'tests/worker/abuse-limits.test.ts',
  'tests/worker/connect.test.ts',
  'tests/worker/payments-booking.test.ts',
  // 28 s on 2026-12-02 after the round's merges (worker 470 s beside the other lane's 430 s)
  'tests/worker/invites.test.ts',
  // 25 s in a fresh-clone run of 2026-12-02 afternoon (worker 523 s beside the other lane's 484 s)
  'tests/worker/diary.test.ts',
];
const [lanesPassed, browserPassed] = await Promise.all([
  lanes(
    [
      [
        'worker',
        'worker',
        'vitest',
        ['run', '--config', 'tests/worker/vitest.config.ts', ...WORKER_OTHER_LANE.flatMap((f) => ['--exclude', f])],
        { ...low, env: workerEnv },
      ],
    ],
    [
      // TypeScript's native compiler (tsgo, TypeScript 7), on one thread as the other lane has the
      // other core: 13 CPU-s where tsc -b took 66 (2026-11-28, both from scratch)
      ['typecheck', 'typecheck', 'tsgo', ['-b', '--singleThreaded'], { ...check, ...low }],
      ['lint', 'lint', 'eslint', ['--max-warnings', '0', '.'], { ...check, ...low }],
      ['format', 'format', 'prettier', ['--check', '--log-level', 'warn', '.'], { ...check, ...low }],
      ['bundle', 'bundle', 'node', ['scripts/bundle.mjs'], { ...check, ...low }],
      ['unit', 'unit', 'vitest', ['run', '--config', 'tests/unit/vitest.config.ts'], low],
      ['standins', 'stand-ins', 'vitest', ['run', '--config', 'standins/tests/vitest.config.ts'], low],
      // a runner of its own (its own workerd, database and stand-ins Worker), after this lane's checks
      [
        'worker',
        'worker (the longest files)',
        'vitest',
        ['run', '--config', 'tests/worker/vitest.config.ts', ...WORKER_OTHER_LANE],
        { ...low, env: workerEnv },
      ],
    ],
  ),
  want('e2e') ? browserStage() : true,
]);
finish(lanesPassed && browserPassed ? 0 : 1);
