import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PullResponse } from "../../schema/rows.ts";
import { migrate } from "../db/migrate.ts";
import type { Client, TestContext } from "../test/harness.ts";
import { createTestContext } from "../test/harness.ts";

/**
 * Issue 10.4: a summary belongs to the patient of its conversation's messages,
 * whoever made it first, so a clinician cannot pre-claim another clinician's
 * patient's summary (and its safety flag) before the conversation's first message.
 */
let t: TestContext;
let alice: Client;
let bob: Client;
let key: string;

const agent = (path: string, method: "post" | "put", body: unknown) =>
  t.anonymous()[method](path, body, { authorization: `Bearer ${key}` });
const sendMessage = (conversationId: string, patient: string) =>
  agent("/api/agent/messages", "post", {
    conversation_id: conversationId,
    patient_name: patient,
    data_type: "user",
    serial_num: 0,
    data: "I want to stop",
    timestamp: "2025-01-05T10:00:00Z",
  });
const sendSummary = (conversationId: string, body: Record<string, unknown>) =>
  agent(`/api/agent/conversation-summaries/${conversationId}`, "put", body);

async function pull(client: Client, cursor = "") {
  const res = await client.get<PullResponse>(`/api/sync/pull?cursor=${encodeURIComponent(cursor)}&limit=5000`);
  expect(res.body.hasMore).toBe(false);
  const summaries = (res.body.changes.conversation_summaries ?? []) as { id: string; patient_name: string }[];
  return { cursor: res.body.cursor, summaries, removed: res.body.removed.conversation_summaries ?? [] };
}

beforeAll(async () => {
  t = await createTestContext();
  const admin = await t.as("admin");
  alice = await t.as("clinician");
  bob = await t.as("clinician");
  await t.sql`INSERT INTO patients (username, password, first_name, last_name, age, gender, clinician_id) VALUES
    ('amy', 'x', 'Amy', 'A', 15, 'female', ${alice.user!.id}), ('ben', 'x', 'Ben', 'B', 16, 'male', ${bob.user!.id})`;
  key = (await admin.post("/api/admin/agent-keys", { name: "Voice agent" })).body.key;
});
afterAll(() => t.close());

describe("a summary belongs to its conversation's patient", () => {
  it("a clinician's pre-claim of a future conversation does not take the agent's summary from its patient", async () => {
    const claim = await alice.post("/api/conversation-summaries", { id: "conv-claimed", patient_name: "amy" });
    expect(claim.status).toBe(404);

    expect((await sendMessage("conv-claimed", "ben")).status).toBe(200);
    expect((await sendSummary("conv-claimed", { summary: "Wants to stop", is_safetychecker: true })).status).toBe(201);

    const mine = await bob.get("/api/conversation-summaries/conv-claimed");
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ patient_name: "ben", is_safetychecker: true });
    expect((await alice.get("/api/conversation-summaries/conv-claimed")).status).toBe(404);
    expect((await alice.get("/api/conversation-summaries")).body).toEqual([]);
  });

  it("a summary stored before the first message moves to that message's patient, and devices follow", async () => {
    // The agent may send a summary first; old data may hold a claim the API no longer allows.
    expect((await sendSummary("conv-early", { patient_name: "amy", summary: "Early" })).status).toBe(201);
    const aliceBefore = await pull(alice);
    const bobBefore = await pull(bob);
    expect(aliceBefore.summaries.map((s) => s.id)).toContain("conv-early");

    expect((await sendMessage("conv-early", "ben")).status).toBe(200);

    const [row] = await t.sql`SELECT patient_name, version FROM conversation_summaries WHERE id = 'conv-early'`;
    expect(row).toMatchObject({ patient_name: "ben", version: 2 });
    const aliceAfter = await pull(alice, aliceBefore.cursor);
    expect(aliceAfter.removed).toContain("conv-early");
    expect(aliceAfter.summaries.map((s) => s.id)).not.toContain("conv-early");
    const bobAfter = await pull(bob, bobBefore.cursor);
    // A delta may send earlier rows again (at least once: on a shared PostgreSQL another database's
    // open transaction holds the horizon back), so look for the moved summary among them.
    expect(bobAfter.summaries.filter((s) => s.id === "conv-early")).toEqual([
      expect.objectContaining({ id: "conv-early", patient_name: "ben", version: 2 }),
    ]);
    expect(bobAfter.removed).not.toContain("conv-early");
  });

  it("the migration moves summaries already claimed for another patient than their conversation's", async () => {
    await sendMessage("conv-old-claim", "ben");
    await t.sql`ALTER TABLE conversation_summaries DISABLE TRIGGER summaries_patient`;
    await t.sql`INSERT INTO conversation_summaries (id, patient_name, is_safetychecker)
      VALUES ('conv-old-claim', 'amy', true)`;
    await t.sql`ALTER TABLE conversation_summaries ENABLE TRIGGER summaries_patient`;
    await t.sql`DELETE FROM schema_migrations WHERE name = '0091_summary_patient_from_conversation.sql'`;
    await t.sql`DROP TRIGGER messages_move_summaries ON conversation_messages`;
    await t.sql`DROP TRIGGER summaries_moved ON conversation_summaries`;
    await t.sql`DROP TRIGGER summaries_patient ON conversation_summaries`;
    await t.sql`DROP FUNCTION summaries_follow_messages, record_summary_move, summary_patient_from_conversation,
      conversation_patient`;

    await migrate(t.sql);

    const [row] = await t.sql`SELECT patient_name FROM conversation_summaries WHERE id = 'conv-old-claim'`;
    expect(row?.patient_name).toBe("ben");
    const [tombstone] = await t.sql`SELECT patient_name, clinician_id FROM sync_removed
      WHERE table_name = 'conversation_summaries' AND row_id = 'conv-old-claim'`;
    expect(tombstone).toMatchObject({ patient_name: "amy", clinician_id: alice.user!.id });
  });

  it("renaming a patient keeps their summaries and leaves no tombstone", async () => {
    await sendMessage("conv-rename", "amy");
    await sendSummary("conv-rename", { summary: "Renamed" });
    await t.sql`UPDATE patients SET username = 'amy2' WHERE username = 'amy'`;
    const [row] = await t.sql`SELECT patient_name FROM conversation_summaries WHERE id = 'conv-rename'`;
    expect(row?.patient_name).toBe("amy2");
    const tombstones = await t.sql`SELECT 1 FROM sync_removed WHERE row_id = 'conv-rename'`;
    expect(tombstones).toHaveLength(0);
  });
});
