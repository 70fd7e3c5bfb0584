/// <reference lib="webworker" />
import { expose } from "comlink";
import { WORKER_READY } from "@/lib/when-online.ts";
import { createSyncHost } from "./sync-host.ts";

/** The sync engine off the main thread: one per tab, on its own connection to the user's database. */
expose(createSyncHost());
postMessage(WORKER_READY);
