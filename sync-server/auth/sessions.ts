import type postgres from "postgres";
import type { Sql } from "../db/connect.ts";
import { randomToken, sameBytes, sha256Bytes } from "./tokens.ts";

export interface SessionUser {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  role: "admin" | "clinician";
  must_change_password: boolean;
}

export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
}

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
  now: () => Date;
}

// Sliding renewal writes at most once a minute per session.
const TOUCH_EVERY_MS = 60_000;

/**
 * A session token is `<id>.<secret>`; the database keeps the id and only the
 * SHA-256 of the secret, compared in constant time (the Lucia guide's design).
 */
export async function createSession(sql: Sql, userId: string, policy: SessionPolicy) {
  const id = randomToken();
  const secret = randomToken();
  const now = policy.now();
  const expiresAt = new Date(now.getTime() + policy.maxMs);
  await sql`INSERT INTO sessions (id, secret_hash, user_id, created_at, last_active_at, expires_at)
    VALUES (${id}, ${sha256Bytes(secret)}, ${userId}, ${now}, ${now}, ${expiresAt})`;
  return { token: `${id}.${secret}`, session: { id, userId, expiresAt } satisfies Session };
}

/**
 * The session and its user, or null. `alsoRead` adds columns to the same statement (given the
 * column that holds the user's id, and the session's id), so a request whose first read depends only
 * on the user does not wait for a second round trip; its values are in `row`, to be used only when
 * the session is valid.
 */
export async function validateSession(
  sql: Sql,
  token: string,
  policy: SessionPolicy,
  alsoRead?: (
    userId: postgres.PendingQuery<postgres.Row[]>,
    sessionId: string,
  ) => postgres.PendingQuery<postgres.Row[]>,
): Promise<{ session: Session; user: SessionUser; row: postgres.Row } | null> {
  const [id, secret, extra] = token.split(".");
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  const [row] = await sql`
    SELECT s.id, s.secret_hash, s.user_id, s.last_active_at, s.expires_at,
           u.username, u.first_name, u.last_name, u.role, u.must_change_password
           ${alsoRead ? sql`, ${alsoRead(sql`s.user_id`, id)}` : sql``}
    FROM sessions s JOIN user_clinician u ON u.id = s.user_id
    WHERE s.id = ${id}`;
  if (!row) return null;
  if (!sameBytes(sha256Bytes(secret), new Uint8Array(row.secret_hash as Buffer))) return null;
  const now = policy.now().getTime();
  const lastActive = (row.last_active_at as Date).getTime();
  const expiresAt = row.expires_at as Date;
  if (now >= expiresAt.getTime() || now - lastActive >= policy.idleMs || row.role === "delete") {
    await sql`DELETE FROM sessions WHERE id = ${id}`;
    return null;
  }
  if (now - lastActive >= TOUCH_EVERY_MS) {
    await sql`UPDATE sessions SET last_active_at = ${new Date(now)} WHERE id = ${id}`;
  }
  return {
    row,
    session: { id, userId: row.user_id as string, expiresAt },
    user: {
      id: row.user_id as string,
      username: row.username as string,
      first_name: row.first_name as string,
      last_name: row.last_name as string,
      role: row.role as SessionUser["role"],
      must_change_password: row.must_change_password as boolean,
    },
  };
}

export async function invalidateSession(sql: Sql, sessionId: string) {
  await sql`DELETE FROM sessions WHERE id = ${sessionId}`;
}

export async function invalidateUserSessions(sql: Sql, userId: string) {
  await sql`DELETE FROM sessions WHERE user_id = ${userId}`;
}
