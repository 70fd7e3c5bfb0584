import { type PullResponse, SYNCED_TABLES } from "@schema/rows.ts";
import { messageOf, type Send } from "./http.ts";
import { setServerRows } from "./rebase.ts";
import { type LocalStore, type Row, syncedTable, writing } from "./store.ts";

export type PullOutcome = "done" | "auth" | { error: string };

const PAGE = 5000;

/** Pulls every page since the saved cursor; each page and its cursor are stored in one transaction. */
export async function pullChanges(store: LocalStore, send: Send): Promise<PullOutcome> {
  for (;;) {
    const cursor = (await store.meta.get("cursor"))?.value ?? "";
    const answer = await send("GET", `/api/sync/pull?cursor=${encodeURIComponent(cursor)}&limit=${PAGE}`);
    if (answer.status === 401) return "auth";
    // A cursor the server no longer accepts (a role change, an upgrade, a restored backup): start over.
    if (answer.status === 400 && cursor !== "") {
      await startOver(store);
      continue;
    }
    if (answer.status !== 200) return { error: messageOf(answer) };
    const page = answer.body as PullResponse;
    await writing(store, async () => {
      for (const table of SYNCED_TABLES) {
        const changed = (page.changes[table] ?? []) as Row[];
        const removed = page.removed[table] ?? [];
        if (changed.length === 0 && removed.length === 0) continue;
        const server = new Map<string, Row | null>(removed.map((id) => [id, null]));
        for (const row of changed) server.set(row.id, row);
        await setServerRows(store, table, server);
      }
      await store.meta.put({ key: "cursor", value: page.cursor });
    });
    if (!page.hasMore) return "done";
  }
}

/**
 * Forgets every synced row except those with changes still waiting, then pulls from nothing: what
 * the user may no longer see (say, after losing the admin role) must not stay on the device.
 */
async function startOver(store: LocalStore) {
  await writing(store, async () => {
    const waiting = new Set((await store.outbox.toArray()).map((e) => `${e.table}:${e.rowId}`));
    for (const table of SYNCED_TABLES) {
      const ids = (await syncedTable(store, table).toCollection().primaryKeys()) as string[];
      await syncedTable(store, table).bulkDelete(ids.filter((id) => !waiting.has(`${table}:${id}`)));
    }
    await store.meta.delete("cursor");
  });
}
