/// <reference lib="webworker" />
import { expose } from "comlink";
import { createSyncHost, SYNC_WORKER_READY } from "./sync-host.ts";

/** The sync engine off the main thread: one per tab, on its own connection to the user's database. */
expose(createSyncHost());
postMessage(SYNC_WORKER_READY);
