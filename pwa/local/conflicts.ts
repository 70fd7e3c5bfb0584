import { rebase } from "./rebase.ts";
import { type LocalStore, writing } from "./store.ts";

/**
 * "mine": send my change again without If-Match, so it overwrites the server's row (a new
 * Idempotency-Key: the old one's stored answer is the 409). "theirs": keep the server's row and
 * drop my change. Until then the conflict keeps both.
 */
export async function resolveConflict(store: LocalStore, conflictId: string, keep: "mine" | "theirs"): Promise<void> {
  await writing(store, async () => {
    const conflict = await store.conflicts.get(conflictId);
    if (!conflict) return;
    await store.conflicts.delete(conflictId);
    if (keep === "mine") {
      await store.outbox.add({
        id: crypto.randomUUID(),
        method: conflict.method,
        path: conflict.path,
        body: conflict.mine,
        table: conflict.table,
        rowId: conflict.rowId,
        op: conflict.op,
        createdAt: conflict.createdAt,
        status: "pending",
      });
    }
    await rebase(store, conflict.table, [conflict.rowId]);
  });
}

/** Sends a refused change again (a new Idempotency-Key, since the old one's answer was the refusal). */
export async function retryFailed(store: LocalStore, mutationId: string): Promise<void> {
  await writing(store, async () => {
    const entry = await store.outbox.get({ id: mutationId });
    if (entry?.status !== "failed") return;
    await store.outbox.update(entry.seq as number, {
      id: crypto.randomUUID(),
      status: "pending",
      refusal: undefined,
      error: undefined,
    });
    await rebase(store, entry.table, [entry.rowId]);
  });
}

/** Drops a refused (or any queued) change; the row goes back to the server's value. */
export async function discardMutation(store: LocalStore, mutationId: string): Promise<void> {
  await writing(store, async () => {
    const entry = await store.outbox.get({ id: mutationId });
    if (!entry) return;
    await store.outbox.delete(entry.seq as number);
    await rebase(store, entry.table, [entry.rowId]);
  });
}
