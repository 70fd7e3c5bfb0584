import { accountMessages } from "@schema/auth.ts";
import { ONE_TIME_PASSWORD_TTL_HOURS } from "@schema/constants.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ONLY, MUST_CHANGE_PASSWORD, NOT_SIGNED_IN } from "../http/session.ts";
import { type Client, createTestContext, type TestContext } from "../test/harness.ts";

let t: TestContext;
let admin: Client;
let clinician: Client;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.as("admin");
  clinician = await t.as("clinician");
});
afterAll(() => t.close());

let counter = 0;
const newEmail = () => `staff${++counter}@clinic.test`;

async function expectAdminOnly(method: string, path: string, body?: unknown) {
  const anon = await t.anonymous().request(method, path, body);
  expect(anon.status).toBe(401);
  expect(anon.body.message).toBe(NOT_SIGNED_IN);
  const asClinician = await clinician.request(method, path, body);
  expect(asClinician.status).toBe(403);
  expect(asClinician.body.message).toBe(ADMIN_ONLY);
}

const signInAs = (username: string, password: string) => {
  const client = t.anonymous();
  return client.post("/api/login", { username, password }).then((res) => ({ client, res }));
};

describe("GET /api/users", () => {
  it("lists active clinicians and admins to any signed-in user: names and role, no e-mail", async () => {
    expect((await t.anonymous().get("/api/users")).status).toBe(401);
    const gone = await t.createUser();
    await t.sql`UPDATE user_clinician SET role = 'delete' WHERE id = ${gone.id}`;
    for (const client of [clinician, admin]) {
      const res = await client.get("/api/users");
      expect(res.status).toBe(200);
      const ids = res.body.map((u: { id: string }) => u.id);
      expect(ids).toContain(admin.user!.id);
      expect(ids).toContain(clinician.user!.id);
      expect(ids).not.toContain(gone.id);
      const me = res.body.find((u: { id: string }) => u.id === clinician.user!.id);
      expect(Object.keys(me).sort()).toEqual(["first_name", "id", "last_name", "role", "updated_at", "version"]);
      expect(JSON.stringify(res.body)).not.toContain(admin.user!.username);
    }
  });
});

describe("GET /api/admin/users", () => {
  it("is for admins only", () => expectAdminOnly("GET", "/api/admin/users"));

  it("lists users that are not deleted, ordered by e-mail", async () => {
    const gone = await t.createUser();
    await t.sql`UPDATE user_clinician SET role = 'delete' WHERE id = ${gone.id}`;
    const res = await admin.get("/api/admin/users");
    expect(res.status).toBe(200);
    const names = res.body.map((u: { username: string }) => u.username);
    const byCodePoint = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1);
    expect(names).toEqual([...names].sort(byCodePoint));
    expect(names).not.toContain(gone.username);
    expect(res.body[0]).toMatchObject({
      id: expect.any(String),
      role: expect.any(String),
      created_at: expect.any(String),
    });
    expect(res.body[0].password).toBeUndefined();
  });
});

describe("POST /api/admin/users", () => {
  it("is for admins only", () =>
    expectAdminOnly("POST", "/api/admin/users", { username: newEmail(), role: "clinician" }));

  it("creates a user with a random one-time password, shown once, that must be changed at first sign-in", async () => {
    const email = newEmail();
    const res = await admin.post("/api/admin/users", {
      username: email,
      first_name: "Sam",
      last_name: "Lee",
      role: "clinician",
      password: "ignored-password",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: email, first_name: "Sam", last_name: "Lee", role: "clinician" });
    expect(res.body.must_change_password).toBe(true);
    expect(res.body.email_sent).toBe(false);
    const secret = res.body.initial_password as string;
    expect(secret).toMatch(/^[a-z2-7]{16}$/); // 80 random bits
    expect(res.headers.get("cache-control")).toBe("no-store");
    const [row = {}] = await t.sql`SELECT password, password_expires_at FROM user_clinician WHERE id = ${res.body.id}`;
    expect(row.password).not.toContain(secret);
    const lifetime = (row.password_expires_at as Date).getTime() - t.deps.now().getTime();
    expect(lifetime).toBeGreaterThan(ONE_TIME_PASSWORD_TTL_HOURS * 3_600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(ONE_TIME_PASSWORD_TTL_HOURS * 3_600_000);
    // Neither the e-mail (the spec's initial password) nor a password the creator chose signs in.
    expect((await signInAs(email, email)).res.status).toBe(401);
    expect((await signInAs(email, "ignored-password")).res.status).toBe(401);

    const { client, res: login } = await signInAs(email, secret);
    expect(login.status).toBe(200);
    expect(login.body.must_change_password).toBe(true);
    // Until the password is changed only /api/user, change-password and logout are allowed.
    expect((await client.get("/api/user")).status).toBe(200);
    const blocked = await client.get("/api/users");
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({
      code: "must_change_password",
      message: MUST_CHANGE_PASSWORD,
      must_change_password: true,
    });
    expect((await client.patch("/api/user/profile", { first_name: "S", last_name: "L", username: email })).status).toBe(
      403,
    );
    const changed = await client.post("/api/user/change-password", {
      current_password: secret,
      new_password: "new-secret",
    });
    expect(changed.status).toBe(200);
    expect((await client.get("/api/user")).body.must_change_password).toBe(false);
    expect((await client.get("/api/users")).status).toBe(200);
    const [after] = await t.sql`SELECT password_expires_at FROM user_clinician WHERE id = ${res.body.id}`;
    expect(after?.password_expires_at).toBeNull();
  });

  it("gives every new account its own one-time password", async () => {
    const [a, b] = await Promise.all([
      admin.post("/api/admin/users", { username: newEmail() }),
      admin.post("/api/admin/users", { username: newEmail() }),
    ]);
    expect(a.body.initial_password).toEqual(expect.any(String));
    expect(a.body.initial_password).not.toBe(b.body.initial_password);
  });

  it("checks the e-mail and role with the spec's messages", async () => {
    const cases: [unknown, string][] = [
      [{ role: "clinician" }, "Username is required"],
      [{ username: "  ", role: "clinician" }, "Username is required"],
      [{ username: "sam", role: "clinician" }, "Username must be a valid email address"],
      [{ username: newEmail(), role: "owner" }, accountMessages.roleInvalid],
      [{ username: newEmail(), role: "delete" }, accountMessages.roleInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post("/api/admin/users", body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it("answers 409 for an e-mail that already has an account, whatever its case", async () => {
    const res = await admin.post("/api/admin/users", {
      username: clinician.user!.username.toUpperCase(),
      role: "admin",
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(accountMessages.accountExists);
  });

  it("brings a deleted account back with a fresh one-time password", async () => {
    const gone = await t.createUser();
    await t.sql`UPDATE user_clinician SET role = 'delete' WHERE id = ${gone.id}`;
    const res = await admin.post("/api/admin/users", {
      username: gone.username,
      first_name: "Back",
      role: "clinician",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: gone.id, first_name: "Back", role: "clinician", must_change_password: true });
    expect((await signInAs(gone.username, gone.password)).res.status).toBe(401);
    expect((await signInAs(gone.username, res.body.initial_password)).res.status).toBe(200);
  });
});

describe("PATCH /api/admin/users/:id", () => {
  it("is for admins only", async () => {
    const other = await t.createUser();
    await expectAdminOnly("PATCH", `/api/admin/users/${other.id}`, { first_name: "X" });
  });

  it("edits names and role", async () => {
    const other = await t.createUser();
    const res = await admin.patch(`/api/admin/users/${other.id}`, {
      first_name: "Jo",
      last_name: "Park",
      role: "admin",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: other.id, first_name: "Jo", last_name: "Park", role: "admin" });
    const [row] = await t.sql`SELECT first_name, role FROM user_clinician WHERE id = ${other.id}`;
    expect(row).toEqual({ first_name: "Jo", role: "admin" });
  });

  it("answers 404 for an unknown id", async () => {
    const res = await admin.patch("/api/admin/users/no-such-user", { first_name: "X" });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(accountMessages.userNotFound);
  });

  it("deleting a user (role delete) signs them out at once and keeps them out", async () => {
    const victim = await t.createUser();
    const session = await t.signIn(victim);
    expect((await session.get("/api/user")).status).toBe(200);
    const res = await admin.patch(`/api/admin/users/${victim.id}`, { role: "delete" });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe("delete");
    expect(await t.sql`SELECT 1 FROM sessions WHERE user_id = ${victim.id}`).toHaveLength(0);
    expect((await session.get("/api/user")).status).toBe(401);
    expect((await signInAs(victim.username, victim.password)).res.status).toBe(401);
    expect((await admin.patch(`/api/admin/users/${victim.id}`, { first_name: "Again" })).status).toBe(404);
  });

  it("an admin cannot delete or demote themselves", async () => {
    const me = await t.as("admin");
    const del = await me.patch(`/api/admin/users/${me.user!.id}`, { role: "delete" });
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(accountMessages.cannotDeleteSelf);
    const demote = await me.patch(`/api/admin/users/${me.user!.id}`, { role: "clinician" });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(accountMessages.cannotDemoteSelf);
    const names = await me.patch(`/api/admin/users/${me.user!.id}`, { first_name: "Still", role: "admin" });
    expect(names.status).toBe(200);
  });
});

describe("POST /api/admin/users/:id/reset-password", () => {
  it("is for admins only", async () => {
    const other = await t.createUser();
    await expectAdminOnly("POST", `/api/admin/users/${other.id}/reset-password`);
  });

  it("gives a new one-time password, requires a change and ends their sessions", async () => {
    const user = await t.createUser();
    const session = await t.signIn(user);
    const res = await admin.post(`/api/admin/users/${user.id}/reset-password`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, username: user.username, must_change_password: true });
    expect(res.body.initial_password).toMatch(/^[a-z2-7]{16}$/);
    expect(res.body.email_sent).toBe(false);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await session.get("/api/user")).status).toBe(401);
    expect((await signInAs(user.username, user.password)).res.status).toBe(401);
    expect((await signInAs(user.username, user.username)).res.status).toBe(401);
    const { res: login } = await signInAs(user.username, res.body.initial_password);
    expect(login.status).toBe(200);
    expect(login.body.must_change_password).toBe(true);
  });

  it("a clinician who knows an admin's e-mail cannot take the account over after a reset", async () => {
    const target = await t.as("admin");
    const reset = await admin.post(`/api/admin/users/${target.user!.id}/reset-password`);
    expect(reset.status).toBe(200);
    // The e-mail is nowhere a clinician can read it, and it is not the password anyway.
    expect(JSON.stringify((await clinician.get("/api/users")).body)).not.toContain(target.user!.username);
    const attempt = await signInAs(target.user!.username, target.user!.username);
    expect(attempt.res.status).toBe(401);
    expect(attempt.res.body.message).toBe(accountMessages.wrongCredentials);
  });

  it("answers 404 for an unknown id", async () => {
    expect((await admin.post("/api/admin/users/no-such-user/reset-password")).status).toBe(404);
  });
});

describe("one-time passwords", () => {
  const HOUR = 3_600_000;

  it("expire after 24 hours: the right one then gets a clear message, a wrong one the usual", async () => {
    const email = newEmail();
    const created = await admin.post("/api/admin/users", { username: email });
    const secret = created.body.initial_password as string;
    t.advanceClock(ONE_TIME_PASSWORD_TTL_HOURS * HOUR + 60_000);
    try {
      const expired = await signInAs(email, secret);
      expect(expired.res.status).toBe(401);
      expect(expired.res.body).toMatchObject({
        code: "password_expired",
        message: accountMessages.oneTimePasswordExpired,
      });
      const wrong = await signInAs(email, "not-the-password");
      expect(wrong.res.body.message).toBe(accountMessages.wrongCredentials);
      const [failed] = await t.sql`SELECT metadata FROM user_activity
        WHERE user_id = ${created.body.id} AND activity_type = 'login_failed' ORDER BY timestamp LIMIT 1`;
      expect(failed?.metadata).toMatchObject({ reason: "one_time_password_expired" });
    } finally {
      t.advanceClock(-(ONE_TIME_PASSWORD_TTL_HOURS * HOUR + 60_000));
    }
    // A reset gives a fresh 24 hours.
    const reset = await (await t.as("admin")).post(`/api/admin/users/${created.body.id}/reset-password`);
    expect((await signInAs(email, reset.body.initial_password)).res.status).toBe(200);
  });

  it("a password chosen in time no longer expires", async () => {
    const email = newEmail();
    const created = await admin.post("/api/admin/users", { username: email });
    const { client } = await signInAs(email, created.body.initial_password);
    await client.post("/api/user/change-password", {
      current_password: created.body.initial_password,
      new_password: "chosen-password",
    });
    t.advanceClock(2 * ONE_TIME_PASSWORD_TTL_HOURS * HOUR);
    try {
      expect((await signInAs(email, "chosen-password")).res.status).toBe(200);
    } finally {
      t.advanceClock(-2 * ONE_TIME_PASSWORD_TTL_HOURS * HOUR);
    }
  });

  it("an idempotent replay of a create or a reset answers without the password and changes nothing", async () => {
    const me = await t.as("admin");
    const body = { username: newEmail(), first_name: "Rae" };
    const first = await me.post("/api/admin/users", body, { "Idempotency-Key": "add-rae" });
    expect(first.status).toBe(201);
    const secret = first.body.initial_password as string;
    const replay = await me.post("/api/admin/users", body, { "Idempotency-Key": "add-rae" });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    const { initial_password: _shown, ...rest } = first.body;
    expect(replay.body).toEqual(rest);

    const path = `/api/admin/users/${first.body.id}/reset-password`;
    const reset = await me.post(path, undefined, { "Idempotency-Key": "reset-rae" });
    const again = await me.post(path, undefined, { "Idempotency-Key": "reset-rae" });
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(again.body.initial_password).toBeUndefined();
    expect(again.body.id).toBe(first.body.id);
    // The replay reset nothing: the password the admin saw still signs in.
    expect((await signInAs(body.username, reset.body.initial_password)).res.status).toBe(200);
    const stored = await t.sql`SELECT body::text AS body FROM idempotency_keys WHERE user_id = ${me.user!.id}`;
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row.body).not.toContain(secret);
      expect(row.body).not.toContain(reset.body.initial_password);
    }
  });
});

describe("the last admin", () => {
  // Runs last: it demotes every other admin of this file's database.
  it("can never be removed, even by two admins removing each other at once", async () => {
    const a = await t.as("admin");
    const b = await t.as("admin");
    await t.sql`UPDATE user_clinician SET role = 'clinician' WHERE role = 'admin' AND id NOT IN (${a.user!.id}, ${b.user!.id})`;
    const results = await Promise.all([
      a.patch(`/api/admin/users/${b.user!.id}`, { role: "clinician" }),
      b.patch(`/api/admin/users/${a.user!.id}`, { role: "clinician" }),
    ]);
    // The loser is refused either inside the locked check (409) or, when the winner committed
    // before its request was even read, because it is no longer an admin (403).
    const [won, lost] = [...results].sort((x, y) => x.status - y.status);
    expect(won?.status).toBe(200);
    expect(lost?.body.message).toBe(lost?.status === 409 ? accountMessages.lastAdmin : ADMIN_ONLY);
    expect([403, 409]).toContain(lost?.status);
    const admins = await t.sql`SELECT id FROM user_clinician WHERE role = 'admin'`;
    expect(admins).toHaveLength(1);
  });
});
