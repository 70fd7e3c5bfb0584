import { FIRST_SYNC_ORDER, type PullProgress, type SyncedTable } from "../../schema/rows.ts";
import type { Cursor } from "./cursor.ts";
import { type Item, messageFor, type PullContext, patientScope, type Stream, streamOf, visible } from "./streams.ts";

/**
 * Messages newest first, by (timestamp, id) descending: the conversations a clinician opens first
 * arrive first. The position's time is the JSON form of the timestamptz (ISO with its offset), so
 * it reads back exactly whatever the server's DateStyle.
 */
const messagesNewestFirst: Stream = async (ctx, position, limit) => {
  const { tx } = ctx;
  const [at, id] = position ?? [];
  const rows = await tx`
    SELECT *, txid::text AS sync_txid, to_json(timestamp) #>> '{}' AS sync_at FROM conversation_messages
    WHERE ${visible(ctx, "patient_name")}
      AND ${at === undefined ? tx`TRUE` : tx`(timestamp, id) < (${at}::timestamptz, ${id ?? ""})`}
    ORDER BY timestamp DESC, id DESC LIMIT ${limit}`;
  return rows.map((row) => ({
    at: [row.sync_at as string, row.id as string],
    txid: row.sync_txid as string,
    weight: 1,
    change: { table: "conversation_messages", row: messageFor(row, ctx) },
  }));
};

/** What a clinician needs first (FIRST_SYNC_ORDER): the caseload with its homework and safety flags, then conversations. */
const PHASES: { table: SyncedTable; stream: Stream }[] = FIRST_SYNC_ORDER.map((table) => ({
  table,
  stream: table === "conversation_messages" ? messagesNewestFirst : streamOf[table],
}));

/** A pull without a cursor starts the first sync; its cursor carries `f` until the pass ends. */
export const isFirstSync = (cursor: Cursor) => cursor.f !== undefined || (cursor.x === "0" && !cursor.n && !cursor.a);

/** Row counts of every phase in this snapshot: the progress answer's totals (an estimate: rows keep changing). */
async function countPhases(ctx: PullContext): Promise<number[]> {
  const { tx } = ctx;
  const child = (table: string) =>
    tx`SELECT count(*)::int AS n FROM ${tx(table)} WHERE ${visible(ctx, "patient_name")}`;
  const counts = await Promise.all([
    tx`SELECT count(*)::int AS n FROM patients WHERE ${patientScope(ctx)}`,
    child("homework"),
    child("conversation_summaries"),
    tx`SELECT count(*)::int AS n FROM prompts`,
    tx`SELECT count(*)::int AS n FROM user_clinician WHERE role <> 'delete'`,
    child("conversation_messages"),
  ]);
  return counts.map(([row]) => row.n as number);
}

interface FirstSyncPage {
  items: Item[];
  /** The cursor of the next page, or null when the pass is over. */
  next: Cursor | null;
  progress: PullProgress;
}

/**
 * One page of the first sync: the phases in order, each in its own keyset order, from the
 * position in the cursor. `bound` is the xmin of the first page's snapshot: the delta that follows
 * starts there, so later pages leave out rows written since (txid >= bound), which the delta sends
 * anyway. Every row arrives once, unless it changes during the sync.
 */
export async function firstSyncPage(ctx: PullContext, cursor: Cursor, bound: string, limit: number) {
  const totals = cursor.t ?? (await countPhases(ctx));
  let [phase = 0, ...key] = cursor.f ?? [];
  let position: string[] | undefined = key.length ? (key as string[]) : undefined;
  let done = cursor.d ?? 0;
  let room = limit;
  const items: Item[] = [];
  let last = { table: PHASES[Math.min(phase, PHASES.length - 1)].table, done };
  while (phase < PHASES.length && room > 0) {
    const read = await PHASES[phase].stream(ctx, position, room + 1);
    const taken = read.slice(0, room);
    const since = cursor.n === undefined ? null : BigInt(bound);
    items.push(...(since === null ? taken : taken.filter((item) => BigInt(item.txid ?? item.at[0]) < since)));
    room -= taken.length;
    done += taken.length;
    last = { table: PHASES[phase].table, done };
    if (read.length > taken.length) {
      position = taken.at(-1)?.at;
      break;
    }
    phase += 1;
    position = undefined;
    done = 0;
  }
  const rest = (p: number) => totals.slice(p + 1).reduce((sum, n) => sum + n, 0);
  const progress: PullProgress =
    phase < PHASES.length
      ? {
          table: PHASES[phase].table,
          done,
          total: Math.max(totals[phase] ?? 0, done),
          remaining: Math.max(0, (totals[phase] ?? 0) - done) + rest(phase),
        }
      : { ...last, total: Math.max(last.done, totals[PHASES.length - 1] ?? 0), remaining: 0 };
  const next: Cursor | null =
    phase < PHASES.length
      ? { x: "0", n: bound, f: [phase, ...(position ?? [])] as Cursor["f"], t: totals, d: done, r: ctx.user.role }
      : null;
  return { items, next, progress } satisfies FirstSyncPage;
}
