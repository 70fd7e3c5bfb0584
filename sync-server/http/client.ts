import type { Context } from "hono";
import type { AppEnv } from "../env.ts";

/** The caller's IP (from the socket, or the load balancer when TRUST_PROXY is set). */
export function clientIp(c: Context<AppEnv>): string | null {
  if (c.get("deps").config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? null;
}

export const userAgent = (c: Context) => c.req.header("user-agent") ?? null;

/** True when the site is reached over HTTPS (directly or through a trusted proxy). */
export function isHttps(c: Context<AppEnv>): boolean {
  if (c.get("deps").config.trustProxy && c.req.header("x-forwarded-proto")?.startsWith("https")) return true;
  return new URL(c.req.url).protocol === "https:";
}
