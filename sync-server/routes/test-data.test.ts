import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Client, TestContext } from "../test/harness.ts";
import { createTestContext } from "../test/harness.ts";
import { waitForLockWaiters } from "../test/race.ts";

/**
 * Issue 10.2: whether a message is test data is decided when it arrives, and
 * a clinician moving the prompt marks (which the spec allows) can neither turn
 * an admin's "delete test data" on real conversations nor hide test data from it.
 */
let t: TestContext;
let admin: Client;
let clinician: Client;
let key: string;

const intake = (conversationId: string, promptId: string, serials = [0, 1]) =>
  t.anonymous().post(
    "/api/agent/messages",
    serials.map((serial) => ({
      conversation_id: conversationId,
      patient_name: "amy",
      prompt_id: promptId,
      data_type: serial % 2 === 0 ? "user" : "agent",
      serial_num: serial,
      data: `line ${serial}`,
      timestamp: new Date(Date.UTC(2025, 0, 5, 10, serial)).toISOString(),
    })),
    { authorization: `Bearer ${key}` },
  );

const deleteTestData = (dryRun = false) =>
  admin.delete(`/api/conversations/patient/delete_test_data${dryRun ? "?dryRun=true" : ""}`);
const conversationsLeft = async () =>
  (await t.sql`SELECT DISTINCT conversation_id FROM conversation_messages ORDER BY conversation_id`).map(
    (r) => r.conversation_id as string,
  );
const markLog = async () =>
  (await t.sql`SELECT user_id, metadata FROM user_activity WHERE activity_type = 'prompt_mark' ORDER BY id`).map(
    (r) => ({ user_id: r.user_id, ...r.metadata }),
  );

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.as("admin");
  clinician = await t.as("clinician");
  await t.sql`INSERT INTO patients (username, password, first_name, last_name, age, gender, clinician_id)
    VALUES ('amy', 'x', 'Amy', 'Test', 15, 'female', ${clinician.user?.id ?? null})`;
  key = (await admin.post("/api/admin/agent-keys", { name: "Voice agent" })).body.key;
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.sql`TRUNCATE conversation_messages, conversation_summaries, prompts, user_activity`;
  await t.sql`INSERT INTO prompts (id, title, owner, prompt, is_current, is_test) VALUES
    ('p-real', 'Current prompt', 'test_prompt', 'You are a coach', true, false),
    ('p-trial', 'Test prompt', 'test_prompt', 'You are a test coach', false, true),
    ('p-old', 'Old prompt', 'test_prompt', 'You were a coach', false, false)`;
});

describe("test data is stamped at intake", () => {
  it("a clinician moving the test mark onto real conversations' prompt does not make them test data", async () => {
    await intake("real-1", "p-old");
    await intake("real-2", "p-real");
    await intake("trial-1", "p-trial");
    expect((await clinician.post("/api/prompt-history/set-test", { promptId: "p-old" })).status).toBe(200);
    expect((await clinician.post("/api/prompt-history/set-current", { promptId: "p-trial" })).status).toBe(200);

    expect((await deleteTestData(true)).body).toEqual({ count: 2, summaryCount: 0 });
    expect((await deleteTestData()).body).toMatchObject({ deletedCount: 2 });
    expect(await conversationsLeft()).toEqual(["real-1", "real-2"]);
  });

  it("messages that arrived under the test prompt stay test data after the mark moves on", async () => {
    await intake("trial-1", "p-trial");
    await clinician.post("/api/prompt-history/set-test", { promptId: "p-old" });
    await intake("trial-1", "p-trial", [2, 3]);
    await intake("trial-2", "p-old");
    expect((await deleteTestData()).body).toMatchObject({ deletedCount: 4 });
    expect(await conversationsLeft()).toEqual(["trial-1"]);
  });

  it("a message under a prompt that is both current and test is real data", async () => {
    await clinician.post("/api/prompt-history/set-test", { promptId: "p-real" });
    await intake("both-1", "p-real");
    expect((await deleteTestData(true)).body).toEqual({ count: 0, summaryCount: 0 });
  });

  it("a message the agent sends again keeps the stamp it got when it first arrived", async () => {
    await intake("trial-1", "p-trial");
    await clinician.post("/api/prompt-history/set-test", { promptId: "p-old" });
    const again = await intake("trial-1", "p-trial");
    expect(again.body).toEqual({ received: 2, inserted: 0 });
    expect((await deleteTestData(true)).body.count).toBe(2);
  });

  it.runIf(process.env.TEST_DB === "postgres")(
    "an intake during a mark change waits for it and is stamped with the marks it leaves",
    async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let moved!: () => void;
      const isMoved = new Promise<void>((resolve) => {
        moved = resolve;
      });
      // What set-test does, held open: the marks lock, then the test mark moves away from p-trial.
      const markChange = t.sql.begin(async (tx) => {
        await tx`SELECT pg_advisory_xact_lock(727273)`;
        await tx`UPDATE prompts SET is_test = false WHERE id = 'p-trial'`;
        await tx`UPDATE prompts SET is_test = true WHERE id = 'p-old'`;
        moved();
        await released;
      });
      await isMoved;
      const sent = intake("trial-late", "p-trial");
      await waitForLockWaiters(t, 1);
      release();
      await markChange;
      expect((await sent).body).toEqual({ received: 2, inserted: 2 });
      expect((await deleteTestData(true)).body.count).toBe(0);
    },
  );
});

describe("prompt mark changes are logged", () => {
  it("records who moved which mark from which prompt to which", async () => {
    await clinician.post("/api/prompt-history/set-test", { promptId: "p-old" });
    await admin.post("/api/prompt-history/set-current", { promptId: "p-trial" });
    expect(await markLog()).toEqual([
      { user_id: clinician.user?.id, mark: "test", from: "p-trial", to: "p-old" },
      { user_id: admin.user?.id, mark: "current", from: "p-real", to: "p-trial" },
    ]);
  });

  it("records the test mark leaving its prompt when an admin creates a prompt, and not a mark set again", async () => {
    await clinician.post("/api/prompt-history/set-test", { promptId: "p-trial" });
    const created = await admin.post("/api/prompt-history", {
      id: "p-new",
      title: "A new coach",
      owner: "Ada",
      prompt: "You are a newer coach.",
    });
    expect(created.status).toBe(201);
    expect(await markLog()).toEqual([{ user_id: admin.user?.id, mark: "test", from: "p-trial", to: "p-new" }]);
  });

  it("records the first prompt ever taking both marks", async () => {
    await t.sql`DELETE FROM prompts`;
    await admin.post("/api/prompt-history", {
      id: "p-first",
      title: "First coach",
      owner: "Ada",
      prompt: "You coach.",
    });
    expect(await markLog()).toEqual([
      { user_id: admin.user?.id, mark: "current", from: null, to: "p-first" },
      { user_id: admin.user?.id, mark: "test", from: null, to: "p-first" },
    ]);
  });

  it("writes nothing for an unknown prompt", async () => {
    expect((await clinician.post("/api/prompt-history/set-test", { promptId: "nope" })).status).toBe(404);
    expect(await markLog()).toEqual([]);
  });

  it("shows in the Activity Logs, filtered by its own type", async () => {
    await clinician.post("/api/prompt-history/set-test", { promptId: "p-old" });
    const res = await admin.get("/api/admin/user-activity?activityType=prompt_mark");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({
      activity_type: "prompt_mark",
      username: clinician.user?.username,
      metadata: { mark: "test", from: "p-trial", to: "p-old" },
    });
  });
});
