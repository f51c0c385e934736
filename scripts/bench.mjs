// npm run bench: a report, not a test. Prints the first-load JS/CSS size of /salon/1 and the
// throughput and p99 latency of the app under load next to a hello-world Worker, both run by
// `wrangler dev` in workerd on this machine, and the budget verdicts.
//
//   BENCH_SKIP_BUILD=1   reuse dist/client instead of building the client
//   BENCH_SECONDS=8      length of each measured run
//   BENCH_WARMUP=2       warm-up before each measured run (seconds, not counted)
//   BENCH_CONNECTIONS=10 concurrent connections
//   BENCH_ROUNDS=5       rounds of interleaved runs; the median of the rounds is reported
//   BENCH_PORT=8795      the app's port (hello world uses BENCH_PORT + 1, hello + assets + 2)
//   BENCH_WRANGLER_LOG=warn  log level of `wrangler dev` (info: also log each request, slower)
//   BENCH_PROFILE_SECONDS=6  length of the profiled run of each app target, after the rounds, that
//                        says where a request's time goes (scripts/bench-profile.mjs): by stage
//                        (source file), and the functions with the most time of their own; 0: none
//   BENCH_PROFILE_ONLY=1 the profiles alone: no load rounds (a quick look at a request's work)
//
// Exits 0 when it could measure (even if a budget fails), non-zero when a server did not start,
// a response was not 2xx or anything else went wrong.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

// `wrangler dev` logs every request by POSTing a line from workerd to its Node process: a
// dev-only round trip (no such thing in production) that costs more than a small Worker does.
// The servers run quiet, so those lines are dropped anyway; 'warn' skips them for both alike.
// Set before lib.mjs is loaded, as it copies process.env once. BENCH_WRANGLER_LOG=info keeps them.
process.env.WRANGLER_LOG = process.env.BENCH_WRANGLER_LOG || 'warn';
const { buildClient, prepareLocalDb, startWorker } = await import('./lib.mjs');
const { BUDGET_GZIP_KB, productionBundle } = await import('./bundle.mjs');
const { profileWhile } = await import('./bench-profile.mjs');

const SECONDS = posInt('BENCH_SECONDS', 8);
const WARMUP = process.env.BENCH_WARMUP === '0' ? 0 : posInt('BENCH_WARMUP', 2);
const CONNECTIONS = posInt('BENCH_CONNECTIONS', 10);
const ROUNDS = posInt('BENCH_ROUNDS', 5);
const PROFILE_SECONDS = process.env.BENCH_PROFILE_SECONDS === '0' ? 0 : posInt('BENCH_PROFILE_SECONDS', 6);
const PROFILE_ONLY = process.env.BENCH_PROFILE_ONLY === '1';
/** how many functions the profile lists by their own time, per target */
const TOP_FUNCTIONS = 10;
const APP_PORT = posInt('BENCH_PORT', 8795);
const HELLO_PORT = APP_PORT + 1;
const FLOOR_PORT = APP_PORT + 2;
const APP_INSPECTOR_PORT = APP_PORT + 3;
const PERSIST = '.wrangler/bench';
const HELLO_PERSIST = '.wrangler/bench-hello';
const FLOOR_PERSIST = '.wrangler/bench-hello-assets';

const KB = 1024;
const JS_BUDGET_GZIP = 110 * KB;
const THROUGHPUT_BUDGET = 0.9; // share of the req/s of hello world with the same [assets] block (issue 9)

const app = `http://127.0.0.1:${APP_PORT}`;
const hello = `http://127.0.0.1:${HELLO_PORT}`;
const floor = `http://127.0.0.1:${FLOOR_PORT}`;

/**
 * What is measured, in the order each round runs it. 'hello + assets' is the same Worker with the
 * app's [assets] block: the floor any Worker served with static assets starts from. The budget
 * holds the app's targets to 90 % of it (median over rounds of the same round's ratio).
 */
const TARGETS = [
  { name: 'hello world  GET /', url: `${hello}/`, server: 'hello', baseline: true },
  { name: 'hello+assets GET /', url: `${floor}/`, server: 'floor', floor: true },
  // the same Worker sending a page as long as the shell (url set once the shell's size is known):
  // the shell's req/s over this one's is the app's own work, the cost of its bytes aside
  { name: "hello+assets GET /?bytes=(the shell's)", url: '', server: 'floor', measuredOnly: true, sameBytes: true },
  // ... and with a page's headers too (bench/hello: the shell's header names, values about as long)
  { name: "hello+assets GET /?bytes=(the shell's)&headers=page", url: '', server: 'floor', measuredOnly: true, samePage: true },
  { name: 'HTML shell   GET /salon/1', url: `${app}/salon/1`, server: 'app', shell: true },
  { name: 'services     GET /api/book-online/services/1/', url: `${app}/api/book-online/services/1/`, server: 'app' },
  { name: 'salon        GET /api/book-online/salon/1/', url: `${app}/api/book-online/salon/1/`, server: 'app' },
  // A protected call the edge never caches: the salon key checked, then the API's own query.
  {
    name: 'admin (key)  GET /admin/salons/1/invites',
    url: `${app}/admin/salons/1/invites`,
    headers: { Authorization: 'Bearer demo-admin-1' },
    server: 'app',
    // measured, not budgeted: the budget is the cached public calls' and the shell's
    measuredOnly: true,
  },
];

function posInt(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

const children = [];
const servers = {}; // 'app' | 'hello' | 'floor' -> the `wrangler dev` child process

/**
 * The `wrangler dev` process tree of a server (wrangler's Node, its proxy workerd, the Worker's
 * workerd with D1) from /proc, or null off Linux:
 * - cpuMs: CPU time used so far by the tree, including children it has reaped (a workerd that
 *   wrangler restarted), so the difference over a run is the work that run cost. Steadier than
 *   req/s on a busy machine: it counts the work done, not the time spent waiting for a core.
 * - workerd: the workerd pids; they change when `wrangler dev` reloads the Worker after an edit.
 */
function treeOf(rootPid) {
  if (process.platform !== 'linux') return null;
  const procs = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime (fields 14 to 17 of proc(5)), in ticks of 1/100 s
      procs.set(Number(d), { comm, ppid: Number(f[1]), ticks: +f[11] + +f[12] + +f[13] + +f[14] });
    } catch {
      // the process ended meanwhile
    }
  }
  let ticks = 0;
  const workerd = [];
  const todo = [rootPid];
  while (todo.length) {
    const pid = todo.pop();
    const p = procs.get(pid);
    if (!p) continue;
    ticks += p.ticks;
    if (p.comm.startsWith('workerd')) workerd.push(pid);
    for (const [child, c] of procs) if (c.ppid === pid) todo.push(child);
  }
  return { cpuMs: ticks * 10, workerd: workerd.sort().join(',') };
}

async function stopAll() {
  await Promise.all(
    children.splice(0).map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 5000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, async () => {
    console.error(`\n✗ interrupted (${sig}); stopping the servers`);
    await stopAll();
    process.exit(130);
  });
}

const loadAvg = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const fmtKB = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function getOk(url, headers = {}) {
  const res = await fetch(url, { redirect: 'manual', headers });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}, expected 2xx`);
  return res;
}

/** The JS and CSS the HTML of /salon/1 makes the browser load before the app runs. */
async function firstLoadSize() {
  const html = await (await getOk(`${app}/salon/1`)).text();
  const urls = new Map(); // url -> 'js' | 'css'
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attr = (n) =>
      tag
        .match(new RegExp(`\\s${n}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))
        ?.slice(1)
        .find((v) => v !== undefined);
    if (/^<script/i.test(tag)) {
      const src = attr('src');
      if (src) urls.set(new URL(src, `${app}/salon/1`).href, 'js');
      continue;
    }
    const rel = (attr('rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr('href');
    if (!href) continue;
    if (rel.includes('stylesheet')) urls.set(new URL(href, `${app}/salon/1`).href, 'css');
    else if (rel.includes('modulepreload')) urls.set(new URL(href, `${app}/salon/1`).href, 'js');
  }
  if (![...urls.values()].includes('js')) throw new Error('the HTML of /salon/1 references no script');
  // The entry fetches the app (start.tsx) right after the first paint: its chunk and the chunks
  // Vite preloads with it (the entry's __vite__mapDeps list) are part of the first load too.
  for (const [url, kind] of [...urls]) {
    if (kind !== 'js') continue;
    const code = await (await getOk(url)).text();
    for (const [, path] of code.matchAll(/["'`](?:\.\/|\/)?(assets\/[\w.-]+\.js)["'`]/g)) urls.set(new URL(`/${path}`, app).href, 'js');
    for (const [, file] of code.matchAll(/import\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)) urls.set(new URL(file, url).href, 'js');
  }

  const files = [];
  for (const [url, kind] of urls) {
    const body = Buffer.from(await (await getOk(url)).arrayBuffer());
    files.push({ path: new URL(url).pathname, kind, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  return files;
}

/**
 * One autocannon run. Throws when any response was not 2xx or a connection failed, unless the
 * Worker was reloaded meanwhile (`wrangler dev` watches the sources): then it says so with
 * `reloaded` and the caller runs it again.
 */
async function load(target, seconds, { warmUp = false } = {}) {
  const pid = servers[target.server].pid;
  const before = treeOf(pid);
  const r = await autocannon({ url: target.url, headers: target.headers, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
  const after = treeOf(pid);
  const reloaded = before !== null && before.workerd !== after.workerd;
  const bad = r.non2xx + r.errors + r.timeouts + r.resets;
  // a warm-up on a machine this busy may finish no request at all in its seconds: only a wrong answer fails it
  if (warmUp && bad === 0) return { reloaded, total: r.requests.total };
  if (bad > 0 || r['2xx'] === 0) {
    const codes = Object.entries(r.statusCodeStats ?? {})
      .map(([code, s]) => `${code}×${s.count}`)
      .join(', ');
    const what =
      `${target.name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts, ${r.resets} resets ` +
      `of ${r.requests.total} requests (status codes: ${codes || 'none'})`;
    if (!reloaded) throw new Error(what);
    return { reloaded, what };
  }
  const cpu = before === null ? null : (after.cpuMs - before.cpuMs) / r.requests.total;
  return { rps: r.requests.average, p99: r.latency.p99, total: r.requests.total, cpu, reloaded };
}

/** A measured run; run again (up to twice) when the Worker was reloaded by an edit meanwhile. */
async function measure(target) {
  for (let attempt = 1; ; attempt++) {
    if (WARMUP > 0) await load(target, WARMUP, { warmUp: true });
    const r = await load(target, SECONDS);
    if (!r.reloaded) return r;
    const why = r.what ? ` (${r.what})` : '';
    if (attempt === 3) {
      if (r.what) throw new Error(`${r.what}; the Worker was reloaded during each of 3 runs`);
      console.log(`  ! ${target.name}: the Worker was reloaded during this run too; keeping it`);
      return r;
    }
    console.log(`  ! ${target.name}: \`wrangler dev\` reloaded the Worker during the run (a source edit)${why}; running it again`);
  }
}

/** startWorker, retried once (another `wrangler dev` on the machine may have taken a port it probes). */
async function start(opts) {
  try {
    return await startWorker(opts);
  } catch (e) {
    console.log(`  (:${opts.port} did not start: ${e.message}; retrying once)`);
    await new Promise((r) => setTimeout(r, 2000));
    try {
      return await startWorker(opts);
    } catch (e2) {
      throw new Error(`the server on :${opts.port}${opts.config ? ` (${opts.config})` : ''} did not start: ${e2.message}`, { cause: e2 });
    }
  }
}

async function main() {
  console.log(`\n▸ Bench: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s per run, ${ROUNDS} interleaved rounds`);
  console.log(
    `  ${cpus().length} CPUs, load average ${loadAvg()}, Node ${process.versions.node}, wrangler log level ${process.env.WRANGLER_LOG}\n`,
  );

  if (process.env.BENCH_SKIP_BUILD === '1') console.log('▸ BENCH_SKIP_BUILD=1: using the existing dist/client');
  else {
    console.log('▸ Building the client');
    buildClient();
  }

  console.log(`▸ Fresh local D1 in ${PERSIST}`);
  rmSync(PERSIST, { recursive: true, force: true });
  rmSync(HELLO_PERSIST, { recursive: true, force: true });
  rmSync(FLOOR_PERSIST, { recursive: true, force: true });
  prepareLocalDb(PERSIST);

  console.log(`▸ Starting the app on :${APP_PORT}, hello world on :${HELLO_PORT}, hello + assets on :${FLOOR_PORT}`);
  // One after the other: two `wrangler dev` starting at once can race for the same inspector port.
  children.push((servers.app = await start({ port: APP_PORT, persistTo: PERSIST, quiet: true, inspectorPort: APP_INSPECTOR_PORT })));
  children.push(
    (servers.hello = await start({
      port: HELLO_PORT,
      persistTo: HELLO_PERSIST,
      config: 'bench/hello/wrangler.toml',
      quiet: true,
    })),
  );
  children.push(
    (servers.floor = await start({
      port: FLOOR_PORT,
      persistTo: FLOOR_PERSIST,
      config: 'bench/hello-assets/wrangler.toml',
      quiet: true,
    })),
  );

  // Sanity: each target answers 2xx with what it should before any load is put on it.
  for (const base of [hello, floor]) {
    const text = await (await getOk(`${base}/`)).text();
    if (!/hello world/i.test(text)) throw new Error(`${base}/ is not the hello-world Worker`);
  }
  const shellTarget = TARGETS.find((t) => t.shell);
  const shellBytes = (await (await getOk(shellTarget.url)).arrayBuffer()).byteLength;
  const bytesTarget = TARGETS.find((t) => t.sameBytes);
  bytesTarget.url = `${floor}/?bytes=${shellBytes}`;
  bytesTarget.name = `hello+assets GET /?bytes=${shellBytes}`;
  const pageTarget = TARGETS.find((t) => t.samePage);
  pageTarget.url = `${bytesTarget.url}&headers=page`;
  pageTarget.name = `${bytesTarget.name}&headers=page`;
  // the stand-in page carries the shell's headers, by name (what each costs is the proxy's and workerd's work per header)
  const headerNames = async (url) =>
    [...(await getOk(url)).headers.keys()].filter((h) => !['date', 'transfer-encoding', 'content-length'].includes(h)).sort();
  const [shellHeaders, pageHeaders] = [await headerNames(shellTarget.url), await headerNames(pageTarget.url)];
  if (shellHeaders.join() !== pageHeaders.join()) {
    console.log(
      `  ! the shell's headers (${shellHeaders.join(', ')}) are not the stand-in page's (${pageHeaders.join(', ')}): bench/hello/index.ts PAGE_HEADERS`,
    );
  }
  for (const t of TARGETS.filter((x) => !x.baseline && !x.floor)) {
    await getOk(t.url, t.headers); // fills the edge cache
    const res = await getOk(t.url, t.headers);
    const xCache = res.headers.get('X-Cache');
    t.note = xCache ? `X-Cache: ${xCache}` : res.headers.get('Content-Type');
    await res.arrayBuffer();
  }

  if (PROFILE_ONLY) return whereTimeGoes();

  // 1. First-load JS and CSS of /salon/1.
  const files = await firstLoadSize();
  const sum = (kind, k) => files.filter((f) => f.kind === kind).reduce((a, f) => a + f[k], 0);
  console.log('\n── First load of /salon/1 (what the HTML references; gzip level 9) ──');
  for (const f of files)
    console.log(`  ${f.kind.padEnd(3)}  ${f.path.padEnd(40)} ${fmtKB(f.raw).padStart(10)} raw ${fmtKB(f.gzip).padStart(9)} gzip`);
  const js = { raw: sum('js', 'raw'), gzip: sum('js', 'gzip') };
  const css = { raw: sum('css', 'raw'), gzip: sum('css', 'gzip') };
  console.log(`  JS total  ${fmtKB(js.raw).padStart(53)} raw ${fmtKB(js.gzip).padStart(9)} gzip  (${js.raw} / ${js.gzip} bytes)`);
  console.log(`  CSS total ${fmtKB(css.raw).padStart(53)} raw ${fmtKB(css.gzip).padStart(9)} gzip  (${css.raw} / ${css.gzip} bytes)`);
  const jsPass = js.gzip <= JS_BUDGET_GZIP;
  console.log(`  Budget: first-load JS ≤ 110 KB gzip → ${fmtKB(js.gzip)}  ${jsPass ? 'PASS' : 'FAIL'}`);
  const bundle = productionBundle();
  console.log('\n── Production Worker bundle (wrangler deploy --dry-run --env production) ──');
  console.log(
    `  ${fmtKB(bundle.raw)} raw, ${fmtKB(bundle.gzip)} gzip; stand-in identifiers or local keys: ${bundle.found.join(', ') || 'none'}`,
  );
  console.log(
    `  Budget: ≤ ${BUDGET_GZIP_KB} KB gzip and no stand-in code → ${bundle.gzip <= BUDGET_GZIP_KB * KB && !bundle.found.length ? 'PASS' : 'FAIL'}`,
  );

  // 2. Throughput. Each round runs every target in turn, and a last hello-world run closes the
  // rounds, so every target is compared with hello world interpolated between the two runs that
  // bracket it. These machines are shared: their load drifts during a bench, and a straight line
  // through the hello-world runs before and after a target follows that drift.
  console.log('\n── Load (autocannon on loopback) ──');
  const runs = new Map(TARGETS.map((t) => [t, []]));
  const report = (label, t, r) => {
    const cpu = r.cpu === null ? '' : `  server CPU ${r.cpu.toFixed(2)} ms/req`;
    console.log(
      `  ${label}  ${t.name.padEnd(48)} ${r.rps.toFixed(0).padStart(6)} req/s  p99 ${String(r.p99).padStart(4)} ms${cpu}  (${r.total} requests, all 2xx)`,
    );
  };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const t of TARGETS) {
      const r = await measure(t);
      runs.get(t).push(r);
      report(`round ${round}`, t, r);
    }
  }
  const baseTarget = TARGETS.find((t) => t.baseline);
  const floorTarget = TARGETS.find((t) => t.floor);
  const closing = await measure(baseTarget);
  report('closing', baseTarget, closing);
  const helloRuns = [...runs.get(baseTarget), closing];
  /** Hello world's figure (req/s or CPU) when target k of round i ran, interpolated. */
  const helloAt = (key, i, k) => helloRuns[i][key] + ((helloRuns[i + 1][key] - helloRuns[i][key]) * k) / TARGETS.length;

  const withCpu = [...runs.values(), [closing]].every((rs) => rs.every((r) => r.cpu !== null));
  const floorShareOf = (mine) => median(mine.map((x, i) => x.rps / runs.get(floorTarget)[i].rps));
  const rows = TARGETS.map((t, k) => {
    const mine = runs.get(t);
    const share = median(mine.map((x, i) => x.rps / helloAt('rps', i, k)));
    return {
      t,
      rps: median(mine.map((r) => r.rps)),
      p99: median(mine.map((r) => r.p99)),
      cpu: withCpu ? median(mine.map((r) => r.cpu)) : null,
      share,
      // against the hello + assets run of the same round: the app's own cost over that floor
      floorShare: median(mine.map((x, i) => x.rps / runs.get(floorTarget)[i].rps)),
      cpuShare: withCpu ? median(mine.map((x, i) => helloAt('cpu', i, k) / x.cpu)) : null,
      verdict: t.baseline
        ? 'baseline'
        : t.floor
          ? 'reference'
          : t.measuredOnly
            ? 'no budget'
            : floorShareOf(mine) >= THROUGHPUT_BUDGET
              ? 'PASS'
              : 'FAIL',
    };
  });
  const pct = (x) => `${(x * 100).toFixed(0)} %`;
  const cells = (r) => [
    r.rps.toFixed(0),
    r.p99.toFixed(0),
    pct(r.share),
    pct(r.floorShare),
    ...(withCpu ? [r.cpu.toFixed(2), pct(r.cpuShare)] : []),
    r.verdict,
  ];

  console.log(`\n── Median of ${ROUNDS} rounds (${CONNECTIONS} connections, ${SECONDS} s per run) ──`);
  const head = [
    'target',
    'req/s',
    'p99 ms',
    '% of hello',
    '% of hello+assets',
    ...(withCpu ? ['CPU ms/req', 'CPU % of hello'] : []),
    'budget ≥ 90 % of hello+assets',
  ];
  const body = rows.map((r) => [r.t.name, ...cells(r)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cs) => cs.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`  ${line(head)}`);
  console.log(`  ${widths.map((w) => '─'.repeat(w)).join('  ')}`);
  for (const b of body) console.log(`  ${line(b)}`);
  console.log(`\n  % of hello: req/s over hello world's req/s interpolated between the runs around it, median over rounds.`);
  console.log("  % of hello+assets: req/s over the same round's hello world served with the app's [assets] block (the budget):");
  console.log("  the platform's floor for a Worker with static assets, so this is the app's own cost.");
  if (withCpu) {
    console.log('  CPU ms/req: CPU time of the whole `wrangler dev` process tree per request (its proxy, workerd, D1);');
    console.log("  CPU % of hello: hello world's CPU per request over this one's, the share the target would get");
    console.log('  if CPU were the only limit. Other load on the machine sways it less than req/s.');
  }
  const shellRuns = runs.get(shellTarget);
  const bytesRuns = runs.get(bytesTarget);
  const bytesShare = median(bytesRuns.map((x, i) => x.rps / runs.get(floorTarget)[i].rps));
  const pageRuns = runs.get(pageTarget);
  const pageShare = median(pageRuns.map((x, i) => x.rps / runs.get(floorTarget)[i].rps));
  const ownShare = median(shellRuns.map((x, i) => x.rps / pageRuns[i].rps));
  console.log(
    `  The shell's size and headers: hello + assets sending a page as long as the shell runs at ${pct(bytesShare)} of itself,` +
      ` and ${pct(pageShare)} with the shell's headers too; the shell runs at ${pct(ownShare)} of that (the app's own work, its bytes and headers aside).`,
  );
  console.log(`  Load average now ${loadAvg()} on ${cpus().length} CPUs.`);
  if (PROFILE_SECONDS > 0) await whereTimeGoes();
  const thrPass = rows.every((r) => r.verdict !== 'FAIL');
  console.log(`\n  Budget: cached public calls and HTML shell ≥ 90 % of hello world + assets req/s → ${thrPass ? 'PASS' : 'FAIL'}`);
  console.log(`  Budget: first-load JS ≤ 110 KB gzip → ${fmtKB(js.gzip)}  ${jsPass ? 'PASS' : 'FAIL'}`);

  console.log('\n── Markdown (for the README) ──\n');
  const md = (cs) => `| ${cs.join(' | ')} |`;
  console.log(
    md([
      'Target',
      'req/s',
      'p99 (ms)',
      '% of hello world',
      '% of hello world + assets',
      ...(withCpu ? ['CPU ms/req', 'CPU % of hello world'] : []),
      'Budget (≥ 90 % of hello + assets)',
    ]),
  );
  console.log(md(['---', '---:', '---:', '---:', '---:', ...(withCpu ? ['---:', '---:'] : []), ':---:']));
  for (const r of rows) {
    const [what, path] = r.t.name.split(/\s+GET\s+/);
    console.log(md([`${what.trim()} \`GET ${path}\``, ...cells(r)]));
  }
  console.log('');
  console.log(md(['First load of `/salon/1`', 'raw', 'gzip', 'Budget (JS ≤ 110 KB gzip)']));
  console.log(md(['---', '---:', '---:', ':---:']));
  console.log(md(['JS', fmtKB(js.raw), fmtKB(js.gzip), jsPass ? 'PASS' : 'FAIL']));
  console.log(md(['CSS', fmtKB(css.raw), fmtKB(css.gzip), '']));
  console.log(
    `\n_${CONNECTIONS} connections, ${SECONDS} s per run after ${WARMUP} s warm-up, median of ${ROUNDS} interleaved rounds; ` +
      `\`wrangler dev\` (workerd) on loopback, ${cpus().length} CPUs, ${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}. ` +
      `KB = 1024 bytes, gzip level 9._\n`,
  );
}

/**
 * Where a request's time goes: each app target under load once more, its Worker profiled
 * (scripts/bench-profile.mjs), the CPU time of its JavaScript per request by stage (the product's
 * source file its samples ran in, a library's work charged to the file that called it).
 */
async function whereTimeGoes() {
  console.log(`\n── Where a request's time goes (the Worker's JavaScript, profiled over ${PROFILE_SECONDS} s of load each) ──`);
  for (const t of TARGETS.filter((x) => x.server === 'app')) {
    const { busyMs, stages, functions, result } = await profileWhile(APP_INSPECTOR_PORT, () => load(t, PROFILE_SECONDS));
    const perReq = (ms) => `${((ms / result.total) * 1000).toFixed(0)} µs`;
    console.log(`\n  ${t.name}: ${perReq(busyMs)} of JavaScript CPU per request (${result.total} requests, profiler on)`);
    for (const s of stages.filter((x) => x.share >= 0.01))
      console.log(
        `    ${s.stage.padEnd(44)} ${perReq(s.ms).padStart(7)}  ${(s.share * 100).toFixed(0).padStart(3)} %${s.lib ? `  (mostly ${s.lib})` : ''}${s.top ? `  top: ${s.top}` : ''}`,
      );
    const rest = stages.filter((x) => x.share < 0.01);
    if (rest.length)
      console.log(`    ${`${rest.length} more, each under 1 %`.padEnd(44)} ${perReq(rest.reduce((a, x) => a + x.ms, 0)).padStart(7)}`);
    console.log(`    the ${TOP_FUNCTIONS} functions with the most time of their own:`);
    for (const f of functions.slice(0, TOP_FUNCTIONS))
      console.log(`      ${perReq(f.ms).padStart(7)}  ${(f.share * 100).toFixed(0).padStart(3)} %  ${f.fn}`);
  }
  console.log("\n  (runtime): workerd and the bundle's glue with none of the product's code on the stack; idle time left out.");
}

let code = 0;
try {
  await main();
} catch (e) {
  console.error(`\n✗ bench failed: ${e instanceof Error ? e.message : e}`);
  code = 1;
} finally {
  await stopAll();
}
process.exit(code);
