import { deviceLockMessages, LOCK_IDLE_MINUTES } from "@schema/device-lock.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

describe("the device lock's idle minutes, an admin setting", () => {
  it("is 5 minutes until an admin changes it, and devices read it from the public settings", async () => {
    expect((await admin.get("/api/admin/settings")).body).toEqual({ lock_idle_minutes: LOCK_IDLE_MINUTES.default });
    expect((await t.anonymous().get("/api/config")).body.lockIdleMinutes).toBe(5);
  });

  it("an admin changes it; the public settings then tell devices the new value", async () => {
    const res = await admin.put("/api/admin/settings", { lock_idle_minutes: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ lock_idle_minutes: 2 });
    expect((await admin.get("/api/admin/settings")).body).toEqual({ lock_idle_minutes: 2 });
    expect((await clinician.get("/api/config")).body.lockIdleMinutes).toBe(2);
    const [row] = await t.sql`SELECT updated_by FROM settings WHERE key = 'lock_idle_minutes'`;
    expect(row.updated_by).toBe(admin.user?.id);
  });

  it.each([[0], [61], [2.5], ["10"], [null]])(
    "refuses %j minutes with 400 and the rule, keeping the value",
    async (minutes) => {
      const before = (await admin.get("/api/admin/settings")).body;
      const res = await admin.put("/api/admin/settings", { lock_idle_minutes: minutes });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: "lock_idle_minutes", message: deviceLockMessages.idleMinutes }]);
      expect((await admin.get("/api/admin/settings")).body).toEqual(before);
    },
  );

  it("refuses a body that is not an object of settings, or names no setting, with 400", async () => {
    expect((await admin.put("/api/admin/settings", "[1]")).status).toBe(400);
    const typo = await admin.put("/api/admin/settings", { lock_idle_minute: 10 });
    expect(typo.status).toBe(400);
    expect(typo.body.message).toBe(deviceLockMessages.notAnObject);
  });

  it("is for admins only: a clinician gets 403, a visitor 401", async () => {
    expect((await clinician.put("/api/admin/settings", { lock_idle_minutes: 30 })).status).toBe(403);
    expect((await clinician.get("/api/admin/settings")).status).toBe(403);
    expect((await t.anonymous().put("/api/admin/settings", { lock_idle_minutes: 30 })).status).toBe(401);
  });
});
