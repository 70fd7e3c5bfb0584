import { createContext, use, useContext, useSyncExternalStore } from "react";
import type { LocalStore, SyncEngine, SyncState } from "@/local/index.ts";

/**
 * The signed-in user's device store and sync engine. The engine's code (Dexie) loads only after
 * sign-in, so `ready` is a promise; `engine` is set once it resolved.
 */
export interface SyncHandle {
  userId: string;
  ready: Promise<SyncEngine>;
  engine: SyncEngine | null;
}

export const SyncContext = createContext<SyncHandle | null>(null);

const NOT_SIGNED_IN = "useStore and useSyncEngine are for signed-in pages (inside RequireUser)";

/** The sync engine of the signed-in user; suspends until it is open (pages show the page spinner). */
export function useSyncEngine(): SyncEngine {
  const handle = useContext(SyncContext);
  if (!handle) throw new Error(NOT_SIGNED_IN);
  return handle.engine ?? use(handle.ready);
}

/** The signed-in user's Dexie store: read it with useLive (use-live.ts), write with `engine.mutate(…)` (which wakes the worker to send it). */
export function useStore(): LocalStore {
  return useSyncEngine().store;
}

/** The engine when it is already open, else null; never suspends (for the nav and sign-out). */
export function useOptionalSyncEngine(): SyncEngine | null {
  return useContext(SyncContext)?.engine ?? null;
}

const noEngine = {
  subscribe: () => () => {},
  getState: () => null,
};

/** The engine's state for status lines and warnings; null before sign-in or while it opens. */
export function useSyncState(): SyncState | null {
  const engine = useOptionalSyncEngine() ?? noEngine;
  return useSyncExternalStore(engine.subscribe, engine.getState, engine.getState);
}

/**
 * One fact of the engine's state (a boolean, a number): the component renders again only when that
 * fact changes, not on each of the many state changes of a first sync (one per stored page), each
 * of which re-rendered a whole screen on a tablet. `select` must return a primitive or a kept value.
 */
export function useSyncStateOf<T>(select: (state: SyncState | null) => T): T {
  const engine = useOptionalSyncEngine() ?? noEngine;
  const read = () => select(engine.getState());
  return useSyncExternalStore(engine.subscribe, read, read);
}
