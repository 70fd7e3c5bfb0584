import { type Context, Hono } from "hono";
import { FHIR_EXPORT_ACTIVITY } from "../../schema/constants.ts";
import {
  defaultPatientUsername,
  initialPatientPassword,
  isReservedPatientName,
  PatientCreate,
  PatientUpdate,
  patientMessages,
} from "../../schema/patient.ts";
import { logActivity } from "../activity.ts";
import { hashPassword } from "../auth/password.ts";
import type { SessionUser } from "../auth/sessions.ts";
import type { Db, Tx } from "../db/connect.ts";
import type { AppEnv } from "../env.ts";
import { patientBundle } from "../fhir/bundle.ts";
import { badRequest, conflict, forbidden, jsonBody, notFound } from "../http/errors.ts";
import { currentUser, requireAdmin, requireUser } from "../http/session.ts";
import { assertVersion } from "../http/versions.ts";
import { toPatient } from "../rows.ts";

export const PATIENT_ID_TAKEN = "A different patient with this id already exists";

type Row = Record<string, any>;

// Every answer carries the clinician's name, so the patient list needs no second lookup.
const clinicianName = (sql: Db) => sql`NULLIF(btrim(concat_ws(' ', u.first_name, u.last_name)), '') AS clinician_name`;
const joinClinician = (sql: Db) => sql`LEFT JOIN user_clinician u ON u.id = p.clinician_id`;

const listPatients = (sql: Db, where: ReturnType<Db>) => sql`
  SELECT p.*, ${clinicianName(sql)} FROM patients p ${joinClinician(sql)}
  WHERE ${where}
  ORDER BY lower(p.first_name), lower(p.last_name), p.username`;

async function assertUsernameFree(sql: Db, username: string, exceptId = "") {
  const [taken] = await sql`SELECT 1 FROM patients WHERE lower(username) = lower(${username}) AND id <> ${exceptId}`;
  if (taken) throw conflict(patientMessages.usernameTaken);
}

/** 400 for a name the Data Management menu uses (schema/patient.ts says which). */
function assertNotReserved(c: Context<AppEnv>, user: SessionUser, username: string) {
  if (!isReservedPatientName(username, c.get("deps").config.samplePatients, user.role === "admin")) return;
  const message = patientMessages.usernameReserved(username);
  throw badRequest(message, [{ path: "username", message }]);
}

async function assertClinicianExists(sql: Db, id: string) {
  const [found] = await sql`SELECT 1 FROM user_clinician WHERE id = ${id} AND role IN ('admin', 'clinician')`;
  if (!found)
    throw badRequest(patientMessages.clinicianId, [{ path: "clinician_id", message: patientMessages.clinicianId }]);
}

/**
 * Locks the patient a caller is about to change: 404 alike for an unknown patient
 * and another clinician's (no answer tells them apart), 409 when If-Match names an older version. The row lock makes
 * two writers with the same If-Match take turns, so only one of them passes.
 */
async function lockPatient(c: Context<AppEnv>, tx: Tx, user: SessionUser, id: string): Promise<Row> {
  const [current] = await tx`
    SELECT p.*, ${clinicianName(tx)} FROM patients p ${joinClinician(tx)}
    WHERE p.id = ${id} FOR UPDATE OF p`;
  if (!current || (user.role !== "admin" && current.clinician_id !== user.id)) throw notFound(patientMessages.notFound);
  assertVersion(c, toPatient(current));
  return current;
}

// A concurrent insert can still hit the unique indexes after our checks passed (usernames: lower(username)).
function uniqueViolation(err: unknown): never {
  const e = err as { code?: string; constraint_name?: string };
  if (e?.code === "23505") {
    throw conflict(e.constraint_name === "patients_pkey" ? PATIENT_ID_TAKEN : patientMessages.usernameTaken);
  }
  throw err;
}

const sameFields = (row: Row, fields: Row) =>
  Object.entries(fields).every(([key, value]) => (row[key] ?? null) === (value ?? null));

export const patientsRoutes = new Hono<AppEnv>();

patientsRoutes.get("/patients", requireUser, requireAdmin, async (c) => {
  const sql = c.get("deps").sql;
  return c.json((await listPatients(sql, sql`TRUE`)).map(toPatient));
});

patientsRoutes.get("/patients/clinician/:clinicianId", requireUser, async (c) => {
  const user = currentUser(c);
  const clinicianId = c.req.param("clinicianId");
  if (user.role !== "admin" && clinicianId !== user.id) throw forbidden(patientMessages.onlyYourOwn);
  const sql = c.get("deps").sql;
  return c.json((await listPatients(sql, sql`p.clinician_id = ${clinicianId}`)).map(toPatient));
});

patientsRoutes.post("/patients", requireUser, async (c) => {
  const user = currentUser(c);
  const body = await jsonBody(c, PatientCreate);
  const sql = c.get("deps").sql;
  const fields = {
    username: body.username ?? defaultPatientUsername(body.first_name, body.last_name),
    first_name: body.first_name,
    last_name: body.last_name,
    age: body.age,
    gender: body.gender,
    clinician_id: user.role === "admin" && body.clinician_id ? body.clinician_id : user.id,
  };
  assertNotReserved(c, user, fields.username);
  // Hashing is slow: do it before the transaction holds anything.
  const password = await hashPassword(body.password ?? initialPatientPassword(body.first_name, body.last_name));

  const { row, created } = await sql
    .begin(async (tx) => {
      if (fields.clinician_id !== user.id) await assertClinicianExists(tx, fields.clinician_id);
      if (body.id) {
        const [existing] = await tx`
          SELECT p.*, ${clinicianName(tx)} FROM patients p ${joinClinician(tx)} WHERE p.id = ${body.id}`;
        // A device that resends its create after a lost answer gets the row it made.
        const visible = existing && (user.role === "admin" || existing.clinician_id === user.id);
        if (visible && sameFields(existing, fields)) return { row: existing, created: false };
        if (existing) throw conflict(PATIENT_ID_TAKEN);
      }
      await assertUsernameFree(tx, fields.username);
      const [inserted] = await tx`
        WITH p AS (
          INSERT INTO patients ${tx({ ...fields, password, ...(body.id ? { id: body.id } : {}) })}
          RETURNING *)
        SELECT p.*, ${clinicianName(tx)} FROM p ${joinClinician(tx)}`;
      return { row: inserted, created: true };
    })
    .catch(uniqueViolation);
  return c.json(toPatient(row), created ? 201 : 200);
});

patientsRoutes.put("/patients/:id", requireUser, async (c) => {
  const user = currentUser(c);
  const body = await jsonBody(c, PatientUpdate);
  const id = c.req.param("id");
  const row = await c
    .get("deps")
    .sql.begin(async (tx) => {
      const current = await lockPatient(c, tx, user, id);
      // Only an admin moves a patient; a clinician's full-row PUT may echo clinician_id, which is ignored.
      const clinicianId = user.role === "admin" && body.clinician_id ? body.clinician_id : current.clinician_id;
      if (clinicianId !== current.clinician_id) await assertClinicianExists(tx, clinicianId);
      const username = body.username ?? current.username;
      // A patient named so before the names were reserved keeps the name until it changes.
      if (username !== current.username) {
        assertNotReserved(c, user, username);
        await assertUsernameFree(tx, username, id);
      }
      const [updated] = await tx`
        WITH p AS (
          UPDATE patients SET username = ${username}, first_name = ${body.first_name}, last_name = ${body.last_name},
                              age = ${body.age}, gender = ${body.gender}, clinician_id = ${clinicianId}
          WHERE id = ${id} RETURNING *)
        SELECT p.*, ${clinicianName(tx)} FROM p ${joinClinician(tx)}`;
      return updated;
    })
    .catch(uniqueViolation);
  return c.json(toPatient(row));
});

patientsRoutes.delete("/patients/:id", requireUser, async (c) => {
  const user = currentUser(c);
  const id = c.req.param("id");
  await c.get("deps").sql.begin(async (tx) => {
    await lockPatient(c, tx, user, id);
    await tx`DELETE FROM patients WHERE id = ${id}`;
  });
  return c.json({ success: true, id });
});

/**
 * The patient as a FHIR R4 Bundle (sync-server/fhir/bundle.ts), for another clinical system. Another
 * clinician's patient answers like a missing one (404). Every export is in the activity log.
 */
patientsRoutes.get("/patients/:id/fhir", requireUser, async (c) => {
  const user = currentUser(c);
  const id = c.req.param("id");
  const bundle = await c.get("deps").sql.begin(async (tx) => {
    const [patient] = await tx`SELECT * FROM patients WHERE id = ${id}`;
    if (!patient || (user.role !== "admin" && patient.clinician_id !== user.id))
      throw notFound(patientMessages.notFound);
    const homework = await tx`SELECT * FROM homework WHERE patient_name = ${patient.username} ORDER BY created_at, id`;
    const summaries = await tx`
      SELECT * FROM conversation_summaries WHERE patient_name = ${patient.username}
      ORDER BY started_at NULLS LAST, id`;
    const result = patientBundle({ patient, homework, summaries, now: c.get("deps").now() });
    const metadata = { patient_id: id, patient_username: patient.username, resources: result.entry.length };
    await logActivity(c, FHIR_EXPORT_ACTIVITY, user.id, metadata, tx);
    return { result, username: String(patient.username) };
  });
  const filename = `stepwise-${bundle.username.replace(/[^\w.-]/g, "_")}-fhir.json`;
  return c.body(JSON.stringify(bundle.result), 200, {
    "Content-Type": "application/fhir+json; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
  });
});
