/**
 * A D1 session (read replication's Sessions API) in the shape of the database itself, so every
 * query module keeps taking a `D1Database` while a request's queries all run in one session:
 * sequentially consistent, from a replica at least as new as where the session started.
 *
 * `start` is D1's own: 'first-unconstrained' (the first query may read any replica),
 * 'first-primary' (the first query reads the primary, the rest any replica as new as it), or a
 * bookmark an earlier answer carried (every query sees at least what that answer had written).
 */
export type SessionStart = D1SessionConstraint | D1SessionBookmark;

export interface Session {
  /** the session, as a database: prepare and batch run in it */
  db: D1Database;
  /** the newest bookmark of the session's queries (null before the first) */
  bookmark: () => D1SessionBookmark | null;
}

const ROOT = Symbol('the database a session was opened on');
type SessionDatabase = D1Database & { [ROOT]: D1Database };

/** The database `db` is a session of (itself when it is none). */
export const rootOf = (db: D1Database): D1Database => (db as Partial<SessionDatabase>)[ROOT] ?? db;

/**
 * Opens a session of `db` (of its root when `db` is already a session) starting at `start`. D1's
 * session is made at the first query, so a request that never reads a database opens nothing there.
 */
export function openSession(db: D1Database, start: SessionStart): Session {
  const root = rootOf(db);
  let session: D1DatabaseSession | null = null;
  const opened = () => (session ??= root.withSession(start));
  const notInSession = (what: string) => () => Promise.reject(new Error(`D1 ${what}() does not run in a session`));
  const asDatabase: SessionDatabase = {
    [ROOT]: root,
    prepare: (sql) => opened().prepare(sql),
    batch: <T>(statements: D1PreparedStatement[]) => opened().batch<T>(statements),
    withSession: (s) => root.withSession(s),
    exec: notInSession('exec'),
    dump: notInSession('dump'),
  };
  return { db: asDatabase, bookmark: () => session?.getBookmark() ?? null };
}
