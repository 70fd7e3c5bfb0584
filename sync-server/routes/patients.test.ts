import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../schema/messages.ts";
import { patientMessages } from "../../schema/patient.ts";
import { verifyPassword } from "../auth/password.ts";
import { migrate } from "../db/migrate.ts";
import { ADMIN_ONLY } from "../http/session.ts";
import { VERSION_CONFLICT } from "../http/versions.ts";
import type { Client, TestContext } from "../test/harness.ts";
import { createTestContext } from "../test/harness.ts";
import { raceOnInsert, raceOnRow } from "../test/race.ts";
import { PATIENT_ID_TAKEN } from "./patients.ts";

let t: TestContext;
let admin: Client;
let ann: Client;
let ben: Client;
let counter = 0;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.as("admin", { first_name: "Ada", last_name: "Admin" });
  ann = await t.as("clinician", { first_name: "Ann", last_name: "Lee" });
  ben = await t.as("clinician", { first_name: "Ben", last_name: "Okafor" });
});
afterAll(() => t.close());

/** A valid add-patient body with a name no other test uses. */
function newPatient(fields: Record<string, unknown> = {}) {
  counter += 1;
  return { first_name: "Maya", last_name: `Chen${counter}`, age: 15, gender: "female", ...fields };
}

async function addPatient(client: Client, fields: Record<string, unknown> = {}) {
  const res = await client.post("/api/patients", newPatient(fields));
  expect(res.status).toBe(201);
  return res.body;
}

const stored = async (id: string) => (await t.sql`SELECT * FROM patients WHERE id = ${id}`)[0];

describe("listing patients", () => {
  it("refuses an anonymous caller", async () => {
    expect((await t.anonymous().get("/api/patients")).status).toBe(401);
    expect((await t.anonymous().get(`/api/patients/clinician/${ann.user!.id}`)).status).toBe(401);
  });

  it("gives an admin every patient with their clinician's name", async () => {
    const mine = await addPatient(ann);
    const bens = await addPatient(ben);
    const res = await admin.get("/api/patients");
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((p: any) => [p.id, p]));
    expect(byId.get(mine.id)).toMatchObject({ clinician_id: ann.user!.id, clinician_name: "Ann Lee" });
    expect(byId.get(bens.id)).toMatchObject({ clinician_id: ben.user!.id, clinician_name: "Ben Okafor" });
  });

  it("refuses the all-patients list to a clinician", async () => {
    const res = await ann.get("/api/patients");
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ADMIN_ONLY);
  });

  it("gives a clinician only their own patients", async () => {
    const mine = await addPatient(ann);
    await addPatient(ben);
    const res = await ann.get(`/api/patients/clinician/${ann.user!.id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((p: any) => p.id)).toContain(mine.id);
    expect(res.body.every((p: any) => p.clinician_id === ann.user!.id)).toBe(true);
  });

  it("refuses a clinician another clinician's list", async () => {
    const res = await ann.get(`/api/patients/clinician/${ben.user!.id}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(patientMessages.onlyYourOwn);
  });

  it("gives an admin any clinician's list", async () => {
    const bens = await addPatient(ben);
    const res = await admin.get(`/api/patients/clinician/${ben.user!.id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((p: any) => p.id)).toContain(bens.id);
    expect(res.body.every((p: any) => p.clinician_id === ben.user!.id)).toBe(true);
  });
});

describe("adding a patient", () => {
  it("refuses an anonymous caller", async () => {
    expect((await t.anonymous().post("/api/patients", newPatient())).status).toBe(401);
  });

  it("makes a clinician's new patient theirs, with the default username and initial password", async () => {
    const res = await ann.post("/api/patients", {
      first_name: " Maya ",
      last_name: "Van Dijk",
      age: 14,
      gender: "prefer_not_to_say",
      clinician_id: ben.user!.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: "mayavandijk",
      first_name: "Maya",
      last_name: "Van Dijk",
      age: 14,
      gender: "prefer_not_to_say",
      clinician_id: ann.user!.id,
      clinician_name: "Ann Lee",
      version: 1,
    });
    expect(res.body).not.toHaveProperty("password");
    const row = await stored(res.body.id);
    expect(row.password).not.toBe("MayaVan Dijk");
    expect(await verifyPassword(row.password, "MayaVan Dijk")).toBe(true);
  });

  it("hashes the password the form sends", async () => {
    const res = await ann.post("/api/patients", newPatient({ password: "chosen-secret" }));
    expect(res.status).toBe(201);
    expect(await verifyPassword((await stored(res.body.id)).password, "chosen-secret")).toBe(true);
  });

  it("lets an admin choose the clinician", async () => {
    const res = await admin.post("/api/patients", newPatient({ clinician_id: ben.user!.id }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ clinician_id: ben.user!.id, clinician_name: "Ben Okafor" });
  });

  it("makes an admin's patient the admin's own when no clinician is chosen", async () => {
    const res = await admin.post("/api/patients", newPatient());
    expect(res.body).toMatchObject({ clinician_id: admin.user!.id, clinician_name: "Ada Admin" });
  });

  it("refuses an admin's choice of a clinician who does not exist", async () => {
    const before = await t.sql`SELECT count(*)::int AS n FROM patients`;
    const res = await admin.post("/api/patients", newPatient({ clinician_id: "no-such-user" }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(patientMessages.clinicianId);
    expect((await t.sql`SELECT count(*)::int AS n FROM patients`)[0].n).toBe(before[0].n);
  });

  it("refuses a username another patient has, whatever its case", async () => {
    await addPatient(ann, { username: "samtaken" });
    for (const username of ["samtaken", "SamTaken"]) {
      const res = await ben.post("/api/patients", newPatient({ username }));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(patientMessages.usernameTaken);
    }
    expect((await t.sql`SELECT count(*)::int AS n FROM patients WHERE lower(username) = 'samtaken'`)[0].n).toBe(1);
  });

  it("refuses another clinician's patient's username without saying whose patient it is", async () => {
    const theirs = await addPatient(ben, { username: "privatename" });
    const res = await ann.post("/api/patients", newPatient({ username: "PrivateName" }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: "conflict", message: patientMessages.usernameTaken });
    expect(JSON.stringify(res.body)).not.toContain(theirs.id);
  });

  it("the database refuses two usernames that differ only by case", async () => {
    await addPatient(ann, { username: "Casey" });
    const insert = t.sql`INSERT INTO patients (username, password, first_name, last_name, age, gender)
      VALUES ('casey', 'x', 'Casey', 'Twin', 15, 'male')`;
    await expect(insert).rejects.toMatchObject({ code: "23505" });
  });

  it("the migration keeps the oldest of usernames a race already made twice and renames the others", async () => {
    await t.sql`DROP INDEX patients_username_lower`;
    await t.sql`INSERT INTO patients (username, password, first_name, last_name, age, gender, created_at) VALUES
      ('Dana', 'x', 'Dana', 'First', 15, 'female', now() - interval '1 day'),
      ('dana', 'x', 'Dana', 'Second', 15, 'female', now())`;
    await t.sql`DELETE FROM schema_migrations WHERE name = '0090_patient_username_unique.sql'`;
    await migrate(t.sql);
    const rows =
      await t.sql`SELECT username, last_name FROM patients WHERE lower(username) LIKE 'dana%' ORDER BY username`;
    expect(rows.map((r) => [r.username, r.last_name])).toEqual([
      ["Dana", "First"],
      ["dana-duplicate-2", "Second"],
    ]);
    const again = t.sql`INSERT INTO patients (username, password, first_name, last_name, age, gender)
      VALUES ('DANA', 'x', 'Dana', 'Third', 15, 'female')`;
    await expect(again).rejects.toMatchObject({ code: "23505" });
  });

  it("of two concurrent adds of Bob and bob, exactly one succeeds", async () => {
    const results = await raceOnInsert(t, "patients", [
      () => ann.post("/api/patients", newPatient({ username: "Bob" })),
      () => ben.post("/api/patients", newPatient({ username: "bob" })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body).toEqual({
      code: "conflict",
      message: patientMessages.usernameTaken,
    });
    expect((await t.sql`SELECT count(*)::int AS n FROM patients WHERE lower(username) = 'bob'`)[0].n).toBe(1);
  });

  it("refuses a default username another patient has", async () => {
    await addPatient(ann, { first_name: "Twin", last_name: "Same" });
    const res = await ann.post("/api/patients", { first_name: "twin", last_name: "same", age: 13, gender: "male" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(patientMessages.usernameTaken);
  });

  it.each([
    ["a missing first name", { first_name: undefined }, messages.validation.patientNames],
    ["a blank last name", { last_name: "   " }, messages.validation.patientNames],
    ["a null first name", { first_name: null }, messages.validation.patientNames],
    ["an age below 12", { age: 11 }, messages.validation.patientAge],
    ["an age above 19", { age: 20 }, messages.validation.patientAge],
    ["a fractional age", { age: 15.5 }, messages.validation.patientAge],
    ["an age given as text", { age: "15" }, messages.validation.patientAge],
    ["a missing age", { age: undefined }, messages.validation.patientAge],
    ["an unknown gender", { gender: "other" }, messages.validation.patientGender],
    ["a missing gender", { gender: undefined }, messages.validation.patientGender],
    ["a username with spaces", { username: "maya chen" }, patientMessages.usernameSpaces],
    ["a username that is not text", { username: 42 }, patientMessages.usernameSpaces],
    ["an id that is not a UUID", { id: "patient-1" }, patientMessages.idFormat],
  ])("refuses %s", async (_, fields, message) => {
    const res = await ann.post("/api/patients", newPatient(fields));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.issues[0].message).toBe(message);
  });

  it("refuses malformed JSON and a body that is not an object", async () => {
    const malformed = await ann.post("/api/patients", "{ first_name: ");
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("The request body is not valid JSON");
    const array = await ann.post("/api/patients", [newPatient()]);
    expect(array.status).toBe(400);
    const nothing = await ann.post("/api/patients", "null");
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe(patientMessages.body);
  });

  it("keeps the id a device made, and answers a repeated create with the same row", async () => {
    const id = crypto.randomUUID();
    const body = newPatient({ id });
    const first = await ann.post("/api/patients", body);
    expect(first.status).toBe(201);
    expect(first.body.id).toBe(id);
    const again = await ann.post("/api/patients", body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await t.sql`SELECT count(*)::int AS n FROM patients WHERE id = ${id}`)[0].n).toBe(1);
  });

  it("refuses a create that reuses an id for different data or by another clinician", async () => {
    const id = crypto.randomUUID();
    const body = newPatient({ id });
    await ann.post("/api/patients", body);
    const changed = await ann.post("/api/patients", { ...body, age: 16 });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe(PATIENT_ID_TAKEN);
    const other = await ben.post("/api/patients", body);
    expect(other.status).toBe(409);
    expect((await stored(id)).age).toBe(15);
  });
});

describe("editing a patient", () => {
  const edit = (p: any, fields: Record<string, unknown> = {}) => ({
    first_name: p.first_name,
    last_name: p.last_name,
    username: p.username,
    age: p.age,
    gender: p.gender,
    ...fields,
  });

  it("refuses an anonymous caller", async () => {
    const p = await addPatient(ann);
    expect((await t.anonymous().put(`/api/patients/${p.id}`, edit(p, { age: 16 }))).status).toBe(401);
  });

  it("lets a clinician edit their own patient and answers the stored row", async () => {
    const p = await addPatient(ann);
    const res = await ann.put(`/api/patients/${p.id}`, edit(p, { age: 17, first_name: "Mia" }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: p.id, age: 17, first_name: "Mia", version: 2, clinician_name: "Ann Lee" });
    expect(await stored(p.id)).toMatchObject({ age: 17, first_name: "Mia", version: 2 });
  });

  it("keeps the username when the edit leaves it blank", async () => {
    const p = await addPatient(ann);
    const res = await ann.put(`/api/patients/${p.id}`, edit(p, { username: "" }));
    expect(res.body.username).toBe(p.username);
  });

  it("refuses a clinician editing another clinician's patient as if it did not exist", async () => {
    const p = await addPatient(ben);
    const res = await ann.put(`/api/patients/${p.id}`, edit(p, { age: 18 }));
    const missing = await ann.put(`/api/patients/${crypto.randomUUID()}`, edit(p, { age: 18 }));
    expect([res.status, missing.status]).toEqual([404, 404]);
    expect(res.body).toEqual({ code: "not_found", message: patientMessages.notFound });
    expect(missing.body).toEqual(res.body);
    expect((await stored(p.id)).age).toBe(15);
  });

  it("answers 404 for an unknown patient", async () => {
    const res = await admin.put("/api/patients/no-such-id", newPatient());
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(patientMessages.notFound);
  });

  it("validates an edit like an add", async () => {
    const p = await addPatient(ann);
    const res = await ann.put(`/api/patients/${p.id}`, edit(p, { last_name: "" }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.validation.patientNames);
  });

  it("lets an admin move a patient to another clinician", async () => {
    const p = await addPatient(ann);
    const res = await admin.put(`/api/patients/${p.id}`, edit(p, { clinician_id: ben.user!.id }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ clinician_id: ben.user!.id, clinician_name: "Ben Okafor" });
    const moves = await t.sql`SELECT old_clinician_id FROM patient_reassignments WHERE patient_id = ${p.id}`;
    expect(moves.map((m) => m.old_clinician_id)).toEqual([ann.user!.id]);
    expect((await ann.put(`/api/patients/${p.id}`, edit(p))).status).toBe(404);
  });

  it("refuses an admin's move to a clinician who does not exist", async () => {
    const p = await addPatient(ann);
    const res = await admin.put(`/api/patients/${p.id}`, edit(p, { clinician_id: "no-such-user" }));
    expect(res.status).toBe(400);
    expect((await stored(p.id)).clinician_id).toBe(ann.user!.id);
  });

  it("ignores a clinician_id a clinician sends", async () => {
    const p = await addPatient(ann);
    const res = await ann.put(`/api/patients/${p.id}`, edit(p, { clinician_id: ben.user!.id }));
    expect(res.status).toBe(200);
    expect(res.body.clinician_id).toBe(ann.user!.id);
  });

  it("carries a new username over to the patient's homework", async () => {
    const p = await addPatient(ann);
    const hw = await ann.post("/api/homework", {
      patientName: p.username,
      fear: "Speaking up",
      exposurePractice: "Ask one question in class",
      frequency: "every day",
    });
    expect(hw.status).toBe(201);
    const res = await ann.put(`/api/patients/${p.id}`, edit(p, { username: `${p.username}x` }));
    expect(res.status).toBe(200);
    const [row] = await t.sql`SELECT patient_name FROM homework WHERE id = ${hw.body.id}`;
    expect(row.patient_name).toBe(`${p.username}x`);
  });

  it("refuses a username another patient has", async () => {
    const a = await addPatient(ann);
    const b = await addPatient(ann);
    const res = await ann.put(`/api/patients/${b.id}`, edit(b, { username: a.username.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "conflict", message: patientMessages.usernameTaken });
  });

  it("answers 409 with the current row when If-Match names an older version", async () => {
    const p = await addPatient(ann);
    await ann.put(`/api/patients/${p.id}`, edit(p, { age: 16 }), { "if-match": "1" });
    const res = await ann.put(`/api/patients/${p.id}`, edit(p, { age: 13 }), { "if-match": "1" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "version_conflict", message: VERSION_CONFLICT });
    expect(res.body.current).toMatchObject({ id: p.id, age: 16, version: 2, clinician_name: "Ann Lee" });
    expect((await stored(p.id)).age).toBe(16);
  });

  it("applies an edit without If-Match over a newer version (last writer wins)", async () => {
    const p = await addPatient(ann);
    await ann.put(`/api/patients/${p.id}`, edit(p, { age: 16 }));
    const res = await ann.put(`/api/patients/${p.id}`, edit(p, { age: 13 }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ age: 13, version: 3 });
  });

  it("refuses an If-Match that is not a version", async () => {
    const p = await addPatient(ann);
    const res = await ann.put(`/api/patients/${p.id}`, edit(p), { "if-match": "yesterday" });
    expect(res.status).toBe(400);
  });

  it("lets exactly one of two concurrent edits with the same If-Match win", async () => {
    const p = await addPatient(ann);
    const results = await raceOnRow(
      t,
      "patients",
      p.id,
      [16, 17].map((age) => () => ann.put(`/api/patients/${p.id}`, edit(p, { age }), { "if-match": "1" })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    expect(await stored(p.id)).toMatchObject({ age: winner.body.age, version: 2 });
  });
});

describe("deleting a patient", () => {
  it("refuses an anonymous caller", async () => {
    const p = await addPatient(ann);
    expect((await t.anonymous().delete(`/api/patients/${p.id}`)).status).toBe(401);
  });

  it("lets a clinician delete their own patient, with the patient's homework", async () => {
    const p = await addPatient(ann);
    await ann.post("/api/homework", { patientName: p.username, exposurePractice: "Eat lunch", frequency: "every day" });
    const res = await ann.delete(`/api/patients/${p.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: p.id });
    expect(await stored(p.id)).toBeUndefined();
    expect(await t.sql`SELECT 1 FROM homework WHERE patient_name = ${p.username}`).toHaveLength(0);
  });

  it("refuses a clinician deleting another clinician's patient as if it did not exist", async () => {
    const p = await addPatient(ben);
    const res = await ann.delete(`/api/patients/${p.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: "not_found", message: patientMessages.notFound });
    expect(await stored(p.id)).toBeDefined();
  });

  it("lets an admin delete any patient", async () => {
    const p = await addPatient(ben);
    expect((await admin.delete(`/api/patients/${p.id}`)).status).toBe(200);
    expect(await stored(p.id)).toBeUndefined();
  });

  it("answers 404 for an unknown patient", async () => {
    expect((await admin.delete("/api/patients/no-such-id")).status).toBe(404);
  });
});
