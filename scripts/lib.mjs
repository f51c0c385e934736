// Helpers shared by the start, test and bench scripts.
import { spawn, spawnSync } from 'node:child_process';

// No network here: never try to fetch Cloudflare's Request.cf sample or send metrics.
const env = {
  ...process.env,
  CI: 'true',
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  NO_UPDATE_NOTIFIER: '1',
};

/**
 * Runs a command from node_modules/.bin (npm puts it on PATH) and stops on failure. It never
 * reads standard input (nothing may wait for a prompt) and is stopped after `timeoutMs`.
 */
export function run(cmd, args, { timeoutMs = 20 * 60_000, ...opts } = {}) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env, timeout: timeoutMs, ...opts });
  if (r.status !== 0) {
    const why = r.error?.code === 'ETIMEDOUT' ? `timed out after ${timeoutMs / 1000} s` : `exit ${r.status ?? r.signal}`;
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (${why})`);
    process.exit(r.status || 1);
  }
}

/** Builds the client into dist/client (Panda codegen, then Vite). */
export function buildClient() {
  run('panda', ['codegen', '--silent']);
  run('vite', ['build', '--logLevel', 'warn']);
}

/** Migrates the local D1 database in `persistTo` and loads the demo data (idempotent). */
export function prepareLocalDb(persistTo) {
  const p = persistTo ? ['--persist-to', persistTo] : [];
  run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', ...p], { timeoutMs: 120_000 });
  run('wrangler', ['d1', 'execute', 'DB', '--local', '--file', 'worker/db/seed/demo.sql', ...p], { timeoutMs: 120_000 });
  run('wrangler', ['d1', 'execute', 'DB', '--local', '--file', 'worker/db/seed/demo_identity.sql', ...p], { timeoutMs: 120_000 });
}

/** Starts `wrangler dev` on a port; resolves once it answers HTTP. */
export async function startWorker({ port, persistTo, vars = {}, config, quiet = false }) {
  const args = ['dev', '--port', String(port), '--ip', '127.0.0.1', '--show-interactive-dev-session=false'];
  if (persistTo) args.push('--persist-to', persistTo);
  if (config) args.push('--config', config);
  for (const [k, v] of Object.entries(vars)) args.push('--var', `${k}:${v}`);
  const out = quiet ? 'ignore' : 'inherit';
  const child = spawn('wrangler', args, { env, stdio: ['ignore', out, out] });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`, { redirect: 'manual' });
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  child.kill();
  throw new Error(`wrangler dev did not answer on port ${port} within 90 s`);
}
