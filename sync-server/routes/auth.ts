import { accountMessages, LoginBody, RegisterBody } from "@schema/auth.ts";
import type { CurrentUser, LoginAnswer } from "@schema/rows.ts";
import type { Context } from "hono";
import { Hono } from "hono";
import { logActivity } from "../activity.ts";
import { dummyHash, hashPassword, verifyPassword } from "../auth/password.ts";
import { failedSignInsSinceLastSignIn, reserveAttempt, settleAttempt } from "../auth/rate-limit.ts";
import { createSession, invalidateSession } from "../auth/sessions.ts";
import { sha256Hex } from "../auth/tokens.ts";
import type { Db, Sql } from "../db/connect.ts";
import type { AppEnv } from "../env.ts";
import { clientIp } from "../http/client.ts";
import { badRequest, conflict, HttpError, jsonBody } from "../http/errors.ts";
import { clearSessionCookie, currentUser, requireUser, sessionPolicy, setSessionCookie } from "../http/session.ts";

export const authRoutes = new Hono<AppEnv>();

type UserRow = Record<string, unknown>;

export const toCurrentUser = (r: UserRow): CurrentUser => ({
  id: r.id as string,
  username: r.username as string,
  first_name: r.first_name as string,
  last_name: r.last_name as string,
  role: r.role as CurrentUser["role"],
  must_change_password: r.must_change_password as boolean,
});

/** A fresh session for every sign-in; a session the caller already had ends (no fixation). */
async function startSession(c: Context<AppEnv>, userId: string) {
  const { sql } = c.get("deps");
  const previous = c.get("session");
  if (previous) await invalidateSession(sql, previous.id);
  const { token, session } = await createSession(sql, userId, sessionPolicy(c));
  setSessionCookie(c, token, session.expiresAt);
}

function tooManyAttempts(c: Context<AppEnv>, retryAfter: number) {
  c.header("Retry-After", String(retryAfter));
  return new HttpError(429, accountMessages.tooManyAttempts(Math.ceil(retryAfter / 60)), { retryAfter });
}

authRoutes.get("/user", requireUser, (c) => c.json(currentUser(c)));

authRoutes.post("/login", async (c) => {
  const { username, password } = await jsonBody(c, LoginBody);
  const { sql, config, now } = c.get("deps");

  // Counted and decided before the password check, atomically (auth/rate-limit.ts).
  const attempt = await reserveAttempt(sql, config, now(), "login", username, clientIp(c));
  if ("retryAfter" in attempt) throw tooManyAttempts(c, attempt.retryAfter);

  const [user] = await sql`SELECT * FROM user_clinician WHERE lower(username) = lower(${username})`;
  // Always verify a hash, so an unknown username answers as slowly as a wrong password.
  const valid = await verifyPassword((user?.password as string) ?? (await dummyHash()), password);
  if (!user || !valid || user.role === "delete") {
    await settleAttempt(sql, attempt.id, false);
    await logActivity(c, "login_failed", (user?.id as string) ?? null, { username });
    throw new HttpError(401, accountMessages.wrongCredentials, { code: "invalid_credentials" });
  }
  // Told apart from a wrong password only to whoever typed the right one-time password.
  const expiresAt = user.password_expires_at as Date | null;
  if (expiresAt && expiresAt <= now()) {
    await settleAttempt(sql, attempt.id, false);
    await logActivity(c, "login_failed", user.id as string, { username, reason: "one_time_password_expired" });
    throw new HttpError(401, accountMessages.oneTimePasswordExpired, { code: "password_expired" });
  }

  await settleAttempt(sql, attempt.id, true);
  const failedAttempts = await failedSignInsSinceLastSignIn(sql, user.id as string);
  await startSession(c, user.id as string);
  await logActivity(c, "login", user.id as string);
  const answer: LoginAnswer = { ...toCurrentUser(user), failed_attempts_since_last_login: failedAttempts };
  return c.json(answer);
});

authRoutes.post("/logout", async (c) => {
  const user = c.get("user");
  const session = c.get("session");
  if (session) await invalidateSession(c.get("deps").sql, session.id);
  clearSessionCookie(c);
  if (user) await logActivity(c, "logout", user.id);
  return c.json({ success: true });
});

authRoutes.post("/register", async (c) => {
  const body = await jsonBody(c, RegisterBody);
  const { sql, config, now } = c.get("deps");

  // A failed registration counts into its IP's sign-in limit.
  const attempt = await reserveAttempt(sql, config, now(), "register", body.username, clientIp(c));
  if ("retryAfter" in attempt) throw tooManyAttempts(c, attempt.retryAfter);
  let registered = false;
  try {
    // The token first: a request without a usable invitation costs no password hash.
    const problem = await invitationProblem(sql, body.token, body.username, now());
    if (problem) throw problem;
    const user = await createInvitedUser(sql, body, await hashPassword(body.password), now());
    registered = true;
    await startSession(c, user.id as string);
    await logActivity(c, "login", user.id as string, { via: "register" });
    return c.json(toCurrentUser(user), 201);
  } finally {
    await settleAttempt(sql, attempt.id, registered);
  }
});

/** Uses the invitation and creates its clinician account, or refuses with the reason. */
async function createInvitedUser(sql: Sql, body: RegisterBody, passwordHash: string, now: Date) {
  return sql
    .begin(async (tx) => {
      // Consuming the token is one conditional UPDATE, so two registrations cannot both use it.
      const [used] = await tx`
        UPDATE invitations SET used_at = ${now}
        WHERE token_hash = ${sha256Hex(body.token)} AND used_at IS NULL AND expires_at > ${now}
          AND lower(email) = lower(${body.username})
        RETURNING id`;
      if (!used) throw (await invitationProblem(tx, body.token, body.username, now)) ?? invalidInvitation();
      const [existing] = await tx`SELECT 1 FROM user_clinician WHERE lower(username) = lower(${body.username})`;
      if (existing) throw conflict(accountMessages.accountExists);
      const [created] = await tx`
        INSERT INTO user_clinician (username, password, first_name, last_name, role)
        VALUES (${body.username}, ${passwordHash}, ${body.first_name}, ${body.last_name}, 'clinician')
        RETURNING *`;
      return created as UserRow;
    })
    .catch((err) => {
      // A concurrent registration of the same e-mail loses at the unique index.
      if ((err as { code?: string }).code === "23505") throw conflict(accountMessages.accountExists);
      throw err;
    });
}

const invalidInvitation = () => badRequest(accountMessages.invitationInvalid);

/** Why a token cannot be used by this e-mail, as a clear 400; null when it can. */
async function invitationProblem(sql: Db, token: string, email: string, now: Date) {
  const [invitation] =
    await sql`SELECT email, used_at, expires_at FROM invitations WHERE token_hash = ${sha256Hex(token)}`;
  if (!invitation || (invitation.expires_at as Date) <= now) return invalidInvitation();
  if (invitation.used_at) return badRequest(accountMessages.invitationUsed);
  if ((invitation.email as string).toLowerCase() !== email.toLowerCase()) {
    return badRequest(accountMessages.invitationOtherEmail);
  }
  return null;
}
