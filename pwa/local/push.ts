import type { ErrorCode } from "@schema/error-codes.ts";
import { ROW_SCHEMAS, type SyncedTable } from "@schema/rows.ts";
import * as v from "valibot";
import { type Answer, codeOf, NetworkError, type Send, serverWords } from "./http.ts";
import { applyOp, loadBase, rebase, setServerRows } from "./rebase.ts";
import { type LocalStore, type OutboxEntry, type Refusal, type Row, writing } from "./store.ts";

export type PushOutcome = "done" | "offline" | "unavailable" | "auth";

/** The answer's row when it is a valid row of the table with this id (schema/rows.ts), else null. */
function rowOf(table: SyncedTable, body: unknown, id: string): Row | null {
  const parsed = v.safeParse(ROW_SCHEMAS[table], body);
  return parsed.success && parsed.output.id === id ? parsed.output : null;
}

/** Sends the pending outbox in order; stops at the first change that got no answer. */
export async function pushOutbox(store: LocalStore, send: Send): Promise<PushOutcome> {
  for (;;) {
    const entry = await store.outbox.where("status").equals("pending").first();
    if (!entry) return "done";
    const headers: Record<string, string> = { "idempotency-key": entry.id };
    if (entry.baseVersion !== undefined) headers["if-match"] = String(entry.baseVersion);
    let answer: Answer;
    try {
      answer = await send(entry.method, entry.path, entry.body, headers);
    } catch (err) {
      if (err instanceof NetworkError) return "offline";
      throw err;
    }
    const { status } = answer;
    if (status < 300) {
      await confirm(store, entry, answer.body);
      continue;
    }
    const code = codeOf(answer);
    if (code === "unauthorized") return "auth";
    if (waitsForLater(code) || status === 408) return "unavailable";
    if (code === "not_found" && entry.method === "DELETE") await confirm(store, entry, answer.body);
    else {
      const current = code === "version_conflict" ? rowOf(entry.table, answer.body?.current, entry.rowId) : null;
      if (current) await recordConflict(store, entry, current);
      else await markFailed(store, entry, { code, status, message: serverWords(answer) });
    }
  }
}

/**
 * Refusals that are not the change's fault, so it is kept and sent again later: a server in trouble,
 * a rate limit, the same Idempotency-Key still being handled (a slow first attempt), or a one-time
 * password not yet changed (an admin reset it while this change waited on the device).
 */
const waitsForLater = (code: ErrorCode) =>
  code === "server_error" ||
  code === "rate_limited" ||
  code === "idempotency_in_progress" ||
  code === "must_change_password";

/**
 * The server applied the change: its answer becomes the server's row, when it is a valid one (a
 * malformed row is left out, and the next pull brings the row as stored); later changes build on it.
 */
async function confirm(store: LocalStore, entry: OutboxEntry, body: unknown) {
  await writing(store, async () => {
    const server = await loadBase(store, entry.table, [entry.rowId]);
    applyOp(server, entry);
    const answered = rowOf(entry.table, body, entry.rowId);
    if (answered) server.set(entry.rowId, answered);
    await store.outbox.delete(entry.seq as number);
    if (answered) {
      // Edits queued after this one on the same row were made on top of it, so they expect its new version.
      await store.outbox
        .filter((e) => e.table === entry.table && e.rowId === entry.rowId && e.baseVersion === entry.baseVersion)
        .modify((e) => {
          if (e.method === "PUT" || e.method === "PATCH") e.baseVersion = answered.version as number;
        });
    }
    await setServerRows(store, entry.table, server);
  });
}

async function recordConflict(store: LocalStore, entry: OutboxEntry, current: Row) {
  await writing(store, async () => {
    await store.conflicts.put({
      id: crypto.randomUUID(),
      table: entry.table,
      rowId: entry.rowId,
      mine: entry.body,
      theirs: current,
      mutationId: entry.id,
      method: entry.method,
      path: entry.path,
      op: entry.op,
      createdAt: entry.createdAt,
    });
    await store.outbox.delete(entry.seq as number);
    const server = await loadBase(store, entry.table, [entry.rowId]);
    server.set(entry.rowId, current);
    await setServerRows(store, entry.table, server);
  });
}

async function markFailed(store: LocalStore, entry: OutboxEntry, refusal: Refusal) {
  await writing(store, async () => {
    await store.outbox.update(entry.seq as number, { status: "failed", refusal });
    await rebase(store, entry.table, [entry.rowId]);
  });
}
