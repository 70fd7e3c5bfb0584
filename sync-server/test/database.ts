import { type Database, openPglite } from "../db/connect.ts";
import { openScratchDatabase } from "../db/scratch.ts";

/**
 * An isolated database for one test file: PGlite in memory by default, or a
 * fresh database on TEST_DATABASE_URL when the suite runs with TEST_DB=postgres.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== "postgres") return openPglite();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  return openScratchDatabase(url, "stepwise_t");
}
