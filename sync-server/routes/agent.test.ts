import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../auth/tokens.ts";
import type { Client, TestContext } from "../test/harness.ts";
import { createTestContext } from "../test/harness.ts";

let t: TestContext;
let admin: Client;
let alice: Client;
let key: string;
let keyId: string;

const bearer = (k: string) => ({ authorization: `Bearer ${k}` });
const agent = () => t.anonymous();

const message = (serial: number, fields: Record<string, unknown> = {}) => ({
  conversation_id: "conv-1",
  patient_name: "amy",
  data_type: serial % 2 === 0 ? "user" : "agent",
  serial_num: serial,
  data: `line ${serial}`,
  timestamp: new Date(Date.UTC(2025, 0, 5, 10, serial)).toISOString(),
  ...fields,
});

const messageCount = async (conversationId: string) =>
  (await t.sql`SELECT count(*)::int AS n FROM conversation_messages WHERE conversation_id = ${conversationId}`)[0]?.n;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.as("admin");
  alice = await t.as("clinician");
  await t.sql`INSERT INTO patients (username, password, first_name, last_name, age, gender, clinician_id)
    VALUES ('amy', 'x', 'Amy', 'Test', 15, 'female', ${alice.user?.id ?? null})`;
  const created = await admin.post("/api/admin/agent-keys", { name: "Voice agent" });
  key = created.body.key;
  keyId = created.body.id;
});
afterAll(() => t.close());

describe("agent keys (admin)", () => {
  it("are managed by admins only", async () => {
    expect((await t.anonymous().post("/api/admin/agent-keys", { name: "x" })).status).toBe(401);
    expect((await alice.post("/api/admin/agent-keys", { name: "x" })).status).toBe(403);
    expect((await alice.get("/api/admin/agent-keys")).status).toBe(403);
    expect((await alice.delete(`/api/admin/agent-keys/${keyId}`)).status).toBe(403);
    expect((await t.anonymous().get("/api/admin/agent-keys")).status).toBe(401);
  });

  it("shows a new key once and stores only its hash", async () => {
    const res = await admin.post("/api/admin/agent-keys", { name: "  Chat agent  " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Chat agent", id: expect.any(String), created_at: expect.any(String) });
    expect(res.body.key).toMatch(/^sk_stepwise_[a-z2-7]{32}$/);
    const [row] = await t.sql`SELECT * FROM agent_keys WHERE id = ${res.body.id}`;
    expect(row?.key_hash).toBe(sha256Hex(res.body.key));
    expect(JSON.stringify(row)).not.toContain(res.body.key);
    expect(row?.created_by).toBe(admin.user?.id);
  });

  it("lists keys without the key itself", async () => {
    const res = await admin.get("/api/admin/agent-keys");
    expect(res.status).toBe(200);
    const voice = res.body.find((k: { id: string }) => k.id === keyId);
    expect(Object.keys(voice).sort()).toEqual(["created_at", "id", "last_used_at", "name", "revoked_at"]);
    expect(voice).toMatchObject({ name: "Voice agent", revoked_at: null });
  });

  it("refuses a blank name", async () => {
    const res = await admin.post("/api/admin/agent-keys", { name: "   " });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Name is required (at most 100 characters)");
  });

  it("answers 404 when revoking an unknown key", async () => {
    expect((await admin.delete("/api/admin/agent-keys/nope")).status).toBe(404);
  });
});

describe("agent key authentication", () => {
  it("refuses a request without a key, with an unknown key, or with only a session cookie", async () => {
    const none = await agent().get("/api/agent/prompt");
    expect(none.status).toBe(401);
    expect(none.body.message).toBe("A valid agent key is required (Authorization: Bearer <key>).");
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    expect((await agent().get("/api/agent/prompt", bearer("sk_stepwise_wrong"))).status).toBe(401);
    expect((await agent().post("/api/agent/messages", message(0), { authorization: key })).status).toBe(401);
    expect((await admin.post("/api/agent/messages", message(0))).status).toBe(401);
    expect(await messageCount("conv-1")).toBe(0);
  });

  it("records when a key was last used, at most once a minute", async () => {
    const lastUsed = async () =>
      (await t.sql`SELECT last_used_at FROM agent_keys WHERE id = ${keyId}`)[0]?.last_used_at;
    await agent().get("/api/agent/prompt", bearer(key));
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await agent().get("/api/agent/prompt", bearer(key));
    expect(await lastUsed()).toEqual(first);
    t.advanceClock(61_000);
    await agent().get("/api/agent/prompt", bearer(key));
    expect((await lastUsed()).getTime()).toBeGreaterThan(first.getTime());
    const listed = await admin.get("/api/admin/agent-keys");
    expect(listed.body.find((k: { id: string }) => k.id === keyId).last_used_at).not.toBeNull();
  });

  it("refuses a revoked key", async () => {
    const created = await admin.post("/api/admin/agent-keys", { name: "Short-lived" });
    expect((await agent().get("/api/agent/prompt", bearer(created.body.key))).status).not.toBe(401);
    const revoked = await admin.delete(`/api/admin/agent-keys/${created.body.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked_at).toEqual(expect.any(String));
    const res = await agent().post(
      "/api/agent/messages",
      message(0, { conversation_id: "c-rev" }),
      bearer(created.body.key),
    );
    expect(res.status).toBe(401);
    expect(await messageCount("c-rev")).toBe(0);
  });
});

describe("POST /api/agent/messages", () => {
  it("takes one message", async () => {
    const res = await agent().post("/api/agent/messages", message(0, { conversation_id: "single" }), bearer(key));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: 1, inserted: 1 });
    const [row] = await t.sql`SELECT * FROM conversation_messages WHERE conversation_id = 'single'`;
    expect(row).toMatchObject({
      patient_name: "amy",
      data_type: "user",
      serial_num: 0,
      data: "line 0",
      prompt_id: null,
    });
    expect(row?.timestamp.toISOString()).toBe("2025-01-05T10:00:00.000Z");
  });

  it("takes a batch, and the same batch again inserts nothing", async () => {
    const batch = [0, 1, 2, 3].map((n) => message(n));
    const first = await agent().post("/api/agent/messages", batch, bearer(key));
    expect(first.body).toEqual({ received: 4, inserted: 4 });
    const again = await agent().post("/api/agent/messages", batch, bearer(key));
    expect(again.body).toEqual({ received: 4, inserted: 0 });
    expect(await messageCount("conv-1")).toBe(4);
    const overlap = await agent().post("/api/agent/messages", [message(3), message(4)], bearer(key));
    expect(overlap.body).toEqual({ received: 2, inserted: 1 });
  });

  it("keys a message on conversation, serial number and type", async () => {
    const res = await agent().post(
      "/api/agent/messages",
      [message(0, { conversation_id: "keyed" }), message(0, { conversation_id: "keyed", data_type: "agent" })],
      bearer(key),
    );
    expect(res.body).toEqual({ received: 2, inserted: 2 });
  });

  it("links a message to a known prompt and refuses an unknown one", async () => {
    await t.sql`INSERT INTO prompts (id, title, owner, prompt) VALUES ('p-1', 'Coach', 'test_prompt', 'You are a coach')`;
    const ok = await agent().post(
      "/api/agent/messages",
      message(0, { conversation_id: "pr", prompt_id: "p-1" }),
      bearer(key),
    );
    expect(ok.body).toEqual({ received: 1, inserted: 1 });
    const bad = await agent().post(
      "/api/agent/messages",
      message(1, { conversation_id: "pr", prompt_id: "p-x" }),
      bearer(key),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Unknown prompt: p-x");
  });

  it("refuses a message for an unknown patient, storing nothing of the batch", async () => {
    const batch = [message(0, { conversation_id: "u" }), message(1, { conversation_id: "u", patient_name: "zed" })];
    const res = await agent().post("/api/agent/messages", batch, bearer(key));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Unknown patient: zed");
    expect(await messageCount("u")).toBe(0);
  });

  it.each([
    [{ serial_num: -1 }, "serial_num must be a whole number of 0 or more"],
    [{ serial_num: 1.5 }, "serial_num must be a whole number of 0 or more"],
    [{ data_type: "bot" }, "data_type must be user or agent"],
    [{ timestamp: "now" }, "timestamp must be a valid ISO date"],
    [{ conversation_id: "" }, "conversation_id is required"],
    [{ patient_name: undefined }, "patient_name is required"],
  ])("names the message and field of %o", async (fields, text) => {
    const batch = [message(0, { conversation_id: "v" }), message(1, { conversation_id: "v", ...fields })];
    const res = await agent().post("/api/agent/messages", batch, bearer(key));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Message 1: ${text}`);
    expect(res.body.issues[0].path).toMatch(/^1\./);
    const single = await agent().post(
      "/api/agent/messages",
      message(1, { conversation_id: "v", ...fields }),
      bearer(key),
    );
    expect(single.body.message).toBe(text);
    expect(await messageCount("v")).toBe(0);
  });

  it("refuses a timestamp more than a day ahead of the server's clock, storing nothing of the batch", async () => {
    const far = new Date(Date.now() + 25 * 3600_000).toISOString();
    const soon = new Date(Date.now() + 23 * 3600_000).toISOString();
    const batch = [message(0, { conversation_id: "ahead" }), message(1, { conversation_id: "ahead", timestamp: far })];
    const res = await agent().post("/api/agent/messages", batch, bearer(key));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Message 1: timestamp must not be more than one day ahead of the server's clock");
    expect(res.body.issues[0].path).toBe("1.timestamp");
    const single = await agent().post("/api/agent/messages", batch[1], bearer(key));
    expect(single.body.message).toBe("timestamp must not be more than one day ahead of the server's clock");
    expect(await messageCount("ahead")).toBe(0);
    const ok = await agent().post(
      "/api/agent/messages",
      message(0, { conversation_id: "ahead", timestamp: soon }),
      bearer(key),
    );
    expect(ok.body).toEqual({ received: 1, inserted: 1 });
  });

  it("refuses an empty batch, one over 1000 messages, and a body that is not JSON", async () => {
    const empty = await agent().post("/api/agent/messages", [], bearer(key));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Send at least one message");
    const many = Array.from({ length: 1001 }, (_, n) => message(n, { conversation_id: "big" }));
    const tooMany = await agent().post("/api/agent/messages", many, bearer(key));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe("Send at most 1000 messages at once");
    const broken = await agent().post("/api/agent/messages", "{not json", bearer(key));
    expect(broken.status).toBe(400);
  });

  it("takes a full batch of 1000 messages", async () => {
    const many = Array.from({ length: 1000 }, (_, n) => message(n, { conversation_id: "big" }));
    const res = await agent().post("/api/agent/messages", many, bearer(key));
    expect(res.body).toEqual({ received: 1000, inserted: 1000 });
    expect(await messageCount("big")).toBe(1000);
  });
});

describe("PUT /api/agent/conversation-summaries/{conversationId}", () => {
  const put = (id: string, body: unknown) => agent().put(`/api/agent/conversation-summaries/${id}`, body, bearer(key));

  it("needs an agent key", async () => {
    const res = await agent().put("/api/agent/conversation-summaries/conv-1", { summary: "x" });
    expect(res.status).toBe(401);
  });

  it("creates a summary (201), taking the patient from the conversation's messages", async () => {
    const res = await put("conv-1", { summary: "Started", expected_peak_suds: 70, started_at: "2025-01-05T10:00:00Z" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: "conv-1",
      version: 1,
      updated_at: expect.any(String),
      summary: "Started",
      expected_peak_suds: 70,
      started_at: "2025-01-05T10:00:00.000Z",
    });
    const [row] = await t.sql`SELECT patient_name FROM conversation_summaries WHERE id = 'conv-1'`;
    expect(row?.patient_name).toBe("amy");
  });

  it("updates it (200), keeping the fields it leaves out, and answers only what it sent", async () => {
    const res = await put("conv-1", { actual_peak_suds: 45, is_completed: true, ended_at: "2025-01-05T10:30:00Z" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: "conv-1",
      version: 2,
      updated_at: expect.any(String),
      actual_peak_suds: 45,
      is_completed: true,
      ended_at: "2025-01-05T10:30:00.000Z",
    });
    const rows = await t.sql`SELECT * FROM conversation_summaries WHERE id = 'conv-1'`;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actual_peak_suds: 45, summary: "Started", expected_peak_suds: 70 });
  });

  it("refuses an empty change, so a key cannot read a summary by writing nothing", async () => {
    await t.sql`UPDATE conversation_summaries SET treatment_goal = 'Written by the clinician' WHERE id = 'conv-1'`;
    for (const body of [{}, ""]) {
      const res = await put("conv-1", body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: "validation", message: "Send at least one summary field to store" });
    }
    const res = await put("conv-1", { is_completed: true });
    expect(JSON.stringify(res.body)).not.toContain("Written by the clinician");
    expect(res.body).not.toHaveProperty("summary");
    expect(res.body).not.toHaveProperty("patient_name");
  });

  it("refuses a start or end more than a day ahead of the server's clock", async () => {
    const soon = new Date(Date.now() + 23 * 3600_000).toISOString();
    const far = new Date(Date.now() + 25 * 3600_000).toISOString();
    for (const field of ["started_at", "ended_at"]) {
      const res = await put("conv-1", { [field]: far });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`${field} must not be more than one day ahead of the server's clock`);
    }
    expect((await put("conv-1", { ended_at: soon })).status).toBe(200);
  });

  it("takes the patient from the conversation, never another one it names", async () => {
    await t.sql`INSERT INTO patients (username, password, first_name, last_name, age, gender)
      VALUES ('zoe', 'x', 'Zoe', 'Test', 15, 'female')`;
    const res = await put("conv-1", { patient_name: "zoe", is_safetychecker: true });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("patient_name must be the patient of the conversation");
    const [row] = await t.sql`SELECT patient_name, is_safetychecker FROM conversation_summaries WHERE id = 'conv-1'`;
    expect(row).toMatchObject({ patient_name: "amy", is_safetychecker: false });
  });

  it("needs a known patient", async () => {
    const empty = await put("no-messages", { summary: "x" });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("patient_name is required: the conversation has no messages yet");
    const unknown = await put("no-messages", { patient_name: "zed" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Unknown patient: zed");
    const named = await put("no-messages", { patient_name: "amy" });
    expect(named.status).toBe(201);
  });

  it("validates the summary", async () => {
    const res = await put("conv-1", { willingness_to_continue: 7 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("willingness_to_continue must be a whole number from 0 to 5");
  });
});

describe("GET /api/agent/prompt", () => {
  it("answers 404 when no prompt has the mark, and 400 for an unknown kind", async () => {
    const res = await agent().get("/api/agent/prompt?kind=test", bearer(key));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("No prompt is marked test");
    const bad = await agent().get("/api/agent/prompt?kind=latest", bearer(key));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("kind must be current or test");
  });

  it("answers the current or the test prompt", async () => {
    await t.sql`INSERT INTO prompts (id, title, owner, prompt, is_current, is_test) VALUES
      ('p-cur', 'Current coach', 'test_prompt', 'You are the current coach', true, false),
      ('p-tst', 'Test coach', 'test_prompt', 'You are the test coach', false, true)`;
    const current = await agent().get("/api/agent/prompt?kind=current", bearer(key));
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ id: "p-cur", prompt: "You are the current coach", is_current: true });
    const byDefault = await agent().get("/api/agent/prompt", bearer(key));
    expect(byDefault.body.id).toBe("p-cur");
    const test = await agent().get("/api/agent/prompt?kind=test", bearer(key));
    expect(test.body).toMatchObject({ id: "p-tst", is_test: true });
  });
});
