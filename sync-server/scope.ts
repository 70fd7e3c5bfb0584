import type { SessionUser } from "./auth/sessions.ts";
import type { Sql } from "./db/connect.ts";
import { forbidden } from "./http/errors.ts";

/**
 * What a user may see: an admin sees every patient; a clinician only their own
 * patients and those patients' homework, conversations and summaries.
 * `patientsOf` is a SQL condition on a patient-name column, to put in a WHERE.
 */
export function patientsOf(sql: Sql, user: SessionUser, column = "patient_name") {
  return user.role === "admin"
    ? sql`TRUE`
    : sql`${sql(column)} IN (SELECT username FROM patients WHERE clinician_id = ${user.id})`;
}

export async function canSeePatient(sql: Sql, user: SessionUser, patientName: string): Promise<boolean> {
  const [row] =
    user.role === "admin"
      ? await sql`SELECT 1 FROM patients WHERE username = ${patientName}`
      : await sql`SELECT 1 FROM patients WHERE username = ${patientName} AND clinician_id = ${user.id}`;
  return Boolean(row);
}

export const NOT_YOUR_PATIENT = "You can only see your own patients.";

export async function assertCanSeePatient(sql: Sql, user: SessionUser, patientName: string) {
  if (!(await canSeePatient(sql, user, patientName))) throw forbidden(NOT_YOUR_PATIENT);
}
