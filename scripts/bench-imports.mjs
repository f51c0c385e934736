// npm run bench:imports: a report, not a test. How long do the preview and the import of 50,000
// clients take on this machine's `npm start` (wrangler dev over a fresh copy of the demo data; the
// client build must exist: npm run build), and how much memory does the app's process tree take at
// its peak meanwhile? The baseline, measured in the same run: the same for 1,000 clients. The file
// is a Fresha clients export made here (docs/console/imports.md), phones in the shapes staff type them,
// one row in 50 refused (no phone or email), one in 100 a second row of an earlier client (one client, not two: unchanged).
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { ownerToken, prepareLocalDb, startApp } from './lib.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50_000);
const PERSIST = '.wrangler/bench-imports';

function freshaClients(n, offset) {
  const lines = ['Client ID,First Name,Last Name,Email,Mobile Number,Telephone,Gender,Date of Birth,City,Note,Blocked,Added'];
  for (let i = 0; i < n; i++) {
    const k = offset + (i % 100 === 98 ? i - 51 : i);
    const digits = String(100000 + k).padStart(6, '0');
    const phone = [`07700 ${digits.slice(0, 3)}${digits.slice(3)}`, `+44 7700 ${digits}`, `(07700) ${digits}`][i % 3];
    const refused = i % 50 === 49;
    lines.push(
      [
        k,
        `First${k}`,
        `Last${k}`,
        refused ? '' : `client${k}@example.test`,
        refused ? '' : phone.replace('7700', String(7400 + (Math.floor(k / 1_000_000) % 100))),
        '',
        'Female',
        `${String((k % 28) + 1).padStart(2, '0')}/03/1990`,
        'London',
        i % 10 === 0 ? `"Allergy note ${k}, patch test"` : '',
        'No',
        '2021-02-01',
      ].join(','),
    );
  }
  return lines.join('\n') + '\n';
}

/** The peak resident memory of the process tree under `pid` (KB), sampled every 100 ms until stopped. */
function peakMemory(pid) {
  let peak = 0;
  const tree = () => {
    const children = new Map();
    for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        const ppid = Number(readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
        children.set(ppid, [...(children.get(ppid) ?? []), Number(p)]);
      } catch {
        // gone meanwhile
      }
    }
    const all = [];
    const walk = (p) => (children.get(p) ?? []).forEach((c) => (all.push(c), walk(c)));
    walk(pid);
    return all;
  };
  const sample = () => {
    let kb = 0;
    for (const p of tree()) {
      try {
        kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
      } catch {
        // gone meanwhile
      }
    }
    peak = Math.max(peak, kb);
  };
  let timer;
  return {
    start: () => ((peak = 0), sample(), (timer = setInterval(sample, 100))),
    /** the peak since start, in MB */
    stop: () => (clearInterval(timer), sample(), peak / 1024),
  };
}

async function main() {
  // the app's port (BENCH_PORT, default 9180) and the stand-ins' next to it; their output in .wrangler/bench-imports-*.log
  const port = Number(process.env.BENCH_PORT ?? 9180);
  rmSync(PERSIST, { recursive: true, force: true });
  console.log('Preparing a fresh copy of the demo data…');
  prepareLocalDb(PERSIST);
  const running = await startApp({
    port,
    persistTo: PERSIST,
    logs: { app: '.wrangler/bench-imports-app.log', standIns: '.wrangler/bench-imports-standins.log' },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const token = await ownerToken(base);
    const memory = peakMemory(running.app.pid);
    const measure = async (n, offset) => {
      const file = freshaClients(n, offset);
      const run = async (query) => {
        memory.start();
        const t0 = performance.now();
        const res = await fetch(`${base}/api/console/salons/1/imports${query}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv', Origin: base },
          body: file,
        });
        const text = await res.text();
        const s = (performance.now() - t0) / 1000;
        let body;
        try {
          body = JSON.parse(text);
        } catch {
          throw new Error(`${res.status} after ${s.toFixed(1)} s: ${text.slice(0, 400)}`);
        }
        const peakMb = memory.stop();
        if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        return { s, body, peakMb };
      };
      const preview = await run('?dry_run=1');
      const imported = await run('');
      return { n, mb: Buffer.byteLength(file) / 1024 / 1024, preview, imported };
    };
    const baseline = await measure(1_000, 500_000);
    const full = await measure(CLIENTS, 0);
    const line = (r) =>
      `| ${String(r.n).padStart(6)} clients (${r.mb.toFixed(1)} MB) | preview ${r.preview.s.toFixed(1).padStart(5)} s, peak ${r.preview.peakMb.toFixed(0)} MB | import ${r.imported.s.toFixed(1).padStart(5)} s, peak ${r.imported.peakMb.toFixed(0)} MB | new ${r.preview.body.new}, merged ${r.preview.body.merged}, unchanged ${r.preview.body.unchanged}, refused ${r.preview.body.refused.length}; added ${r.imported.body.added} |`;
    console.log('\nImports on npm start (wrangler dev), peak resident memory of the app’s process tree:');
    console.log(line(baseline));
    console.log(line(full));
    const ok = full.preview.s + full.imported.s <= 120;
    console.log(
      `\n50,000 clients previewed and imported in ${(full.preview.s + full.imported.s).toFixed(1)} s (target ≤ 120 s: ${ok ? 'met' : 'NOT met'})`,
    );
  } finally {
    running.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
