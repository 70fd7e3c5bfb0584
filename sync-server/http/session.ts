import { errorTexts } from "@schema/error-codes.ts";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { validateSession } from "../auth/sessions.ts";
import type { AppEnv } from "../env.ts";
import { isHttps } from "./client.ts";
import { HttpError } from "./errors.ts";

const SESSION_COOKIE = "stepwise_session";
const SECURE_SESSION_COOKIE = "__Host-stepwise_session";

export const sessionPolicy = (c: Context<AppEnv>) => {
  const { config, now } = c.get("deps");
  return { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs, now };
};

const cookieName = (c: Context<AppEnv>) => (isHttps(c) ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date) {
  setCookie(c, cookieName(c), token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: isHttps(c),
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, cookieName(c), { path: "/", secure: isHttps(c) });
}

/**
 * Routes that load the session themselves with signIn, reading what they need in the same statement:
 * the delta pull, which every device repeats all day and which mostly answers "nothing new".
 */
const LOADS_OWN_SESSION = new Set(["GET /api/sync/pull"]);

/** Loads the signed-in user, if any, into c.var.user. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set("user", null);
  c.set("session", null);
  if (!LOADS_OWN_SESSION.has(`${c.req.method} ${c.req.path}`)) await signIn(c);
  await next();
});

/**
 * The request's session into c.var.user and c.var.session (the cookie cleared when it is not
 * valid), with `alsoRead`'s columns read in the same statement: its row, or undefined when no one
 * is signed in.
 */
export async function signIn(c: Context<AppEnv>, alsoRead?: Parameters<typeof validateSession>[3]) {
  const token = getCookie(c, cookieName(c));
  if (!token) return undefined;
  const found = await validateSession(c.get("deps").sql, token, sessionPolicy(c), alsoRead);
  if (!found) {
    clearSessionCookie(c);
    return undefined;
  }
  c.set("user", found.user);
  c.set("session", found.session);
  return found.row;
}

// Until a reset or initial password is changed, only these are allowed.
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set(["GET /api/user", "POST /api/user/change-password", "POST /api/logout"]);

export const NOT_SIGNED_IN = errorTexts.unauthorized;
export const MUST_CHANGE_PASSWORD = errorTexts.must_change_password;
export const ADMIN_ONLY = "Only administrators can do this.";

/** 401 unless signed in; 403 while a forced password change is pending. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  allowedUser(c);
  await next();
});

/** The signed-in user, checked as requireUser does. */
export function allowedUser(c: Context<AppEnv>) {
  const user = c.get("user");
  if (!user) throw new HttpError(401, NOT_SIGNED_IN);
  if (user.must_change_password && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(`${c.req.method} ${c.req.path}`)) {
    throw new HttpError(403, MUST_CHANGE_PASSWORD, { code: "must_change_password", must_change_password: true });
  }
  return user;
}

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get("user")?.role !== "admin") throw new HttpError(403, ADMIN_ONLY);
  await next();
});

/** The signed-in user inside a handler behind requireUser. */
export function currentUser(c: Context<AppEnv>) {
  const user = c.get("user");
  if (!user) throw new HttpError(401, NOT_SIGNED_IN);
  return user;
}
