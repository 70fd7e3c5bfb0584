import { Hono } from "hono";
import * as v from "valibot";
import {
  AgentKeyCreate,
  type AgentMessage,
  AgentMessageBatch,
  AgentPromptQuery,
  agentKeyMessages,
  conversationMessages,
} from "../../schema/conversation.ts";
import { SummaryChanges, summaryMessages } from "../../schema/summary.ts";
import { randomToken, sha256Hex } from "../auth/tokens.ts";
import type { Sql } from "../db/connect.ts";
import type { AppEnv } from "../env.ts";
import { AGENT_KEY_PREFIX, requireAgentKey } from "../http/agent-auth.ts";
import { badRequest, check, issuesOf, jsonBody, notFound, readJson } from "../http/errors.ts";
import { currentUser, requireAdmin, requireUser } from "../http/session.ts";
import { toPrompt, toSummary } from "../rows.ts";
import { patientOfConversation } from "./summaries.ts";

/**
 * The AI agent's side of Stepwise: admins issue and revoke agent keys; the
 * agent, holding one, sends conversation messages and summaries in and reads
 * the prompt it should run.
 */
export const agentRoutes = new Hono<AppEnv>();

type DbRow = Record<string, unknown>;
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value == null ? null : String(value));
const toAgentKey = (r: DbRow) => ({
  id: r.id as string,
  name: r.name as string,
  created_at: iso(r.created_at) as string,
  last_used_at: iso(r.last_used_at),
  revoked_at: iso(r.revoked_at),
});

agentRoutes.post("/admin/agent-keys", requireUser, requireAdmin, async (c) => {
  const { sql, now } = c.get("deps");
  const { name } = await jsonBody(c, AgentKeyCreate);
  const key = AGENT_KEY_PREFIX + randomToken(20);
  const [row] = await sql`INSERT INTO agent_keys (name, key_hash, created_by, created_at)
    VALUES (${name}, ${sha256Hex(key)}, ${currentUser(c).id}, ${now()}) RETURNING *`;
  const { id, created_at } = toAgentKey(row as DbRow);
  // The only time the key is ever shown: the database keeps its hash alone.
  return c.json({ id, name, key, created_at }, 201);
});

agentRoutes.get("/admin/agent-keys", requireUser, requireAdmin, async (c) => {
  const { sql } = c.get("deps");
  const rows = await sql`SELECT * FROM agent_keys ORDER BY created_at DESC, id`;
  return c.json(rows.map(toAgentKey));
});

agentRoutes.delete("/admin/agent-keys/:id", requireUser, requireAdmin, async (c) => {
  const { sql, now } = c.get("deps");
  const id = c.req.param("id");
  const [row] = await sql`UPDATE agent_keys SET revoked_at = coalesce(revoked_at, ${now()})
    WHERE id = ${id} RETURNING *`;
  if (!row) throw notFound(agentKeyMessages.notFound);
  return c.json(toAgentKey(row));
});

/** Validates a message or a batch; a problem is named by the message's index in the batch. */
function readMessages(body: unknown): AgentMessage[] {
  const single = !Array.isArray(body);
  const result = v.safeParse(AgentMessageBatch, single ? [body] : body);
  if (result.success) return result.output;
  const issues = issuesOf(result.issues);
  const [first] = issues;
  const index = first?.path.split(".")[0];
  const where = single || !index || !/^\d+$/.test(index) ? "" : `Message ${index}: `;
  throw badRequest(`${where}${first?.message ?? "Invalid request"}`, issues);
}

/** 400 naming the first value of `wanted` that `table` has no row for. */
async function assertAllExist(
  sql: Sql,
  table: "patients" | "prompts",
  wanted: string[],
  message: (x: string) => string,
) {
  const distinct = [...new Set(wanted)];
  if (distinct.length === 0) return;
  const column = table === "patients" ? "username" : "id";
  const found = await sql`SELECT ${sql(column)} AS key FROM ${sql(table)} WHERE ${sql(column)} IN ${sql(distinct)}`;
  const known = new Set(found.map((r) => r.key as string));
  const missing = distinct.find((x) => !known.has(x));
  if (missing !== undefined) throw badRequest(message(missing));
}

agentRoutes.post("/agent/messages", requireAgentKey, async (c) => {
  const { sql } = c.get("deps");
  const batch = readMessages(await readJson(c));
  await assertAllExist(
    sql,
    "patients",
    batch.map((m) => m.patient_name),
    conversationMessages.unknownPatient,
  );
  await assertAllExist(
    sql,
    "prompts",
    batch.flatMap((m) => (m.prompt_id == null ? [] : [m.prompt_id])),
    conversationMessages.unknownPrompt,
  );
  // The agent retries whole batches: a message already stored (same conversation, serial and type) is kept as it is.
  const inserted = await sql`INSERT INTO conversation_messages ${sql(batch)}
    ON CONFLICT (conversation_id, serial_num, data_type) DO NOTHING RETURNING id`;
  return c.json({ received: batch.length, inserted: inserted.length });
});

agentRoutes.put("/agent/conversation-summaries/:conversationId", requireAgentKey, async (c) => {
  const { sql } = c.get("deps");
  const id = c.req.param("conversationId");
  const changes = await jsonBody(c, SummaryChanges);
  const [existing] = await sql`SELECT patient_name FROM conversation_summaries WHERE id = ${id}`;
  const patientName =
    changes.patient_name ?? (existing?.patient_name as string | undefined) ?? (await patientOfConversation(sql, id));
  if (!patientName) throw badRequest(summaryMessages.noPatient);
  await assertAllExist(sql, "patients", [patientName], conversationMessages.unknownPatient);
  const fields = { ...changes, patient_name: patientName };
  // Fields the agent leaves out keep their stored values, so it can send what it learns as it goes.
  const [row] = await sql`INSERT INTO conversation_summaries ${sql({ id, ...fields })}
    ON CONFLICT (id) DO UPDATE SET ${sql(fields)}
    RETURNING *, (xmax = 0) AS created`;
  if (!row) throw notFound();
  return c.json(toSummary(row), row.created ? 201 : 200);
});

agentRoutes.get("/agent/prompt", requireAgentKey, async (c) => {
  const { sql } = c.get("deps");
  const { kind } = check(AgentPromptQuery, c.req.query());
  const [row] =
    kind === "current"
      ? await sql`SELECT * FROM prompts WHERE is_current`
      : await sql`SELECT * FROM prompts WHERE is_test`;
  if (!row) throw notFound(agentKeyMessages.noPrompt(kind));
  return c.json(toPrompt(row));
});
