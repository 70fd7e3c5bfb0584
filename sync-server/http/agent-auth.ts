import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { sha256Hex } from "../auth/tokens.ts";
import type { AppEnv } from "../env.ts";
import { HttpError } from "./errors.ts";

export const AGENT_KEY_PREFIX = "sk_stepwise_";
const AGENT_KEY_REQUIRED = "A valid agent key is required (Authorization: Bearer <key>).";

// Recording every request's use would make each agent call a write; once a minute is enough to tell keys apart.
const LAST_USED_EVERY_MS = 60_000;

/** An agent key the database knows and has not revoked. */
export interface AgentKey {
  id: string;
  keyHash: string;
}

/** The idempotency store's owner for an agent key: its hash, so revoking can drop its answers. */
export const agentOwner = (keyHash: string) => `agent:${keyHash}`;

/**
 * The request's bearer key if it is a known, unrevoked agent key; null otherwise.
 * Looked up once per request (the idempotency store and the agent routes both ask).
 */
export async function verifiedAgentKey(c: Context<AppEnv>): Promise<AgentKey | null> {
  const known = c.get("agentKey");
  if (known !== undefined) return known;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
  let found: AgentKey | null = null;
  if (bearer) {
    const keyHash = sha256Hex(bearer);
    const [row] = await c.get("deps").sql`SELECT id FROM agent_keys WHERE key_hash = ${keyHash} AND revoked_at IS NULL`;
    if (row) found = { id: row.id as string, keyHash };
  }
  c.set("agentKey", found);
  return found;
}

/**
 * The AI agent's endpoints take no cookie session: the agent sends an agent key
 * as a bearer token. Only its SHA-256 is stored, so the lookup is by hash; a
 * missing, unknown or revoked key is a 401.
 */
export const requireAgentKey = createMiddleware<AppEnv>(async (c, next) => {
  const key = await verifiedAgentKey(c);
  if (!key) throw unauthorized(c);
  const { sql, now } = c.get("deps");
  const at = now();
  await sql`UPDATE agent_keys SET last_used_at = ${at}
    WHERE id = ${key.id} AND (last_used_at IS NULL OR last_used_at < ${new Date(at.getTime() - LAST_USED_EVERY_MS)})`;
  await next();
});

function unauthorized(c: { header: (name: string, value: string) => void }) {
  c.header("WWW-Authenticate", 'Bearer realm="stepwise-agent"');
  return new HttpError(401, AGENT_KEY_REQUIRED);
}
