import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summaryMessages } from "../../schema/summary.ts";
import type { Client, TestContext } from "../test/harness.ts";
import { createTestContext } from "../test/harness.ts";
import { addPatient, addSummary, pullAll } from "../test/sync-rows.ts";

let t: TestContext;
let admin: Client;
let alice: Client;
let bob: Client;
let amy: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.as("admin", { first_name: "Ada", last_name: "Admin" });
  alice = await t.as("clinician", { first_name: "Alice", last_name: "Rivera" });
  bob = await t.as("clinician", { first_name: "Bob", last_name: "Chen" });
  amy = (await addPatient(t.sql, alice.user?.id ?? null)).username;
});
afterAll(() => t.close());

/** A summary of Amy's, with the safety flag unless told otherwise. */
async function summary(flagged = true) {
  const id = await addSummary(t.sql, amy);
  await t.sql`UPDATE conversation_summaries SET is_safetychecker = ${flagged} WHERE id = ${id}`;
  return id;
}

const review = (client: Client, id: string, headers?: Record<string, string>) =>
  client.post(`/api/conversation-summaries/${encodeURIComponent(id)}/safety-review`, undefined, headers);

const stored = async (id: string) =>
  (
    await t.sql`SELECT safety_reviewed_at, safety_reviewed_by, safety_reviewed_by_name, version, summary
      FROM conversation_summaries WHERE id = ${id}`
  )[0];

describe("POST /api/conversation-summaries/{id}/safety-review", () => {
  it("needs a signed-in user", async () => {
    const id = await summary();
    expect((await review(t.anonymous(), id)).status).toBe(401);
    expect((await stored(id)).safety_reviewed_at).toBeNull();
  });

  it("the patient's clinician marks the flag reviewed: who, their name and when are stored and answered", async () => {
    const id = await summary();
    const before = await stored(id);
    const res = await review(alice, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      is_safetychecker: true,
      safety_reviewed_by: alice.user?.id,
      safety_reviewed_by_name: "Alice Rivera",
    });
    const row = await stored(id);
    expect(res.body.safety_reviewed_at).toBe(row.safety_reviewed_at.toISOString());
    expect(Math.abs(row.safety_reviewed_at.getTime() - Date.now())).toBeLessThan(60_000);
    expect(row).toMatchObject({ safety_reviewed_by: alice.user?.id, safety_reviewed_by_name: "Alice Rivera" });
    // Not an edit of the summary: the version an edit elsewhere was made on still applies.
    expect(row.version).toBe(before.version);
    const edit = await alice.patch(
      `/api/conversation-summaries/${id}`,
      { summary: "edited" },
      {
        "if-match": String(before.version),
      },
    );
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ summary: "edited", safety_reviewed_by_name: "Alice Rivera" });
  });

  it("is idempotent: the same request again, or another reviewer later, changes nothing", async () => {
    const id = await summary();
    const first = await review(alice, id, { "idempotency-key": "review-1" });
    expect(first.status).toBe(200);
    const replay = await review(alice, id, { "idempotency-key": "review-1" });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const again = await review(alice, id, { "idempotency-key": "review-2" });
    const byAdmin = await review(admin, id);
    expect([again.status, byAdmin.status]).toEqual([200, 200]);
    expect(byAdmin.body.safety_reviewed_at).toBe(first.body.safety_reviewed_at);
    expect(byAdmin.body.safety_reviewed_by_name).toBe("Alice Rivera");
    expect((await stored(id)).safety_reviewed_by).toBe(alice.user?.id);
  });

  it("refuses a summary without the safety flag with 409 and says why", async () => {
    const id = await summary(false);
    const res = await review(alice, id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: summaryMessages.notFlagged, code: "conflict" });
    expect((await stored(id)).safety_reviewed_at).toBeNull();
  });

  it("another clinician's patient's summary answers 404 as a missing one does", async () => {
    const id = await summary();
    const other = await review(bob, id);
    const missing = await review(bob, "no-such-summary");
    expect([other.status, missing.status]).toEqual([404, 404]);
    expect(other.body).toEqual({ message: "Summary not found", code: "not_found" });
    expect(missing.body).toEqual(other.body);
    expect((await stored(id)).safety_reviewed_at).toBeNull();
  });

  it("an admin may mark any summary's flag reviewed", async () => {
    const id = await summary();
    const res = await review(admin, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ safety_reviewed_by: admin.user?.id, safety_reviewed_by_name: "Ada Admin" });
  });

  it("bad input is a 4xx, never a 500", async () => {
    const id = await summary();
    for (const path of ["%00", "x".repeat(5000), "%ff%fe"]) {
      const res = await alice.post(`/api/conversation-summaries/${path}/safety-review`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    for (const body of ["{", "[]", '"x"', "42"]) {
      const res = await alice.post(`/api/conversation-summaries/${id}/safety-review`, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation");
    }
    expect((await stored(id)).safety_reviewed_at).toBeNull();
  });

  it("the review reaches devices through the delta pull, and a rename later does not change the stored name", async () => {
    const id = await summary();
    const { cursor } = await pullAll(alice);
    await review(alice, id);
    const delta = await pullAll(alice, cursor);
    expect(delta.changes.conversation_summaries).toEqual([
      expect.objectContaining({ id, safety_reviewed_by: alice.user?.id, safety_reviewed_by_name: "Alice Rivera" }),
    ]);
    expect((await pullAll(bob, cursor)).changes.conversation_summaries ?? []).toEqual([]);
    await t.sql`UPDATE user_clinician SET last_name = 'Rivera-Lopez' WHERE id = ${alice.user?.id ?? ""}`;
    expect((await alice.get(`/api/conversation-summaries/${id}`)).body.safety_reviewed_by_name).toBe("Alice Rivera");
  });
});
