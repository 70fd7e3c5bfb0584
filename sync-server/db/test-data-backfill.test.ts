import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/database.ts";
import type { Database } from "./connect.ts";
import { migrate } from "./migrate.ts";

const STAMP = "0080_test_data_stamp.sql";
const dir = fileURLToPath(new URL("../../schema/migrations/", import.meta.url));

let db: Database;

/** A database as it was before test data was stamped: the migrations before 0080, recorded as applied. */
beforeAll(async () => {
  db = await openTestDatabase();
  const before = readdirSync(dir)
    .filter((f) => f.endsWith(".sql") && f < STAMP)
    .sort();
  await db.sql`CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`;
  for (const file of before) {
    await db.sql.unsafe(readFileSync(dir + file, "utf8"));
    await db.sql`INSERT INTO schema_migrations (name) VALUES (${file})`;
  }
});
afterAll(() => db.close());

describe("migration 0080: stamping test data", () => {
  it("stamps existing messages by the marks of the day it runs, without a new version for devices", async () => {
    const { sql } = db;
    await sql`INSERT INTO patients (username, password, first_name, last_name, age, gender)
      VALUES ('amy', 'x', 'Amy', 'Test', 15, 'female')`;
    await sql`INSERT INTO prompts (id, title, owner, prompt, is_current, is_test) VALUES
      ('p-real', 'Current', 'o', 'You are a coach', true, false),
      ('p-trial', 'Test', 'o', 'You are a test coach', false, true),
      ('p-old', 'Old', 'o', 'You were a coach', false, false)`;
    await sql`INSERT INTO conversation_messages (conversation_id, patient_name, prompt_id, data_type, serial_num, timestamp)
      VALUES ('c-real', 'amy', 'p-real', 'user', 0, now()), ('c-trial', 'amy', 'p-trial', 'user', 0, now()),
             ('c-trial', 'amy', 'p-trial', 'agent', 1, now()), ('c-old', 'amy', 'p-old', 'user', 0, now()),
             ('c-none', 'amy', NULL, 'user', 0, now())`;

    expect(await migrate(sql)).toContain(STAMP);
    const rows = await sql`SELECT conversation_id, is_test, version FROM conversation_messages
      ORDER BY conversation_id, serial_num`;
    expect(rows.map((r) => [r.conversation_id, r.is_test, r.version])).toEqual([
      ["c-none", false, 1],
      ["c-old", false, 1],
      ["c-real", false, 1],
      ["c-trial", true, 1],
      ["c-trial", true, 1],
    ]);
  });
});
