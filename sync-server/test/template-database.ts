import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { connectPostgres, openPglite } from "../db/connect.ts";
import { migrate } from "../db/migrate.ts";

/**
 * Migrates one database before the API tests start, so each test file copies it instead of
 * running every migration itself: on PGlite a dump of its data directory (also skipping PGlite's
 * own initdb), on PostgreSQL a template database. A file's database starts exactly as a
 * migrated one would; tests of the migrations themselves still open an empty one.
 */
export default async function setup(project: TestProject) {
  if (project.name === "api-postgres") return postgresTemplate(project);
  return pgliteTemplate(project);
}

async function pgliteTemplate(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "stepwise-template-"));
  const file = join(dir, "migrated.tar");
  const db = await openPglite();
  await migrate(db.sql);
  const dump = await db.dump();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide("migratedDatabase", file);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("api-postgres needs TEST_DATABASE_URL");
  const name = `stepwise_template_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  // A template must have no connections while it is copied: migrate, then close.
  const db = connectPostgres(target.toString(), 1);
  await migrate(db.sql);
  await db.close();
  project.provide("migratedDatabase", name);
  return async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** api-pglite: the path of a migrated data directory's dump; api-postgres: a migrated template's name. */
    migratedDatabase: string;
  }
}
