import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { type Database, openPglite } from "../db/connect.ts";
import { openScratchDatabase } from "../db/scratch.ts";

/**
 * An isolated database for one test file: PGlite in memory by default, or a
 * fresh database on TEST_DATABASE_URL when the suite runs with TEST_DB=postgres.
 * It is empty (no migrations): for the tests of the migrations themselves.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== "postgres") return openPglite();
  return openScratchDatabase(postgresUrl(), "stepwise_t");
}

/**
 * As openTestDatabase, but already migrated: a copy of the database the suite's global setup
 * (template-database.ts) migrated once, so no file pays for every migration again.
 */
export async function openMigratedTestDatabase(): Promise<Database> {
  const migrated = inject("migratedDatabase");
  if (process.env.TEST_DB !== "postgres") return openPglite(undefined, new Blob([readFileSync(migrated)]));
  return openScratchDatabase(postgresUrl(), "stepwise_t", 10, migrated);
}

function postgresUrl() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  return url;
}
