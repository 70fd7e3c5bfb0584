import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import postgres from "postgres";

export type Sql = postgres.Sql<Record<string, unknown>>;

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
  const sql = postgres(url, { ...common, max }) as unknown as Sql;
  return { sql, kind: "postgres", close: () => sql.end({ timeout: 5 }) };
}

/**
 * The embedded database: PGlite behind pglite-socket, reached through the same
 * postgres.js code as a real server. PGlite is one connection, so postgres.js
 * gets max 1: the socket's multiplexer would interleave concurrent transactions.
 * `dataDir` undefined keeps the database in memory (tests).
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ?? "memory://", { extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db, port: 0, host: "127.0.0.1" });
  await server.start();
  const address = server.getServerConn();
  const sql = postgres(`postgres://postgres@${address}/postgres`, {
    ...common,
    max: 1,
    idle_timeout: 0,
  }) as unknown as Sql;
  return {
    sql,
    kind: "pglite",
    async close() {
      await sql.end({ timeout: 5 });
      await server.stop();
      await db.close();
    },
  };
}

export async function openDatabase(opts: { url?: string; dataDir: string }): Promise<Database> {
  return opts.url ? connectPostgres(opts.url) : openPglite(opts.dataDir);
}
