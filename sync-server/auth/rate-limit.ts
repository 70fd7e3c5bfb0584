import type { PendingQuery, Row } from "postgres";
import type { Config } from "../config.ts";
import type { Sql, Tx } from "../db/connect.ts";

export type AttemptKind = "login" | "register";

/** A reserved attempt (settle it with its outcome), or the seconds to wait before the next one. */
export type Reservation = { id: string } | { retryAfter: number };

// Advisory-lock namespaces (the two-key form), so a username and an IP never share a lock.
const USERNAME_LOCK = 10_501;
const IP_LOCK = 10_502;

/**
 * Counts and decides in one transaction, before any password is checked: under advisory locks on
 * the username and the IP, the attempts in the window are counted and, when under every limit, this
 * one is stored as 'pending' (it counts as a failure until it succeeds). Concurrent attempts, from
 * any server process, queue on the locks, so no more than the limit ever reach the password check.
 *
 * Sign-in limits: `loginMaxFailures` per username from one IP (a guesser cannot lock the owner out
 * from elsewhere), `loginMaxFailuresPerUsername` per username from anywhere, `loginMaxFailuresPerIp`
 * per IP over all usernames and failed registrations. A successful sign-in starts its username's
 * counts afresh; refused (429) attempts are not counted, so waiting always unlocks.
 */
export async function reserveAttempt(
  sql: Sql,
  config: Config,
  now: Date,
  kind: AttemptKind,
  typedUsername: string,
  ip: string | null,
): Promise<Reservation> {
  const username = typedUsername.toLowerCase();
  const since = new Date(now.getTime() - config.loginWindowMs);
  return sql.begin(async (tx) => {
    if (kind === "login") await tx`SELECT pg_advisory_xact_lock(${USERNAME_LOCK}, hashtext(${username}))`;
    if (ip !== null) await tx`SELECT pg_advisory_xact_lock(${IP_LOCK}, hashtext(${ip}))`;

    const sinceSignIn = tx`username = ${username} AND kind = 'login' AND attempted_at > coalesce(
      (SELECT max(attempted_at) FROM auth_attempts
       WHERE username = ${username} AND kind = 'login' AND outcome = 'succeeded'), '-infinity')`;
    const limits: [PendingQuery<Row[]>, number][] = [];
    if (kind === "login") {
      limits.push([tx`${sinceSignIn} AND ip_address IS NOT DISTINCT FROM ${ip}`, config.loginMaxFailures]);
      limits.push([sinceSignIn, config.loginMaxFailuresPerUsername]);
    }
    if (ip !== null) limits.push([tx`ip_address = ${ip}`, config.loginMaxFailuresPerIp]);

    let unlockAt = Number.NEGATIVE_INFINITY;
    for (const [where, max] of limits) {
      unlockAt = Math.max(unlockAt, await unlockTime(tx, where, max, since, config.loginWindowMs));
    }
    if (unlockAt > now.getTime()) return { retryAfter: Math.max(1, Math.ceil((unlockAt - now.getTime()) / 1000)) };

    // Old attempts no longer count; SKIP LOCKED keeps concurrent pruning from waiting on each other.
    await tx`DELETE FROM auth_attempts WHERE id IN (
      SELECT id FROM auth_attempts WHERE attempted_at <= ${since} LIMIT 1000 FOR UPDATE SKIP LOCKED)`;
    const [row] = await tx`INSERT INTO auth_attempts (kind, username, ip_address, attempted_at)
      VALUES (${kind}, ${username}, ${ip}, ${now}) RETURNING id::text`;
    return { id: row?.id as string };
  });
}

/**
 * When the attempts matching `where` fall back under `max`: the max-th newest unsuccessful one in
 * the window leaves it then. -Infinity when they are under the limit already.
 */
async function unlockTime(tx: Tx, where: PendingQuery<Row[]>, max: number, since: Date, windowMs: number) {
  const [row] = await tx`SELECT attempted_at FROM auth_attempts
    WHERE ${where} AND outcome <> 'succeeded' AND attempted_at > ${since}
    ORDER BY attempted_at DESC OFFSET ${max - 1} LIMIT 1`;
  return row ? (row.attempted_at as Date).getTime() + windowMs : Number.NEGATIVE_INFINITY;
}

/** Records how a reserved attempt ended; a failure keeps counting, a success starts afresh. */
export async function settleAttempt(sql: Sql, id: string, succeeded: boolean) {
  await sql`UPDATE auth_attempts SET outcome = ${succeeded ? "succeeded" : "failed"} WHERE id = ${id}`;
}

/** How many failed sign-ins the activity log holds for the user since their last sign-in. */
export async function failedSignInsSinceLastSignIn(sql: Sql, userId: string): Promise<number> {
  const [row] = await sql`SELECT count(*)::int AS n FROM user_activity
    WHERE user_id = ${userId} AND activity_type = 'login_failed' AND timestamp > coalesce(
      (SELECT max(timestamp) FROM user_activity WHERE user_id = ${userId} AND activity_type = 'login'), '-infinity')`;
  return (row?.n as number) ?? 0;
}
