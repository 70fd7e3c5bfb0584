import * as v from "valibot";
import { badRequest } from "../http/errors.ts";

/**
 * The pull cursor, opaque to devices (base64url JSON).
 *
 * `x` is the lower bound of this pass: every row written by a transaction with
 * id >= x is (re)sent. Between passes it is the xmin of the snapshot the pass
 * began with: every transaction below it had finished, so a transaction that
 * commits late (out of order) has an id >= x and is picked up by the next pass.
 * While a pass pages, `n` carries that next bound and `a` the position reached:
 * [stream, txid, ...key] in the keyset order of that stream. `r` is the role
 * the cursor was made for: what a user sees depends on it, so a cursor made
 * before a role change is refused and the device starts over.
 *
 * A first sync (no cursor) is a pass of its own, in the order a clinician
 * needs the rows (see first-sync.ts): `f` is its position [phase, ...key],
 * `t` the row count of each phase taken at its start and `d` the rows of the
 * current phase sent so far (for the progress answer). `n` is the xmin of the
 * first page's snapshot; the delta pass from it follows, so nothing committed
 * during the first sync is missed.
 */
const Xid = v.pipe(v.string(), v.regex(/^\d{1,20}$/));
const Position = v.pipe(
  v.tupleWithRest(
    [v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(7)), Xid],
    v.pipe(v.string(), v.maxLength(400)),
  ),
  v.maxLength(4),
);
const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** The last phase (messages) is keyed by the time's JSON form, the others by txid; a bad key never reaches SQL. */
const MESSAGES_PHASE = 5;
const Time = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d:\d\d(:\d\d)?|Z)$/;
const Phase = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MESSAGES_PHASE));
const FirstPosition = v.pipe(
  v.union([
    v.strictTuple([Phase]),
    v.strictTuple([Phase, v.pipe(v.string(), v.maxLength(40)), v.pipe(v.string(), v.maxLength(400))]),
  ]),
  v.check(([phase, key]) => key === undefined || (phase === MESSAGES_PHASE ? Time : /^\d{1,20}$/).test(key)),
);
const CursorSchema = v.strictObject({
  x: Xid,
  n: v.optional(Xid),
  a: v.optional(Position),
  f: v.optional(FirstPosition),
  t: v.optional(v.pipe(v.array(Count), v.maxLength(8))),
  d: v.optional(Count),
  r: v.optional(v.picklist(["admin", "clinician"])),
});

export type Cursor = v.InferOutput<typeof CursorSchema>;

const BAD_CURSOR = "The sync cursor is not valid. Pull again without a cursor.";
export const ROLE_CHANGED = "Your role changed since the last sync. Pull again without a cursor.";
const BAD_LIMIT = "The sync limit must be a whole number of at least 1.";
const DEFAULT_LIMIT = 1000;
export const MAX_LIMIT = 5000;

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

/** An empty or missing cursor means everything: every transaction id is >= 0. */
export function decodeCursor(text: string | undefined): Cursor {
  if (!text) return { x: "0" };
  if (text.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(text)) throw badRequest(BAD_CURSOR);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw badRequest(BAD_CURSOR);
  }
  const result = v.safeParse(CursorSchema, parsed);
  if (!result.success) throw badRequest(BAD_CURSOR);
  return result.output;
}

export function parseLimit(text: string | undefined): number {
  if (text === undefined || text === "") return DEFAULT_LIMIT;
  const limit = Number(text);
  if (!Number.isInteger(limit) || limit < 1) throw badRequest(BAD_LIMIT);
  return Math.min(limit, MAX_LIMIT);
}
