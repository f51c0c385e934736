-- Issue 32, past one database: each database allocates the ids of its tables from a range of its
-- own (db/ids.ts), so a salon's rows keep their ids when they move to another database and never
-- meet a row the target made. SQLite's own choice (the largest id + 1) breaks as soon as a
-- database holds rows moved in from a database with a higher range.
--
-- id_range: at most one row. None: the first database's range, 1 to 2^40 - 1 (every id made so
-- far). DB_k takes (k - 1) * 2^40 to k * 2^40 - 1 on the first move into it (db/move-salon.ts).
CREATE TABLE id_range (
  only INTEGER PRIMARY KEY CHECK (only = 1),
  lo   INTEGER NOT NULL,
  hi   INTEGER NOT NULL CHECK (hi > lo)
);

-- id_floors: the next id of a table at the moment a salon's rows left this database (written by
-- the move's removal), so ids the departed salon still holds are never made again here.
CREATE TABLE id_floors (
  table_name TEXT PRIMARY KEY,
  next       INTEGER NOT NULL
) WITHOUT ROWID;
