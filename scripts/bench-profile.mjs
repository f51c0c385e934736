// Where a request's time goes: a CPU profile of the Worker's JavaScript, taken through the
// DevTools protocol of `wrangler dev`'s inspector while one target is under load, its samples
// grouped by the stage (source file) they ran in. `npm run bench` prints it after the load runs.
//
// A sample counts for the innermost frame of the product's own code on its stack (worker/…,
// shared/…, themes/…), so a library's work is charged to the stage that called it (hono's
// routing to whichever middleware called next(), zod's to the module that validates), and the
// library itself is named beside it when it is most of the stage. Samples with no product frame
// on the stack are workerd's and the bundle's glue: '(runtime)'; the garbage collector is its own
// row. Idle samples (waiting for I/O: D1, the cache) are left out: the shares are of CPU time.
//
// `wrangler dev` bundles the Worker with esbuild, unminified, and marks each module's code with a
// `// path/to/file.ts` line: the frame's line in the bundle names its source file.

/** A DevTools session with the Worker behind `wrangler dev --inspector-port port`. */
async function connect(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target) throw new Error(`no inspector target on :${port}`);
  // the inspector admits local pages only: Node's WebSocket (undici) takes the Origin as a header
  const ws = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: `http://127.0.0.1:${port}` } });
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', () => reject(new Error(`inspector :${port} did not open`)), { once: true });
  });
  let next = 0;
  const pending = new Map();
  const scripts = new Map(); // scriptId -> url
  ws.addEventListener('message', (ev) => {
    const msg = JSON.parse(String(ev.data));
    if (msg.id !== undefined) {
      const p = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) p?.reject(new Error(`${msg.error.message} (inspector)`));
      else p?.resolve(msg.result);
    } else if (msg.method === 'Debugger.scriptParsed') scripts.set(msg.params.scriptId, msg.params.url);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, scripts, close: () => ws.close() };
}

/** For a bundle's source: the source file of each line (esbuild's `// worker/edge/x.ts` markers). */
function fileOfLines(source) {
  const lines = source.split('\n');
  const files = new Array(lines.length);
  let current = '(bundle)';
  for (let i = 0; i < lines.length; i++) {
    const m = /^\/\/ (\S+\.(?:[cm]?[jt]sx?|json))$/.exec(lines[i]);
    if (m) current = m[1].replace(/^(?:\.\.\/)+/, '');
    files[i] = current;
  }
  return files;
}

/** 'worker/edge/x.ts' for the product's code, 'hono' for node_modules/hono/…, the path otherwise. */
function ownerOf(file) {
  const nm = file.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = file.slice(nm + 'node_modules/'.length).split('/');
    return { own: false, name: rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0] };
  }
  const own = /^(?:worker|shared|themes|dist\/ssr|client)\//.test(file);
  return { own, name: file };
}

/**
 * Profiles the Worker on inspector `port` while `run()` puts load on it; resolves with the busy
 * (non-idle) CPU time sampled, `busyMs`, and the stages, each `{ stage, ms, share, lib, top }` (its
 * CPU time and share of the busy time; lib: the library doing most of it, if any; top: the function
 * with the most samples of its own), largest first; the functions by self time, each `{ fn, ms,
 * share }` ('respond  worker/edge/public-cache.ts', 'Response  (native) in worker/edge/shell.ts':
 * a native function under the stage that called it), largest first; and what `run()` resolved
 * with, `result`.
 */
export async function profileWhile(port, run, { intervalUs = 200 } = {}) {
  const session = await connect(port);
  try {
    await session.send('Debugger.enable');
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: intervalUs });
    await session.send('Profiler.start');
    const result = await run();
    const { profile } = await session.send('Profiler.stop');
    const sources = new Map();
    for (const [id] of session.scripts) {
      try {
        const { scriptSource } = await session.send('Debugger.getScriptSource', { scriptId: id });
        sources.set(id, fileOfLines(scriptSource));
      } catch {
        // a script the inspector no longer has
      }
    }
    await session.send('Debugger.disable');
    return { ...stagesOf(profile, sources, intervalUs), result };
  } finally {
    session.close();
  }
}

function stagesOf(profile, sources, intervalUs) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const fileOf = (frame) => {
    if (!frame.url && !frame.scriptId) return null;
    const lines = sources.get(frame.scriptId);
    return lines ? (lines[frame.lineNumber] ?? '(bundle)') : frame.url || null;
  };
  /** per node: [stage, self owner] (memoised: nodes share their ancestors) */
  const memo = new Map();
  const classify = (id) => {
    if (memo.has(id)) return memo.get(id);
    const node = byId.get(id);
    const name = node.callFrame.functionName;
    let out;
    if (name === '(idle)' || name === '(program)' || name === '(garbage collector)' || name === '(root)') {
      out = [name, name];
    } else {
      const file = fileOf(node.callFrame);
      const owner = file ? ownerOf(file) : { own: false, name: '(native)' };
      let stage = owner.own ? owner.name : null;
      for (let p = parent.get(id); stage === null && p !== undefined; p = parent.get(p)) {
        const f = fileOf(byId.get(p).callFrame);
        const o = f ? ownerOf(f) : null;
        if (o?.own) stage = o.name;
      }
      // no product frame on the stack: workerd's and the glue's, or a library called by the runtime (hono's app.fetch)
      out = [stage ?? (owner.name.startsWith('(') ? '(runtime)' : `${owner.name} (no product frame)`), owner.name];
    }
    memo.set(id, out);
    return out;
  };
  const counts = new Map(); // stage -> { us, libs: Map, fns: Map }
  const selfTimes = new Map(); // 'function (where)' -> µs of its own (its callees' time not in it)
  let busy = 0;
  // each sample stands for one sampling interval of CPU (its time delta would also count the
  // time the process waited for a core on a loaded machine)
  const us = intervalUs;
  for (const id of profile.samples) {
    const [stage, self] = classify(id);
    if (stage === '(idle)' || stage === '(root)') continue;
    const label = stage === '(program)' ? '(runtime)' : stage;
    busy += us;
    const s = counts.get(label) ?? { us: 0, libs: new Map(), fns: new Map() };
    s.us += us;
    if (self !== stage && !self.startsWith('(')) s.libs.set(self, (s.libs.get(self) ?? 0) + us);
    const f = byId.get(id).callFrame;
    const fn = `${f.functionName || '(anonymous)'}${self === stage ? '' : ` [${self}]`}`;
    s.fns.set(fn, (s.fns.get(fn) ?? 0) + us);
    counts.set(label, s);
    // the function itself and where it is: the product's file; a library's, with the stage that
    // called it; a native one, in the stage that called it; workerd's own, by its name alone
    const name = f.functionName || '(anonymous)';
    const own = label.startsWith('(')
      ? name.startsWith('(')
        ? name
        : `${name}  ${self} (no product frame)`
      : self === label
        ? `${name}  ${label}`
        : self.startsWith('(')
          ? `${name}  ${self} in ${label}`
          : `${name}  ${self} ← ${label}`;
    selfTimes.set(own, (selfTimes.get(own) ?? 0) + us);
  }
  const stages = [...counts]
    .map(([stage, s]) => {
      const [lib, us] = [...s.libs].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
      return {
        stage,
        top: [...s.fns].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null,
        ms: s.us / 1000,
        share: busy ? s.us / busy : 0,
        lib: lib && us / s.us >= 0.3 ? `${lib} ${Math.round((us / s.us) * 100)} %` : null,
      };
    })
    .sort((a, b) => b.share - a.share);
  const functions = [...selfTimes].map(([fn, t]) => ({ fn, ms: t / 1000, share: busy ? t / busy : 0 })).sort((a, b) => b.ms - a.ms);
  return { busyMs: busy / 1000, stages, functions };
}
