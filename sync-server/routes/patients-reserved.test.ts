import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client, TestContext } from "../test/harness.ts";
import { createTestContext } from "../test/harness.ts";

/**
 * Issue 10.3: the Data Management menu sends its bulk deletes where the
 * per-patient "Delete All" sends a patient's username, so no patient may be
 * named like a bulk delete, and a clinician may not name one like a sample patient.
 */
let t: TestContext;
let admin: Client;
let ann: Client;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.as("admin");
  ann = await t.as("clinician");
});
afterAll(() => t.close());

const patient = (fields: Record<string, unknown>) => ({
  first_name: "Maya",
  last_name: "Chen",
  age: 15,
  gender: "female",
  ...fields,
});
const reserved = (name: string) =>
  `The username ${name} is reserved for the Data Management menu's bulk deletes; choose another`;

describe("reserved patient usernames", () => {
  it("refuses a patient named like a bulk delete, whatever its case, to admins and clinicians", async () => {
    for (const [client, username] of [
      [ann, "delete_user_data"],
      [admin, "delete_test_data"],
      [ann, "Delete_Sample_Patients"],
    ] as const) {
      const res = await client.post("/api/patients", patient({ username }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(reserved(username));
      expect(res.body.issues).toEqual([{ path: "username", message: reserved(username) }]);
    }
    expect(await t.sql`SELECT username FROM patients`).toHaveLength(0);
  });

  it("refuses a default username that comes out as a bulk delete", async () => {
    const res = await ann.post("/api/patients", patient({ first_name: "Delete_User", last_name: "_Data" }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(reserved("delete_user_data"));
  });

  it("keeps the sample patients' names for admins", async () => {
    const refused = await ann.post("/api/patients", patient({ username: "sample_patient_1" }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(reserved("sample_patient_1"));
    const made = await admin.post(
      "/api/patients",
      patient({ username: "sample_patient_1", clinician_id: ann.user?.id }),
    );
    expect(made.status).toBe(201);
  });

  it("refuses renaming a patient to a reserved name", async () => {
    const { body: p } = await ann.post("/api/patients", patient({ username: "maya" }));
    for (const username of ["delete_test_data", "sample_patient_2"]) {
      const res = await ann.put(`/api/patients/${p.id}`, patient({ username }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(reserved(username));
    }
    expect((await admin.put(`/api/patients/${p.id}`, patient({ username: "delete_user_data" }))).status).toBe(400);
    expect((await t.sql`SELECT username FROM patients WHERE id = ${p.id}`)[0]?.username).toBe("maya");
  });

  it("lets a patient named so before the names were reserved be edited while the name stays", async () => {
    const [legacy] =
      await t.sql`INSERT INTO patients (username, password, first_name, last_name, age, gender, clinician_id)
      VALUES ('delete_sample_patients', 'x', 'Old', 'Name', 15, 'female', ${ann.user?.id ?? null}) RETURNING id`;
    const res = await ann.put(`/api/patients/${legacy?.id}`, patient({ username: "delete_sample_patients", age: 16 }));
    expect(res.status).toBe(200);
    const renamed = await ann.put(`/api/patients/${legacy?.id}`, patient({ username: "old.name" }));
    expect(renamed.status).toBe(200);
  });
});
