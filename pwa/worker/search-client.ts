import { releaseProxy, wrap } from "comlink";
import { heldDeviceKey } from "@/local/device-key.ts";
import type { LocalStore } from "@/local/index.ts";
import type { SearchWorkerApi } from "./search.worker.ts";
import { createSearchEngine, type SearchApi } from "./search-engine.ts";

export interface SearchClient extends SearchApi {
  close(): void;
}

/**
 * The search in a web worker. Where there is no module worker (the unit tests' happy-dom), the same
 * engine runs in-process on the given store, so tests exercise the very code the worker runs.
 */
export function createSearchClient(store: LocalStore): SearchClient {
  if (typeof Worker === "undefined" || import.meta.env.MODE === "test") {
    const engine = createSearchEngine(store);
    return { ...engine, close: () => {} };
  }
  const worker = new Worker(new URL("./search.worker.ts", import.meta.url), { type: "module", name: "search" });
  const remote = wrap<SearchWorkerApi>(worker);
  const opened = remote.open(store.userId, heldDeviceKey(store.userId));
  return {
    search: async (filters, version) => {
      await opened;
      return remote.search(filters, version);
    },
    finish: (resultKey) => remote.finish(resultKey),
    messageIds: (resultKey, from, to) => remote.messageIds(resultKey, from, to),
    groups: (resultKey, from, to) => remote.groups(resultKey, from, to),
    conversations: (resultKey, from, to) => remote.conversations(resultKey, from, to),
    keepNow: () => remote.keepNow(),
    close: () => {
      remote[releaseProxy]();
      worker.terminate();
    },
  };
}
