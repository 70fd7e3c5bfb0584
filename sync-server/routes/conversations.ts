import { Hono } from "hono";
import type postgres from "postgres";
import { BULK_DELETE, BULK_DELETE_VALUES } from "../../schema/constants.ts";
import {
  type ConversationListItem,
  ConversationQuery,
  conversationMessages,
  DateRangeQuery,
  DryRunQuery,
} from "../../schema/conversation.ts";
import { logActivity } from "../activity.ts";
import type { Db } from "../db/connect.ts";
import type { AppEnv } from "../env.ts";
import { check, conflict, notFound } from "../http/errors.ts";
import { currentUser, requireAdmin, requireUser } from "../http/session.ts";
import { toMessage } from "../rows.ts";
import { patientsOf } from "../scope.ts";
import { REMOVED_CONVERSATIONS } from "../sync/removals.ts";

export const conversationsRoutes = new Hono<AppEnv>();

type Fragment = postgres.PendingQuery<postgres.Row[]>;

/** Joins SQL conditions with AND; no conditions means every row. */
const allOf = (sql: Db, conditions: Fragment[]): Fragment =>
  conditions.reduce((all, one) => sql`${all} AND ${one}`, sql`TRUE`);

/** A search text as a LIKE pattern that matches it literally, anywhere. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

// The spec's client spells the filters both ways.
const ALIASES: Record<string, string> = { conversation_id: "conversationId", patient_name: "patientName" };

/** The query string without empty values (the PWA sends `startDate=` for a cleared picker), aliases resolved. */
function queryOf(c: { req: { query(): Record<string, string> } }) {
  return Object.fromEntries(
    Object.entries(c.req.query())
      .filter(([, value]) => value !== "")
      .map(([key, value]) => [ALIASES[key] ?? key, value]),
  );
}

conversationsRoutes.get("/conversations", requireUser, async (c) => {
  const { sql } = c.get("deps");
  const q = check(ConversationQuery, queryOf(c));
  const conditions = [patientsOf(sql, currentUser(c))];
  if (q.search) conditions.push(sql`data ILIKE ${containsPattern(q.search)}`);
  if (q.conversationId) conditions.push(sql`conversation_id = ${q.conversationId}`);
  if (q.patientName) conditions.push(sql`patient_name = ${q.patientName}`);
  if (q.startDate) conditions.push(sql`timestamp >= ${q.startDate}`);
  if (q.endDate) conditions.push(sql`timestamp <= ${q.endDate}`);
  const rows = await sql`SELECT * FROM conversation_messages WHERE ${allOf(sql, conditions)}
    ORDER BY timestamp DESC, conversation_id, serial_num DESC, id LIMIT ${q.limit}`;
  return c.json(rows.map(toMessage));
});

// The spec's cache key /api/conversations/patients: the usernames of the visible patients who have conversations,
// for the Chat History patient filter. One index probe per patient, not a scan of every message.
conversationsRoutes.get("/conversations/patients", requireUser, async (c) => {
  const { sql } = c.get("deps");
  const rows = await sql`SELECT p.username FROM patients p
    WHERE ${patientsOf(sql, currentUser(c), "p.username")}
      AND EXISTS (SELECT 1 FROM conversation_messages m WHERE m.patient_name = p.username)
    ORDER BY p.username`;
  return c.json(rows.map((r) => r.username as string));
});

// One conversation's messages, oldest first. An admin's device keeps the text of recent messages only
// (ADMIN_MESSAGE_WINDOW_DAYS, sync/streams.ts messageFor) and reads an older conversation here when it is
// opened. A conversation that is unknown or of a patient the user does not see answers 404.
conversationsRoutes.get("/conversations/:conversationId/messages", requireUser, async (c) => {
  const { sql } = c.get("deps");
  const rows = await sql`SELECT * FROM conversation_messages
    WHERE conversation_id = ${c.req.param("conversationId")} AND ${patientsOf(sql, currentUser(c))}
    ORDER BY timestamp, serial_num, id`;
  if (rows.length === 0) throw notFound(conversationMessages.unknownConversation);
  return c.json(rows.map(toMessage));
});

// An unknown or hidden patient answers an empty list, as the spec's list does instead of failing.
conversationsRoutes.get("/conversations/patient/:patientName/conversations", requireUser, async (c) => {
  const { sql } = c.get("deps");
  const range = check(DateRangeQuery, queryOf(c));
  const within = [];
  if (range.startDate) within.push(sql`min(timestamp) >= ${range.startDate}`);
  if (range.endDate) within.push(sql`min(timestamp) <= ${range.endDate}`);
  const rows = await sql`SELECT conversation_id, min(timestamp) AS created_at, count(*)::int AS message_count
    FROM conversation_messages
    WHERE patient_name = ${c.req.param("patientName")} AND ${patientsOf(sql, currentUser(c))}
    GROUP BY conversation_id
    HAVING ${allOf(sql, within)}
    ORDER BY created_at DESC, conversation_id`;
  return c.json(
    rows.map(
      (r): ConversationListItem => ({
        conversation_id: r.conversation_id,
        created_at: (r.created_at as Date).toISOString(),
        message_count: r.message_count,
      }),
    ),
  );
});

/**
 * What a DELETE removes: messages, and when it deletes by patient, the condition on a patient_name
 * column that removes that patient's summaries and prompt pairs too.
 */
interface Deletion {
  messages: Fragment;
  patients?: Fragment;
}

/**
 * The Data Management menu's special values are bulk cleanups; anything else
 * names one patient. Test data is what was stamped at intake (0080), never
 * what today's marks say. Column names are left unqualified so a condition
 * reads the innermost table (messages, summaries and prompt_conversations have patient_name).
 * (Synchronous on purpose: a fragment is thenable, so an async function would run it.)
 */
function deletionOf(sql: Db, target: string, samples: [string, string]): Deletion {
  const byPatient = (condition: Fragment) => ({ messages: condition, patients: condition });
  switch (target) {
    case BULK_DELETE.testData:
      return { messages: sql`is_test` };
    case BULK_DELETE.userData:
      return byPatient(sql`patient_name NOT IN ${sql(samples)}`);
    case BULK_DELETE.samplePatients:
      return byPatient(sql`patient_name IN ${sql(samples)}`);
    default:
      return byPatient(sql`patient_name = ${target}`);
  }
}

// A summary goes with its patient, and with its conversation's last message (a test conversation's).
// The conversations are made distinct first: a bulk delete's messages name each conversation dozens of
// times, and only the distinct set is small enough for the planner to hash; otherwise each summary
// kept by the first condition scanned all the deleted messages (most of delete_user_data's time).
const doomedSummaries = (sql: Db, doomed: Deletion, conversations: Fragment) =>
  sql`conversation_summaries s WHERE (${doomed.patients ?? sql`FALSE`}) IS TRUE OR (s.id IN (SELECT DISTINCT d.conversation_id FROM (${conversations}) d)
    AND NOT EXISTS (SELECT 1 FROM conversation_messages r WHERE r.conversation_id = s.id AND (${doomed.messages}) IS NOT TRUE))`;

/** 404 for an unknown patient; 409 for a patient named like a bulk delete, whose "Delete All" must not run it. */
async function assertTarget(sql: Db, target: string, samples: [string, string]) {
  const bulk = BULK_DELETE_VALUES.includes(target);
  if (bulk || samples.includes(target)) {
    const [patient] = bulk ? await sql`SELECT 1 FROM patients WHERE username = ${target}` : [];
    if (patient) throw conflict(conversationMessages.patientNamedLikeBulkDelete(target));
    return;
  }
  const [patient] = await sql`SELECT 1 FROM patients WHERE username = ${target}`;
  if (!patient) throw notFound(conversationMessages.unknownPatient(target));
}

conversationsRoutes.delete("/conversations/patient/:patientName", requireUser, requireAdmin, async (c) => {
  const { sql, config } = c.get("deps");
  const target = c.req.param("patientName");
  const { dryRun } = check(DryRunQuery, c.req.query());
  await assertTarget(sql, target, config.samplePatients);
  const doomed = deletionOf(sql, target, config.samplePatients);

  if (dryRun === "true" || dryRun === "1") {
    const doomedConversations = sql`SELECT conversation_id FROM conversation_messages WHERE ${doomed.messages}`;
    const [counts] = await sql`SELECT
        (SELECT count(*)::int FROM conversation_messages WHERE ${doomed.messages}) AS count,
        (SELECT count(*)::int FROM ${doomedSummaries(sql, doomed, doomedConversations)}) AS "summaryCount"`;
    return c.json({ count: counts?.count ?? 0, summaryCount: counts?.summaryCount ?? 0 });
  }

  const user = currentUser(c);
  const result = await sql.begin(async (tx) => {
    // A bulk delete is one statement over up to a million rows: JIT, chosen for its huge estimates,
    // compiles for about a second and saves nothing here (`npm run bench -- bulk-delete`).
    await tx`SELECT set_config('jit', 'off', true)`;
    // The tombstones and prompt_conversations are done here, set-based, and the row triggers on
    // conversation_messages skip this transaction's deletes (0180, 0190).
    await tx`SELECT set_config('stepwise.messages_deleted_by_route', 'on', true)`;
    // One statement: every part sees the messages as they were, so "no message left" is exact.
    // One tombstone per conversation, not per message: a device drops the conversation's messages
    // but those the server still has (sync/removals.ts), and a bulk delete writes tens of thousands
    // of tombstones instead of a million. The conversations and the count come from reading the
    // doomed messages, not from the DELETE's RETURNING: that fetched each deleted row again and
    // spilled a million of them to a temporary file (`npm run bench -- bulk-delete`). Both read the
    // same snapshot; the count differs only if another transaction deletes the same rows meanwhile.
    const [counts] = await tx`WITH conversations AS (
        SELECT conversation_id, patient_name, count(*) AS messages FROM conversation_messages
        WHERE ${doomed.messages} GROUP BY conversation_id, patient_name
      ), gone AS (
        DELETE FROM conversation_messages WHERE ${doomed.messages}
      ), removed AS (
        INSERT INTO sync_removed (table_name, row_id, patient_name, clinician_id)
        SELECT ${REMOVED_CONVERSATIONS}, conversation_id, patient_name, NULL FROM conversations
      ), emptied AS (
        DELETE FROM ${doomedSummaries(tx, doomed, tx`SELECT conversation_id FROM conversations`)} RETURNING s.id
      ), pruned AS (
        DELETE FROM prompt_conversations WHERE (${doomed.patients ?? tx`FALSE`}) IS TRUE
      )
      SELECT (SELECT coalesce(sum(messages), 0)::int FROM conversations) AS "deletedCount",
        (SELECT count(*)::int FROM emptied) AS "deletedSummaries",
        pg_snapshot_xmin(pg_current_snapshot())::text AS since`;
    // A prompt's conversation leaves its list (prompt_conversations, 0040) once none of that
    // conversation's messages under the prompt is left. A delete by patient leaves none of the
    // patient's messages, so its pairs went in the statement (`pruned`) without a look at a message:
    // probing each pair's messages after the delete read back every deleted row (1.3 s of
    // delete_user_data at --scale 100). A message written meanwhile (after the statement's snapshot)
    // is kept, so the pairs of the messages written since are put back.
    if (doomed.patients) {
      await tx`INSERT INTO prompt_conversations (prompt_id, conversation_id, patient_name)
        SELECT DISTINCT prompt_id, conversation_id, patient_name FROM conversation_messages
        WHERE txid >= ${counts?.since}::xid8 AND prompt_id IS NOT NULL
        ON CONFLICT DO NOTHING`;
    } else {
      // Test data leaves a conversation's other messages: its pairs are checked after the delete, only
      // those of the conversations it touched (its tombstones); a sweep of every pair hashed all the
      // messages kept, ~890k after delete_test_data.
      await tx`DELETE FROM prompt_conversations pc USING sync_removed r
        WHERE r.txid = pg_current_xact_id() AND r.table_name = ${REMOVED_CONVERSATIONS} AND pc.conversation_id = r.row_id
          AND NOT EXISTS (SELECT 1 FROM conversation_messages m
            WHERE m.conversation_id = pc.conversation_id AND m.prompt_id = pc.prompt_id AND m.patient_name = pc.patient_name)`;
    }
    const deleted = { deletedCount: counts?.deletedCount ?? 0, deletedSummaries: counts?.deletedSummaries ?? 0 };
    await logActivity(c, "data_delete", user.id, { target, ...deleted }, tx);
    return deleted;
  });
  return c.json(result);
});
