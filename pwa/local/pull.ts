import { PullPage, SYNCED_TABLES } from "@schema/rows.ts";
import * as v from "valibot";
import { codeOf, type Send, serverWords } from "./http.ts";
import { setServerRows } from "./rebase.ts";
import { estimateFirstSync, type FirstSync, type SyncProblem } from "./state.ts";
import { type LocalStore, type Row, syncedTable, writing } from "./store.ts";

export type PullOutcome = "done" | "auth" | { error: SyncProblem };

/** Rows per pull: a small first page paints the caseload quickly, larger ones finish sooner. */
export interface PageSizes {
  first: number;
  next: number;
}
const PAGE_SIZES: PageSizes = { first: 1000, next: 5000 };

interface PullOptions {
  pageSizes?: PageSizes;
  /** After each stored page: where a first sync stands, or null when none is under way. */
  onFirstSync?: (firstSync: FirstSync | null) => void;
}

/**
 * Pulls every page since the saved cursor; each page and its cursor are stored in one transaction,
 * so a first sync cut off by a lost connection resumes after the last stored page.
 */
export async function pullChanges(store: LocalStore, send: Send, options: PullOptions = {}): Promise<PullOutcome> {
  const { pageSizes = PAGE_SIZES, onFirstSync } = options;
  const started = Date.now();
  let received = 0;
  for (;;) {
    const cursor = (await store.meta.get("cursor"))?.value ?? "";
    const limit = cursor === "" ? pageSizes.first : pageSizes.next;
    const answer = await send("GET", `/api/sync/pull?cursor=${encodeURIComponent(cursor)}&limit=${limit}`);
    if (answer.status !== 200) {
      const code = codeOf(answer);
      if (code === "unauthorized") return "auth";
      // A cursor the server no longer accepts (a role change, an upgrade, a restored backup): start over.
      if (code === "validation" && cursor !== "") {
        await startOver(store);
        continue;
      }
      return { error: { code, message: serverWords(answer), status: answer.status } };
    }
    // Nothing of a page that is not what the contract says reaches the store: the status shows it.
    const parsed = v.safeParse(PullPage, answer.body);
    if (!parsed.success) return { error: { code: "bad_answer" } };
    const page = parsed.output;
    // The last page of a first sync that fit in one answer still says where it stood: it is over.
    const progress = page.hasMore ? page.progress : undefined;
    await writing(store, async () => {
      for (const table of SYNCED_TABLES) {
        const changed: Row[] = page.changes[table] ?? [];
        const removed = page.removed[table] ?? [];
        if (changed.length === 0 && removed.length === 0) continue;
        const server = new Map<string, Row | null>(removed.map((id) => [id, null]));
        for (const row of changed) server.set(row.id, row);
        await setServerRows(store, table, server);
      }
      await store.meta.put({ key: "cursor", value: page.cursor });
      if (progress) await store.meta.put({ key: "firstSync", value: JSON.stringify(progress) });
      else await store.meta.delete("firstSync");
    });
    received += Object.values(page.changes).reduce((sum, rows) => sum + (rows?.length ?? 0), 0);
    onFirstSync?.(progress ? estimateFirstSync(progress, received, Date.now() - started) : null);
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
