import { createMiddleware } from "hono/factory";
import { sha256Hex } from "../auth/tokens.ts";
import type { AppEnv } from "../env.ts";
import { HttpError } from "./errors.ts";

export const AGENT_KEY_PREFIX = "sk_stepwise_";
export const AGENT_KEY_REQUIRED = "A valid agent key is required (Authorization: Bearer <key>).";

// Recording every request's use would make each agent call a write; once a minute is enough to tell keys apart.
const LAST_USED_EVERY_MS = 60_000;

/**
 * The AI agent's endpoints take no cookie session: the agent sends an agent key
 * as a bearer token. Only its SHA-256 is stored, so the lookup is by hash; a
 * missing, unknown or revoked key is a 401.
 */
export const requireAgentKey = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized(c);
  const { sql, now } = c.get("deps");
  const [key] = await sql`SELECT id, revoked_at FROM agent_keys WHERE key_hash = ${sha256Hex(match[1])}`;
  if (!key || key.revoked_at) throw unauthorized(c);
  const at = now();
  await sql`UPDATE agent_keys SET last_used_at = ${at}
    WHERE id = ${key.id} AND (last_used_at IS NULL OR last_used_at < ${new Date(at.getTime() - LAST_USED_EVERY_MS)})`;
  await next();
});

function unauthorized(c: { header: (name: string, value: string) => void }) {
  c.header("WWW-Authenticate", 'Bearer realm="stepwise-agent"');
  return new HttpError(401, AGENT_KEY_REQUIRED);
}
