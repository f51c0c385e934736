/**
 * What one request asked of D1, from D1's own `meta` (the D1_METER setting, development and
 * benchmarks only: docs/scale.md). `first()` runs as `all()` so its meta is seen too; the
 * answer is the same row.
 */
export interface Meter {
  queries: number;
  rowsRead: number;
  rowsWritten: number;
  /** the sum of meta.duration (D1's own time; 0 under local workerd, whose clock stands still while it computes) */
  d1Ms: number;
  /** the time the Worker waited on D1's answers, measured around each call (the local figure) */
  waitMs: number;
}

export const newMeter = (): Meter => ({ queries: 0, rowsRead: 0, rowsWritten: 0, d1Ms: 0, waitMs: 0 });

/** 'q=3;r=12;w=0;d1=0.10;wait=1.20': a meter as the X-D1-Meter header carries it. */
export const meterHeader = (m: Meter) =>
  `q=${m.queries};r=${m.rowsRead};w=${m.rowsWritten};d1=${m.d1Ms.toFixed(2)};wait=${m.waitMs.toFixed(2)}`;

function count(m: Meter, meta: D1Meta | undefined, waited: number) {
  m.queries += 1;
  m.rowsRead += meta?.rows_read ?? 0;
  m.rowsWritten += meta?.rows_written ?? 0;
  m.d1Ms += meta?.duration ?? 0;
  m.waitMs += waited;
}

const INNER = Symbol('the statement a metered one wraps');
type Metered = D1PreparedStatement & { [INNER]: D1PreparedStatement };

function metered(inner: D1PreparedStatement, m: Meter): Metered {
  const timedAll = async <T>() => {
    const t = performance.now();
    const r = await inner.all<T>();
    count(m, r.meta, performance.now() - t);
    return r;
  };
  const statement = {
    [INNER]: inner,
    bind: (...values: unknown[]) => metered(inner.bind(...values), m),
    all: timedAll,
    run: timedAll,
    first: async (column?: string) => {
      const row = (await timedAll<Record<string, unknown>>()).results[0];
      if (!row) return null;
      return column === undefined ? row : (row[column] ?? null);
    },
    raw: (options?: { columnNames?: boolean }) => {
      m.queries += 1;
      return inner.raw(options as { columnNames?: false });
    },
  };
  return statement as unknown as Metered;
}

/** `db` with every statement and batch counted into `m`. */
export function meteredDb(db: D1Database, m: Meter): D1Database {
  return {
    prepare: (sql: string) => metered(db.prepare(sql), m),
    batch: async <T>(statements: D1PreparedStatement[]) => {
      const t = performance.now();
      const results = await db.batch<T>(statements.map((s) => (s as Partial<Metered>)[INNER] ?? s));
      const waited = (performance.now() - t) / Math.max(1, results.length);
      for (const r of results) count(m, r.meta, waited);
      return results;
    },
    exec: (sql: string) => db.exec(sql),
    withSession: (s?: string) => db.withSession(s),
    dump: () => db.dump(),
  };
}
