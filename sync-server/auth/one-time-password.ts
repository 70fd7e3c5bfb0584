import { ONE_TIME_PASSWORD_TTL_HOURS } from "@schema/constants.ts";
import { escapeHtml, type Mail } from "../mail.ts";
import { randomToken } from "./tokens.ts";

/**
 * A new or reset account's password: 16 base32 characters (80 random bits)
 * that sign in until it expires and must then be replaced by the user's own.
 */
export function oneTimePassword(now: Date) {
  return { secret: randomToken(10), expiresAt: new Date(now.getTime() + ONE_TIME_PASSWORD_TTL_HOURS * 3_600_000) };
}

/** The e-mail that hands a one-time password to its user. */
export function oneTimePasswordMail(
  to: string,
  secret: string,
  signInLink: string,
  admin: string,
  reason: "created" | "reset",
): Mail {
  const intro =
    reason === "created"
      ? `${admin} has created a Stepwise account for you.`
      : `${admin} has reset the password of your Stepwise account.`;
  const action = `Sign in at ${signInLink} with this email address and the one-time password below. It works for ${ONE_TIME_PASSWORD_TTL_HOURS} hours, and you will choose your own password when you sign in.`;
  const outro = "If you did not expect this e-mail, tell your clinic's Stepwise administrator.";
  const text = [intro, "", action, "", secret, "", outro].join("\n");
  const html = `<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(action)}</p>
<p style="font-family:monospace;font-size:1.25em">${escapeHtml(secret)}</p>
<p style="color:#666">${escapeHtml(outro)}</p>`;
  const subject = reason === "created" ? "Your Stepwise account" : "Your Stepwise password was reset";
  return { to, subject, text, html };
}
