import { accountMessages } from "@schema/auth.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ONLY, NOT_SIGNED_IN } from "../http/session.ts";
import { type Client, createTestContext, type TestContext, type TestUser } from "../test/harness.ts";

let t: TestContext;
let admin: Client;
let user: TestUser;
beforeAll(async () => {
  t = await createTestContext({ config: { trustProxy: 1 } });
  admin = await t.as("admin");
  // A day of a clinician's activity, made through the API as a tablet would.
  user = await t.createUser({ first_name: "Casey", last_name: "Nguyen" });
  const tablet = t.anonymous();
  const headers = { "x-forwarded-for": "198.51.100.7", "user-agent": "Tablet/2" };
  await tablet.post("/api/login", { username: user.username, password: "wrong-one" }, headers);
  await tablet.post("/api/login", { username: "stranger@clinic.test", password: "guess-1" }, headers);
  await tablet.post("/api/login", { username: user.username, password: user.password }, headers);
  await tablet.patch("/api/user/profile", { first_name: "Casey", last_name: "Ng", username: user.username }, headers);
  await tablet.post(
    "/api/user/change-password",
    { current_password: user.password, new_password: "new-secret" },
    headers,
  );
  await tablet.post("/api/logout", undefined, headers);
});
afterAll(() => t.close());

const PATH = "/api/admin/user-activity";

describe("GET /api/admin/user-activity", () => {
  it("is for admins only", async () => {
    const anon = await t.anonymous().get(PATH);
    expect(anon.status).toBe(401);
    expect(anon.body.message).toBe(NOT_SIGNED_IN);
    const clinician = await (await t.as("clinician")).get(PATH);
    expect(clinician.status).toBe(403);
    expect(clinician.body.message).toBe(ADMIN_ONLY);
  });

  it("lists every logged activity newest first, with the user's name, e-mail, IP and user agent", async () => {
    const res = await admin.get(PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("6");
    expect(res.body.map((r: { activity_type: string }) => r.activity_type)).toEqual([
      "logout",
      "password_change",
      "profile_update",
      "login",
      "login_failed",
      "login_failed",
    ]);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      user_id: user.id,
      user_full_name: "Casey Ng",
      username: user.username,
      activity_type: "logout",
      ip_address: "198.51.100.7",
      user_agent: "Tablet/2",
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      metadata: null,
    });
    expect(res.body[2].metadata).toEqual({ changed: { last_name: { from: "Nguyen", to: "Ng" } } });
  });

  it("names an unknown user of a failed sign-in by the username typed", async () => {
    const res = await admin.get(`${PATH}?activityType=login_failed`);
    const stranger = res.body.find((r: { user_id: string | null }) => r.user_id === null);
    expect(stranger).toMatchObject({ username: "stranger@clinic.test", user_full_name: null });
    expect(stranger.metadata).toEqual({ username: "stranger@clinic.test" });
  });

  it("filters by activity type and user", async () => {
    const failed = await admin.get(`${PATH}?activityType=login_failed&userId=${user.id}`);
    expect(failed.body).toHaveLength(1);
    expect(failed.headers.get("x-total-count")).toBe("1");
    const mine = await admin.get(`${PATH}?userId=${user.id}`);
    expect(mine.body).toHaveLength(5);
    const deletes = await admin.get(`${PATH}?activityType=data_delete`);
    expect(deletes.status).toBe(200);
    expect(deletes.body).toEqual([]);
  });

  it("treats empty filter values as no filter", async () => {
    const res = await admin.get(`${PATH}?activityType=&userId=&startDate=&endDate=`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(6);
  });

  it("filters by start and end date, a bare end date including that whole day", async () => {
    for (const at of ["2025-01-04T23:59:59Z", "2025-01-05T00:00:00Z", "2025-01-05T23:59:59Z", "2025-01-06T00:00:00Z"]) {
      await t.sql`INSERT INTO user_activity (user_id, activity_type, timestamp) VALUES (${user.id}, 'login', ${new Date(at)})`;
    }
    const day = await admin.get(`${PATH}?startDate=2025-01-05&endDate=2025-01-05`);
    expect(day.body.map((r: { timestamp: string }) => r.timestamp)).toEqual([
      "2025-01-05T23:59:59.000Z",
      "2025-01-05T00:00:00.000Z",
    ]);
    const exact = await admin.get(`${PATH}?startDate=2025-01-05T00:00:00.000Z&endDate=2025-01-06T00:00:00.000Z`);
    expect(exact.body).toHaveLength(3);
    await t.sql`DELETE FROM user_activity WHERE timestamp < '2025-02-01'`;
  });

  it("pages with limit and offset and reports the total", async () => {
    const first = await admin.get(`${PATH}?limit=2`);
    expect(first.body).toHaveLength(2);
    expect(first.headers.get("x-total-count")).toBe("6");
    const rest = await admin.get(`${PATH}?limit=2&offset=4`);
    expect(rest.body.map((r: { id: string }) => r.id)).toEqual(
      (await admin.get(PATH)).body.slice(4).map((r: { id: string }) => r.id),
    );
    expect((await admin.get(`${PATH}?offset=100`)).body).toEqual([]);
  });

  it("refuses unknown types, invalid dates and out-of-range limits with 400", async () => {
    const cases: [string, string][] = [
      ["activityType=hacking", accountMessages.activityTypeInvalid],
      ["startDate=yesterday", accountMessages.dateInvalid],
      ["endDate=2025-13-45", accountMessages.dateInvalid],
      ["startDate=2025-01-05T25:00:00Z", accountMessages.dateInvalid],
      ["limit=0", accountMessages.limitInvalid],
      ["limit=2001", accountMessages.limitInvalid],
      ["limit=ten", accountMessages.limitInvalid],
      ["offset=-1", accountMessages.offsetInvalid],
    ];
    for (const [query, message] of cases) {
      const res = await admin.get(`${PATH}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await admin.get(`${PATH}?limit=2000`)).status).toBe(200);
  });
});
