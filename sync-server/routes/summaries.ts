import type { Context } from "hono";
import { Hono } from "hono";
import { messages } from "../../schema/messages.ts";
import {
  SafetyReview,
  SummaryChanges,
  SummaryCreate,
  SummaryListQuery,
  summaryMessages,
} from "../../schema/summary.ts";
import type { Db } from "../db/connect.ts";
import type { AppEnv } from "../env.ts";
import { badRequest, check, conflict, jsonBody, notFound } from "../http/errors.ts";
import { currentUser, requireAdmin, requireUser } from "../http/session.ts";
import { assertVersion } from "../http/versions.ts";
import { toSummary } from "../rows.ts";
import { canSeePatient, conversationPatient, patientsOf } from "../scope.ts";

export const summariesRoutes = new Hono<AppEnv>();

/** A summary the user may see, or 404 alike for one that does not exist and one of another clinician's patient. */
async function visibleSummary(c: Context<AppEnv>, sql: Db, lock = false) {
  const id = c.req.param("id") ?? "";
  const [row] = lock
    ? await sql`SELECT * FROM conversation_summaries WHERE id = ${id} FOR UPDATE`
    : await sql`SELECT * FROM conversation_summaries WHERE id = ${id}`;
  const user = currentUser(c);
  const visible =
    row && (user.role === "admin" || (row.patient_name && (await canSeePatient(sql, user, row.patient_name))));
  if (!visible) throw notFound(messages.summaries.notFound);
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
  // The summary's patient is its conversation's: a conversation without messages has none to give.
  const patientName = await conversationPatient(sql, id);
  if (!patientName || !(await canSeePatient(sql, currentUser(c), patientName))) {
    throw notFound(summaryMessages.noConversation);
  }
  if (fields.patient_name && fields.patient_name !== patientName) throw badRequest(summaryMessages.otherPatient);
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
    const current = await visibleSummary(c, tx, true);
    assertVersion(c, toSummary(current));
    // The patient comes from the conversation: a summary never moves to another patient by an edit.
    if (changes.patient_name && changes.patient_name !== current.patient_name) {
      throw badRequest(summaryMessages.otherPatient);
    }
    if (Object.keys(changes).length === 0) return current;
    const [row] = await tx`UPDATE conversation_summaries SET ${tx(changes)} WHERE id = ${current.id} RETURNING *`;
    return row;
  });
  return c.json(toSummary(updated as Record<string, unknown>));
});

/**
 * Marks the summary's safety flag reviewed by the caller (its patient's clinician, or an admin), now.
 * The first review stays: marking it again (another clinician, or the outbox sending it twice)
 * answers the row as it is and changes nothing. The reviewer's name is kept as it is now, so the
 * line reads the same after a rename. A review keeps the version (the migration's trigger).
 */
summariesRoutes.post("/conversation-summaries/:id/safety-review", requireUser, async (c) => {
  const { sql, now } = c.get("deps");
  await jsonBody(c, SafetyReview);
  const user = currentUser(c);
  const row = await sql.begin(async (tx) => {
    const current = await visibleSummary(c, tx, true);
    if (!current.is_safetychecker) throw conflict(summaryMessages.notFlagged);
    if (current.safety_reviewed_at) return current;
    const name = [user.first_name.trim(), user.last_name.trim()].filter(Boolean).join(" ") || null;
    const [updated] = await tx`UPDATE conversation_summaries
      SET safety_reviewed_at = ${now()}, safety_reviewed_by = ${user.id}, safety_reviewed_by_name = ${name}
      WHERE id = ${current.id} RETURNING *`;
    return updated;
  });
  return c.json(toSummary(row as Record<string, unknown>));
});

summariesRoutes.delete("/conversation-summaries/:id", requireUser, requireAdmin, async (c) => {
  const { sql } = c.get("deps");
  const [row] = await sql`DELETE FROM conversation_summaries WHERE id = ${c.req.param("id")} RETURNING id`;
  if (!row) throw notFound(messages.summaries.notFound);
  return c.json({ id: row.id, message: messages.summaries.deleted });
});
