import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import postgres from "postgres";
import { pgliteWire } from "./pglite-wire.ts";

/**
 * The database handle types, declared here only. `Db` is what a query helper takes: the pool or
 * an open transaction run queries alike. `Sql` is the pool (it opens transactions and closes);
 * `Tx` is an open transaction, for helpers that need one (row locks, transaction-scoped locks).
 */
export type Db = postgres.ISql<Record<string, unknown>>;
export type Sql = postgres.Sql<Record<string, unknown>>;
export type Tx = postgres.TransactionSql<Record<string, unknown>>;

export interface Database {
  sql: Sql;
  /** "postgres" for a real server, "pglite" for the embedded one. */
  kind: "postgres" | "pglite";
  close(): Promise<void>;
}

const common = {
  onnotice: () => {},
  // Keep timestamps as Date and bigint/xid8 as strings; both sides agree on ISO on the wire.
  transform: { undefined: null },
} as const;

/** A real PostgreSQL server through postgres.js. */
export function connectPostgres(url: string, max = 10): Database {
  const sql = postgres(url, { ...common, max }) as Sql;
  return { sql, kind: "postgres", close: () => sql.end({ timeout: 5 }) };
}

/**
 * The embedded database: PGlite in this process, reached through the same postgres.js code
 * as a real server over an in-memory wire (no TCP port, so no other local process can connect).
 * PGlite is one backend, so postgres.js gets one connection, kept for the process's life
 * (max_lifetime off: there is nothing to recycle). `dataDir` undefined keeps the database
 * in memory (tests). `from` starts it from a dump of another's data directory (`dump()`), which
 * skips PGlite's initdb: the API tests copy one migrated database this way.
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<Database & { dump(): Promise<Blob> }> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ?? "memory://", { extensions: { pg_trgm }, loadDataDir: from });
  const sql = postgres({
    ...common,
    ...pgliteOptions(db),
    max: 1,
  }) as Sql;
  return {
    sql,
    kind: "pglite",
    dump: () => db.dumpDataDir("none"),
    async close() {
      await sql.end({ timeout: 5 });
      await db.close();
    },
  };
}

/** postgres.js options that talk to `db` over the in-memory wire (socket is not in postgres.js's types). */
export function pgliteOptions(db: PGlite) {
  return {
    socket: pgliteWire(db),
    user: "postgres",
    database: "postgres",
    idle_timeout: 0,
    max_lifetime: null,
  } as postgres.Options<Record<string, never>>;
}

export async function openDatabase(opts: { url?: string; dataDir: string }): Promise<Database> {
  return opts.url ? connectPostgres(opts.url) : openPglite(opts.dataDir);
}
