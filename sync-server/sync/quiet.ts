import type postgres from "postgres";
import type { SessionUser } from "../auth/sessions.ts";
import type { Sql } from "../db/connect.ts";
import { type Changed, changeColumns, changedStreams, readChanged, snapshotColumns } from "./changed.ts";

/**
 * The sessions whose last delta pull answered "nothing new", with the database snapshot that check
 * saw (pg_current_snapshot() as text). A session that pulls again with the cursor it was given reads
 * only the current snapshot with its session lookup: when the text is the same, no transaction has
 * committed or even begun since, so the check would answer the same and is not run. Any write (a
 * route of this server, the seed or another script, another server on the same PostgreSQL) changes
 * the snapshot, and the next pull checks afresh: nothing is stale for a while, and no write route has
 * to report its changes. The session itself is checked on every pull as before.
 *
 * Why: devices poll all day, almost always for nothing, and the check's eight probes cost several
 * times the session lookup on the embedded database (bench -- pull-load). A write anywhere in the
 * database starts every session over (one full check each), which a poll of every few seconds
 * can afford.
 */
class QuietPulls {
  private snapshot = "";
  /** Session id → "role:cursor" it was answered with at `snapshot`. */
  private readonly answered = new Map<string, string>();

  /** The snapshot this session's pull from `from` was answered "nothing new" in, if still remembered. */
  snapshotOf(sessionId: string, role: SessionUser["role"], from: string) {
    return this.answered.get(sessionId) === `${role}:${from}` ? this.snapshot : undefined;
  }

  remember(sessionId: string, role: SessionUser["role"], changed: Changed) {
    // Older snapshots are forgotten: only the newest one can still be the database's current one.
    if (changed.snapshot !== this.snapshot) {
      this.snapshot = changed.snapshot;
      this.answered.clear();
    }
    this.answered.set(sessionId, `${role}:${changed.xmin}`);
  }
}

/** One memory per database handle, as the snapshots are that database's. */
const quietPullsOf = new WeakMap<Sql, QuietPulls>();

/**
 * The check of a delta pull from `from` for the role its cursor names, read in the session lookup's
 * statement (routes/sync.ts): `columns` goes into that statement, `answer` reads the check once the
 * session is valid and its user has that role.
 */
export function deltaCheck(sql: Sql, role: SessionUser["role"], from: string) {
  let quiet = quietPullsOf.get(sql);
  if (!quiet) {
    quiet = new QuietPulls();
    quietPullsOf.set(sql, quiet);
  }
  const memory = quiet;
  let sessionId = "";
  let quietAt: string | undefined;
  return {
    columns(userId: postgres.PendingQuery<postgres.Row[]>, session: string) {
      sessionId = session;
      quietAt = memory.snapshotOf(session, role, from);
      return quietAt ? snapshotColumns(sql) : changeColumns(sql, role, userId, from);
    },
    async answer(row: postgres.Row, user: SessionUser): Promise<Changed> {
      let changed: Changed;
      if (!quietAt) changed = readChanged(row, role);
      // The same snapshot: nothing in any stream, as before.
      else if (row.changed_snapshot === quietAt) changed = { snapshot: quietAt, xmin: row.changed_xmin, streams: [] };
      else changed = await changedStreams(sql, user, from);
      if (!changed.streams.some(Boolean)) memory.remember(sessionId, role, changed);
      return changed;
    },
  };
}
