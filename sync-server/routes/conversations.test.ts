import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Client, TestContext } from "../test/harness.ts";
import { createTestContext } from "../test/harness.ts";

let t: TestContext;
let admin: Client;
let alice: Client;
let bob: Client;

// alice looks after amy and the first sample patient; bob after ben and the second.
async function addPatient(username: string, clinician: Client) {
  await t.sql`INSERT INTO patients (username, password, first_name, last_name, age, gender, clinician_id)
    VALUES (${username}, 'x', ${username}, 'Test', 15, 'female', ${clinician.user?.id ?? null})`;
}

type Msg = [conversation: string, patient: string, serial: number, at: string, data: string, prompt?: string];

const MESSAGES: Msg[] = [
  ["conv-a1", "amy", 0, "2025-01-05T10:00:00Z", "I am scared of speaking up in class", "p-current"],
  ["conv-a1", "amy", 1, "2025-01-05T10:01:00Z", "What would help you feel ready?", "p-current"],
  ["conv-a1", "amy", 2, "2025-01-05T10:02:00Z", "Maybe practising first", "p-current"],
  ["conv-a2", "amy", 0, "2025-02-10T09:00:00Z", "I was 100% sure_thing it would go wrong", "p-test"],
  ["conv-a2", "amy", 1, "2025-02-10T09:05:00Z", "And what happened?", "p-test"],
  ["conv-mixed", "amy", 0, "2025-03-01T08:00:00Z", "tested under the test prompt", "p-test"],
  ["conv-mixed", "amy", 1, "2025-03-01T08:01:00Z", "continued under the current prompt", "p-current"],
  ["conv-b1", "ben", 0, "2025-01-20T12:00:00Z", "Eating in the cafeteria is hard", "p-old"],
  ["conv-b1", "ben", 1, "2025-01-20T12:03:00Z", "Let us plan the first round"],
  ["conv-s1", "sample_patient_1", 0, "2025-01-07T12:00:00Z", "sample one speaking"],
  ["conv-s2", "sample_patient_2", 0, "2025-01-08T12:00:00Z", "sample two speaking"],
];

/** Puts the conversations, prompts and summaries back as MESSAGES describes them. */
async function resetConversations() {
  await t.sql`TRUNCATE conversation_messages, conversation_summaries, prompts, user_activity, sync_removed`;
  await t.sql`INSERT INTO prompts (id, title, owner, prompt, is_current, is_test) VALUES
    ('p-current', 'Current prompt', 'test_prompt', 'You are a coach', true, false),
    ('p-test', 'Test prompt', 'test_prompt', 'You are a test coach', false, true),
    ('p-old', 'Old prompt', 'test_prompt', 'You were a coach', false, false)`;
  const rows = MESSAGES.map(([conversation_id, patient_name, serial_num, timestamp, data, prompt_id]) => ({
    conversation_id,
    patient_name,
    serial_num,
    timestamp: new Date(timestamp),
    data,
    prompt_id: prompt_id ?? null,
    data_type: serial_num % 2 === 0 ? "user" : "agent",
    is_test: prompt_id === "p-test", // as the agent's intake stamps them
  }));
  await t.sql`INSERT INTO conversation_messages ${t.sql(rows)}`;
  const summaries = ["conv-a1", "conv-a2", "conv-mixed", "conv-b1", "conv-s1", "conv-s2"].map((id) => ({
    id,
    patient_name: MESSAGES.find((m) => m[0] === id)?.[1] ?? null,
    summary: `Summary of ${id}`,
  }));
  await t.sql`INSERT INTO conversation_summaries ${t.sql(summaries)}`;
}

const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n;
const messagesOf = (patient: string) =>
  countOf(t.sql`SELECT count(*)::int AS n FROM conversation_messages WHERE patient_name = ${patient}` as never);
const summaryIds = async () =>
  (await t.sql`SELECT id FROM conversation_summaries ORDER BY id`).map((r) => r.id as string);

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.as("admin");
  alice = await t.as("clinician");
  bob = await t.as("clinician");
  await addPatient("amy", alice);
  await addPatient("ben", bob);
  await addPatient("sample_patient_1", alice);
  await addPatient("sample_patient_2", bob);
  await resetConversations();
});
afterAll(() => t.close());

const ids = (rows: { conversation_id: string; serial_num: number }[]) =>
  rows.map((r) => `${r.conversation_id}#${r.serial_num}`);

describe("GET /api/conversations", () => {
  it("needs a signed-in user", async () => {
    const res = await t.anonymous().get("/api/conversations");
    expect(res.status).toBe(401);
  });

  it("shows a clinician only the messages of their own patients, newest first", async () => {
    const res = await alice.get("/api/conversations");
    expect(res.status).toBe(200);
    const patients = new Set(res.body.map((m: { patient_name: string }) => m.patient_name));
    expect(patients).toEqual(new Set(["amy", "sample_patient_1"]));
    expect(res.body).toHaveLength(8);
    const times = res.body.map((m: { timestamp: string }) => m.timestamp);
    expect(times).toEqual([...times].sort().reverse());
    expect(res.body[0]).toMatchObject({
      conversation_id: "conv-mixed",
      serial_num: 1,
      data_type: "agent",
      prompt_id: "p-current",
      version: 1,
      timestamp: "2025-03-01T08:01:00.000Z",
    });
  });

  it("shows an admin every message", async () => {
    const res = await admin.get("/api/conversations");
    expect(res.body).toHaveLength(MESSAGES.length);
  });

  it("searches the message text case-insensitively, treating % and _ literally", async () => {
    const upper = await alice.get(`/api/conversations?search=${encodeURIComponent("SPEAKING UP")}`);
    expect(ids(upper.body)).toEqual(["conv-a1#0"]);
    const percent = await alice.get(`/api/conversations?search=${encodeURIComponent("100%")}`);
    expect(ids(percent.body)).toEqual(["conv-a2#0"]);
    const underscore = await alice.get(`/api/conversations?search=${encodeURIComponent("e_t")}`);
    expect(ids(underscore.body)).toEqual(["conv-a2#0"]);
    const wildcard = await alice.get(`/api/conversations?search=${encodeURIComponent("%")}`);
    expect(ids(wildcard.body)).toEqual(["conv-a2#0"]);
  });

  it("never finds another clinician's messages through search", async () => {
    const res = await alice.get("/api/conversations?search=cafeteria");
    expect(res.body).toEqual([]);
    const asBob = await bob.get("/api/conversations?search=cafeteria");
    expect(ids(asBob.body)).toEqual(["conv-b1#0"]);
  });

  it("filters by the exact conversation id", async () => {
    const res = await alice.get("/api/conversations?conversationId=conv-a1");
    expect(ids(res.body)).toEqual(["conv-a1#2", "conv-a1#1", "conv-a1#0"]);
    const partial = await alice.get("/api/conversations?conversationId=conv-a");
    expect(partial.body).toEqual([]);
    const hidden = await alice.get("/api/conversations?conversationId=conv-b1");
    expect(hidden.body).toEqual([]);
  });

  it("accepts the snake_case spellings of the filters", async () => {
    const res = await alice.get("/api/conversations?conversation_id=conv-a1&patient_name=amy");
    expect(ids(res.body)).toEqual(["conv-a1#2", "conv-a1#1", "conv-a1#0"]);
  });

  it("filters by patient, and a clinician gets nothing for another clinician's patient", async () => {
    const own = await alice.get("/api/conversations?patientName=sample_patient_1");
    expect(ids(own.body)).toEqual(["conv-s1#0"]);
    const other = await alice.get("/api/conversations?patientName=ben");
    expect(other.body).toEqual([]);
    const asAdmin = await admin.get("/api/conversations?patientName=ben");
    expect(ids(asAdmin.body)).toEqual(["conv-b1#1", "conv-b1#0"]);
  });

  it("filters by start and end date, inclusive, within the caller's scope", async () => {
    const start = encodeURIComponent("2025-01-05T00:00:00.000Z");
    const end = encodeURIComponent("2025-01-20T23:59:59.999Z");
    const res = await alice.get(`/api/conversations?startDate=${start}&endDate=${end}`);
    expect(ids(res.body)).toEqual(["conv-s1#0", "conv-a1#2", "conv-a1#1", "conv-a1#0"]);
    const asAdmin = await admin.get(`/api/conversations?startDate=${start}&endDate=${end}`);
    expect(asAdmin.body).toHaveLength(7);
    const onlyStart = await alice.get("/api/conversations?startDate=2025-02-11");
    expect(ids(onlyStart.body)).toEqual(["conv-mixed#1", "conv-mixed#0"]);
  });

  it("treats an empty filter as no filter", async () => {
    const res = await alice.get("/api/conversations?search=&startDate=&patientName=");
    expect(res.body).toHaveLength(8);
  });

  it("refuses an invalid date or limit with 400", async () => {
    const date = await alice.get("/api/conversations?startDate=yesterday");
    expect(date.status).toBe(400);
    expect(date.body.message).toBe("Dates must be valid ISO dates");
    const impossible = await alice.get("/api/conversations?endDate=2025-02-31T99:00:00Z");
    expect(impossible.status).toBe(400);
    const limit = await alice.get("/api/conversations?limit=0");
    expect(limit.status).toBe(400);
    expect(limit.body.message).toBe("limit must be a whole number of 1 or more");
  });

  it("returns at most `limit` messages", async () => {
    const res = await admin.get("/api/conversations?limit=2");
    expect(ids(res.body)).toEqual(["conv-mixed#1", "conv-mixed#0"]);
  });
});

describe("GET /api/conversations/patient/{patientName}/conversations", () => {
  const path = (patient: string, query = "") => `/api/conversations/patient/${patient}/conversations${query}`;

  it("needs a signed-in user", async () => {
    expect((await t.anonymous().get(path("amy"))).status).toBe(401);
  });

  it("lists a patient's conversations with their first message time and size, newest first", async () => {
    const res = await alice.get(path("amy"));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { conversation_id: "conv-mixed", created_at: "2025-03-01T08:00:00.000Z", message_count: 2 },
      { conversation_id: "conv-a2", created_at: "2025-02-10T09:00:00.000Z", message_count: 2 },
      { conversation_id: "conv-a1", created_at: "2025-01-05T10:00:00.000Z", message_count: 3 },
    ]);
  });

  it("keeps only conversations that started within the dates", async () => {
    const res = await alice.get(path("amy", "?startDate=2025-02-01T00:00:00.000Z&endDate=2025-02-28T23:59:59.999Z"));
    expect(res.body.map((c: { conversation_id: string }) => c.conversation_id)).toEqual(["conv-a2"]);
    const bad = await alice.get(path("amy", "?endDate=soon"));
    expect(bad.status).toBe(400);
  });

  it("answers an empty list for an unknown patient or another clinician's patient", async () => {
    expect((await alice.get(path("nobody"))).body).toEqual([]);
    const hidden = await alice.get(path("ben"));
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual([]);
    expect((await admin.get(path("ben"))).body).toHaveLength(1);
  });
});

describe("GET /api/conversations/patients", () => {
  it("lists the usernames of the caller's patients who have conversations", async () => {
    expect((await t.anonymous().get("/api/conversations/patients")).status).toBe(401);
    await addPatient("cora", alice);
    const mine = await alice.get("/api/conversations/patients");
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(["amy", "sample_patient_1"]);
    const all = await admin.get("/api/conversations/patients");
    expect(all.body).toEqual(["amy", "ben", "sample_patient_1", "sample_patient_2"]);
  });
});

describe("DELETE /api/conversations/patient/{patientName}", () => {
  const del = (target: string, dryRun = false) =>
    admin.delete(`/api/conversations/patient/${target}${dryRun ? "?dryRun=true" : ""}`);
  const activity = () =>
    t.sql`SELECT user_id, activity_type, metadata FROM user_activity WHERE activity_type = 'data_delete'`;

  beforeEach(resetConversations);

  it("is refused to anonymous callers and clinicians, and deletes nothing", async () => {
    expect((await t.anonymous().delete("/api/conversations/patient/amy")).status).toBe(401);
    const res = await alice.delete("/api/conversations/patient/amy");
    expect(res.status).toBe(403);
    expect((await alice.delete("/api/conversations/patient/amy?dryRun=true")).status).toBe(403);
    expect(await messagesOf("amy")).toBe(7);
  });

  it("answers 404 for an unknown patient", async () => {
    const res = await del("nobody");
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Unknown patient: nobody");
  });

  it("counts a patient's messages on a dry run, then deletes them with their summaries and logs it", async () => {
    const dry = await del("amy", true);
    expect(dry.body).toEqual({ count: 7, summaryCount: 3 });
    expect(await messagesOf("amy")).toBe(7);
    expect(await activity()).toHaveLength(0);

    const res = await del("amy");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 7, deletedSummaries: 3 });
    expect(await messagesOf("amy")).toBe(0);
    expect(await messagesOf("ben")).toBe(2);
    expect(await summaryIds()).toEqual(["conv-b1", "conv-s1", "conv-s2"]);
    const [logged] = await activity();
    expect(logged).toMatchObject({
      user_id: admin.user?.id,
      metadata: { target: "amy", deletedCount: 7, deletedSummaries: 3 },
    });
  });

  it("delete_test_data removes messages under the test prompt, keeping a summary whose conversation goes on", async () => {
    expect((await del("delete_test_data", true)).body).toEqual({ count: 3, summaryCount: 1 });
    const res = await del("delete_test_data");
    expect(res.body).toEqual({ deletedCount: 3, deletedSummaries: 1 });
    const left = await t.sql`SELECT conversation_id FROM conversation_messages WHERE prompt_id = 'p-test'`;
    expect(left).toHaveLength(0);
    expect(await summaryIds()).toEqual(["conv-a1", "conv-b1", "conv-mixed", "conv-s1", "conv-s2"]);
    expect((await activity())[0]?.metadata).toEqual({
      target: "delete_test_data",
      deletedCount: 3,
      deletedSummaries: 1,
    });
  });

  it("delete_test_data goes by what arrived under the test prompt, whatever the marks say now", async () => {
    await t.sql`UPDATE prompts SET is_current = false, is_test = false`;
    await t.sql`UPDATE prompts SET is_current = true WHERE id = 'p-test'`;
    await t.sql`UPDATE prompts SET is_test = true WHERE id = 'p-old'`;
    expect((await del("delete_test_data", true)).body).toEqual({ count: 3, summaryCount: 1 });
  });

  it("deletes a patient's summaries that have no messages along with the patient's conversations", async () => {
    await t.sql`INSERT INTO conversation_summaries (id, patient_name, summary) VALUES
      ('conv-a-early', 'amy', 'Written before any message arrived'),
      ('conv-b-early', 'ben', 'Ben''s, kept')`;
    expect((await del("amy", true)).body).toEqual({ count: 7, summaryCount: 4 });
    expect((await del("amy")).body).toEqual({ deletedCount: 7, deletedSummaries: 4 });
    expect(await summaryIds()).toEqual(["conv-b-early", "conv-b1", "conv-s1", "conv-s2"]);
    expect((await del("delete_user_data")).body).toEqual({ deletedCount: 2, deletedSummaries: 2 });
    expect(await summaryIds()).toEqual(["conv-s1", "conv-s2"]);
  });

  it("refuses a per-patient delete that would run a bulk delete, for a patient named like one", async () => {
    await addPatient("delete_user_data", alice);
    try {
      const dry = await del("delete_user_data", true);
      expect(dry.status).toBe(409);
      expect(dry.body.message).toBe(
        "A patient is named delete_user_data, which is also a Data Management bulk delete: rename that patient first",
      );
      expect((await del("delete_user_data")).status).toBe(409);
      expect(await messagesOf("amy")).toBe(7);
      expect(await messagesOf("ben")).toBe(2);
      expect(await activity()).toHaveLength(0);
    } finally {
      await t.sql`DELETE FROM patients WHERE username = 'delete_user_data'`;
    }
  });

  it("delete_user_data removes every patient's messages but the two sample patients'", async () => {
    expect((await del("delete_user_data", true)).body).toEqual({ count: 9, summaryCount: 4 });
    const res = await del("delete_user_data");
    expect(res.body).toEqual({ deletedCount: 9, deletedSummaries: 4 });
    const left = await t.sql`SELECT DISTINCT patient_name FROM conversation_messages ORDER BY patient_name`;
    expect(left.map((r) => r.patient_name)).toEqual(["sample_patient_1", "sample_patient_2"]);
    expect(await summaryIds()).toEqual(["conv-s1", "conv-s2"]);
  });

  it("deletes each sample patient by name, and both with delete_sample_patients", async () => {
    expect((await del("sample_patient_1", true)).body).toEqual({ count: 1, summaryCount: 1 });
    expect((await del("sample_patient_1")).body).toEqual({ deletedCount: 1, deletedSummaries: 1 });
    expect(await messagesOf("sample_patient_1")).toBe(0);
    expect(await messagesOf("sample_patient_2")).toBe(1);
    expect((await del("sample_patient_2")).body).toEqual({ deletedCount: 1, deletedSummaries: 1 });

    await resetConversations();
    expect((await del("delete_sample_patients", true)).body).toEqual({ count: 2, summaryCount: 2 });
    expect((await del("delete_sample_patients")).body).toEqual({ deletedCount: 2, deletedSummaries: 2 });
    expect(await messagesOf("sample_patient_1")).toBe(0);
    expect(await messagesOf("sample_patient_2")).toBe(0);
    expect(await messagesOf("amy")).toBe(7);
    const logged = await activity();
    expect(logged.map((r) => r.metadata.target)).toEqual(["delete_sample_patients"]);
  });

  it("records a deletion for a device's next pull: its conversation once, and its summary", async () => {
    await del("sample_patient_2");
    const removed =
      await t.sql`SELECT table_name, patient_name FROM sync_removed WHERE patient_name = 'sample_patient_2'`;
    expect(removed.map((r) => r.table_name).sort()).toEqual(["conversation_summaries", "conversations"]);
  });

  it("refuses a bad dryRun value", async () => {
    const res = await admin.delete("/api/conversations/patient/amy?dryRun=maybe");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("dryRun must be true or false");
  });
});
