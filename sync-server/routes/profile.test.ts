import { accountMessages } from "@schema/auth.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_SIGNED_IN } from "../http/session.ts";
import { createTestContext, type TestContext } from "../test/harness.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const roles = ["clinician", "admin"] as const;

describe("PATCH /api/user/profile", () => {
  it("is refused when not signed in", async () => {
    const res = await t.anonymous().patch("/api/user/profile", { first_name: "A", last_name: "B", username: "a@b.co" });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(NOT_SIGNED_IN);
  });

  it.each(roles)("a %s updates their names and e-mail, and the change is logged", async (role) => {
    const client = await t.as(role);
    const me = client.user!;
    const body = { first_name: "Robin", last_name: me.last_name, username: `robin.${role}@clinic.test` };
    const res = await client.patch("/api/user/profile", body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: me.id, ...body, role, must_change_password: false });
    expect((await client.get("/api/user")).body.username).toBe(body.username);
    const [logged] = await t.sql`SELECT metadata FROM user_activity
      WHERE activity_type = 'profile_update' AND user_id = ${me.id}`;
    expect(logged?.metadata).toEqual({
      changed: {
        first_name: { from: me.first_name, to: "Robin" },
        username: { from: me.username, to: body.username },
      },
    });
  });

  it("checks the form with the spec's messages", async () => {
    const client = await t.as("clinician");
    const valid = { first_name: "A", last_name: "B", username: client.user!.username };
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: "" }, "First name is required"],
      [{ last_name: "   " }, "Last name is required"],
      [{ username: "robin" }, "Invalid email format"],
      [{ username: undefined }, "Invalid email format"],
    ];
    for (const [change, message] of cases) {
      const res = await client.patch("/api/user/profile", { ...valid, ...change });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it("refuses an e-mail another account uses, whatever its case", async () => {
    const other = await t.createUser();
    const client = await t.as("clinician");
    const res = await client.patch("/api/user/profile", {
      first_name: "A",
      last_name: "B",
      username: other.username.toUpperCase(),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("That email address is already in use");
  });

  it("never saves a change it could not log", async () => {
    const client = await t.as("clinician");
    const me = client.user!;
    // A lone surrogate is stored as U+FFFD in text but refused in the log's JSON metadata.
    const body = `{"first_name":"Al\\ud800","last_name":"${me.last_name}","username":"${me.username}"}`;
    const res = await client.request("PATCH", "/api/user/profile", body);
    expect(res.status).toBe(400);
    expect((await client.get("/api/user")).body.first_name).toBe(me.first_name);
    const logged =
      await t.sql`SELECT 1 FROM user_activity WHERE activity_type = 'profile_update' AND user_id = ${me.id}`;
    expect(logged).toHaveLength(0);
  });

  it("logs nothing when nothing changed", async () => {
    const client = await t.as("clinician");
    const { first_name, last_name, username, id } = client.user!;
    const res = await client.patch("/api/user/profile", { first_name, last_name, username });
    expect(res.status).toBe(200);
    expect(await t.sql`SELECT 1 FROM user_activity WHERE user_id = ${id}`).toHaveLength(0);
  });
});

describe("POST /api/user/change-password", () => {
  it("is refused when not signed in", async () => {
    const res = await t
      .anonymous()
      .post("/api/user/change-password", { current_password: "secret1", new_password: "secret2" });
    expect(res.status).toBe(401);
  });

  it.each(roles)("a %s changes their password; other sessions end, this one stays, and it is logged", async (role) => {
    const client = await t.as(role);
    const me = client.user!;
    const otherDevice = await t.signIn(me);
    const res = await client.post("/api/user/change-password", {
      current_password: me.password,
      new_password: "brand-new-secret",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Password changed" });
    expect((await client.get("/api/user")).status).toBe(200);
    expect((await otherDevice.get("/api/user")).status).toBe(401);
    expect(await t.sql`SELECT 1 FROM sessions WHERE user_id = ${me.id}`).toHaveLength(1);
    const login = await t.anonymous().post("/api/login", { username: me.username, password: "brand-new-secret" });
    expect(login.status).toBe(200);
    const logged =
      await t.sql`SELECT 1 FROM user_activity WHERE activity_type = 'password_change' AND user_id = ${me.id}`;
    expect(logged).toHaveLength(1);
  });

  it("refuses a wrong current password", async () => {
    const client = await t.as("clinician");
    const res = await client.post("/api/user/change-password", {
      current_password: "not-my-password",
      new_password: "brand-new-secret",
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Current password is incorrect");
  });

  it("requires at least 6 characters for each password", async () => {
    const client = await t.as("clinician");
    for (const body of [
      { current_password: "12345", new_password: "long-enough" },
      { current_password: client.user!.password, new_password: "12345" },
      { current_password: client.user!.password },
    ]) {
      const res = await client.post("/api/user/change-password", body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Password must be at least 6 characters");
    }
  });

  it("refuses a new password equal to the current one", async () => {
    const client = await t.as("clinician");
    const res = await client.post("/api/user/change-password", {
      current_password: client.user!.password,
      new_password: client.user!.password,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(accountMessages.samePassword);
  });

  it("clears a pending forced change", async () => {
    const user = await t.createUser({ must_change_password: true });
    const client = await t.signIn(user);
    expect((await client.get("/api/user")).body.must_change_password).toBe(true);
    const res = await client.post("/api/user/change-password", {
      current_password: user.password,
      new_password: "changed-at-last",
    });
    expect(res.status).toBe(200);
    expect((await client.get("/api/user")).body.must_change_password).toBe(false);
  });
});
