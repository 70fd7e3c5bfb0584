import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureFirstAdmin } from "./bootstrap.ts";
import { MUST_CHANGE_PASSWORD } from "./http/session.ts";
import { createTestContext, type TestContext } from "./test/harness.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
// Each test starts from a server with no admin, as a fresh install does.
beforeEach(async () => {
  await t.sql`UPDATE user_clinician SET role = 'clinician' WHERE role = 'admin'`;
});

const signIn = (username: string, password: string) => t.anonymous().post("/api/login", { username, password });

describe("the first admin", () => {
  it("made with a generated password (printed once, so it sits in the server's log) must change it before anything else", async () => {
    const note = await ensureFirstAdmin(t.sql, { ...t.config, adminEmail: "first.admin@clinic.test" });
    const password = note?.match(/with the password (\S+) /)?.[1];
    expect(password).toBeTruthy();
    const client = t.anonymous();
    const login = await client.post("/api/login", { username: "first.admin@clinic.test", password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ role: "admin", must_change_password: true });
    const users = await client.get("/api/admin/users");
    expect(users.status).toBe(403);
    expect(users.body).toMatchObject({ code: "must_change_password", message: MUST_CHANGE_PASSWORD });
  });

  it("made with ADMIN_PASSWORD (the operator's own choice) signs in to work at once", async () => {
    const config = { ...t.config, adminEmail: "chosen.admin@clinic.test", adminPassword: "chosen-admin-password" };
    expect(await ensureFirstAdmin(t.sql, config)).toContain("ADMIN_PASSWORD");
    const login = await signIn("chosen.admin@clinic.test", "chosen-admin-password");
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ role: "admin", must_change_password: false });
  });

  it("is made once: a server that has an admin makes none", async () => {
    await ensureFirstAdmin(t.sql, { ...t.config, adminEmail: "once.admin@clinic.test" });
    expect(await ensureFirstAdmin(t.sql, { ...t.config, adminEmail: "twice.admin@clinic.test" })).toBeNull();
    expect(await t.sql`SELECT 1 FROM user_clinician WHERE username = 'twice.admin@clinic.test'`).toHaveLength(0);
  });
});
