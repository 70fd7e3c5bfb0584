import type { SyncedTable } from "../../schema/rows.ts";
import { badRequest } from "../http/errors.ts";
import { after, isAdmin, type PullContext, patientScope, type Stream, visible } from "./streams.ts";

const CHILD_TABLES = ["homework", "conversation_messages", "conversation_summaries"] as const;

/** sync_removed.table_name of a conversation's tombstone (row_id: the conversation), written by the bulk delete route. */
export const REMOVED_CONVERSATIONS = "conversations";

export const OLDER_DEVICE =
  "Data was deleted in bulk since this device's last sync, and this version of the app cannot apply it. Pull again without a cursor.";

/**
 * Whether a tombstone concerns this user: any prompt; a clinician's own
 * patients (recorded clinician_id); the rows of patients that are theirs now,
 * were deleted from them, or moved away from them since the cursor.
 */
function concernsUser(ctx: PullContext) {
  const { tx, user, from } = ctx;
  if (isAdmin(user)) return tx`TRUE`;
  return tx`(s.table_name = 'prompts'
    OR (s.table_name = 'patients' AND s.clinician_id = ${user.id})
    OR (s.table_name <> 'patients' AND (s.clinician_id = ${user.id} OR ${visible(ctx, "s.patient_name")}
      OR s.patient_name IN (SELECT d.patient_name FROM sync_removed d
        WHERE d.table_name = 'patients' AND d.clinician_id = ${user.id} AND d.txid >= ${from}::xid8)
      OR s.patient_name IN (SELECT r.patient_name FROM patient_reassignments r
        WHERE r.old_clinician_id = ${user.id} AND r.txid >= ${from}::xid8))))`;
}

/** A row deleted and then made again (same id) is alive: never tell a device to drop a row it may see. */
function stillVisible(ctx: PullContext) {
  const { tx } = ctx;
  const child = (table: string) =>
    tx`EXISTS (SELECT 1 FROM ${tx(table)} x WHERE x.id = s.row_id AND ${visible(ctx, "x.patient_name")})`;
  return tx`CASE s.table_name
    WHEN 'patients' THEN EXISTS (SELECT 1 FROM patients x WHERE x.id = s.row_id AND ${patientScope(ctx, "x.clinician_id")})
    WHEN 'homework' THEN ${child("homework")}
    WHEN 'conversation_messages' THEN ${child("conversation_messages")}
    WHEN 'conversation_summaries' THEN ${child("conversation_summaries")}
    WHEN 'prompts' THEN EXISTS (SELECT 1 FROM prompts x WHERE x.id = s.row_id)
    WHEN ${REMOVED_CONVERSATIONS} THEN FALSE
    ELSE TRUE END`;
}

/**
 * A position in the removals: [txid, seq]. One of a cursor made before tombstones had a seq (0160:
 * [txid, table, id]) goes back to the start of its transaction's tombstones: sent again, harmlessly.
 */
const removalPosition = (position: string[] | undefined) =>
  position && (position.length !== 2 || !/^\d{1,18}$/.test(position[1])) ? [position[0], "0"] : position;

/**
 * Deleted rows (sync_removed), in the order they were recorded: (txid, seq). A conversation's
 * tombstone comes with the messages of it the user sees now (a message made again, or one a delete
 * of test data left), which the device keeps; a device that cannot apply it is told to start over.
 */
export const removals: Stream = async (ctx, position, limit) => {
  const { tx, from } = ctx;
  const rows = await tx`
    SELECT s.txid::text AS sync_txid, s.seq::text AS seq, s.table_name, s.row_id,
      CASE WHEN s.table_name = ${REMOVED_CONVERSATIONS} THEN ARRAY(SELECT x.id FROM conversation_messages x
        WHERE x.conversation_id = s.row_id AND ${visible(ctx, "x.patient_name")} ORDER BY x.id) END AS kept
    FROM sync_removed s
    WHERE s.txid >= ${from}::xid8 AND ${after(tx, ["s.txid", "s.seq"], removalPosition(position))}
      AND ${concernsUser(ctx)} AND NOT ${stillVisible(ctx)}
    ORDER BY s.txid, s.seq LIMIT ${limit}`;
  return rows.map((row) => {
    const at = [row.sync_txid as string, row.seq as string];
    if (row.table_name !== REMOVED_CONVERSATIONS) {
      return { at, weight: 1, removed: [[row.table_name as SyncedTable, row.row_id as string]] };
    }
    if (!ctx.removesConversations) throw badRequest(OLDER_DEVICE);
    return { at, weight: 1, removedConversation: { id: row.row_id as string, kept: row.kept as string[] } };
  });
};

/**
 * Patients moved away from this clinician since the cursor (and not back):
 * the patient and all its homework, messages and summaries leave their devices.
 */
export const movedAway: Stream = async (ctx, position, limit) => {
  const { tx, user, from } = ctx;
  if (isAdmin(user)) return [];
  const moves = await tx`
    SELECT r.txid::text AS sync_txid, r.patient_id, p.username
    FROM patient_reassignments r LEFT JOIN patients p ON p.id = r.patient_id
    WHERE r.old_clinician_id = ${user.id} AND r.txid >= ${from}::xid8
      AND ${after(tx, ["r.txid", "r.patient_id"], position)}
      AND p.clinician_id IS DISTINCT FROM ${user.id}
    ORDER BY r.txid, r.patient_id LIMIT ${limit}`;
  const items = [];
  for (const move of moves) {
    const removed: [SyncedTable, string][] = [["patients", move.patient_id as string]];
    if (move.username != null) {
      for (const table of CHILD_TABLES) {
        const rows = await tx`SELECT id FROM ${tx(table)} WHERE patient_name = ${move.username as string}`;
        for (const row of rows) removed.push([table, row.id as string]);
      }
    }
    items.push({ at: [move.sync_txid as string, move.patient_id as string], weight: removed.length, removed });
  }
  return items;
};
