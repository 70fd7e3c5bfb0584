import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Bytes } from "../auth/tokens.ts";
import { createTestContext, type TestContext } from "../test/harness.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ config: { trustProxy: 1 } });
});
afterAll(() => t.close());

const MINUTE = 60_000;

async function signInByForm() {
  const user = await t.createUser();
  const client = t.anonymous();
  const res = await client.post("/api/login", { username: user.username, password: user.password });
  expect(res.status).toBe(200);
  return { user, client, res };
}

describe("sessions", () => {
  it("end after the idle time without use", async () => {
    const { client, user } = await signInByForm();
    t.advanceClock(t.config.sessionIdleMs + MINUTE);
    const res = await client.get("/api/user");
    expect(res.status).toBe(401);
    const rows = await t.sql`SELECT 1 FROM sessions WHERE user_id = ${user.id}`;
    expect(rows).toHaveLength(0);
  });

  it("stay alive while used within the idle window (sliding renewal)", async () => {
    const { client } = await signInByForm();
    for (let i = 0; i < 4; i++) {
      t.advanceClock(t.config.sessionIdleMs - 10 * MINUTE);
      expect((await client.get("/api/user")).status).toBe(200);
    }
  });

  it("end at the absolute limit however active they are", async () => {
    const { client } = await signInByForm();
    const step = t.config.sessionIdleMs - 10 * MINUTE;
    let elapsed = 0;
    while (elapsed + step < t.config.sessionMaxMs) {
      t.advanceClock(step);
      elapsed += step;
      expect((await client.get("/api/user")).status).toBe(200);
    }
    t.advanceClock(step);
    expect((await client.get("/api/user")).status).toBe(401);
  });

  it("use an HttpOnly, SameSite=Lax cookie on path /", async () => {
    const { res } = await signInByForm();
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^stepwise_session=[^;]+/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Expires=/);
  });

  it("use a Secure __Host- cookie behind HTTPS", async () => {
    const user = await t.createUser();
    const res = await t
      .anonymous()
      .post("/api/login", { username: user.username, password: user.password }, { "x-forwarded-proto": "https" });
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^__Host-stepwise_session=/);
    expect(cookie).toMatch(/; Secure/);
  });

  it("store only the hash of the token's secret", async () => {
    const { client, user } = await signInByForm();
    const token = client.cookie!.split("=")[1]!;
    const [id, secret] = token.split(".");
    expect(secret!.length).toBeGreaterThanOrEqual(24);
    const [row] = await t.sql`SELECT * FROM sessions WHERE user_id = ${user.id}`;
    expect(row?.id).toBe(id);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(new Uint8Array(row?.secret_hash as Buffer)).toEqual(sha256Bytes(secret!));
  });

  it("refuse a forged token for a real session id", async () => {
    const { client } = await signInByForm();
    const [id] = client.cookie!.split("=")[1]!.split(".");
    client.cookie = `stepwise_session=${id}.aaaaaaaaaaaaaaaaaaaaaaaa`;
    expect((await client.get("/api/user")).status).toBe(401);
  });
});

describe("bad requests to the accounts API", () => {
  const endpoints: [string, string][] = [
    ["POST", "/api/login"],
    ["POST", "/api/register"],
    ["POST", "/api/send-invitation"],
    ["POST", "/api/admin/users"],
    ["PATCH", "/api/user/profile"],
    ["POST", "/api/user/change-password"],
  ];

  it.each(endpoints)("%s %s answers malformed JSON, wrong types and missing fields with 400", async (method, path) => {
    const admin = await t.as("admin");
    for (const body of [
      "{oops",
      "null",
      '"text"',
      "[1,2]",
      JSON.stringify({ username: 1, email: {}, first_name: [] }),
    ]) {
      const res = await admin.request(method, path, body);
      expect(res.status, `${body}`).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
    const missing = await admin.request(method, path, {});
    expect(missing.status).toBe(400);
    expect(missing.body.issues.length).toBeGreaterThan(0);
  });

  it("PATCH /api/admin/users/:id answers wrong types with 400", async () => {
    const admin = await t.as("admin");
    const other = await t.createUser();
    for (const body of [
      "{oops",
      JSON.stringify({ role: "owner" }),
      JSON.stringify({ first_name: 7 }),
      JSON.stringify({ first_name: " " }),
    ]) {
      const res = await admin.patch(`/api/admin/users/${other.id}`, body);
      expect(res.status, body).toBe(400);
    }
  });

  it.each(endpoints)("%s %s refuses a request from a foreign Origin with 403", async (method, path) => {
    const admin = await t.as("admin");
    const res = await admin.request(method, path, {}, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Cross-site requests are not allowed");
  });

  it("accepts a request from its own Origin", async () => {
    const client = await t.as("clinician");
    const res = await client.post("/api/logout", undefined, { origin: "http://localhost" });
    expect(res.status).toBe(200);
  });
});
