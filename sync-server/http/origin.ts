import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env.ts";
import { forwardedValue } from "./client.ts";
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
      const forwarded = forwardedOrigin(c.req.raw.headers, config.trustProxy);
      const allowed = [own, config.publicOrigin, forwarded].filter(Boolean);
      if (!allowed.includes(origin)) {
        throw new HttpError(403, "Cross-site requests are not allowed");
      }
    }
  }
  await next();
});

/** The origin the trusted proxy was reached at (TRUST_PROXY hops; none when it is off). */
function forwardedOrigin(headers: Headers, hops: number): string | undefined {
  const proto = forwardedValue(headers.get("x-forwarded-proto") ?? undefined, hops);
  const host = forwardedValue(headers.get("x-forwarded-host") ?? undefined, hops) ?? headers.get("host");
  return proto && host ? `${proto}://${host}` : undefined;
}
