import { accountMessages, type InvitationAnswer, InvitationBody } from "@schema/auth.ts";
import { INVITATION_TTL_DAYS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import { Hono } from "hono";
import { randomToken, sha256Hex } from "../auth/tokens.ts";
import type { AppEnv } from "../env.ts";
import { conflict, jsonBody, notFound } from "../http/errors.ts";
import { currentUser, requireAdmin, requireUser } from "../http/session.ts";
import { escapeHtml, type Mail } from "../mail.ts";

export const invitationsRoutes = new Hono<AppEnv>();

const DAY_MS = 86_400_000;

invitationsRoutes.post("/send-invitation", requireUser, requireAdmin, async (c) => {
  const { email, customMessage } = await jsonBody(c, InvitationBody);
  const { sql, config, mailer, now } = c.get("deps");
  const admin = currentUser(c);

  const [existing] = await sql`SELECT role FROM user_clinician WHERE lower(username) = lower(${email})`;
  // A deleted account keeps its e-mail, so registration could never use this invitation.
  if (existing?.role === "delete") throw conflict(accountMessages.invitationDeletedAccount);
  if (existing) throw conflict(accountMessages.accountExists);

  // Only the token's hash is stored: a leaked database cannot be used to register.
  const token = randomToken();
  // One reading of the clock: the invitation lasts exactly its days from when it was made.
  const madeAt = now();
  await sql`INSERT INTO invitations (token_hash, email, custom_message, invited_by, created_at, expires_at)
    VALUES (${sha256Hex(token)}, ${email}, ${customMessage}, ${admin.id}, ${madeAt},
            ${new Date(madeAt.getTime() + INVITATION_TTL_DAYS * DAY_MS)})`;

  const origin = config.publicOrigin ?? new URL(c.req.url).origin;
  const link = `${origin}/auth?token=${encodeURIComponent(token)}`;
  const inviter = `${admin.first_name} ${admin.last_name}`.trim() || admin.username;
  const manualLink = () =>
    c.json({
      success: false,
      message: messages.invitation.emailService,
      token,
      delivery: "manual_link",
    } satisfies InvitationAnswer);
  if (!mailer) return manualLink();
  try {
    await mailer.send(invitationMail(email, link, inviter, customMessage));
  } catch (err) {
    console.warn(`Invitation e-mail to ${email} not sent: ${(err as Error).message}`);
    return manualLink();
  }
  return c.json({
    success: true,
    message: messages.invitation.sentTitle,
    token,
    delivery: "email",
  } satisfies InvitationAnswer);
});

invitationsRoutes.get("/invitations/:token", async (c) => {
  const { sql, now } = c.get("deps");
  const [invitation] = await sql`SELECT email FROM invitations
    WHERE token_hash = ${sha256Hex(c.req.param("token"))} AND used_at IS NULL AND expires_at > ${now()}`;
  if (!invitation) throw notFound(accountMessages.invitationInvalid);
  return c.json({ valid: true, email: invitation.email as string });
});

function invitationMail(to: string, link: string, inviter: string, note: string | null): Mail {
  const intro = `${inviter} has invited you to join Stepwise, the clinician console for exposure-therapy homework.`;
  const action = `Create your account within ${INVITATION_TTL_DAYS} days using this link:`;
  const outro = "If you did not expect this invitation, you can ignore this e-mail.";
  const text = [intro, ...(note ? ["", "Their message:", note] : []), "", action, link, "", outro].join("\n");
  const html = `<p>${escapeHtml(intro)}</p>
${note ? `<blockquote style="white-space:pre-wrap">${escapeHtml(note)}</blockquote>` : ""}
<p>${escapeHtml(action)}</p>
<p><a href="${escapeHtml(link)}">Accept the invitation</a><br>${escapeHtml(link)}</p>
<p style="color:#666">${escapeHtml(outro)}</p>`;
  return { to, subject: "You're invited to Stepwise", text, html };
}
