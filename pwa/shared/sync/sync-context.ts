import { createContext, startTransition, use, useContext, useEffect, useRef, useState } from "react";
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
  return useSyncStateOf(whole);
}

const whole = (state: SyncState | null) => state;

/**
 * One fact of the engine's state (a boolean, a number): the component renders again only when that
 * fact changes, not on each of the many state changes of a first sync (one per stored page), each
 * of which re-rendered a whole screen on a tablet. `select` must return a primitive or a kept value.
 *
 * A change reaches React as a transition, rendered in slices between the page's other work. Read as
 * an external store (useSyncExternalStore), each was rendered synchronously, and React first ran
 * every effect the screen's last commit had left pending: at a tablet's speed, during a first sync,
 * tasks of 10–90 ms a few times a second, each also restarting the screen's render in progress.
 */
export function useSyncStateOf<T>(select: (state: SyncState | null) => T): T {
  const engine = useOptionalSyncEngine() ?? noEngine;
  const selected = useRef(select);
  selected.current = select;
  const [seen, setSeen] = useState(() => ({ engine, value: select(engine.getState()) }));
  // The last value handed to React, so an unchanged one asks for no update at all.
  const shown = useRef(seen);
  useEffect(() => {
    const update = () => {
      const value = selected.current(engine.getState());
      if (shown.current.engine === engine && Object.is(shown.current.value, value)) return;
      const next = { engine, value };
      shown.current = next;
      startTransition(() => setSeen(next));
    };
    update();
    return engine.subscribe(update);
  }, [engine]);
  // An engine just handed over is read at once, not after its first change.
  return seen.engine === engine ? seen.value : select(engine.getState());
}
