import type { Context } from "hono";
import type { AppEnv } from "../env.ts";

/**
 * The value a list-valued forwarding header had when the outermost trusted proxy received it.
 * Each of the `hops` trusted proxies appends one entry, so that value is the `hops`-th from the
 * right; entries further left were sent by the client and can say anything. With fewer entries
 * than hops, the leftmost one (the furthest any proxy saw).
 */
export function forwardedValue(header: string | undefined, hops: number): string | undefined {
  if (!header || hops < 1) return undefined;
  const entries = header
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries[Math.max(0, entries.length - hops)];
}

/** The caller's IP: the socket's, or the one the trusted proxy saw when TRUST_PROXY is set. */
export function clientIp(c: Context<AppEnv>): string | null {
  const forwarded = forwardedValue(c.req.header("x-forwarded-for"), c.get("deps").config.trustProxy);
  if (forwarded) return forwarded;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? null;
}

export const userAgent = (c: Context) => c.req.header("user-agent") ?? null;

/** True when the site is reached over HTTPS (directly or through a trusted proxy). */
export function isHttps(c: Context<AppEnv>): boolean {
  const forwarded = forwardedValue(c.req.header("x-forwarded-proto"), c.get("deps").config.trustProxy);
  if (forwarded === "https") return true;
  return new URL(c.req.url).protocol === "https:";
}
