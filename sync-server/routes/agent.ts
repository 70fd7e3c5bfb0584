import { Hono } from "hono";
import * as v from "valibot";
import {
  AGENT_CLOCK_AHEAD_MS,
  AgentKeyCreate,
  type AgentMessage,
  AgentMessageBatch,
  AgentPromptQuery,
  agentKeyMessages,
  conversationMessages,
} from "../../schema/conversation.ts";
import type { Summary } from "../../schema/rows.ts";
import { SummaryChanges, summaryMessages } from "../../schema/summary.ts";
import { randomToken, sha256Hex } from "../auth/tokens.ts";
import type { Sql } from "../db/connect.ts";
import type { AppEnv } from "../env.ts";
import { AGENT_KEY_PREFIX, agentOwner, requireAgentKey } from "../http/agent-auth.ts";
import { badRequest, check, issuesOf, jsonBody, notFound, readJson } from "../http/errors.ts";
import { currentUser, requireAdmin, requireUser } from "../http/session.ts";
import { toPrompt, toSummary } from "../rows.ts";
import { conversationPatient } from "../scope.ts";
import { testPromptAtIntake } from "./prompts.ts";

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
  // Its stored answers go too: nothing the key did is replayed to whoever still holds it.
  await sql`DELETE FROM idempotency_keys WHERE user_id = ${agentOwner(row.key_hash as string)}`;
  return c.json(toAgentKey(row));
});

/** A time more than a day ahead of the server's clock: the agent's clock is wrong, or the time is made up. */
const isAhead = (now: Date, time: Date | null | undefined) =>
  time != null && time.getTime() - now.getTime() > AGENT_CLOCK_AHEAD_MS;

function refuseAhead(field: string, path = field, where = ""): never {
  const message = conversationMessages.aheadOfServer(field);
  throw badRequest(`${where}${message}`, [{ path, message }]);
}

/** Validates a message or a batch; a problem is named by the message's index in the batch. */
function readMessages(body: unknown, now: Date): AgentMessage[] {
  const single = !Array.isArray(body);
  const result = v.safeParse(AgentMessageBatch, single ? [body] : body);
  if (!result.success) {
    const issues = issuesOf(result.issues);
    const [first] = issues;
    const index = first?.path.split(".")[0];
    const where = single || !index || !/^\d+$/.test(index) ? "" : `Message ${index}: `;
    throw badRequest(`${where}${first?.message ?? "Invalid request"}`, issues);
  }
  result.output.forEach((message, i) => {
    if (isAhead(now, message.timestamp)) refuseAhead("timestamp", `${i}.timestamp`, single ? "" : `Message ${i}: `);
  });
  return result.output;
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
  const { sql, now } = c.get("deps");
  const batch = readMessages(await readJson(c), now());
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
  // Test data is decided here, once (0080). The agent retries whole batches: a message already
  // stored (same conversation, serial and type) is kept as it is, with the stamp it got then.
  const inserted = await sql.begin(async (tx) => {
    const testPrompt = await testPromptAtIntake(tx);
    const rows = batch.map((m) => ({ ...m, is_test: testPrompt !== null && m.prompt_id === testPrompt }));
    return tx`INSERT INTO conversation_messages ${tx(rows)}
      ON CONFLICT (conversation_id, serial_num, data_type) DO NOTHING RETURNING id`;
  });
  return c.json({ received: batch.length, inserted: inserted.length });
});

agentRoutes.put("/agent/conversation-summaries/:conversationId", requireAgentKey, async (c) => {
  const { sql, now } = c.get("deps");
  const id = c.req.param("conversationId");
  const changes = await jsonBody(c, SummaryChanges);
  // An empty change would answer the stored summary: the agent writes summaries, it does not read them.
  if (Object.keys(changes).length === 0) throw badRequest(agentKeyMessages.emptySummary);
  if (isAhead(now(), changes.started_at)) refuseAhead("started_at");
  if (isAhead(now(), changes.ended_at)) refuseAhead("ended_at");
  // The conversation's messages say whose summary it is; before the first message, the agent does.
  const fromConversation = await conversationPatient(sql, id);
  if (fromConversation && changes.patient_name && changes.patient_name !== fromConversation) {
    throw badRequest(summaryMessages.otherPatient);
  }
  const [existing] = await sql`SELECT patient_name FROM conversation_summaries WHERE id = ${id}`;
  const patientName = fromConversation ?? changes.patient_name ?? (existing?.patient_name as string | undefined);
  if (!patientName) throw badRequest(summaryMessages.noPatient);
  await assertAllExist(sql, "patients", [patientName], conversationMessages.unknownPatient);
  const fields = { ...changes, patient_name: patientName };
  // Fields the agent leaves out keep their stored values, so it can send what it learns as it goes.
  const [row] = await sql`INSERT INTO conversation_summaries ${sql({ id, ...fields })}
    ON CONFLICT (id) DO UPDATE SET ${sql(fields)}
    RETURNING *, (xmax = 0) AS created`;
  if (!row) throw notFound();
  return c.json(writtenFields(toSummary(row), changes), row.created ? 201 : 200);
});

/** The answer to the agent: what it sent, as stored, with the row's id, version and time; nothing else of the row. */
function writtenFields(summary: Summary, changes: SummaryChanges) {
  const sent = Object.keys(changes) as (keyof SummaryChanges)[];
  const written = Object.fromEntries(sent.map((key) => [key, summary[key]]));
  return { id: summary.id, version: summary.version, updated_at: summary.updated_at, ...written };
}

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
