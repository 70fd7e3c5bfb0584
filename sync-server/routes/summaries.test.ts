import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summaryMessages } from "../../schema/summary.ts";
import type { Client, TestContext } from "../test/harness.ts";
import { createTestContext } from "../test/harness.ts";

let t: TestContext;
let admin: Client;
let alice: Client;
let bob: Client;

async function addPatient(username: string, clinician: Client) {
  await t.sql`INSERT INTO patients (username, password, first_name, last_name, age, gender, clinician_id)
    VALUES (${username}, 'x', ${username}, 'Test', 16, 'male', ${clinician.user?.id ?? null})`;
}

async function addMessage(conversationId: string, patient: string) {
  await t.sql`INSERT INTO conversation_messages (conversation_id, patient_name, data_type, serial_num, data, timestamp)
    VALUES (${conversationId}, ${patient}, 'user', 0, 'hello', now())`;
}

async function addSummary(id: string, patient: string, createdAt: string) {
  await t.sql`INSERT INTO conversation_summaries (id, patient_name, summary, created_at)
    VALUES (${id}, ${patient}, ${`Summary of ${id}`}, ${new Date(createdAt)})`;
}

const FULL = {
  summary: "Practised speaking up in class; anxiety fell over three rounds.",
  exposure_practice: "Ask a question in class",
  targeted_fear: "Being laughed at",
  treatment_goal: "Speak up once a day",
  safety_behaviors: "Rehearsing the question silently",
  worst_case_outcome: "Everyone laughs",
  expected_peak_suds: 80,
  actual_peak_suds: 55,
  expected_round_number: 3,
  actual_round_number: 3,
  expected_round_duration: 5,
  actual_average_duration: 4.5,
  is_patient_override: false,
  is_adjusted_in_the_middle: true,
  is_safetychecker: false,
  is_completed: true,
  is_patient_think_helpful: 4,
  willingness_to_continue: 5,
  number_of_times_checking_in: 2,
  started_at: "2025-01-05T10:00:00.000Z",
  ended_at: "2025-01-05T10:20:00.000Z",
};

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.as("admin");
  alice = await t.as("clinician");
  bob = await t.as("clinician");
  await addPatient("amy", alice);
  await addPatient("ben", bob);
  await addMessage("conv-amy", "amy");
  await addMessage("conv-ben", "ben");
  await addMessage("conv-amy-2", "amy");
  await addSummary("old-amy", "amy", "2025-01-01T00:00:00Z");
  await addSummary("new-amy", "amy", "2025-02-01T00:00:00Z");
  await addSummary("ben-1", "ben", "2025-01-15T00:00:00Z");
});
afterAll(() => t.close());

const stored = async (id: string) => (await t.sql`SELECT * FROM conversation_summaries WHERE id = ${id}`)[0];

describe("GET /api/conversation-summaries", () => {
  it("needs a signed-in user", async () => {
    expect((await t.anonymous().get("/api/conversation-summaries")).status).toBe(401);
  });

  it("shows a clinician only their own patients' summaries, newest first", async () => {
    const res = await alice.get("/api/conversation-summaries");
    expect(res.status).toBe(200);
    expect(res.body.map((s: { id: string }) => s.id)).toEqual(["new-amy", "old-amy"]);
    expect(res.body[0]).toMatchObject({ patient_name: "amy", summary: "Summary of new-amy", version: 1 });
  });

  it("shows an admin every summary", async () => {
    const res = await admin.get("/api/conversation-summaries");
    expect(res.body.map((s: { id: string }) => s.id)).toEqual(["new-amy", "ben-1", "old-amy"]);
  });

  it("pages the list with limit and offset and says the total in X-Total-Count", async () => {
    const first = await admin.get("/api/conversation-summaries?limit=2");
    expect(first.body.map((s: { id: string }) => s.id)).toEqual(["new-amy", "ben-1"]);
    expect(first.headers.get("x-total-count")).toBe("3");
    const second = await admin.get("/api/conversation-summaries?limit=2&offset=2");
    expect(second.body.map((s: { id: string }) => s.id)).toEqual(["old-amy"]);
    const mine = await alice.get("/api/conversation-summaries?limit=1");
    expect(mine.headers.get("x-total-count")).toBe("2");
  });

  it("refuses a limit or offset that is not a whole number in range", async () => {
    for (const query of ["limit=0", "limit=5001", "limit=abc", "offset=-1"]) {
      const res = await admin.get(`/api/conversation-summaries?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/limit|offset/);
    }
  });
});

describe("POST /api/conversation-summaries", () => {
  it("needs a signed-in user", async () => {
    const res = await t.anonymous().post("/api/conversation-summaries", { id: "conv-amy", ...FULL });
    expect(res.status).toBe(401);
  });

  it("stores every field of the form and answers the row, taking the patient from the conversation", async () => {
    const res = await alice.post("/api/conversation-summaries", { id: "conv-amy", ...FULL });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: "conv-amy", patient_name: "amy", version: 1, ...FULL });
    expect(typeof res.body.updated_at).toBe("string");
    const row = await stored("conv-amy");
    expect(row).toMatchObject({ patient_name: "amy", actual_average_duration: 4.5, willingness_to_continue: 5 });
    expect(row?.started_at.toISOString()).toBe(FULL.started_at);
  });

  it("answers 409 when the conversation already has a summary", async () => {
    const res = await alice.post("/api/conversation-summaries", { id: "conv-amy", summary: "again" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("A summary for this conversation already exists");
    expect((await stored("conv-amy"))?.summary).toBe(FULL.summary);
  });

  it("a clinician cannot add a summary for another clinician's patient, and is told no more than for no conversation", async () => {
    const fromMessages = await alice.post("/api/conversation-summaries", { id: "conv-ben", summary: "x" });
    const missing = await alice.post("/api/conversation-summaries", { id: "no-such-conv", summary: "x" });
    expect([fromMessages.status, missing.status]).toEqual([404, 404]);
    expect(fromMessages.body).toEqual({ message: summaryMessages.noConversation, code: "not_found" });
    expect(missing.body).toEqual(fromMessages.body);
    const named = await alice.post("/api/conversation-summaries", { id: "conv-ben", patient_name: "amy" });
    expect(named.status).toBe(404);
    expect(await stored("conv-ben")).toBeUndefined();
  });

  it("a summary's patient must be its conversation's patient", async () => {
    const res = await alice.post("/api/conversation-summaries", { id: "conv-amy-2", patient_name: "ben" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("patient_name must be the patient of the conversation");
    expect(await stored("conv-amy-2")).toBeUndefined();
  });

  it("an admin may add a summary for any patient's conversation", async () => {
    const res = await admin.post("/api/conversation-summaries", { id: "conv-ben", is_completed: false });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ patient_name: "ben", is_completed: false, summary: null });
  });

  it("nobody can claim a conversation before its first message (the agent's summary would follow the claim)", async () => {
    for (const [client, body] of [
      [alice, { id: "future-conv", patient_name: "amy", summary: "pre-claimed" }],
      [alice, { id: "future-conv" }],
      [admin, { id: "future-conv", patient_name: "amy" }],
    ] as const) {
      const res = await client.post("/api/conversation-summaries", body);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(summaryMessages.noConversation);
    }
    expect(await stored("future-conv")).toBeUndefined();
  });

  it.each([
    [{}, "id (the conversation's id) is required"],
    [{ expected_peak_suds: 3.5 }, "expected_peak_suds must be a whole number from 0 to 100"],
    [{ actual_peak_suds: 101 }, "actual_peak_suds must be a whole number from 0 to 100"],
    [{ actual_round_number: -1 }, "actual_round_number must be a whole number of 0 or more"],
    [{ expected_round_duration: -2 }, "expected_round_duration must be a number of minutes, 0 or more"],
    [{ actual_average_duration: "5 minutes" }, "actual_average_duration must be a number of minutes, 0 or more"],
    [{ is_completed: "yes" }, "is_completed must be true or false"],
    [{ is_patient_think_helpful: 6 }, "is_patient_think_helpful must be a whole number from 0 to 5"],
    [{ willingness_to_continue: 2.5 }, "willingness_to_continue must be a whole number from 0 to 5"],
    [{ number_of_times_checking_in: -1 }, "number_of_times_checking_in must be a whole number of 0 or more"],
    [{ started_at: "last tuesday" }, "started_at must be a valid ISO date"],
    [{ summary: 42 }, "summary must be text of at most 20000 characters"],
  ])("refuses %o with 400", async (fields, message) => {
    const body = "id" in fields || Object.keys(fields).length === 0 ? fields : { id: "conv-amy-2", ...fields };
    const res = await alice.post("/api/conversation-summaries", body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await stored("conv-amy-2")).toBeUndefined();
  });
});

describe("GET /api/conversation-summaries/{id}", () => {
  it("needs a signed-in user", async () => {
    expect((await t.anonymous().get("/api/conversation-summaries/old-amy")).status).toBe(401);
  });

  it("answers a clinician's own patient's summary", async () => {
    const res = await alice.get("/api/conversation-summaries/old-amy");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: "old-amy", patient_name: "amy" });
  });

  it("answers another clinician's patient's summary as if it did not exist", async () => {
    const res = await alice.get("/api/conversation-summaries/ben-1");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Summary not found", code: "not_found" });
    expect((await admin.get("/api/conversation-summaries/ben-1")).status).toBe(200);
  });

  it("answers 404 Summary not found for an unknown id", async () => {
    const res = await alice.get("/api/conversation-summaries/nope");
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Summary not found");
  });
});

describe("PATCH /api/conversation-summaries/{id}", () => {
  it("needs a signed-in user", async () => {
    expect((await t.anonymous().patch("/api/conversation-summaries/old-amy", { summary: "x" })).status).toBe(401);
  });

  it("changes only the fields sent and raises the version", async () => {
    const res = await alice.patch("/api/conversation-summaries/old-amy", { actual_peak_suds: 40, is_completed: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: "old-amy",
      version: 2,
      actual_peak_suds: 40,
      is_completed: true,
      summary: "Summary of old-amy",
    });
    expect(await stored("old-amy")).toMatchObject({ version: 2, actual_peak_suds: 40 });
  });

  it("answers 409 with the current row when If-Match names an older version", async () => {
    const res = await alice.patch("/api/conversation-summaries/old-amy", { summary: "stale" }, { "if-match": "1" });
    expect(res.status).toBe(409);
    expect(res.body.current).toMatchObject({ id: "old-amy", version: 2, summary: "Summary of old-amy" });
    expect((await stored("old-amy"))?.summary).toBe("Summary of old-amy");
    const ok = await alice.patch("/api/conversation-summaries/old-amy", { summary: "fresh" }, { "if-match": "2" });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ version: 3, summary: "fresh" });
  });

  it("a clinician cannot edit another clinician's patient's summary, nor move one to another patient", async () => {
    const other = await alice.patch("/api/conversation-summaries/ben-1", { summary: "mine now" });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: "Summary not found", code: "not_found" });
    const move = await alice.patch("/api/conversation-summaries/new-amy", { patient_name: "ben" });
    expect(move.status).toBe(400);
    expect(move.body.message).toBe(summaryMessages.otherPatient);
    expect((await admin.patch("/api/conversation-summaries/new-amy", { patient_name: "ben" })).status).toBe(400);
    expect((await stored("ben-1"))?.summary).toBe("Summary of ben-1");
    expect((await stored("new-amy"))?.patient_name).toBe("amy");
    expect((await admin.patch("/api/conversation-summaries/ben-1", { summary: "by admin" })).status).toBe(200);
  });

  it("validates the fields and answers 404 for an unknown id", async () => {
    const bad = await alice.patch("/api/conversation-summaries/new-amy", { willingness_to_continue: 9 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("willingness_to_continue must be a whole number from 0 to 5");
    expect((await alice.patch("/api/conversation-summaries/nope", { summary: "x" })).status).toBe(404);
  });
});

describe("DELETE /api/conversation-summaries/{id}", () => {
  it("is for admins only", async () => {
    expect((await t.anonymous().delete("/api/conversation-summaries/new-amy")).status).toBe(401);
    const res = await alice.delete("/api/conversation-summaries/new-amy");
    expect(res.status).toBe(403);
    expect(await stored("new-amy")).toBeDefined();
  });

  it("an admin deletes a summary; a second delete answers 404", async () => {
    const res = await admin.delete("/api/conversation-summaries/new-amy");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: "new-amy", message: "Summary deleted" });
    expect(await stored("new-amy")).toBeUndefined();
    expect((await admin.delete("/api/conversation-summaries/new-amy")).status).toBe(404);
  });
});
