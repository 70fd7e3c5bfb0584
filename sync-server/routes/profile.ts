import { accountMessages, ChangePasswordBody, ProfileBody } from "@schema/auth.ts";
import { Hono } from "hono";
import { logActivity } from "../activity.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import type { AppEnv } from "../env.ts";
import { badRequest, conflict, jsonBody } from "../http/errors.ts";
import { currentUser, requireUser } from "../http/session.ts";
import { toCurrentUser } from "./auth.ts";

export const profileRoutes = new Hono<AppEnv>();

profileRoutes.patch("/user/profile", requireUser, async (c) => {
  const body = await jsonBody(c, ProfileBody);
  const me = currentUser(c);
  const { sql } = c.get("deps");

  const [taken] = await sql`SELECT 1 FROM user_clinician
    WHERE lower(username) = lower(${body.username}) AND id <> ${me.id}`;
  if (taken) throw conflict(accountMessages.emailInUse);

  const changed = Object.fromEntries(
    (["first_name", "last_name", "username"] as const)
      .filter((field) => body[field] !== me[field])
      .map((field) => [field, { from: me[field], to: body[field] }]),
  );
  if (Object.keys(changed).length === 0) return c.json(me);

  // One transaction: a change is never saved without its activity entry (nor logged without being saved).
  const row = await sql
    .begin(async (tx) => {
      const [updated] = await tx`UPDATE user_clinician
        SET first_name = ${body.first_name}, last_name = ${body.last_name}, username = ${body.username}
        WHERE id = ${me.id} RETURNING *`;
      await logActivity(c, "profile_update", me.id, { changed }, tx);
      return updated;
    })
    .catch((err) => {
      if ((err as { code?: string }).code === "23505") throw conflict(accountMessages.emailInUse);
      throw err;
    });
  return c.json(toCurrentUser(row as Record<string, unknown>));
});

profileRoutes.post("/user/change-password", requireUser, async (c) => {
  const body = await jsonBody(c, ChangePasswordBody);
  const me = currentUser(c);
  const { sql } = c.get("deps");

  const [row] = await sql`SELECT password FROM user_clinician WHERE id = ${me.id}`;
  if (!row || !(await verifyPassword(row.password as string, body.current_password))) {
    throw badRequest(accountMessages.currentPasswordWrong);
  }
  if (body.new_password === body.current_password) throw badRequest(accountMessages.samePassword);

  await sql`UPDATE user_clinician SET password = ${await hashPassword(body.new_password)}, must_change_password = false,
      password_expires_at = NULL
    WHERE id = ${me.id}`;
  // Other devices signed in with the old password are signed out; this one stays.
  await sql`DELETE FROM sessions WHERE user_id = ${me.id} AND id <> ${c.get("session")?.id ?? ""}`;
  await logActivity(c, "password_change", me.id);
  return c.json({ success: true, message: accountMessages.passwordChanged });
});
