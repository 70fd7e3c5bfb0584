import type postgres from "postgres";
import type { SessionUser } from "../auth/sessions.ts";
import type { Sql } from "../db/connect.ts";

type Fragment = postgres.PendingQuery<postgres.Row[]>;

/** The answer of the check: its snapshot and that snapshot's xmin, and per stream of the pull whether it may have something. */
export interface Changed {
  /** pg_current_snapshot() as text: the same text later means nothing committed or began since (see quiet.ts). */
  snapshot: string;
  xmin: string;
  /** In the order of the pull's streams: patients, homework, messages, summaries, prompts, clinicians, removals, moved away. */
  streams: boolean[];
}

/**
 * Which streams of a delta pull may have something for this user since `from`, as columns of one
 * statement (one snapshot, no transaction), with that snapshot's xmin. `userId` is the user's id, or
 * the column that holds it when the check rides along with the session lookup (see
 * routes/sync.ts: a pull with nothing new is then that one statement).
 *
 * Each answer is one probe of the stream's (txid, …) index: `(SELECT txid … WHERE txid >= from
 * ORDER BY txid LIMIT 1) IS NOT NULL` stops at the first row written since the cursor that is in the
 * user's scope, so with nothing new it reads no row at all, and otherwise as many rows as were written
 * since the cursor outside the scope (what other clinicians changed in the last seconds). The ORDER
 * BY … LIMIT 1 form (not EXISTS, which drops both) keeps the probe on that index also in the generic
 * plan postgres.js's prepared statement gets after a few runs, where `txid >= $1` is a blind guess.
 *
 * Why not a per-scope "last change" table kept by triggers: every writing transaction would have to
 * update its clinician's row and hold that row lock until it commits, so writes to one caseload (the
 * agent's intake, a clinician's edits, bulk deletes) would queue behind each other and could deadlock
 * across scopes, and the table's txid would need the same out-of-order care as the rows. The probes
 * cost no write and read the very indexes the pull pages by; measured with `bench -- pull-load`.
 *
 * The answers may say "maybe" for nothing (a tombstone or a clinician's rename the user will not be
 * sent), never "nothing" for something: each is the stream's own condition or a wider one.
 */
export function changeColumns(sql: Sql, role: SessionUser["role"], userId: string | Fragment, from: string) {
  const since = (table: string, scope = sql`TRUE`, join = sql``) =>
    sql`(SELECT t.txid FROM ${sql(table)} t ${join} WHERE t.txid >= ${from}::xid8 AND ${scope}
      ORDER BY t.txid LIMIT 1) IS NOT NULL`;
  const admin = role === "admin";
  const mine = admin ? sql`TRUE` : sql`p.clinician_id = ${userId}`;
  const ofMyPatients = (table: string) =>
    admin ? since(table) : since(table, mine, sql`JOIN patients p ON p.username = t.patient_name`);
  return sql`${snapshotColumns(sql)},
    ${since("patients", admin ? sql`TRUE` : sql`t.clinician_id = ${userId}`)} AS changed_patients,
    ${ofMyPatients("homework")} AS changed_homework,
    ${ofMyPatients("conversation_messages")} AS changed_messages,
    ${ofMyPatients("conversation_summaries")} AS changed_summaries,
    ${since("prompts")} AS changed_prompts,
    ${since("user_clinician")} AS changed_clinicians,
    ${since("sync_removed")} AS changed_removed,
    ${admin ? sql`FALSE` : since("patient_reassignments", sql`t.old_clinician_id = ${userId}`)} AS changed_moved_away`;
}

/** The check's snapshot alone, for a pull that may not need the check (quiet.ts). */
export function snapshotColumns(sql: Sql) {
  return sql`pg_current_snapshot()::text AS changed_snapshot, pg_snapshot_xmin(pg_current_snapshot())::text AS changed_xmin`;
}

/** The check's answer from a row holding changeColumns. */
export function readChanged(row: postgres.Row, role: SessionUser["role"]): Changed {
  // A patient that came to this clinician brings all its rows, however old: its move (a new txid on
  // the patient) is what opens the child streams then.
  const arrived = Boolean(row.changed_patients) && role !== "admin";
  return {
    snapshot: row.changed_snapshot as string,
    xmin: row.changed_xmin as string,
    streams: [
      row.changed_patients,
      row.changed_homework || arrived,
      row.changed_messages || arrived,
      row.changed_summaries || arrived,
      row.changed_prompts,
      row.changed_clinicians,
      row.changed_removed,
      row.changed_moved_away,
    ].map(Boolean),
  };
}

/** The check on its own, for a pull whose session was loaded without it. */
export async function changedStreams(sql: Sql, user: SessionUser, from: string): Promise<Changed> {
  const [row] = await sql`SELECT ${changeColumns(sql, user.role, user.id, from)}`;
  return readChanged(row, user.role);
}
