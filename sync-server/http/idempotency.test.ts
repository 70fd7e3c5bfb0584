import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import type { AppEnv } from "../env.ts";
import { Client, createTestContext, type TestContext } from "../test/harness.ts";
import { readJson, toErrorResponse } from "./errors.ts";
import { IDEMPOTENCY_KEEP_MS, idempotency, purgeIdempotencyKeys } from "./idempotency.ts";
import { loadSession } from "./session.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const key = () => `key-${crypto.randomUUID()}`;
const newPatient = (first_name: string) => ({ first_name, last_name: "Tester", age: 15, gender: "female" });
/** A real agent key, made by an admin on the Agent Keys page. */
const agentKey = async (admin?: Client): Promise<{ id: string; key: string }> => {
  const by = admin ?? (await t.as("admin"));
  const res = await by.post("/api/admin/agent-keys", { name: "Voice agent" });
  expect(res.status).toBe(201);
  return res.body;
};
const countPatients = async (first_name: string) =>
  Number((await t.sql`SELECT count(*)::int AS n FROM patients WHERE first_name = ${first_name}`)[0].n);

/**
 * The middleware as app.ts mounts it, in front of handlers a test controls:
 * one that counts its runs and can be held open, one that fails once with a 500.
 */
function controlledApp() {
  const state = { runs: 0, failures: 1, hold: Promise.resolve() };
  const app = new Hono<AppEnv>();
  app.onError(toErrorResponse);
  app.use("*", async (c, next) => {
    c.set("deps", t.deps);
    await next();
  });
  app.use("/api/*", loadSession, idempotency);
  app.post("/api/count", async (c) => {
    state.runs++;
    await state.hold;
    return c.json({ runs: state.runs, body: await readJson(c) }, 201);
  });
  app.post("/api/flaky", async (c) => {
    state.runs++;
    if (state.failures-- > 0) throw new Error("the database went away");
    return c.json({ runs: state.runs });
  });
  const client = (from?: Client, headers: Record<string, string> = {}) => {
    const c = new Client(app as unknown as App, from?.cookie, from?.user);
    return {
      post: (path: string, body: unknown, more: Record<string, string> = {}) =>
        c.post(path, body, { ...headers, ...more }),
    };
  };
  return { state, client };
}

describe("Idempotency-Key", () => {
  it("a repeated create is answered from the store and makes one patient", async () => {
    const clinician = await t.as("clinician");
    const k = key();
    const first = await clinician.post("/api/patients", newPatient("Once"), { "Idempotency-Key": k });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotency-replayed")).toBeNull();

    const again = await clinician.post("/api/patients", newPatient("Once"), { "Idempotency-Key": k });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await countPatients("Once")).toBe(1);
  });

  it("a used key with a different request is refused with 422 and runs nothing", async () => {
    const clinician = await t.as("clinician");
    const k = key();
    expect((await clinician.post("/api/patients", newPatient("First"), { "Idempotency-Key": k })).status).toBe(201);
    const other = await clinician.post("/api/patients", newPatient("Second"), { "Idempotency-Key": k });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      code: "idempotency_key_reused",
      message: "This Idempotency-Key was already used for a different request",
    });
    expect(await countPatients("Second")).toBe(0);
  });

  it("the same key from two users does not collide", async () => {
    const ann = await t.as("clinician");
    const ben = await t.as("clinician");
    const k = key();
    const a = await ann.post("/api/patients", newPatient("Annskey"), { "Idempotency-Key": k });
    const b = await ben.post("/api/patients", newPatient("Benskey"), { "Idempotency-Key": k });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers.get("idempotency-replayed")).toBeNull();
    const rows = await t.sql`SELECT user_id FROM idempotency_keys WHERE key = ${k} ORDER BY user_id`;
    expect(rows.map((r) => r.user_id).sort()).toEqual([ann.user!.id, ben.user!.id].sort());
  });

  it("a 4xx answer is stored and replayed", async () => {
    const clinician = await t.as("clinician");
    const k = key();
    const bad = { ...newPatient("Tooold"), age: 30 };
    const first = await clinician.post("/api/patients", bad, { "Idempotency-Key": k });
    expect(first.status).toBe(400);
    const again = await clinician.post("/api/patients", bad, { "Idempotency-Key": k });
    expect(again.status).toBe(400);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
  });

  it("a refusal stored before error bodies had a code is replayed with the code its status means", async () => {
    const clinician = await t.as("clinician");
    const k = key();
    const bad = { ...newPatient("Nocode"), age: 30 };
    const first = await clinician.post("/api/patients", bad, { "Idempotency-Key": k });
    expect(first.body.code).toBe("validation");
    // As an older server stored it: the message alone.
    await t.sql`UPDATE idempotency_keys SET body = body - 'code' WHERE key = ${k}`;
    const again = await clinician.post("/api/patients", bad, { "Idempotency-Key": k });
    expect(again.status).toBe(400);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
  });

  it("an answer that cannot be stored is still sent, and its key is free for the retry", async () => {
    const clinician = await t.as("clinician");
    const k = key();
    // The 404 echoes the id, a lone surrogate that jsonb refuses.
    const body = '{"promptId":"p\\ud800"}';
    for (const attempt of [1, 2]) {
      const res = await clinician.request("POST", "/api/prompt-history/set-current", body, { "Idempotency-Key": k });
      expect(res.status, `attempt ${attempt}`).toBe(404);
    }
    expect(await t.sql`SELECT 1 FROM idempotency_keys WHERE key = ${k}`).toHaveLength(0);
  });

  it("a version conflict is not stored, so keeping one's own version resends with the same key", async () => {
    const clinician = await t.as("clinician");
    const created = await clinician.post("/api/patients", newPatient("Conflicted"));
    const k = key();
    const edit = { ...newPatient("Conflicted"), username: created.body.username, age: 16 };
    const stale = await clinician.put(`/api/patients/${created.body.id}`, edit, {
      "Idempotency-Key": k,
      "If-Match": "7",
    });
    expect(stale.status).toBe(409);
    const kept = await clinician.put(`/api/patients/${created.body.id}`, edit, { "Idempotency-Key": k });
    expect(kept.status).toBe(200);
    expect(kept.headers.get("idempotency-replayed")).toBeNull();
    expect(kept.body).toMatchObject({ age: 16, version: 2 });
  });

  it("refuses a key that is empty or longer than 200 characters", async () => {
    const clinician = await t.as("clinician");
    for (const k of ["", "k".repeat(201)]) {
      const res = await clinician.post("/api/patients", newPatient("Badkey"), { "Idempotency-Key": k });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("The Idempotency-Key header must be 1 to 200 characters");
    }
    expect(await countPatients("Badkey")).toBe(0);
  });

  it("a duplicate that arrives while the first is still running gets 409 and does not run", async () => {
    const { state, client } = controlledApp();
    const device = client(await t.as("clinician"));
    let open = () => {};
    state.hold = new Promise((resolve) => {
      open = resolve;
    });
    const k = key();
    const first = device.post("/api/count", { n: 1 }, { "Idempotency-Key": k });
    while (state.runs === 0) await new Promise((r) => setTimeout(r, 5));
    const second = await device.post("/api/count", { n: 1 }, { "Idempotency-Key": k });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: "idempotency_in_progress",
      message: "A request with this Idempotency-Key is still in progress",
    });
    open();
    expect((await first).status).toBe(201);
    const third = await device.post("/api/count", { n: 1 }, { "Idempotency-Key": k });
    expect(third.headers.get("idempotency-replayed")).toBe("true");
    expect(state.runs).toBe(1);
  });

  it("a 5xx is not stored, so the retry runs", async () => {
    const { state, client } = controlledApp();
    const device = client(await t.as("clinician"));
    const k = key();
    expect((await device.post("/api/flaky", {}, { "Idempotency-Key": k })).status).toBe(500);
    const retry = await device.post("/api/flaky", {}, { "Idempotency-Key": k });
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotency-replayed")).toBeNull();
    expect(state.runs).toBe(2);
  });

  it("keys live 7 days; an older key runs the request again and is purged", async () => {
    const { state, client } = controlledApp();
    const clinician = await t.as("clinician");
    const device = client(clinician);
    const k = key();
    await device.post("/api/count", { n: 1 }, { "Idempotency-Key": k });
    await t.sql`UPDATE idempotency_keys SET created_at = created_at - interval '6 days 23 hours' WHERE key = ${k}`;
    expect(
      (await device.post("/api/count", { n: 1 }, { "Idempotency-Key": k })).headers.get("idempotency-replayed"),
    ).toBe("true");
    await t.sql`UPDATE idempotency_keys SET created_at = created_at - interval '2 hours' WHERE key = ${k}`;
    const late = await device.post("/api/count", { n: 1 }, { "Idempotency-Key": k });
    expect(late.headers.get("idempotency-replayed")).toBeNull();
    expect(state.runs).toBe(2);

    const old = key();
    await t.sql`INSERT INTO idempotency_keys (user_id, key, request_hash, status, created_at)
      VALUES (${clinician.user!.id}, ${old}, 'h', 201, ${new Date(Date.now() - IDEMPOTENCY_KEEP_MS - 60_000)})`;
    await purgeIdempotencyKeys(t.sql, new Date());
    expect(await t.sql`SELECT 1 FROM idempotency_keys WHERE key = ${old}`).toHaveLength(0);
    expect(await t.sql`SELECT 1 FROM idempotency_keys WHERE key = ${k}`).toHaveLength(1);
  });

  it("an agent's key space is its bearer key", async () => {
    const { state, client } = controlledApp();
    const k = key();
    const agentA = client(undefined, { Authorization: `Bearer ${(await agentKey()).key}` });
    const agentB = client(undefined, { Authorization: `Bearer ${(await agentKey()).key}` });
    expect((await agentA.post("/api/count", { a: 1 }, { "Idempotency-Key": k })).status).toBe(201);
    expect((await agentB.post("/api/count", { b: 1 }, { "Idempotency-Key": k })).status).toBe(201);
    expect(
      (await agentA.post("/api/count", { a: 1 }, { "Idempotency-Key": k })).headers.get("idempotency-replayed"),
    ).toBe("true");
    expect(state.runs).toBe(2);
  });

  it("anonymous callers and unknown agent keys store nothing", async () => {
    const { state, client } = controlledApp();
    const k = key();
    for (const caller of [client(), client(undefined, { Authorization: "Bearer sk_stepwise_made-up" })]) {
      const before = state.runs;
      for (const _ of [1, 2]) {
        const res = await caller.post("/api/count", {}, { "Idempotency-Key": k });
        expect(res.headers.get("idempotency-replayed")).toBeNull();
      }
      expect(state.runs).toBe(before + 2);
    }
    expect(await t.sql`SELECT 1 FROM idempotency_keys WHERE key = ${k}`).toHaveLength(0);
  });

  it("a revoked agent key's stored answers are deleted and never replayed", async () => {
    const { state, client } = controlledApp();
    const admin = await t.as("admin");
    const { id, key: secret } = await agentKey(admin);
    const agent = client(undefined, { Authorization: `Bearer ${secret}` });
    const k = key();
    await agent.post("/api/count", { n: 1 }, { "Idempotency-Key": k });
    expect(
      (await agent.post("/api/count", { n: 1 }, { "Idempotency-Key": k })).headers.get("idempotency-replayed"),
    ).toBe("true");
    expect((await admin.delete(`/api/admin/agent-keys/${id}`)).status).toBe(200);
    expect(await t.sql`SELECT 1 FROM idempotency_keys WHERE key = ${k}`).toHaveLength(0);

    const after = await agent.post("/api/count", { n: 1 }, { "Idempotency-Key": k });
    expect(after.headers.get("idempotency-replayed")).toBeNull();
    expect(state.runs).toBe(2);
    // Through the real app the revoked key is refused outright.
    const real = await t.anonymous().post("/api/agent/messages", [], {
      Authorization: `Bearer ${secret}`,
      "Idempotency-Key": k,
    });
    expect(real.status).toBe(401);
  });

  it("reads and requests without a key are untouched", async () => {
    const clinician = await t.as("clinician");
    const res = await clinician.get("/api/sync/pull?limit=1", { "Idempotency-Key": key() });
    expect(res.status).toBe(200);
    expect(res.headers.get("idempotency-replayed")).toBeNull();
    await clinician.post("/api/patients", newPatient("Nokey"));
    const again = await clinician.post("/api/patients", { ...newPatient("Nokey"), username: "nokey2" });
    expect(again.status).toBe(201);
    expect(await countPatients("Nokey")).toBe(2);
  });
});
