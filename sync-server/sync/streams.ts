import type { Message, RemovedConversation, SyncedTable } from "../../schema/rows.ts";
import type { SessionUser } from "../auth/sessions.ts";
import type { Tx } from "../db/connect.ts";
import { toClinician, toHomework, toMessage, toPatient, toPrompt, toSummary } from "../rows.ts";

/** What one page of a pull reads, inside one REPEATABLE READ snapshot. */
export interface PullContext {
  tx: Tx;
  user: SessionUser;
  /** The pass's lower bound: rows of transactions with an id >= from. */
  from: string;
  /** A clinician's patients (usernames) in this snapshot; null for an admin, who sees every patient. */
  mine: string[] | null;
  /** Patients that came to this clinician since `from`: all their rows are sent, however old. */
  arrived: string[];
  /** An admin's window: messages older than this come without their text (see messageFor); null for a clinician. */
  heldBackBefore: Date | null;
  /** Whether the device applies `removedConversations` (see removals.ts); an older one does not. */
  removesConversations: boolean;
}

/** One unit of a page: a changed row, or ids to remove; `at` is its keyset position (txid first). */
export interface Item {
  at: string[];
  /** The writing transaction, when `at` does not start with it. */
  txid?: string;
  weight: number;
  change?: { table: SyncedTable; row: unknown };
  removed?: [SyncedTable, string][];
  /** A conversation whose messages go, but those kept (a bulk delete's tombstone). */
  removedConversation?: RemovedConversation;
}

/** A stream reads up to `limit` items after a position, in a stable (txid, key) order. */
export type Stream = (ctx: PullContext, after: string[] | undefined, limit: number) => Promise<Item[]>;

export const isAdmin = (user: SessionUser) => user.role === "admin";

/** The keyset condition "(columns) > (position)", txid first; columns are 2 or 3 long. */
export function after(tx: Tx, columns: string[], position: string[] | undefined) {
  if (!position) return tx`TRUE`;
  const [txid, first = "", second = ""] = position;
  const [c0, c1, c2] = columns.map((column) => tx(column));
  return c2 === undefined
    ? tx`(${c0}, ${c1}) > (${txid}::xid8, ${first})`
    : tx`(${c0}, ${c1}, ${c2}) > (${txid}::xid8, ${first}, ${second})`;
}

export const patientScope = ({ tx, user }: PullContext, column = "clinician_id") =>
  isAdmin(user) ? tx`TRUE` : tx`${tx(column)} = ${user.id}`;

/**
 * A condition on a patient-name column: the patients this user sees. The names
 * go in as one array parameter rather than a subquery, so the planner walks
 * the (txid, id) index in order and stops at the page's LIMIT.
 */
export const visible = ({ tx, mine }: PullContext, column: string) =>
  mine === null ? tx`TRUE` : tx`${tx(column)} = ANY(${mine}::text[])`;

const changeOf = (table: SyncedTable, row: Record<string, unknown>, toRow: (r: any) => unknown): Item => ({
  at: [row.sync_txid as string, row.id as string],
  weight: 1,
  change: { table, row: toRow(row) },
});

/**
 * A message as this user's device keeps it. Admins work online on desktops: their devices keep the
 * text of the last ADMIN_MESSAGE_WINDOW_DAYS only, older messages come marked `held_back` without it
 * (the conversation lists, counts and ids stay whole) and are read from the server when opened.
 */
export function messageFor(row: Record<string, unknown>, ctx: PullContext): Message {
  const message = toMessage(row);
  const { heldBackBefore } = ctx;
  if (heldBackBefore === null || (row.timestamp as Date) >= heldBackBefore) return message;
  return { ...message, data: null, held_back: true };
}

const patients: Stream = async (ctx, position, limit) => {
  const { tx, from } = ctx;
  const rows = await tx`
    SELECT p.*, p.txid::text AS sync_txid, NULLIF(btrim(concat_ws(' ', u.first_name, u.last_name)), '') AS clinician_name
    FROM patients p LEFT JOIN user_clinician u ON u.id = p.clinician_id
    WHERE p.txid >= ${from}::xid8 AND ${patientScope(ctx, "p.clinician_id")} AND ${after(tx, ["p.txid", "p.id"], position)}
    ORDER BY p.txid, p.id LIMIT ${limit}`;
  return rows.map((row) => changeOf("patients", row, toPatient));
};

/**
 * Homework, messages and summaries of the patients this user sees, changed
 * since `from`; plus every row of a patient that just came to this clinician,
 * read by patient name (its own index) and merged in the same order.
 */
function childStream(
  table: "homework" | "conversation_messages" | "conversation_summaries",
  toRow: (r: any, ctx: PullContext) => unknown,
) {
  const stream: Stream = async (ctx, position, limit) => {
    const { tx, from, arrived } = ctx;
    const page = (where: ReturnType<Tx>) => tx`
      SELECT *, txid::text AS sync_txid FROM ${tx(table)}
      WHERE ${where} AND ${after(tx, ["txid", "id"], position)}
      ORDER BY txid, id LIMIT ${limit}`;
    const changed = page(tx`txid >= ${from}::xid8 AND ${visible(ctx, "patient_name")}`);
    const rows = arrived.length
      ? await tx`SELECT * FROM ((${changed}) UNION (${page(tx`patient_name = ANY(${arrived}::text[])`)})) AS u
          ORDER BY txid, id LIMIT ${limit}`
      : await changed;
    return rows.map((row) => changeOf(table, row, (r) => toRow(r, ctx)));
  };
  return stream;
}

const prompts: Stream = async ({ tx, from }, position, limit) => {
  const rows = await tx`
    SELECT *, txid::text AS sync_txid FROM prompts
    WHERE txid >= ${from}::xid8 AND ${after(tx, ["txid", "id"], position)}
    ORDER BY txid, id LIMIT ${limit}`;
  return rows.map((row) => changeOf("prompts", row, toPrompt));
};

/** Names and role only, never the e-mail; a user deleted (role "delete") is removed from every device. */
const clinicians: Stream = async ({ tx, from }, position, limit) => {
  const rows = await tx`
    SELECT id, version, updated_at, first_name, last_name, role, txid::text AS sync_txid FROM user_clinician
    WHERE txid >= ${from}::xid8 AND ${after(tx, ["txid", "id"], position)}
    ORDER BY txid, id LIMIT ${limit}`;
  return rows.map((row) =>
    row.role === "delete"
      ? { at: [row.sync_txid, row.id], weight: 1, removed: [["clinicians", row.id as string]] }
      : changeOf("clinicians", row, toClinician),
  );
};

/** Each synced table's stream in (txid, id) order. */
export const streamOf = {
  patients,
  homework: childStream("homework", toHomework),
  conversation_messages: childStream("conversation_messages", messageFor),
  conversation_summaries: childStream("conversation_summaries", toSummary),
  prompts,
  clinicians,
} satisfies Record<SyncedTable, Stream>;

export const streams: Stream[] = [
  streamOf.patients,
  streamOf.homework,
  streamOf.conversation_messages,
  streamOf.conversation_summaries,
  streamOf.prompts,
  streamOf.clinicians,
];
