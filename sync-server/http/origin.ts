import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env.ts";
import { HttpError } from "./errors.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * hono/csrf only looks at form posts; JSON requests need the same check.
 * A state-changing request whose Origin is present and not this site's is refused.
 */
export const originCheck = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE.has(c.req.method)) {
    const origin = c.req.header("origin");
    if (origin !== undefined) {
      const config = c.get("deps").config;
      const own = new URL(c.req.url).origin;
      const forwarded = config.trustProxy ? forwardedOrigin(c.req.raw.headers) : undefined;
      const allowed = [own, config.publicOrigin, forwarded].filter(Boolean);
      if (!allowed.includes(origin)) {
        throw new HttpError(403, "Cross-site requests are not allowed");
      }
    }
  }
  await next();
});

function forwardedOrigin(headers: Headers): string | undefined {
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() ?? headers.get("host");
  return proto && host ? `${proto}://${host}` : undefined;
}
