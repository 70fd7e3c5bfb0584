import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messages } from "../../schema/messages.ts";
import { type Client, createTestContext, type TestContext } from "../test/harness.ts";

let t: TestContext;
let admin: Client;
let clinician: Client;
let otherClinician: Client;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.as("admin", { first_name: "Ada" });
  clinician = await t.as("clinician");
  otherClinician = await t.as("clinician");
});
afterAll(() => t.close());

const v = messages.validation;
const valid = { title: "Exposure coach", owner: "Ada", prompt: "You are a warm exposure-therapy coach." };

async function insertPrompt(id: string, marks: { is_current?: boolean; is_test?: boolean } = {}, minutesAgo = 60) {
  await t.sql`INSERT INTO prompts (id, title, owner, prompt, created_at, is_current, is_test)
    VALUES (${id}, ${`Title of ${id}`}, 'owner', 'A prompt long enough to keep.',
            now() - make_interval(mins => ${minutesAgo}), ${marks.is_current ?? false}, ${marks.is_test ?? false})`;
}

async function marks() {
  const [row] = await t.sql`SELECT
    (SELECT array_agg(id) FROM prompts WHERE is_current) AS current,
    (SELECT array_agg(id) FROM prompts WHERE is_test) AS test`;
  return { current: row.current as string[] | null, test: row.test as string[] | null };
}

/** Each test starts from three prompts: p-current, p-test and p-old. */
beforeEach(async () => {
  await t.sql`DELETE FROM conversation_messages`;
  await t.sql`DELETE FROM patients`;
  await t.sql`DELETE FROM prompts`;
  await insertPrompt("p-old", {}, 300);
  await insertPrompt("p-current", { is_current: true }, 200);
  await insertPrompt("p-test", { is_test: true }, 100);
});

async function addConversation(patient: string, clinicianId: string, conversationId: string, promptId: string) {
  await t.sql`INSERT INTO patients (username, password, first_name, last_name, age, gender, clinician_id)
    VALUES (${patient}, 'x', 'Pat', 'Ient', 15, 'female', ${clinicianId}) ON CONFLICT DO NOTHING`;
  for (const [serial, type] of [
    [1, "agent"],
    [2, "user"],
    [3, "agent"],
  ] as const) {
    await t.sql`INSERT INTO conversation_messages (conversation_id, patient_name, prompt_id, data_type, serial_num, data, timestamp)
      VALUES (${conversationId}, ${patient}, ${promptId}, ${type}, ${serial}, 'hello', now())`;
  }
}

describe("GET /api/prompt-history", () => {
  it("refuses an anonymous visitor", async () => {
    const res = await t.anonymous().get("/api/prompt-history");
    expect(res.status).toBe(401);
  });

  it("lists every prompt newest first for a clinician, also with ?refresh=true", async () => {
    for (const path of ["/api/prompt-history", "/api/prompt-history?refresh=true"]) {
      const res = await clinician.get(path);
      expect(res.status).toBe(200);
      expect(res.body.map((p: { id: string }) => p.id)).toEqual(["p-test", "p-current", "p-old"]);
      expect(res.body[0]).toMatchObject({ is_test: true, is_current: false, version: 1, conversation_id_list: [] });
    }
  });

  it("lists each prompt's distinct conversations for an admin", async () => {
    await addConversation("mia", clinician.user!.id, "conv-a", "p-current");
    await addConversation("mia", clinician.user!.id, "conv-b", "p-current");
    await addConversation("leo", otherClinician.user!.id, "conv-c", "p-test");
    const res = await admin.get("/api/prompt-history");
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.map((p: any) => [p.id, p.conversation_id_list]));
    expect(byId["p-current"].sort()).toEqual(["conv-a", "conv-b"]);
    expect(byId["p-test"]).toEqual(["conv-c"]);
    expect(byId["p-old"]).toEqual([]);
  });

  it("tells a clinician only the conversations of their own patients", async () => {
    await addConversation("mia", clinician.user!.id, "conv-a", "p-current");
    await addConversation("leo", otherClinician.user!.id, "conv-c", "p-current");
    const res = await clinician.get("/api/prompt-history");
    expect(res.body.find((p: any) => p.id === "p-current").conversation_id_list).toEqual(["conv-a"]);
  });
});

describe("GET /api/prompt-history/:id", () => {
  it("refuses an anonymous visitor", async () => {
    expect((await t.anonymous().get("/api/prompt-history/p-old")).status).toBe(401);
  });

  it("answers one prompt to a clinician and an admin", async () => {
    await addConversation("mia", clinician.user!.id, "conv-a", "p-old");
    for (const client of [clinician, admin]) {
      const res = await client.get("/api/prompt-history/p-old");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: "p-old", title: "Title of p-old", conversation_id_list: ["conv-a"] });
    }
  });

  it("answers 404 with the spec's text for an unknown id", async () => {
    const res = await clinician.get("/api/prompt-history/nope");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: "not_found", message: "No prompt found with ID: nope" });
  });
});

describe("POST /api/prompt-history", () => {
  it("refuses an anonymous visitor and a clinician", async () => {
    expect((await t.anonymous().post("/api/prompt-history", valid)).status).toBe(401);
    const res = await clinician.post("/api/prompt-history", valid);
    expect(res.status).toBe(403);
    expect((await t.sql`SELECT count(*)::int AS n FROM prompts`)[0].n).toBe(3);
  });

  it("creates the new test prompt with the server's time and a prompt-{timestamp} id", async () => {
    const before = Date.now();
    const res = await admin.post("/api/prompt-history", {
      ...valid,
      is_test: false,
      created_at: "2001-01-01T00:00:00.000Z",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...valid, is_test: true, is_current: false, conversation_id_list: [] });
    expect(res.body.id).toMatch(/^prompt-\d+$/);
    expect(Number(res.body.id.slice(7))).toBeGreaterThanOrEqual(before);
    expect(new Date(res.body.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await marks()).toEqual({ current: ["p-current"], test: [res.body.id] });
  });

  it("keeps a client's id and refuses an id that exists", async () => {
    const res = await admin.post("/api/prompt-history", { ...valid, id: "prompt-42" });
    expect(res.status).toBe(201);
    expect(res.body.id).toBe("prompt-42");
    const again = await admin.post("/api/prompt-history", { ...valid, id: "prompt-42" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("A prompt with ID prompt-42 already exists");
  });

  it("gives prompts created in the same millisecond different ids", async () => {
    const created = await Promise.all([1, 2, 3, 4].map(() => admin.post("/api/prompt-history", valid)));
    expect(created.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(created.map((r) => r.body.id)).size).toBe(4);
    expect((await marks()).test).toHaveLength(1);
  });

  it("makes the first prompt ever current as well as test", async () => {
    await t.sql`DELETE FROM prompts`;
    const res = await admin.post("/api/prompt-history", valid);
    expect(res.body).toMatchObject({ is_current: true, is_test: true });
  });

  it.each([
    ["a title shorter than 5", { title: "Abcd" }, v.promptTitleMin],
    ["a missing title", { title: undefined }, v.promptTitleMin],
    ["a title longer than 100", { title: "t".repeat(101) }, v.promptTitleMax],
    ["a blank owner", { owner: "   " }, v.promptOwner],
    ["a missing owner", { owner: undefined }, v.promptOwner],
    ["a prompt shorter than 10", { prompt: "too short" }, v.promptMin],
    ["a missing prompt", { prompt: undefined }, v.promptMin],
    ["a prompt longer than 20000", { prompt: "p".repeat(20_001) }, v.promptMax],
    ["a blank id", { id: "  " }, v.promptIdRequired],
  ])("refuses %s with the spec's message", async (_name, change, message) => {
    const res = await admin.post("/api/prompt-history", { ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await t.sql`SELECT count(*)::int AS n FROM prompts`)[0].n).toBe(3);
  });

  it("accepts the limits themselves: a 5- and a 100-character title, 10 and 20000 characters of prompt", async () => {
    for (const body of [
      { ...valid, title: "Abcde", prompt: "p".repeat(10) },
      { ...valid, title: "t".repeat(100), prompt: "p".repeat(20_000) },
    ]) {
      expect((await admin.post("/api/prompt-history", body)).status).toBe(201);
    }
  });
});

describe.each([
  ["set-current", "is_current"],
  ["set-test", "is_test"],
] as const)("POST /api/prompt-history/%s", (path, column) => {
  const url = `/api/prompt-history/${path}`;
  const holder = column === "is_current" ? "p-current" : "p-test";
  const key = column === "is_current" ? "current" : "test";

  it("refuses an anonymous visitor", async () => {
    expect((await t.anonymous().post(url, { promptId: "p-old" })).status).toBe(401);
    expect((await marks())[key]).toEqual([holder]);
  });

  it.each([
    ["clinician", () => clinician],
    ["admin", () => admin],
  ])("moves the mark for a %s", async (_role, who) => {
    const res = await who().post(url, { promptId: "p-old" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: "p-old", [column]: true, version: 2 });
    expect((await marks())[key]).toEqual(["p-old"]);
  });

  it("answers 404 for an unknown prompt and keeps the mark", async () => {
    const res = await clinician.post(url, { promptId: "nope" });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("No prompt found with ID: nope");
    expect((await marks())[key]).toEqual([holder]);
  });

  it("refuses a body without promptId", async () => {
    const res = await clinician.post(url, {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(v.promptIdRequired);
  });

  it("keeps exactly one prompt marked under 20 parallel requests", async () => {
    for (let i = 0; i < 10; i++) await insertPrompt(`p-extra-${i}`, {}, 400 + i);
    const ids = ["p-old", "p-current", "p-test", ...Array.from({ length: 10 }, (_, i) => `p-extra-${i}`)];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? clinician : admin).post(url, { promptId: ids[i % ids.length] })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const after = await marks();
    expect(after.current).toHaveLength(1);
    expect(after.test).toHaveLength(1);
  });
});

describe("DELETE /api/prompt-history/:id", () => {
  it("refuses an anonymous visitor and a clinician", async () => {
    expect((await t.anonymous().delete("/api/prompt-history/p-old")).status).toBe(401);
    expect((await clinician.delete("/api/prompt-history/p-old")).status).toBe(403);
    expect((await t.sql`SELECT 1 FROM prompts WHERE id = 'p-old'`).length).toBe(1);
  });

  it("lets an admin delete a prompt that is neither current nor test", async () => {
    const res = await admin.delete("/api/prompt-history/p-old");
    expect(res.status).toBe(200);
    expect((await t.sql`SELECT 1 FROM prompts WHERE id = 'p-old'`).length).toBe(0);
    expect((await admin.get("/api/prompt-history/p-old")).status).toBe(404);
  });

  it("refuses to delete the current prompt and the test prompt", async () => {
    const current = await admin.delete("/api/prompt-history/p-current");
    expect(current.status).toBe(409);
    expect(current.body.message).toBe("The current prompt cannot be deleted");
    const test = await admin.delete("/api/prompt-history/p-test");
    expect(test.status).toBe(409);
    expect(test.body.message).toBe("The test prompt cannot be deleted");
    expect(await marks()).toEqual({ current: ["p-current"], test: ["p-test"] });
  });

  it("answers 404 for an unknown prompt", async () => {
    const res = await admin.delete("/api/prompt-history/nope");
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("No prompt found with ID: nope");
  });

  it("never leaves no current prompt when a delete races a set-current", async () => {
    const [setRes, delRes] = await Promise.all([
      clinician.post("/api/prompt-history/set-current", { promptId: "p-old" }),
      admin.delete("/api/prompt-history/p-old"),
    ]);
    expect(`${setRes.status}/${delRes.status}`).toMatch(/^(200\/409|404\/200)$/);
    expect((await marks()).current).toHaveLength(1);
  });
});

describe("conversation_id_list follows the messages", () => {
  it("forgets a conversation once its messages are deleted, not before", async () => {
    await addConversation("mia", clinician.user!.id, "conv-a", "p-old");
    await t.sql`DELETE FROM conversation_messages WHERE conversation_id = 'conv-a' AND serial_num = 1`;
    expect((await admin.get("/api/prompt-history/p-old")).body.conversation_id_list).toEqual(["conv-a"]);
    await t.sql`DELETE FROM conversation_messages WHERE conversation_id = 'conv-a'`;
    expect((await admin.get("/api/prompt-history/p-old")).body.conversation_id_list).toEqual([]);
  });

  it("forgets the conversations deleted from Data Management, keeping the others", async () => {
    await addConversation("mia", clinician.user!.id, "conv-a", "p-old");
    await addConversation("leo", clinician.user!.id, "conv-b", "p-old");
    await addConversation("leo", clinician.user!.id, "conv-c", "p-test");
    // Stamped as test data the way intake stamps messages under the test prompt.
    await t.sql`UPDATE conversation_messages SET is_test = true WHERE conversation_id = 'conv-c'`;
    expect((await admin.delete("/api/conversations/patient/mia")).status).toBe(200);
    expect((await admin.get("/api/prompt-history/p-old")).body.conversation_id_list).toEqual(["conv-b"]);
    expect((await admin.delete("/api/conversations/patient/delete_test_data")).body.deletedCount).toBe(3);
    const list = (await admin.get("/api/prompt-history")).body;
    expect(list.find((p: any) => p.id === "p-test").conversation_id_list).toEqual([]);
    expect(list.find((p: any) => p.id === "p-old").conversation_id_list).toEqual(["conv-b"]);
  });

  it("forgets the conversations of a deleted patient and follows a renamed one", async () => {
    await addConversation("mia", clinician.user!.id, "conv-a", "p-old");
    await addConversation("leo", clinician.user!.id, "conv-b", "p-old");
    await t.sql`UPDATE patients SET username = 'mia2' WHERE username = 'mia'`;
    await t.sql`DELETE FROM patients WHERE username = 'leo'`;
    expect(await t.sql`SELECT conversation_id, patient_name FROM prompt_conversations`).toEqual([
      { conversation_id: "conv-a", patient_name: "mia2" },
    ]);
    expect((await clinician.get("/api/prompt-history/p-old")).body.conversation_id_list).toEqual(["conv-a"]);
  });

  it("moves a conversation whose messages change prompt", async () => {
    await addConversation("mia", clinician.user!.id, "conv-a", "p-old");
    await t.sql`UPDATE conversation_messages SET prompt_id = 'p-test' WHERE conversation_id = 'conv-a'`;
    const list = (await admin.get("/api/prompt-history")).body;
    expect(list.find((p: any) => p.id === "p-old").conversation_id_list).toEqual([]);
    expect(list.find((p: any) => p.id === "p-test").conversation_id_list).toEqual(["conv-a"]);
  });
});
