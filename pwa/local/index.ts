/** The device's core: the per-user store, mutations and the sync engine. No React here. */
export { discussedAt, markDiscussed } from "./discussed.ts";
export type { SaveOutcome } from "./engine.ts";
export type { FirstSync, SyncProblem, SyncState } from "./state.ts";
export {
  type Conflict,
  deleteStore,
  type Local,
  type LocalStore,
  type OutboxEntry,
  openStore,
  otherUsersOnDevice,
  type Refused,
  readConversation,
  readMessages,
  readOpened,
  readPatientMessages,
  refusedOf,
} from "./store.ts";
// The page's handle on the engine, which runs in the sync worker.
export { openSyncClient, type SyncClient as SyncEngine } from "./sync-client.ts";
