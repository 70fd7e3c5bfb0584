import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homeworkMessages } from "../../schema/homework.ts";
import { messages } from "../../schema/messages.ts";
import { patientMessages } from "../../schema/patient.ts";
import { VERSION_CONFLICT } from "../http/versions.ts";
import type { Client, TestContext } from "../test/harness.ts";
import { createTestContext } from "../test/harness.ts";
import { raceOnRow } from "../test/race.ts";
import { HOMEWORK_ID_TAKEN, HOMEWORK_NOT_FOUND } from "./homework.ts";

let t: TestContext;
let admin: Client;
let ann: Client;
let ben: Client;
let annsPatient: string;
let bensPatient: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.as("admin");
  ann = await t.as("clinician");
  ben = await t.as("clinician");
  const add = async (client: Client, first_name: string) =>
    (await client.post("/api/patients", { first_name, last_name: "Rivera", age: 16, gender: "male" })).body.username;
  annsPatient = await add(ann, "Leo");
  bensPatient = await add(ben, "Noor");
});
afterAll(() => t.close());

const homework = (fields: Record<string, unknown> = {}) => ({
  patientName: annsPatient,
  fear: "Being judged when speaking up",
  exposurePractice: "Ask the teacher one question in class",
  frequency: "three days a week",
  roundNumber: 3,
  roundDuration: "10 minutes",
  safetyBehavior: "Rehearsing the question",
  ...fields,
});

async function assign(client: Client, fields: Record<string, unknown> = {}) {
  const res = await client.post("/api/homework", homework(fields));
  expect(res.status).toBe(201);
  return res.body;
}

const stored = async (id: string) => (await t.sql`SELECT * FROM homework WHERE id = ${id}`)[0];

describe("listing a patient's homework", () => {
  it("refuses an anonymous caller", async () => {
    expect((await t.anonymous().get(`/api/homework/patient/${annsPatient}`)).status).toBe(401);
  });

  it("gives a clinician their patient's homework, newest first", async () => {
    const first = await assign(ann, { exposurePractice: "First practice" });
    const second = await assign(ann, { exposurePractice: "Second practice" });
    await t.sql`UPDATE homework SET created_at = now() - interval '1 day' WHERE id = ${first.id}`;
    const res = await ann.get(`/api/homework/patient/${annsPatient}`);
    expect(res.status).toBe(200);
    const ids = res.body.map((h: any) => h.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(res.body.every((h: any) => h.patientName === annsPatient)).toBe(true);
  });

  it("answers a clinician another clinician's patient as if it did not exist", async () => {
    const other = await ann.get(`/api/homework/patient/${bensPatient}`);
    const missing = await ann.get("/api/homework/patient/nobody");
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ code: "not_found", message: patientMessages.noUsername(bensPatient) });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: "not_found", message: patientMessages.noUsername("nobody") });
  });

  it("gives an admin any patient's homework", async () => {
    const hw = await assign(ben, { patientName: bensPatient });
    const res = await admin.get(`/api/homework/patient/${bensPatient}`);
    expect(res.status).toBe(200);
    expect(res.body.map((h: any) => h.id)).toContain(hw.id);
  });

  it("answers 404 for a patient who does not exist", async () => {
    const res = await admin.get("/api/homework/patient/nobody");
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(patientMessages.noUsername("nobody"));
  });

  it("answers an empty list for a patient without homework", async () => {
    const p = await ann.post("/api/patients", { first_name: "Empty", last_name: "List", age: 12, gender: "female" });
    const res = await ann.get(`/api/homework/patient/${p.body.username}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe("assigning homework", () => {
  it("refuses an anonymous caller", async () => {
    expect((await t.anonymous().post("/api/homework", homework())).status).toBe(401);
  });

  it("stores the assignment with the caller as its clinician and answers it in camelCase", async () => {
    const res = await ann.post("/api/homework", homework({ clinitianId: ben.user!.id }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      patientName: annsPatient,
      clinitianId: ann.user!.id,
      fear: "Being judged when speaking up",
      exposurePractice: "Ask the teacher one question in class",
      frequency: "three days a week",
      roundNumber: 3,
      roundDuration: "10 minutes",
      safetyBehavior: "Rehearsing the question",
      version: 1,
    });
    expect(await stored(res.body.id)).toMatchObject({ clinician_id: ann.user!.id, round_number: 3 });
  });

  it("fills in the spec's defaults for rounds and duration and stores no empty safety behavior", async () => {
    const res = await ann.post("/api/homework", {
      patientName: annsPatient,
      exposurePractice: "Call a store",
      frequency: "once a week",
      safetyBehavior: "  ",
    });
    expect(res.body).toMatchObject({ roundNumber: 1, roundDuration: "15 minutes", fear: "", safetyBehavior: null });
  });

  it("accepts rounds given as a string of digits", async () => {
    const hw = await assign(ann, { roundNumber: "4", roundDuration: "30 seconds" });
    expect(hw).toMatchObject({ roundNumber: 4, roundDuration: "30 seconds" });
  });

  it("lets an admin assign homework to any patient", async () => {
    const hw = await assign(admin, { patientName: bensPatient });
    expect(hw.clinitianId).toBe(admin.user!.id);
  });

  it("refuses homework for another clinician's patient as for one who does not exist", async () => {
    const res = await ann.post("/api/homework", homework({ patientName: bensPatient }));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(patientMessages.noUsername(bensPatient));
    expect(
      await t.sql`SELECT 1 FROM homework WHERE clinician_id = ${ann.user!.id} AND patient_name = ${bensPatient}`,
    ).toHaveLength(0);
  });

  it("refuses homework for a patient who does not exist", async () => {
    const res = await ann.post("/api/homework", homework({ patientName: "nobody" }));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(patientMessages.noUsername("nobody"));
  });

  it.each([
    ["a missing patient name", { patientName: undefined }, messages.validation.patientNameMissing],
    ["a blank patient name", { patientName: " " }, messages.validation.patientNameMissing],
    ["a blank exposure practice", { exposurePractice: "   " }, messages.validation.exposurePractice],
    ["a missing exposure practice", { exposurePractice: undefined }, messages.validation.exposurePractice],
    ["an unknown frequency", { frequency: "every hour" }, homeworkMessages.frequency],
    ["a missing frequency", { frequency: undefined }, homeworkMessages.frequency],
    ["zero rounds", { roundNumber: 0 }, homeworkMessages.rounds],
    ["fractional rounds", { roundNumber: 1.5 }, homeworkMessages.rounds],
    ["rounds that are not a number", { roundNumber: "three" }, homeworkMessages.rounds],
    ["rounds given as a boolean", { roundNumber: true }, homeworkMessages.rounds],
    ["a duration without a unit", { roundDuration: "15" }, homeworkMessages.duration],
    ["a duration in hours", { roundDuration: "2 hours" }, homeworkMessages.duration],
    ["a duration of zero", { roundDuration: "0 minutes" }, homeworkMessages.duration],
    ["a duration given as a number", { roundDuration: 15 }, homeworkMessages.duration],
    ["a fear that is not text", { fear: 7 }, homeworkMessages.text],
    ["an id that is not a UUID", { id: "hw-1" }, homeworkMessages.idFormat],
  ])("refuses %s", async (_, fields, message) => {
    const res = await ann.post("/api/homework", homework(fields));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("refuses malformed JSON", async () => {
    const res = await ann.post("/api/homework", '{"patientName": ');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The request body is not valid JSON");
  });

  it("keeps the id a device made, and answers a repeated create with the same row", async () => {
    const id = crypto.randomUUID();
    const first = await ann.post("/api/homework", homework({ id }));
    expect(first.status).toBe(201);
    expect(first.body.id).toBe(id);
    const again = await ann.post("/api/homework", homework({ id }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await t.sql`SELECT 1 FROM homework WHERE id = ${id}`).toHaveLength(1);
  });

  it("refuses a create that reuses an id for different data or by another user", async () => {
    const id = crypto.randomUUID();
    await assign(ann, { id });
    const changed = await ann.post("/api/homework", homework({ id, roundNumber: 9 }));
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe(HOMEWORK_ID_TAKEN);
    const other = await admin.post("/api/homework", homework({ id }));
    expect(other.status).toBe(409);
    expect((await stored(id)).round_number).toBe(3);
  });
});

describe("editing homework", () => {
  it("refuses an anonymous caller", async () => {
    const hw = await assign(ann);
    expect((await t.anonymous().put(`/api/homework/${hw.id}`, { roundNumber: 2 })).status).toBe(401);
  });

  it("lets the assigning clinician edit it and answers the stored row", async () => {
    const hw = await assign(ann);
    const res = await ann.put(`/api/homework/${hw.id}`, {
      fear: "Being laughed at",
      exposurePractice: "Answer a question in class",
      frequency: "every day",
      roundNumber: 5,
      roundDuration: "45 seconds",
      safetyBehavior: null,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: hw.id,
      patientName: annsPatient,
      fear: "Being laughed at",
      exposurePractice: "Answer a question in class",
      frequency: "every day",
      roundNumber: 5,
      roundDuration: "45 seconds",
      safetyBehavior: null,
      version: 2,
    });
    expect(await stored(hw.id)).toMatchObject({ round_number: 5, safety_behavior: null, version: 2 });
  });

  it("keeps the fields an edit leaves out and ignores a patientName", async () => {
    const hw = await assign(ann);
    const res = await ann.put(`/api/homework/${hw.id}`, { roundNumber: 2, patientName: bensPatient });
    expect(res.body).toMatchObject({
      roundNumber: 2,
      patientName: annsPatient,
      fear: hw.fear,
      safetyBehavior: hw.safetyBehavior,
    });
  });

  it("lets a clinician edit homework another user assigned to their patient", async () => {
    const hw = await assign(admin);
    const res = await ann.put(`/api/homework/${hw.id}`, { roundNumber: 7 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ roundNumber: 7, clinitianId: admin.user!.id });
  });

  it("refuses a clinician another clinician's patient's homework as if it did not exist", async () => {
    const hw = await assign(ben, { patientName: bensPatient });
    const res = await ann.put(`/api/homework/${hw.id}`, { roundNumber: 7 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: "not_found", message: HOMEWORK_NOT_FOUND });
    expect((await stored(hw.id)).round_number).toBe(3);
  });

  it("after a patient moves, the new clinician edits and deletes the old homework and the old one cannot", async () => {
    const moving = (
      await ann.post("/api/patients", { first_name: "Ivy", last_name: "Moves", age: 14, gender: "female" })
    ).body;
    const edited = await assign(ann, { patientName: moving.username });
    const deleted = await assign(ann, { patientName: moving.username });
    expect((await admin.put(`/api/patients/${moving.id}`, { ...moving, clinician_id: ben.user!.id })).status).toBe(200);

    const before = await ann.put(`/api/homework/${edited.id}`, { roundNumber: 9 });
    expect(before.status).toBe(404);
    expect(before.body.message).toBe(HOMEWORK_NOT_FOUND);
    expect((await ann.delete(`/api/homework/${deleted.id}`)).status).toBe(404);

    const edit = await ben.put(`/api/homework/${edited.id}`, { roundNumber: 4 });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ roundNumber: 4, clinitianId: ann.user!.id, version: 2 });
    expect((await ben.delete(`/api/homework/${deleted.id}`)).status).toBe(200);
    expect(await stored(deleted.id)).toBeUndefined();
  });

  it("lets an admin edit any homework", async () => {
    const hw = await assign(ben, { patientName: bensPatient });
    const res = await admin.put(`/api/homework/${hw.id}`, { frequency: "twice a week" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ frequency: "twice a week", clinitianId: ben.user!.id });
  });

  it("answers 404 for unknown homework", async () => {
    const res = await admin.put("/api/homework/no-such-id", { roundNumber: 2 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(HOMEWORK_NOT_FOUND);
  });

  it.each([
    ["a blank exposure practice", { exposurePractice: "" }, messages.validation.exposurePractice],
    ["an unknown frequency", { frequency: "daily" }, homeworkMessages.frequency],
    ["rounds that are not a whole number", { roundNumber: "2.5" }, homeworkMessages.rounds],
    ["a duration without a number", { roundDuration: "minutes" }, homeworkMessages.duration],
  ])("refuses an edit with %s", async (_, fields, message) => {
    const hw = await assign(ann);
    const res = await ann.put(`/api/homework/${hw.id}`, fields);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await stored(hw.id)).version).toBe(1);
  });

  it("answers 409 with the current row when If-Match names an older version", async () => {
    const hw = await assign(ann);
    await ann.put(`/api/homework/${hw.id}`, { roundNumber: 4 }, { "if-match": "1" });
    const res = await ann.put(`/api/homework/${hw.id}`, { roundNumber: 6 }, { "if-match": "1" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(VERSION_CONFLICT);
    expect(res.body.current).toMatchObject({ id: hw.id, roundNumber: 4, version: 2 });
  });

  it("applies an edit without If-Match over a newer version (last writer wins)", async () => {
    const hw = await assign(ann);
    await ann.put(`/api/homework/${hw.id}`, { roundNumber: 4 });
    const res = await ann.put(`/api/homework/${hw.id}`, { roundNumber: 6 });
    expect(res.body).toMatchObject({ roundNumber: 6, version: 3 });
  });

  it("lets exactly one of two concurrent edits with the same If-Match win", async () => {
    const hw = await assign(ann);
    const results = await raceOnRow(
      t,
      "homework",
      hw.id,
      [7, 8].map((roundNumber) => () => ann.put(`/api/homework/${hw.id}`, { roundNumber }, { "if-match": "1" })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    expect(await stored(hw.id)).toMatchObject({ round_number: winner.body.roundNumber, version: 2 });
  });
});

describe("deleting homework", () => {
  it("refuses an anonymous caller", async () => {
    const hw = await assign(ann);
    expect((await t.anonymous().delete(`/api/homework/${hw.id}`)).status).toBe(401);
  });

  it("lets the assigning clinician delete it", async () => {
    const hw = await assign(ann);
    const res = await ann.delete(`/api/homework/${hw.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: hw.id });
    expect(await stored(hw.id)).toBeUndefined();
  });

  it("refuses a clinician deleting another clinician's patient's homework as if it did not exist", async () => {
    const hw = await assign(ben, { patientName: bensPatient });
    expect((await ann.delete(`/api/homework/${hw.id}`)).status).toBe(404);
    expect(await stored(hw.id)).toBeDefined();
  });

  it("lets an admin delete any homework", async () => {
    const hw = await assign(ben, { patientName: bensPatient });
    expect((await admin.delete(`/api/homework/${hw.id}`)).status).toBe(200);
    expect(await stored(hw.id)).toBeUndefined();
  });

  it("answers 404 for unknown homework", async () => {
    expect((await ann.delete("/api/homework/no-such-id")).status).toBe(404);
  });

  it("refuses a delete whose If-Match names an older version", async () => {
    const hw = await assign(ann);
    await ann.put(`/api/homework/${hw.id}`, { roundNumber: 2 });
    expect((await ann.delete(`/api/homework/${hw.id}`, { "if-match": "1" })).status).toBe(409);
    expect(await stored(hw.id)).toBeDefined();
  });
});
