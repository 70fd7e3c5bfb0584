import { type Context, Hono } from "hono";
import { HomeworkCreate, HomeworkUpdate } from "../../schema/homework.ts";
import { patientMessages } from "../../schema/patient.ts";
import type { SessionUser } from "../auth/sessions.ts";
import type { Db, Tx } from "../db/connect.ts";
import type { AppEnv } from "../env.ts";
import { conflict, jsonBody, notFound } from "../http/errors.ts";
import { currentUser, requireUser } from "../http/session.ts";
import { assertVersion } from "../http/versions.ts";
import { toHomework } from "../rows.ts";
import { canSeePatient } from "../scope.ts";

export const HOMEWORK_NOT_FOUND = "Homework assignment not found";
export const HOMEWORK_ID_TAKEN = "A different homework assignment with this id already exists";

type Row = Record<string, any>;

/** 404 alike for a patient that does not exist and another clinician's patient. */
async function assertPatientVisible(sql: Db, user: SessionUser, patientName: string) {
  if (!(await canSeePatient(sql, user, patientName))) throw notFound(patientMessages.noUsername(patientName));
}

/**
 * Locks the homework a caller is about to change: 404 when it does not exist or
 * its patient is not the caller's now (whoever assigned it: after a patient moves,
 * the new clinician looks after the old homework), 409 when If-Match names an
 * older version. The row lock makes two writers with the same If-Match take turns.
 */
async function lockHomework(c: Context<AppEnv>, tx: Tx, user: SessionUser, id: string): Promise<Row> {
  const [current] = await tx`SELECT * FROM homework WHERE id = ${id} FOR UPDATE`;
  if (!current || !(await canSeePatient(tx, user, current.patient_name))) throw notFound(HOMEWORK_NOT_FOUND);
  assertVersion(c, toHomework(current));
  return current;
}

function idTaken(err: unknown): never {
  if ((err as { code?: string })?.code === "23505") throw conflict(HOMEWORK_ID_TAKEN);
  throw err;
}

const sameFields = (row: Row, fields: Row) =>
  Object.entries(fields).every(([key, value]) => (row[key] ?? null) === (value ?? null));

export const homeworkRoutes = new Hono<AppEnv>();

homeworkRoutes.get("/homework/patient/:patientName", requireUser, async (c) => {
  const user = currentUser(c);
  const patientName = c.req.param("patientName");
  const sql = c.get("deps").sql;
  await assertPatientVisible(sql, user, patientName);
  const rows = await sql`
    SELECT * FROM homework WHERE patient_name = ${patientName} ORDER BY created_at DESC, id DESC`;
  return c.json(rows.map(toHomework));
});

homeworkRoutes.post("/homework", requireUser, async (c) => {
  const user = currentUser(c);
  const body = await jsonBody(c, HomeworkCreate);
  const fields = {
    patient_name: body.patientName,
    clinician_id: user.id,
    fear: body.fear,
    exposure_practice: body.exposurePractice,
    frequency: body.frequency,
    round_number: body.roundNumber,
    round_duration: body.roundDuration,
    safety_behavior: body.safetyBehavior,
  };
  const { row, created } = await c
    .get("deps")
    .sql.begin(async (tx) => {
      await assertPatientVisible(tx, user, body.patientName);
      if (body.id) {
        const [existing] = await tx`SELECT * FROM homework WHERE id = ${body.id}`;
        // A device that resends its create after a lost answer gets the row it made.
        if (existing && sameFields(existing, fields)) return { row: existing, created: false };
        if (existing) throw conflict(HOMEWORK_ID_TAKEN);
      }
      const [inserted] = await tx`
        INSERT INTO homework ${tx({ ...fields, ...(body.id ? { id: body.id } : {}) })} RETURNING *`;
      return { row: inserted, created: true };
    })
    .catch(idTaken);
  return c.json(toHomework(row), created ? 201 : 200);
});

homeworkRoutes.put("/homework/:id", requireUser, async (c) => {
  const user = currentUser(c);
  const body = await jsonBody(c, HomeworkUpdate);
  const id = c.req.param("id");
  const row = await c.get("deps").sql.begin(async (tx) => {
    const current = await lockHomework(c, tx, user, id);
    const [updated] = await tx`
      UPDATE homework SET
        fear = ${body.fear ?? current.fear},
        exposure_practice = ${body.exposurePractice ?? current.exposure_practice},
        frequency = ${body.frequency ?? current.frequency},
        round_number = ${body.roundNumber ?? current.round_number},
        round_duration = ${body.roundDuration ?? current.round_duration},
        safety_behavior = ${body.safetyBehavior === undefined ? current.safety_behavior : body.safetyBehavior}
      WHERE id = ${id} RETURNING *`;
    return updated;
  });
  return c.json(toHomework(row));
});

homeworkRoutes.delete("/homework/:id", requireUser, async (c) => {
  const user = currentUser(c);
  const id = c.req.param("id");
  await c.get("deps").sql.begin(async (tx) => {
    await lockHomework(c, tx, user, id);
    await tx`DELETE FROM homework WHERE id = ${id}`;
  });
  return c.json({ success: true, id });
});
