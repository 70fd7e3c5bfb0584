/// <reference lib="webworker" />
import { expose } from "comlink";
import { WORKER_READY } from "@/lib/when-online.ts";
import { setStoreKey } from "@/local/encrypted-store.ts";
import { openStore } from "@/local/index.ts";
import { createSearchEngine, type SearchApi } from "./search-engine.ts";

/** Opens the signed-in user's IndexedDB (the same database the page reads) and searches it off the main thread. */
let engine: SearchApi | null = null;

const api = {
  /** The data key opens the sealed rows; the page ends this worker when the device locks (Chat History unmounts). */
  open(userId: string, dataKey: Uint8Array | null) {
    setStoreKey(userId, dataKey);
    engine = createSearchEngine(openStore(userId));
  },
  search: ((filters, version) => {
    if (!engine) throw new Error("The search worker was not opened");
    return engine.search(filters, version);
  }) satisfies SearchApi["search"],
  finish: ((resultKey) => engine?.finish(resultKey) ?? Promise.resolve(null)) satisfies SearchApi["finish"],
  messageIds: ((resultKey, from, to) =>
    engine?.messageIds(resultKey, from, to) ?? Promise.resolve([])) satisfies SearchApi["messageIds"],
  groups: ((resultKey, from, to) =>
    engine?.groups(resultKey, from, to) ?? Promise.resolve([])) satisfies SearchApi["groups"],
  conversations: ((resultKey, from, to) =>
    engine?.conversations(resultKey, from, to) ?? Promise.resolve([])) satisfies SearchApi["conversations"],
  keepNow: (() => engine?.keepNow() ?? Promise.resolve()) satisfies SearchApi["keepNow"],
  rest: (() => engine?.rest() ?? Promise.resolve()) satisfies SearchApi["rest"],
};

export type SearchWorkerApi = typeof api;

expose(api);
postMessage(WORKER_READY);
