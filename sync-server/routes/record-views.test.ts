import { patientMessages } from "@schema/patient.ts";
import { recordViewMessages } from "@schema/record-view.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestContext, type TestContext } from "../test/harness.ts";

let t: TestContext;
let admin: Client;
let ann: Client;
let ben: Client;
let leo: { id: string; username: string };
let noor: { id: string; username: string };

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.as("admin");
  ann = await t.as("clinician", { first_name: "Ann", last_name: "Lee" });
  ben = await t.as("clinician");
  const add = async (client: Client, first_name: string) =>
    (await client.post("/api/patients", { first_name, last_name: "Rivera", age: 16, gender: "male" })).body;
  leo = await add(ann, "Leo");
  noor = await add(ben, "Noor");
});
afterAll(() => t.close());

const PATH = "/api/activity/views";
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const view = (patient_name: string, fields: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  patient_name,
  what: "chat_history",
  viewed_at: ago(60_000),
  device_id: "tablet-7",
  ...fields,
});

async function viewsOf(patientId: string, query = "") {
  const res = await admin.get(`/api/admin/user-activity?activityType=record_view&patientId=${patientId}${query}`);
  expect(res.status).toBe(200);
  return res.body as {
    user_id: string;
    user_full_name: string;
    activity_type: string;
    timestamp: string;
    metadata: any;
  }[];
}

describe("POST /api/activity/views", () => {
  it("logs each view as a record_view at the time it happened, with what was opened and the device", async () => {
    const opened = view(leo.username, { what: "conversation", target_id: "conv-1", viewed_at: ago(2 * 3_600_000) });
    const res = await ann.post(PATH, { views: [opened, view(leo.username, { what: "homework" })] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ recorded: 2, already_recorded: 0 });

    const [homework, conversation] = await viewsOf(leo.id);
    expect(conversation).toMatchObject({
      user_id: ann.user?.id,
      user_full_name: "Ann Lee",
      activity_type: "record_view",
      timestamp: opened.viewed_at,
      metadata: { patient_name: leo.username, what: "conversation", target_id: "conv-1", device_id: "tablet-7" },
    });
    expect(homework.metadata.what).toBe("homework");
  });

  it("dates a view by how long before sending it happened when the device's clock is off", async () => {
    // The device's clock is 1 hour behind: it saw the summary 10 minutes before it sent the batch.
    const deviceNow = Date.now() - 3_600_000;
    const seen = view(leo.username, { what: "summary", viewed_at: new Date(deviceNow - 600_000).toISOString() });
    await ann.post(PATH, { views: [seen], sent_at: new Date(deviceNow).toISOString() });
    const [row] = await t.sql`SELECT timestamp FROM user_activity WHERE metadata->>'view_id' = ${seen.id}`;
    expect(Math.abs((row.timestamp as Date).getTime() - (Date.now() - 600_000))).toBeLessThan(5_000);
  });

  it("stores a view sent again (a lost answer) once", async () => {
    const batch = { views: [view(leo.username, { what: "summary", target_id: "conv-9" })] };
    expect((await ann.post(PATH, batch)).body).toEqual({ recorded: 1, already_recorded: 0 });
    const again = await ann.post(PATH, { views: [...batch.views, view(leo.username)] });
    expect(again.body).toEqual({ recorded: 1, already_recorded: 1 });
    const [{ count }] = await t.sql`SELECT count(*)::int AS count FROM user_activity
      WHERE metadata->>'view_id' = ${batch.views[0].id}`;
    expect(count).toBe(1);
  });

  it("answers another clinician's patient like a missing one and writes nothing; an admin may view any", async () => {
    const before = (await viewsOf(noor.id)).length;
    const res = await ann.post(PATH, { views: [view(leo.username), view(noor.username)] });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "not_found", message: patientMessages.noUsername(noor.username) });
    const missing = await ann.post(PATH, { views: [view("nobody_at_all")] });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(patientMessages.noUsername("nobody_at_all"));
    expect(await viewsOf(noor.id)).toHaveLength(before);

    expect((await admin.post(PATH, { views: [view(noor.username)] })).status).toBe(200);
    expect((await viewsOf(noor.id)).map((r) => r.user_id)).toEqual([admin.user?.id]);
  });

  it("refuses bad input with 400 and a code, never a 500", async () => {
    const bad: [unknown, string][] = [
      [{ views: [] }, recordViewMessages.views],
      [{ views: [view(leo.username, { what: "prompt" })] }, recordViewMessages.what],
      [{ views: [view(leo.username, { viewed_at: "yesterday" })] }, recordViewMessages.time],
      [{ views: [view(leo.username, { id: "" })] }, recordViewMessages.id],
      [{ views: Array.from({ length: 101 }, () => view(leo.username)) }, recordViewMessages.views],
      [[view(leo.username)], recordViewMessages.notAnObject],
      [{ views: [view(leo.username)], sent_at: 5 }, recordViewMessages.time],
    ];
    for (const [body, message] of bad) {
      const res = await ann.post(PATH, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ code: "validation", message });
    }
    expect((await ann.post(PATH, "{not json")).status).toBe(400);
    expect((await t.anonymous().post(PATH, { views: [view(leo.username)] })).status).toBe(401);
  });
});

describe("who opened this patient's data in the last 30 days", () => {
  it("filters the activity log by patient and Record View type over a date range", async () => {
    const nia = (await ann.post("/api/patients", { first_name: "Nia", last_name: "Cole", age: 15, gender: "female" }))
      .body;
    await ann.post(PATH, {
      views: [
        view(nia.username, { viewed_at: ago(40 * DAY) }),
        view(nia.username, { what: "homework", viewed_at: ago(3 * DAY) }),
        view(leo.username, { viewed_at: ago(DAY) }),
      ],
    });
    await admin.post(PATH, { views: [view(nia.username, { what: "summary", viewed_at: ago(DAY) })] });

    const since = new Date(Date.now() - 30 * DAY).toISOString();
    const rows = await viewsOf(nia.id, `&startDate=${since}`);
    expect(rows.map((r) => [r.user_id, r.metadata.what])).toEqual([
      [admin.user?.id, "summary"],
      [ann.user?.id, "homework"],
    ]);
    expect((await viewsOf(nia.id)).length).toBe(3);
    // A FHIR export reads the patient's data too: the patient filter finds it beside the views.
    await ann.get(`/api/patients/${nia.id}/fhir`);
    const all = await admin.get(`/api/admin/user-activity?patientId=${nia.id}&startDate=${since}`);
    expect(all.body.map((r: { activity_type: string }) => r.activity_type)).toEqual([
      "fhir_export",
      "record_view",
      "record_view",
    ]);
    const other = await admin.get(`/api/admin/user-activity?activityType=login&patientId=${nia.id}`);
    expect(other.body).toEqual([]);
    const tooLong = await admin.get(`/api/admin/user-activity?patientId=${"x".repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe("validation");
  });
});
