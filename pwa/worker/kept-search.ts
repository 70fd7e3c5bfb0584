import { onDeviceKey } from "@/local/device-key.ts";
import type { LocalStore } from "@/local/index.ts";
import { createSearchClient, type SearchClient } from "./search-client.ts";

/** How long a search no page uses stays ready for the next visit to Chat History. */
export const KEEP_SEARCH_MS = 5 * 60_000;

interface Kept {
  client: SearchClient;
  users: number;
  timer?: ReturnType<typeof setTimeout>;
}

const kept = new Map<LocalStore, Kept>();
let listening = false;

function closeKept(store: LocalStore) {
  const entry = kept.get(store);
  if (!entry) return;
  kept.delete(store);
  clearTimeout(entry.timer);
  entry.client.close();
}

/**
 * The search of `store`, shared by the pages that use it and kept for KEEP_SEARCH_MS after the last
 * one let it go: a search worker builds its index from the whole store when it starts (a first
 * sync's clinician opened Chat History three times, each visit building it again), and a kept one
 * only catches up on what changed since.
 *
 * The worker holds the device's data key, so it is closed the moment the device locks or its user
 * signs out, whether a page uses it or not; `create` makes the client (a test's, or the worker's).
 */
export function borrowSearch(
  store: LocalStore,
  create: (store: LocalStore) => SearchClient = createSearchClient,
): { client: SearchClient; release: () => void } {
  if (!listening) {
    listening = true;
    onDeviceKey((userId, dataKey) => {
      if (dataKey) return;
      for (const store of [...kept.keys()]) if (store.userId === userId) closeKept(store);
    });
  }
  let entry = kept.get(store);
  if (!entry) {
    entry = { client: create(store), users: 0 };
    kept.set(store, entry);
  }
  clearTimeout(entry.timer);
  entry.users++;
  const borrowed = entry;
  let released = false;
  return {
    client: borrowed.client,
    release: () => {
      if (released) return;
      released = true;
      borrowed.users--;
      // Closed meanwhile (a lock), or borrowed again since: nothing to keep or end.
      if (kept.get(store) !== borrowed || borrowed.users > 0) return;
      // Kept, it does nothing: a first sync's pages are taken in at the next visit, not as they come.
      borrowed.client.rest().catch(() => {});
      borrowed.timer = setTimeout(() => closeKept(store), KEEP_SEARCH_MS);
    },
  };
}
