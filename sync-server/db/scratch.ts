import postgres from "postgres";
import { connectPostgres, type Database } from "./connect.ts";

/**
 * A database of its own on the server of `url`, dropped again by close(): one per
 * test file or benchmark run, so runs never see each other's rows. `template` names a database
 * (with no open connections) to copy instead of starting empty.
 */
export async function openScratchDatabase(url: string, prefix: string, max = 10, template?: string): Promise<Database> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = connectPostgres(target.toString(), max);
  return {
    ...db,
    async close() {
      await db.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
