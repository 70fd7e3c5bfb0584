import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sql } from "../db/connect.ts";
import { createTestContext, type TestContext } from "../test/harness.ts";
import { seedDemo } from "./demo.ts";

const now = new Date("2026-03-15T10:30:00Z");
let t: TestContext;
let lines: string[];

beforeAll(async () => {
  t = await createTestContext();
  lines = await seedDemo(t.sql, t.config, 1, { now });
}, 120_000);
afterAll(() => t.close());

const count = async (sql: Sql, table: string) =>
  (await sql`SELECT count(*)::int AS n FROM ${sql(table)}`)[0].n as number;

/** One digest per table of everything but password hashes and the server-stamped columns. */
async function contentDigest(sql: Sql) {
  const [row] = await sql`SELECT
    (SELECT md5(string_agg(concat_ws(',', id, username, first_name, last_name, role, created_at), '|' ORDER BY id)) FROM user_clinician) AS users,
    (SELECT md5(string_agg(concat_ws(',', id, username, first_name, last_name, age, gender, clinician_id, created_at), '|' ORDER BY id)) FROM patients) AS patients,
    (SELECT md5(string_agg(concat_ws(',', id, patient_name, clinician_id, fear, exposure_practice, frequency, round_number, round_duration, safety_behavior, created_at), '|' ORDER BY id)) FROM homework) AS homework,
    (SELECT md5(string_agg(concat_ws(',', id, conversation_id, patient_name, prompt_id, data_type, serial_num, data, timestamp), '|' ORDER BY id)) FROM conversation_messages) AS messages,
    (SELECT md5(string_agg(to_jsonb(s - 'updated_at' - 'version' - 'txid')::text, '|' ORDER BY id)) FROM (SELECT to_jsonb(c) AS s, id FROM conversation_summaries c) x) AS summaries,
    (SELECT md5(string_agg(concat_ws(',', id, title, owner, prompt, created_at, is_current, is_test), '|' ORDER BY id)) FROM prompts) AS prompts`;
  return row;
}

describe("the demo clinic", () => {
  it("prints the counts and the demo logins", () => {
    expect(lines[0]).toMatch(
      /^Demo clinic seeded: 12 patients, \d+ homework assignments, \d+ conversations \(\d+ messages\)/,
    );
    expect(lines.join("\n")).toContain("dr.rivera@stepwise.local and dr.chen@stepwise.local, password demo-clinician");
    expect(lines.join("\n")).toContain("demo.admin@stepwise.local, password demo-admin");
  });

  it("has two clinicians and a demo admin whose printed passwords sign in", async () => {
    expect(await t.sql`SELECT username, role FROM user_clinician ORDER BY username`).toEqual([
      { username: "demo.admin@stepwise.local", role: "admin" },
      { username: "dr.chen@stepwise.local", role: "clinician" },
      { username: "dr.rivera@stepwise.local", role: "clinician" },
    ]);
    const login = await t
      .anonymous()
      .post("/api/login", { username: "dr.rivera@stepwise.local", password: "demo-clinician" });
    expect(login.status).toBe(200);
    const admin = await t
      .anonymous()
      .post("/api/login", { username: "demo.admin@stepwise.local", password: "demo-admin" });
    expect(admin.status).toBe(200);
  });

  it("has the two sample patients and ten teens aged 12 to 19, split between the clinicians", async () => {
    const patients = await t.sql`SELECT p.username, p.age, p.gender, u.username AS clinician
      FROM patients p JOIN user_clinician u ON u.id = p.clinician_id`;
    expect(patients).toHaveLength(12);
    expect(patients.map((p) => p.username)).toEqual(expect.arrayContaining(t.config.samplePatients));
    expect(patients.every((p) => p.age >= 12 && p.age <= 19)).toBe(true);
    expect(new Set(patients.map((p) => p.gender)).size).toBe(3);
    expect(patients.filter((p) => p.clinician === "dr.rivera@stepwise.local")).toHaveLength(6);
    expect(patients.filter((p) => p.clinician === "dr.chen@stepwise.local")).toHaveLength(6);
  });

  it("gives every patient homework and about thirty to fifty conversations with the coach", async () => {
    const perPatient = await t.sql`SELECT p.username,
        (SELECT count(*)::int FROM homework h WHERE h.patient_name = p.username AND h.clinician_id = p.clinician_id) AS homework,
        (SELECT count(DISTINCT conversation_id)::int FROM conversation_messages m WHERE m.patient_name = p.username) AS conversations
      FROM patients p`;
    for (const p of perPatient) {
      expect(p.homework).toBeGreaterThanOrEqual(2);
      expect(p.conversations).toBeGreaterThanOrEqual(28);
    }
    const messages = await count(t.sql, "conversation_messages");
    expect(messages).toBeGreaterThan(8_000);
    expect(messages).toBeLessThan(14_000);
    expect(lines[0]).toContain(`(${messages} messages)`);
  });

  it("numbers each conversation's messages from 1 and keeps them before the seeding day", async () => {
    const [row] = await t.sql`SELECT
        bool_and(n = max_serial AND min_serial = 1) AS contiguous, max(last) AS latest, min(first) AS earliest
      FROM (SELECT conversation_id, count(*) AS n, min(serial_num) AS min_serial, max(serial_num) AS max_serial,
                   min(timestamp) AS first, max(timestamp) AS last
            FROM conversation_messages GROUP BY conversation_id) c`;
    expect(row.contiguous).toBe(true);
    expect(row.latest.getTime()).toBeLessThan(Date.parse("2026-03-15T00:00:00Z"));
    expect(row.earliest.getTime()).toBeGreaterThan(Date.parse("2025-10-01T00:00:00Z"));
  });

  it("summarises most conversations, some in progress and a few flagged for safety", async () => {
    const [row] = await t.sql`SELECT count(*)::int AS total,
        count(*) FILTER (WHERE NOT is_completed)::int AS in_progress,
        count(*) FILTER (WHERE is_safetychecker)::int AS safety,
        count(*) FILTER (WHERE id NOT IN (SELECT conversation_id FROM conversation_messages))::int AS orphans,
        (SELECT count(DISTINCT conversation_id)::int FROM conversation_messages) AS conversations
      FROM conversation_summaries`;
    expect(row.orphans).toBe(0);
    expect(row.total / row.conversations).toBeGreaterThan(0.8);
    expect(row.total).toBeLessThan(row.conversations);
    expect(row.in_progress).toBeGreaterThan(0);
    expect(row.safety).toBeGreaterThan(0);
    expect(row.safety).toBeLessThan(row.total * 0.05);
  });

  it("has exactly one current and one test prompt, and conversations under each, the test prompt's as test data", async () => {
    const prompts = await t.sql`SELECT id, is_current, is_test,
        (SELECT count(*)::int FROM conversation_messages m WHERE m.prompt_id = p.id) AS messages,
        (SELECT count(*)::int FROM conversation_messages m WHERE m.is_test AND m.prompt_id = p.id) AS test_data
      FROM prompts p`;
    expect(prompts.map((p) => p.test_data)).toEqual(prompts.map((p) => (p.is_test ? p.messages : 0)));
    expect(prompts.filter((p) => p.is_current)).toHaveLength(1);
    expect(prompts.filter((p) => p.is_test)).toHaveLength(1);
    expect(prompts.find((p) => p.is_current)?.messages).toBeGreaterThan(0);
    expect(prompts.find((p) => p.is_test)?.messages).toBeGreaterThan(0);
  });

  it("comes out the same when seeded again on the same day", async () => {
    const again = await createTestContext();
    try {
      await seedDemo(again.sql, again.config, 1, { now: new Date("2026-03-15T22:00:00Z") });
      expect(await contentDigest(again.sql)).toEqual(await contentDigest(t.sql));
    } finally {
      await again.close();
    }
  }, 120_000);

  it("refuses to seed a database that already holds the demo clinic", async () => {
    await expect(seedDemo(t.sql, t.config, 1, { now })).rejects.toThrow(/already holds the demo clinic/);
    expect(await count(t.sql, "patients")).toBe(12);
  });
});
