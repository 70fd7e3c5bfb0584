import type { Context } from "hono";
import { Hono } from "hono";
import { PROMPT_MARK_ACTIVITY } from "../../schema/constants.ts";
import { messages } from "../../schema/messages.ts";
import { CreatePromptBody, PromptMarkBody } from "../../schema/prompt.ts";
import { logActivity } from "../activity.ts";
import type { SessionUser } from "../auth/sessions.ts";
import type { Db, Tx } from "../db/connect.ts";
import type { AppEnv } from "../env.ts";
import { conflict, jsonBody, notFound } from "../http/errors.ts";
import { currentUser, requireAdmin, requireUser } from "../http/session.ts";
import { toPrompt } from "../rows.ts";
import { patientsOf } from "../scope.ts";

/**
 * The AI agent's prompts. Everyone signed in reads them and picks the current
 * and test prompt; only admins create and delete. Exactly one prompt is current
 * and one is test once any exist: every change of a mark runs in a transaction
 * holding one advisory lock, so concurrent calls queue instead of racing
 * (the partial unique indexes of 0001 would turn a race into an error).
 * Message intake takes the same lock shared to stamp test data (0080), so a
 * batch is stamped with the marks of one moment. Every move of a mark is
 * logged: a clinician may move them, and an admin must see who did.
 */
export const promptsRoutes = new Hono<AppEnv>();

const PROMPT_MARKS_LOCK = 727_273;
type Mark = "is_current" | "is_test";
const lockMarks = (tx: Tx) => tx`SELECT pg_advisory_xact_lock(${PROMPT_MARKS_LOCK})`;

/**
 * The prompt whose messages are test data if they arrive now (the test prompt,
 * unless it is also the current one). Holds the marks still until `tx` ends:
 * a mark change under way is waited for, and the next one waits for `tx`.
 */
export async function testPromptAtIntake(tx: Tx): Promise<string | null> {
  await tx`SELECT pg_advisory_xact_lock_shared(${PROMPT_MARKS_LOCK})`;
  const [row] = await tx`SELECT id FROM prompts WHERE is_test AND NOT is_current`;
  return (row?.id as string | undefined) ?? null;
}

/** The prompt holding a mark now, if any (under the marks lock). */
async function holderOf(tx: Tx, mark: Mark): Promise<string | null> {
  const [row] = await tx`SELECT id FROM prompts WHERE ${tx(mark)}`;
  return (row?.id as string | undefined) ?? null;
}

/** One activity row per mark that moved: which mark, from which prompt to which (null: none). */
async function logMarkMove(c: Context<AppEnv>, tx: Tx, mark: Mark, from: string | null, to: string | null) {
  if (from === to) return;
  const metadata = { mark: mark === "is_current" ? "current" : "test", from, to };
  await logActivity(c, PROMPT_MARK_ACTIVITY, currentUser(c).id, metadata, tx);
}

/**
 * Prompts with the conversations that used them, in one query over the
 * trigger-kept prompt_conversations (0040). A clinician only learns the
 * conversation ids of their own patients.
 */
function promptsWithConversations(sql: Db, user: SessionUser, id?: string) {
  return sql`
    SELECT p.*, COALESCE((
      SELECT array_agg(DISTINCT pc.conversation_id) FROM prompt_conversations pc
      WHERE pc.prompt_id = p.id AND ${patientsOf(sql, user, "pc.patient_name")}
    ), '{}') AS conversation_id_list
    FROM prompts p
    ${id === undefined ? sql`` : sql`WHERE p.id = ${id}`}
    ORDER BY p.created_at DESC, p.id DESC`;
}

// `?refresh=true` (the spec's manual refresh) needs nothing more: answers are never cached.
promptsRoutes.get("/prompt-history", requireUser, async (c) => {
  const rows = await promptsWithConversations(c.get("deps").sql, currentUser(c));
  return c.json(rows.map(toPrompt));
});

promptsRoutes.get("/prompt-history/:id", requireUser, async (c) => {
  const id = c.req.param("id");
  const [row] = await promptsWithConversations(c.get("deps").sql, currentUser(c), id);
  if (!row) throw notFound(messages.prompts.notFound(id));
  return c.json(toPrompt(row));
});

/** `prompt-{timestamp}`, moved on by a millisecond while taken (two admins in the same instant). */
async function freePromptId(tx: Tx, timestamp: number): Promise<string> {
  for (let ts = timestamp; ; ts += 1) {
    const id = `prompt-${ts}`;
    const [taken] = await tx`SELECT 1 FROM prompts WHERE id = ${id}`;
    if (!taken) return id;
  }
}

promptsRoutes.post("/prompt-history", requireUser, requireAdmin, async (c) => {
  const body = await jsonBody(c, CreatePromptBody);
  const { sql, now } = c.get("deps");
  const createdAt = now();
  const row = await sql.begin(async (tx) => {
    await lockMarks(tx);
    let id = body.id;
    if (id) {
      const [taken] = await tx`SELECT 1 FROM prompts WHERE id = ${id}`;
      if (taken) throw conflict(messages.prompts.idTaken(id));
    } else {
      id = await freePromptId(tx, createdAt.getTime());
    }
    // The first prompt ever becomes current as well, so both marks exist from then on.
    const current = await holderOf(tx, "is_current");
    const test = await holderOf(tx, "is_test");
    await tx`UPDATE prompts SET is_test = false WHERE is_test`;
    const [created] = await tx`
      INSERT INTO prompts (id, title, owner, prompt, created_at, is_current, is_test)
      VALUES (${id}, ${body.title}, ${body.owner}, ${body.prompt}, ${createdAt}, ${current === null}, true)
      RETURNING *`;
    if (current === null) await logMarkMove(c, tx, "is_current", null, id);
    await logMarkMove(c, tx, "is_test", test, id);
    return created;
  });
  return c.json(toPrompt({ ...row, conversation_id_list: [] }), 201);
});

/** Moves the current or test mark to one prompt: clear the old holder, then set the new one. */
async function moveMark(c: Context<AppEnv>, mark: Mark) {
  const { promptId } = await jsonBody(c, PromptMarkBody);
  const { sql } = c.get("deps");
  const row = await sql.begin(async (tx) => {
    await lockMarks(tx);
    const [target] = await tx`SELECT 1 FROM prompts WHERE id = ${promptId}`;
    if (!target) throw notFound(messages.prompts.notFound(promptId));
    await logMarkMove(c, tx, mark, await holderOf(tx, mark), promptId);
    await tx`UPDATE prompts SET ${tx(mark)} = false WHERE ${tx(mark)} AND id <> ${promptId}`;
    await tx`UPDATE prompts SET ${tx(mark)} = true WHERE id = ${promptId} AND NOT ${tx(mark)}`;
    const [updated] = await promptsWithConversations(tx, currentUser(c), promptId);
    return updated;
  });
  return c.json(toPrompt(row));
}

promptsRoutes.post("/prompt-history/set-current", requireUser, (c) => moveMark(c, "is_current"));
promptsRoutes.post("/prompt-history/set-test", requireUser, (c) => moveMark(c, "is_test"));

promptsRoutes.delete("/prompt-history/:id", requireUser, requireAdmin, async (c) => {
  const id = c.req.param("id");
  await c.get("deps").sql.begin(async (tx) => {
    await lockMarks(tx);
    const [row] = await tx`SELECT is_current, is_test FROM prompts WHERE id = ${id}`;
    if (!row) throw notFound(messages.prompts.notFound(id));
    if (row.is_current) throw conflict(messages.prompts.currentUndeletable);
    if (row.is_test) throw conflict(messages.prompts.testUndeletable);
    await tx`DELETE FROM prompts WHERE id = ${id}`;
  });
  return c.json({ id, message: "Prompt deleted" });
});
