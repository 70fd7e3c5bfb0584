import type { Context } from "hono";
import { Hono } from "hono";
import { conversationMessages } from "../../schema/conversation.ts";
import { messages } from "../../schema/messages.ts";
import { SummaryChanges, SummaryCreate, SummaryListQuery, summaryMessages } from "../../schema/summary.ts";
import type { SessionUser } from "../auth/sessions.ts";
import type { Sql } from "../db/connect.ts";
import type { AppEnv } from "../env.ts";
import { badRequest, check, conflict, forbidden, jsonBody, notFound } from "../http/errors.ts";
import { currentUser, requireAdmin, requireUser } from "../http/session.ts";
import { assertVersion } from "../http/versions.ts";
import { toSummary } from "../rows.ts";
import { canSeePatient, NOT_YOUR_PATIENT, patientsOf } from "../scope.ts";

export const summariesRoutes = new Hono<AppEnv>();

/** The patient a conversation belongs to, read from its messages; undefined before its first message. */
export async function patientOfConversation(sql: Sql, conversationId: string): Promise<string | undefined> {
  const [row] = await sql`SELECT patient_name FROM conversation_messages
    WHERE conversation_id = ${conversationId} ORDER BY serial_num LIMIT 1`;
  return row?.patient_name as string | undefined;
}

/** 403 for a patient the user may not see; an admin is told the patient does not exist. */
async function assertPatientVisible(sql: Sql, user: SessionUser, patientName: string) {
  if (await canSeePatient(sql, user, patientName)) return;
  throw user.role === "admin"
    ? badRequest(conversationMessages.unknownPatient(patientName))
    : forbidden(NOT_YOUR_PATIENT);
}

/** A summary the user may see, or 404/403. */
async function visibleSummary(c: Context<AppEnv>, sql: Sql, lock = false) {
  const id = c.req.param("id") ?? "";
  const [row] = lock
    ? await sql`SELECT * FROM conversation_summaries WHERE id = ${id} FOR UPDATE`
    : await sql`SELECT * FROM conversation_summaries WHERE id = ${id}`;
  if (!row) throw notFound(messages.summaries.notFound);
  const user = currentUser(c);
  const visible = user.role === "admin" || (row.patient_name && (await canSeePatient(sql, user, row.patient_name)));
  if (!visible) throw forbidden(NOT_YOUR_PATIENT);
  return row;
}

summariesRoutes.get("/conversation-summaries", requireUser, async (c) => {
  const { sql } = c.get("deps");
  const { limit, offset } = check(SummaryListQuery, c.req.query());
  const visible = patientsOf(sql, currentUser(c));
  if (limit === undefined) {
    const rows = await sql`SELECT * FROM conversation_summaries WHERE ${visible} ORDER BY created_at DESC, id`;
    return c.json(rows.map(toSummary));
  }
  const [{ total }] = await sql`SELECT count(*)::int AS total FROM conversation_summaries WHERE ${visible}`;
  const rows = await sql`SELECT * FROM conversation_summaries WHERE ${visible}
    ORDER BY created_at DESC, id LIMIT ${limit} OFFSET ${offset}`;
  c.header("X-Total-Count", String(total));
  return c.json(rows.map(toSummary));
});

summariesRoutes.post("/conversation-summaries", requireUser, async (c) => {
  const { sql } = c.get("deps");
  const { id, ...fields } = await jsonBody(c, SummaryCreate);
  const conversationPatient = await patientOfConversation(sql, id);
  const patientName = fields.patient_name ?? conversationPatient;
  if (!patientName) throw badRequest(summaryMessages.noPatient);
  // Otherwise a summary could claim a conversation the caller cannot see.
  if (conversationPatient && patientName !== conversationPatient) throw badRequest(summaryMessages.otherPatient);
  await assertPatientVisible(sql, currentUser(c), patientName);
  const row = { id, ...fields, patient_name: patientName };
  const [created] = await sql`INSERT INTO conversation_summaries ${sql(row)}
    ON CONFLICT (id) DO NOTHING RETURNING *`;
  if (!created) throw conflict(summaryMessages.exists);
  return c.json(toSummary(created), 201);
});

summariesRoutes.get("/conversation-summaries/:id", requireUser, async (c) => {
  return c.json(toSummary(await visibleSummary(c, c.get("deps").sql)));
});

summariesRoutes.patch("/conversation-summaries/:id", requireUser, async (c) => {
  const { sql } = c.get("deps");
  const changes = await jsonBody(c, SummaryChanges);
  const updated = await sql.begin(async (tx) => {
    const db = tx as unknown as Sql;
    const current = await visibleSummary(c, db, true);
    assertVersion(c, toSummary(current));
    if (changes.patient_name && changes.patient_name !== current.patient_name) {
      await assertPatientVisible(db, currentUser(c), changes.patient_name);
    }
    if (Object.keys(changes).length === 0) return current;
    const [row] = await db`UPDATE conversation_summaries SET ${db(changes)} WHERE id = ${current.id} RETURNING *`;
    return row;
  });
  return c.json(toSummary(updated as Record<string, unknown>));
});

summariesRoutes.delete("/conversation-summaries/:id", requireUser, requireAdmin, async (c) => {
  const { sql } = c.get("deps");
  const [row] = await sql`DELETE FROM conversation_summaries WHERE id = ${c.req.param("id")} RETURNING id`;
  if (!row) throw notFound(messages.summaries.notFound);
  return c.json({ id: row.id, message: messages.summaries.deleted });
});
