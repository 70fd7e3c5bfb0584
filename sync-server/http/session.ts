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

/** Loads the signed-in user, if any, into c.var.user. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set("user", null);
  c.set("session", null);
  const token = getCookie(c, cookieName(c));
  if (token) {
    const found = await validateSession(c.get("deps").sql, token, sessionPolicy(c));
    if (found) {
      c.set("user", found.user);
      c.set("session", found.session);
    } else {
      clearSessionCookie(c);
    }
  }
  await next();
});

// Until a reset or initial password is changed, only these are allowed.
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set(["GET /api/user", "POST /api/user/change-password", "POST /api/logout"]);

export const NOT_SIGNED_IN = errorTexts.unauthorized;
export const MUST_CHANGE_PASSWORD = errorTexts.must_change_password;
export const ADMIN_ONLY = "Only administrators can do this.";

/** 401 unless signed in; 403 while a forced password change is pending. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) throw new HttpError(401, NOT_SIGNED_IN);
  if (user.must_change_password && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(`${c.req.method} ${c.req.path}`)) {
    throw new HttpError(403, MUST_CHANGE_PASSWORD, { code: "must_change_password", must_change_password: true });
  }
  await next();
});

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
