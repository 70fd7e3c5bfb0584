import { releaseProxy, wrap } from "comlink";
import { importWhenOnline, startWorker } from "@/lib/when-online.ts";
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
  // A worker whose file could not be fetched (offline on a first visit, before the service worker
  // holds it) never answers: it is started again once the connection is back.
  const started = importWhenOnline(() => startSearchWorker(store));
  let closed = false;
  const remote = async () => (await started).remote;
  return {
    search: async (filters, version) => (await remote()).search(filters, version),
    finish: async (resultKey) => (await remote()).finish(resultKey),
    messageIds: async (resultKey, from, to) => (await remote()).messageIds(resultKey, from, to),
    groups: async (resultKey, from, to) => (await remote()).groups(resultKey, from, to),
    conversations: async (resultKey, from, to) => (await remote()).conversations(resultKey, from, to),
    keepNow: async () => (await remote()).keepNow(),
    rest: async () => (await remote()).rest(),
    close: () => {
      if (closed) return;
      closed = true;
      void started.then(
        ({ remote: r, worker }) => {
          r[releaseProxy]();
          worker.terminate();
        },
        () => {},
      );
    },
  };
}

/** A search worker, opened on the user's store; rejects when its file could not be loaded. */
async function startSearchWorker(store: LocalStore) {
  const worker = await startWorker(
    () => new Worker(new URL("./search.worker.ts", import.meta.url), { type: "module", name: "search" }),
  );
  const remote = wrap<SearchWorkerApi>(worker);
  try {
    await remote.open(store.userId, heldDeviceKey(store.userId));
    return { worker, remote };
  } catch (error) {
    remote[releaseProxy]();
    worker.terminate();
    throw error;
  }
}
