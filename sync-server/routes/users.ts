import { AddUserBody, accountMessages, EditUserBody } from "@schema/auth.ts";
import type { Context } from "hono";
import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { oneTimePassword, oneTimePasswordMail } from "../auth/one-time-password.ts";
import { hashPassword } from "../auth/password.ts";
import { invalidateUserSessions } from "../auth/sessions.ts";
import type { AppEnv } from "../env.ts";
import { conflict, jsonBody, notFound } from "../http/errors.ts";
import { keepOutOfReplay } from "../http/idempotency.ts";
import { currentUser, requireAdmin, requireUser } from "../http/session.ts";
import { toClinician } from "../rows.ts";

export const usersRoutes = new Hono<AppEnv>();

type UserRow = Record<string, any>;

/** The Manage Users page's row. */
const toAdminUser = (r: UserRow) => ({
  id: r.id as string,
  username: r.username as string,
  first_name: r.first_name as string,
  last_name: r.last_name as string,
  role: r.role as "admin" | "clinician" | "delete",
  must_change_password: r.must_change_password as boolean,
  created_at: (r.created_at as Date).toISOString(),
  updated_at: (r.updated_at as Date).toISOString(),
  version: r.version as number,
});

/** Names and roles of the staff, for every signed-in user; e-mails only through /admin/users. */
usersRoutes.get("/users", requireUser, async (c) => {
  const rows = await c.get("deps").sql`SELECT * FROM user_clinician
    WHERE role IN ('admin', 'clinician') ORDER BY lower(last_name), lower(first_name), lower(username)`;
  return c.json(rows.map(toClinician));
});

usersRoutes.use("/admin/users", requireUser, requireAdmin);
usersRoutes.use("/admin/users/*", requireUser, requireAdmin);

usersRoutes.get("/admin/users", async (c) => {
  const rows = await c.get("deps").sql`SELECT * FROM user_clinician
    WHERE role <> 'delete' ORDER BY lower(username) COLLATE "C"`;
  return c.json(rows.map(toAdminUser));
});

usersRoutes.post("/admin/users", async (c) => {
  const body = await jsonBody(c, AddUserBody);
  const { sql } = c.get("deps");
  const [existing] = await sql`SELECT id, role FROM user_clinician WHERE lower(username) = lower(${body.username})`;
  if (existing && existing.role !== "delete") throw conflict(accountMessages.accountExists);
  // Not the spec's e-mail as password: anyone who knows the e-mail could sign in first.
  const { secret, expiresAt } = oneTimePassword(c.get("deps").now());
  const password = await hashPassword(secret);
  // A deleted account keeps its e-mail; adding it again brings it back with a fresh password.
  const [row] = existing
    ? await sql`UPDATE user_clinician SET username = ${body.username}, password = ${password},
          first_name = ${body.first_name}, last_name = ${body.last_name}, role = ${body.role},
          must_change_password = true, password_expires_at = ${expiresAt}
        WHERE id = ${existing.id} RETURNING *`
    : await sql`INSERT INTO user_clinician
      (username, password, first_name, last_name, role, must_change_password, password_expires_at)
    VALUES (${body.username}, ${password}, ${body.first_name}, ${body.last_name}, ${body.role}, true, ${expiresAt})
    RETURNING *`.catch(duplicateAsConflict);
  return answerWithOneTimePassword(c, row as UserRow, secret, "created", 201);
});

usersRoutes.patch("/admin/users/:id", async (c) => {
  const body = await jsonBody(c, EditUserBody);
  const me = currentUser(c);
  const id = c.req.param("id");
  const row = await c.get("deps").sql.begin(async (tx) => {
    // Locking every admin row serialises concurrent demotions, so two admins cannot remove each other.
    const admins = await tx`SELECT id FROM user_clinician WHERE role = 'admin' ORDER BY id FOR UPDATE`;
    const [target] = await tx`SELECT * FROM user_clinician WHERE id = ${id} AND role <> 'delete' FOR UPDATE`;
    if (!target) throw notFound(accountMessages.userNotFound);
    const role = body.role ?? target.role;
    if (target.role === "admin" && role !== "admin") {
      if (target.id === me.id) {
        throw conflict(role === "delete" ? accountMessages.cannotDeleteSelf : accountMessages.cannotDemoteSelf);
      }
      if (admins.length <= 1) throw conflict(accountMessages.lastAdmin);
    }
    const [updated] = await tx`UPDATE user_clinician SET
        first_name = ${body.first_name ?? target.first_name},
        last_name = ${body.last_name ?? target.last_name},
        role = ${role}
      WHERE id = ${id} RETURNING *`;
    // A deleted user is signed out everywhere at once.
    if (role === "delete") await tx`DELETE FROM sessions WHERE user_id = ${id}`;
    return updated as UserRow;
  });
  return c.json(toAdminUser(row));
});

usersRoutes.post("/admin/users/:id/reset-password", async (c) => {
  const { sql } = c.get("deps");
  const { secret, expiresAt } = oneTimePassword(c.get("deps").now());
  const password = await hashPassword(secret);
  const [row] = await sql`UPDATE user_clinician
    SET password = ${password}, must_change_password = true, password_expires_at = ${expiresAt}
    WHERE id = ${c.req.param("id")} AND role <> 'delete' RETURNING *`;
  if (!row) throw notFound(accountMessages.userNotFound);
  await invalidateUserSessions(sql, row.id as string);
  return answerWithOneTimePassword(c, row as UserRow, secret, "reset", 200);
});

/**
 * The account with its one-time password (`initial_password`), shown once to the admin and
 * e-mailed to the user when SMTP is set up. Neither a cache nor an idempotent replay keeps it.
 */
async function answerWithOneTimePassword(
  c: Context<AppEnv>,
  row: UserRow,
  secret: string,
  reason: "created" | "reset",
  status: ContentfulStatusCode,
) {
  const { mailer, config } = c.get("deps");
  const admin = currentUser(c);
  const origin = config.publicOrigin ?? new URL(c.req.url).origin;
  const adminName = `${admin.first_name} ${admin.last_name}`.trim() || admin.username;
  let emailSent = false;
  if (mailer) {
    const mail = oneTimePasswordMail(row.username as string, secret, `${origin}/auth`, adminName, reason);
    emailSent = await mailer.send(mail).then(
      () => true,
      (err) => {
        console.warn(`One-time password e-mail to ${row.username} not sent: ${(err as Error).message}`);
        return false;
      },
    );
  }
  c.header("Cache-Control", "no-store");
  keepOutOfReplay(c, "initial_password");
  return c.json({ ...toAdminUser(row), initial_password: secret, email_sent: emailSent }, status);
}

function duplicateAsConflict(err: unknown): never {
  if ((err as { code?: string }).code === "23505") throw conflict(accountMessages.accountExists);
  throw err;
}
