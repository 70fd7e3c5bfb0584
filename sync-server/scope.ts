import type { SessionUser } from "./auth/sessions.ts";
import type { Db } from "./db/connect.ts";

/**
 * What a user may see: an admin sees every patient; a clinician only their own
 * patients and those patients' homework, conversations and summaries.
 * `patientsOf` is a SQL condition on a patient-name column, to put in a WHERE.
 * Whatever a user may not see answers like what does not exist (404), so no
 * answer tells a clinician whether a name is another clinician's patient.
 */
export function patientsOf(sql: Db, user: SessionUser, column = "patient_name") {
  return user.role === "admin"
    ? sql`TRUE`
    : sql`${sql(column)} IN (SELECT username FROM patients WHERE clinician_id = ${user.id})`;
}

export async function canSeePatient(sql: Db, user: SessionUser, patientName: string): Promise<boolean> {
  const [row] =
    user.role === "admin"
      ? await sql`SELECT 1 FROM patients WHERE username = ${patientName}`
      : await sql`SELECT 1 FROM patients WHERE username = ${patientName} AND clinician_id = ${user.id}`;
  return Boolean(row);
}

/** The patient of a conversation's messages (the database's conversation_patient); undefined before any message. */
export async function conversationPatient(sql: Db, conversationId: string): Promise<string | undefined> {
  const [row] = await sql`SELECT conversation_patient(${conversationId}) AS patient_name`;
  return (row?.patient_name as string | null) ?? undefined;
}
