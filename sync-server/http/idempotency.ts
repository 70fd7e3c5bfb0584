import { codeForStatus, errorTexts } from "@schema/error-codes.ts";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { sha256Hex } from "../auth/tokens.ts";
import type { Sql } from "../db/connect.ts";
import type { AppEnv } from "../env.ts";
import { agentOwner, verifiedAgentKey } from "./agent-auth.ts";
import { badRequest, HttpError } from "./errors.ts";

const BAD_IDEMPOTENCY_KEY = "The Idempotency-Key header must be 1 to 200 characters";
const KEY_REUSED = errorTexts.idempotency_key_reused;
const KEY_IN_PROGRESS = errorTexts.idempotency_in_progress;

const keyInProgress = () => new HttpError(409, KEY_IN_PROGRESS, { code: "idempotency_in_progress" });

/** Keys live 7 days, long enough for a tablet that stayed offline over a week-end and more. */
export const IDEMPOTENCY_KEEP_MS = 7 * 86_400_000;
/** A placeholder older than this belongs to a process that died mid-request: the key is free again. */
const ABANDONED_AFTER_MS = 5 * 60_000;
const IN_PROGRESS = 0;
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * Refusals that depend on the moment, not the request: not signed in or a
 * password change pending, a version conflict (the device resolves it by
 * resending the same mutation without If-Match), too many attempts. Storing
 * them would replay a stale refusal forever; they changed nothing, so a retry runs.
 */
const TRANSIENT = new Set([401, 403, 408, 409, 429]);

/**
 * Honours `Idempotency-Key` on state-changing requests: the first answer
 * (2xx or a lasting 4xx) is stored per caller and key and replayed for a repeat, so an
 * outbox replay after a lost answer changes nothing. A placeholder row taken
 * with ON CONFLICT DO NOTHING makes concurrent duplicates run the handler once.
 * Only authenticated callers store answers: anonymous requests (sign-in,
 * registration) and unknown or revoked agent keys pass through, so no one can
 * fill the store without credentials, and a revoked key's answers are never replayed.
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header("Idempotency-Key");
  if (key === undefined || !STATE_CHANGING.has(c.req.method)) return next();
  const owner = await ownerOf(c);
  if (!owner) return next();
  if (key.length < 1 || key.length > 200) throw badRequest(BAD_IDEMPOTENCY_KEY);

  const { sql, now } = c.get("deps");
  const url = new URL(c.req.url);
  const hash = sha256Hex(`${c.req.method} ${url.pathname}${url.search}\n${await c.req.text()}`);
  if (Math.random() < 0.01) void purgeIdempotencyKeys(sql, now()).catch(() => {});

  const stored = await claim(sql, owner, key, hash, now());
  if (stored) {
    if (stored.request_hash !== hash) throw new HttpError(422, KEY_REUSED, { code: "idempotency_key_reused" });
    if (stored.status === IN_PROGRESS) throw keyInProgress();
    c.header("Idempotency-Replayed", "true");
    const status = stored.status as ContentfulStatusCode;
    return stored.body == null ? c.body(null, status) : c.json(withCode(stored.body, status), status);
  }

  try {
    await next();
  } catch (err) {
    await release(sql, owner, key);
    throw err;
  }
  const res = c.res;
  if (res.status >= 500 || res.status < 200 || TRANSIENT.has(res.status) || res.headers.has("set-cookie")) {
    return release(sql, owner, key);
  }
  const text = await res.clone().text();
  const isJson = res.headers.get("content-type")?.includes("json") && text.trim() !== "";
  const answer = isJson ? withoutFields(text, c.get("notReplayed")) : null;
  await sql`UPDATE idempotency_keys SET status = ${res.status}, body = ${answer}::text::jsonb
    WHERE user_id = ${owner} AND key = ${key}`.catch(
    // An answer jsonb cannot hold (a lone surrogate echoed in a message) is sent unstored, and the key freed.
    () => release(sql, owner, key),
  );
});

/**
 * A refusal stored before error bodies carried `code` gets the code its status means, so a client
 * that decides on codes reads a replay like a fresh answer.
 */
function withCode(body: unknown, status: number): unknown {
  if (status < 400 || typeof body !== "object" || body === null || Array.isArray(body) || "code" in body) return body;
  return { ...body, code: codeForStatus(status) };
}

/**
 * Leaves these top-level fields out of the answer stored for replays: a secret (a one-time
 * password) is shown once, and a replay of its request gets the rest of the answer without it.
 */
export function keepOutOfReplay(c: Context<AppEnv>, ...fields: string[]) {
  c.set("notReplayed", fields);
}

function withoutFields(json: string, fields: string[] | undefined): string {
  if (!fields?.length) return json;
  const body = JSON.parse(json) as Record<string, unknown>;
  for (const field of fields) delete body[field];
  return JSON.stringify(body);
}

/** The signed-in user, or the agent by its verified, unrevoked key; null for anyone else. */
async function ownerOf(c: Context<AppEnv>): Promise<string | null> {
  const user = c.get("user");
  if (user) return user.id;
  const agent = await verifiedAgentKey(c);
  return agent ? agentOwner(agent.keyHash) : null;
}

interface StoredKey {
  request_hash: string;
  status: number;
  body: unknown;
}

/** Takes the key for this request (null), or returns what an earlier request with it left. */
async function claim(sql: Sql, owner: string, key: string, hash: string, now: Date): Promise<StoredKey | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await sql`INSERT INTO idempotency_keys (user_id, key, request_hash, status, created_at)
      VALUES (${owner}, ${key}, ${hash}, ${IN_PROGRESS}, ${now}) ON CONFLICT DO NOTHING RETURNING 1`;
    if (inserted.length) return null;
    const [row] = await sql`SELECT request_hash, status, body, created_at FROM idempotency_keys
      WHERE user_id = ${owner} AND key = ${key}`;
    if (!row) continue; // its request failed with a 5xx meanwhile: try to take it again
    const age = now.getTime() - (row.created_at as Date).getTime();
    const expired = age >= IDEMPOTENCY_KEEP_MS || (row.status === IN_PROGRESS && age >= ABANDONED_AFTER_MS);
    if (!expired) return row as unknown as StoredKey;
    await sql`DELETE FROM idempotency_keys WHERE user_id = ${owner} AND key = ${key} AND created_at = ${row.created_at as Date}`;
  }
  throw keyInProgress();
}

async function release(sql: Sql, owner: string, key: string) {
  await sql`DELETE FROM idempotency_keys WHERE user_id = ${owner} AND key = ${key} AND status = ${IN_PROGRESS}`;
}

/** Drops keys past their 7 days; runs now and then on a request, so no scheduler is needed. */
export async function purgeIdempotencyKeys(sql: Sql, now: Date) {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEEP_MS);
  const rows = await sql`DELETE FROM idempotency_keys WHERE created_at < ${cutoff}`;
  return rows.count;
}
