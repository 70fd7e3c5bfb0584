import { type PullResponse, SYNCED_TABLES } from "../../schema/rows.ts";
import type { SessionUser } from "../auth/sessions.ts";
import type { Sql, Tx } from "../db/connect.ts";
import { badRequest } from "../http/errors.ts";
import { type Changed, changedStreams } from "./changed.ts";
import { type Cursor, encodeCursor, ROLE_CHANGED } from "./cursor.ts";
import { firstSyncPage, isFirstSync } from "./first-sync.ts";
import { movedAway, removals } from "./removals.ts";
import { type Item, isAdmin, type PullContext, type Stream, streamOf, streams } from "./streams.ts";

/** Changed rows first, then deletions, then patients that moved away: later facts come later. */
const ALL_STREAMS: Stream[] = [...streams, removals, movedAway];
/** The streams that filter by the clinician's patients (PullContext.mine/arrived): the others need not read them. */
const BY_PATIENT = new Set<Stream>([
  streamOf.homework,
  streamOf.conversation_messages,
  streamOf.conversation_summaries,
  removals,
]);

/**
 * The start of a delta pass begins with the cheap check of changed.ts. When the cursor names the
 * role it was made for, the check can be asked before the user is known (routes/sync.ts reads it in
 * the session lookup's statement): a role that changed since is refused anyway.
 */
export function deltaCheckOf(cursor: Cursor) {
  return !isFirstSync(cursor) && !cursor.n && cursor.r ? { role: cursor.r, from: cursor.x } : undefined;
}

/**
 * One page of the pull, read in one REPEATABLE READ snapshot so the page is
 * consistent. Rows carry the id of the transaction that last wrote them
 * (txid); a row read here is by definition visible in this snapshot, so
 * "txid >= from" is all the cursor needs (see cursor.ts for why it never skips
 * a late commit). Re-sent rows are harmless: devices keep the higher version.
 */
export async function pullPage(
  sql: Sql,
  user: SessionUser,
  cursor: Cursor,
  limit: number,
  /** For an admin: messages older than this come without their text (see streams.ts messageFor). */
  heldBackBefore: Date | null = null,
  /** The check of deltaCheckOf(cursor), when it was already read with the session. */
  checked?: Changed,
  /** Whether the device applies `removedConversations` (removals.ts). */
  removesConversations = true,
): Promise<PullResponse> {
  if (cursor.r && cursor.r !== user.role) throw badRequest(ROLE_CHANGED);
  const response: PullResponse = {
    cursor: "",
    hasMore: false,
    changes: Object.fromEntries(SYNCED_TABLES.map((t) => [t, []])),
    removed: Object.fromEntries(SYNCED_TABLES.map((t) => [t, []])),
  };
  // The start of a delta pass asks first which streams have anything (one statement, see changed.ts,
  // or none more when it came with the session).
  // Nothing: the answer is that snapshot's xmin, as the pass would have given. Something: the pass
  // reads only those streams, in a later snapshot, and ends at the check's xmin all the same, so a
  // row a skipped stream got after the check (its txid is at least that xmin) comes with the next pass.
  let open: boolean[] | undefined;
  let checkedXmin: string | undefined;
  if (!isFirstSync(cursor) && !cursor.n) {
    const changed = checked ?? (await changedStreams(sql, user, cursor.x));
    if (!changed.streams.some(Boolean)) {
      response.cursor = encodeCursor({ x: changed.xmin, r: user.role });
      return response;
    }
    open = changed.streams;
    checkedXmin = changed.xmin;
  }
  return sql.begin("ISOLATION LEVEL REPEATABLE READ READ ONLY", async (tx) => {
    const next =
      cursor.n ??
      checkedXmin ??
      ((await tx`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`)[0].xmin as string);
    const needsPatients = !open || ALL_STREAMS.some((stream, s) => open[s] && BY_PATIENT.has(stream));
    const ctx: PullContext = {
      tx,
      user,
      from: cursor.x,
      heldBackBefore: isAdmin(user) ? heldBackBefore : null,
      removesConversations,
      ...(needsPatients ? await patientsOfUser(tx, user, cursor.x) : { mine: [], arrived: [] }),
    };
    if (isFirstSync(cursor)) {
      const page = await firstSyncPage(ctx, cursor, next, limit);
      for (const item of page.items) add(response, item);
      response.progress = page.progress;
      // A pass read in one snapshot holds everything up to its xmin; one that paged over several
      // snapshots is followed by the delta from the first one, for what changed meanwhile.
      response.hasMore = page.next !== null || cursor.n !== undefined;
      response.cursor = encodeCursor(page.next ?? { x: next, r: user.role });
      return response;
    }

    let remaining = limit;
    let position = cursor.a;
    const first = cursor.a?.[0] ?? 0;
    for (let s = first; s < ALL_STREAMS.length && !response.hasMore; s++) {
      if (open && !open[s]) continue;
      const start = s === cursor.a?.[0] ? (cursor.a.slice(1) as string[]) : undefined;
      const items = await ALL_STREAMS[s](ctx, start, remaining + 1);
      let taken = 0;
      for (const item of items) {
        if (remaining <= 0) break;
        add(response, item);
        remaining -= item.weight;
        position = [s, ...item.at] as Cursor["a"];
        taken++;
      }
      if (taken < items.length || (remaining <= 0 && s < ALL_STREAMS.length - 1)) response.hasMore = true;
    }

    for (const table of SYNCED_TABLES) response.removed[table] = [...new Set(response.removed[table])];
    response.cursor = encodeCursor(
      response.hasMore && position ? { x: cursor.x, n: next, a: position, r: user.role } : { x: next, r: user.role },
    );
    return response;
  });
}

function add(response: PullResponse, item: Item) {
  if (item.change) (response.changes[item.change.table] as unknown[]).push(item.change.row);
  for (const [table, id] of item.removed ?? []) response.removed[table]?.push(id);
  if (item.removedConversation) {
    response.removedConversations ??= [];
    response.removedConversations.push(item.removedConversation);
  }
}

/** A clinician's patients now, and those of them that came to them since `from`. */
async function patientsOfUser(tx: Tx, user: SessionUser, from: string) {
  if (isAdmin(user)) return { mine: null, arrived: [] };
  const rows = await tx`
    SELECT p.username, ${from} <> '0' AND EXISTS (SELECT 1 FROM patient_reassignments r
      WHERE r.patient_id = p.id AND r.txid >= ${from}::xid8) AS arrived
    FROM patients p WHERE p.clinician_id = ${user.id}`;
  return {
    mine: rows.map((r) => r.username as string),
    arrived: rows.filter((r) => r.arrived).map((r) => r.username as string),
  };
}
