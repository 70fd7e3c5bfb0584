import { accountMessages } from "@schema/auth.ts";
import { messages } from "@schema/messages.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_SIGNED_IN } from "../http/session.ts";
import { createTestContext, type TestContext } from "../test/harness.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ config: { trustProxy: 1 } });
});
afterAll(() => t.close());

const activities = (type: string) =>
  t.sql`SELECT user_id, metadata, ip_address, user_agent FROM user_activity WHERE activity_type = ${type} ORDER BY id`;

describe("GET /api/user", () => {
  it("answers 401 with a message when not signed in", async () => {
    const res = await t.anonymous().get("/api/user");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: "unauthorized", message: NOT_SIGNED_IN });
  });

  it.each(["clinician", "admin"] as const)("answers the signed-in %s", async (role) => {
    const client = await t.as(role);
    const res = await client.get("/api/user");
    expect(res.status).toBe(200);
    const { id, username, first_name, last_name } = client.user!;
    expect(res.body).toEqual({ id, username, first_name, last_name, role, must_change_password: false });
  });
});

describe("POST /api/login", () => {
  it.each(["clinician", "admin"] as const)("signs a %s in with a new session and logs it", async (role) => {
    const user = await t.createUser({ role });
    const client = t.anonymous();
    const res = await client.post("/api/login", { username: user.username.toUpperCase(), password: user.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, username: user.username, role, must_change_password: false });
    expect(res.body.failed_attempts_since_last_login).toBe(0);
    expect((await client.get("/api/user")).body.id).toBe(user.id);
    const [logged] = await t.sql`SELECT * FROM user_activity WHERE activity_type = 'login' AND user_id = ${user.id}`;
    expect(logged).toBeTruthy();
  });

  it("gives a new session token at every sign-in and ends the one the caller had", async () => {
    const user = await t.createUser();
    const client = t.anonymous();
    await client.post("/api/login", { username: user.username, password: user.password });
    const first = client.cookie;
    await client.post("/api/login", { username: user.username, password: user.password });
    expect(client.cookie).toBeTruthy();
    expect(client.cookie).not.toBe(first);
    const [{ n }] = await t.sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${user.id}`;
    expect(n).toBe(1);
  });

  it("validates the form with the spec's messages", async () => {
    const anon = t.anonymous();
    const badEmail = await anon.post("/api/login", { username: "not-an-email", password: "secret" });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe("Please enter a valid email address.");
    const shortPassword = await anon.post("/api/login", { username: "a@b.co", password: "abc" });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.message).toBe("Password must be at least 4 characters.");
    expect(shortPassword.body.issues).toEqual([{ path: "password", message: messages.validation.loginPassword }]);
  });

  it("answers bad bodies with 400, never 500", async () => {
    const anon = t.anonymous();
    for (const body of ["{not json", "[]", "42", JSON.stringify({ username: 5, password: [] }), "{}"]) {
      const res = await anon.post("/api/login", body);
      expect(res.status, body).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
    expect((await anon.post("/api/login", "{not json")).body.message).toBe("The request body is not valid JSON");
  });

  it("refuses a wrong password with 401 and logs login_failed with the user and the username typed", async () => {
    const user = await t.createUser();
    const res = await t
      .anonymous()
      .post("/api/login", { username: user.username, password: "wrong-password" }, { "user-agent": "Tablet/1" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: "invalid_credentials", message: accountMessages.wrongCredentials });
    const failed =
      await t.sql`SELECT * FROM user_activity WHERE activity_type = 'login_failed' AND user_id = ${user.id}`;
    expect(failed).toHaveLength(1);
    expect(failed[0]?.metadata).toEqual({ username: user.username });
    expect(failed[0]?.user_agent).toBe("Tablet/1");
  });

  it("answers an unknown username exactly like a wrong password and logs it without a user", async () => {
    const res = await t.anonymous().post("/api/login", { username: "nobody@clinic.test", password: "whatever" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: "invalid_credentials", message: accountMessages.wrongCredentials });
    const rows = (await activities("login_failed")).filter((r) => r.metadata?.username === "nobody@clinic.test");
    expect(rows).toEqual([expect.objectContaining({ user_id: null })]);
  });

  it("does not let a deleted user sign in, even with the right password", async () => {
    const user = await t.createUser();
    await t.sql`UPDATE user_clinician SET role = 'delete' WHERE id = ${user.id}`;
    const res = await t.anonymous().post("/api/login", { username: user.username, password: user.password });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(accountMessages.wrongCredentials);
  });
});

describe("POST /api/logout", () => {
  it.each(["clinician", "admin"] as const)("ends the %s's session, clears the cookie and logs it", async (role) => {
    const client = await t.as(role);
    const res = await client.post("/api/logout");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(res.headers.get("set-cookie")).toMatch(/stepwise_session=;/);
    const [{ n }] = await t.sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${client.user!.id}`;
    expect(n).toBe(0);
    const [logged] =
      await t.sql`SELECT 1 FROM user_activity WHERE activity_type = 'logout' AND user_id = ${client.user!.id}`;
    expect(logged).toBeTruthy();
    expect((await client.get("/api/user")).status).toBe(401);
  });

  it("answers an anonymous caller with success too", async () => {
    const res = await t.anonymous().post("/api/logout");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
  });
});
