import { setStoreKey } from "./encrypted-store.ts";
import { createSyncEngine, type DeviceEvent, type SyncEngine, type SyncEngineOptions } from "./engine.ts";
import type { SyncFetch } from "./http.ts";
import type { SyncState } from "./state.ts";
import { type LocalStore, openStore } from "./store.ts";

/** The engine's state with a counter: the page keeps the newest, whichever way it arrived. */
export interface StateSnapshot {
  rev: number;
  state: SyncState;
}

/** Every answer carries the state as it was when the call ended, so the page never reads an older one. */
export interface Reply<T = void> {
  value: T;
  snapshot: StateSnapshot;
}

/** The engine's tunings (intervals, page sizes): plain data the page sends when it opens the worker. */
export type HostOptions = Pick<SyncEngineOptions, "intervalMs" | "debounceMs" | "pageSizes">;

export interface SyncHostDeps {
  /** Defaults to the worker's fetch; tests pass the server app's `request`. */
  fetch?: SyncFetch;
  /** Defaults to the browser's IndexedDB; tests pass a fake one. */
  openStore?: (userId: string) => LocalStore;
  /** How often at most the page hears a first sync's progress alone (PROGRESS_EVERY_MS). */
  progressEveryMs?: number;
}

/**
 * A first sync's progress changes with every page it stores, several times a second on a good
 * connection. Each change the page hears renders the status line and the screens' "still arriving"
 * notes, and lays the page out again: on a tablet, main-thread work for counts nobody reads that
 * fast. The page hears progress alone at most this often; anything else (a table done, an error,
 * the end) at once, with the latest counts.
 */
export const PROGRESS_EVERY_MS = 1000;

/** Whether `next` differs from `shown` only in the counts of the same table's download. */
function onlyProgress(shown: SyncState, next: SyncState) {
  const keys = Object.keys(next) as (keyof SyncState)[];
  return (
    shown.firstSync !== null &&
    next.firstSync !== null &&
    shown.firstSync.table === next.firstSync.table &&
    keys.every((key) => key === "firstSync" || shown[key] === next[key])
  );
}

/**
 * What the sync worker exposes to the page (through comlink): the engine on the worker's own
 * connection to the user's database. Arguments and answers are plain data, so they cross by
 * structured clone; the state comes back with every answer and through `watch`.
 */
export function createSyncHost(deps: SyncHostDeps = {}) {
  let engine: SyncEngine | null = null;
  let userId = "";
  let rev = 0;
  // The store's rows are sealed: the engine runs only while the page has handed over the data key.
  let keyed = false;
  let wanted = false;
  // A progress the page has not heard yet (watch).
  let later: ReturnType<typeof setTimeout> | undefined;
  const snapshot = (): StateSnapshot => ({ rev, state: opened().getState() });
  const opened = () => {
    if (!engine) throw new Error("The sync worker was not opened");
    return engine;
  };
  const reply = async <T>(value: T | Promise<T>): Promise<Reply<Awaited<T>>> => ({
    value: await value,
    snapshot: snapshot(),
  });

  return {
    open(id: string, options: HostOptions = {}): Reply {
      userId = id;
      const store = (deps.openStore ?? openStore)(id);
      engine = createSyncEngine({ store, fetch: deps.fetch, ...options });
      engine.subscribe(() => {
        rev += 1;
      });
      return { value: undefined, snapshot: snapshot() };
    },
    /** `listener` hears each new state (a comlink proxy from the page); progress alone at most every PROGRESS_EVERY_MS. */
    watch(listener: (snapshot: StateSnapshot) => void): void {
      const everyMs = deps.progressEveryMs ?? PROGRESS_EVERY_MS;
      let shown = opened().getState();
      let shownAt = 0;
      const tell = () => {
        clearTimeout(later);
        later = undefined;
        shown = opened().getState();
        shownAt = Date.now();
        listener(snapshot());
      };
      opened().subscribe((next) => {
        if (everyMs === 0 || !onlyProgress(shown, next)) return tell();
        later ??= setTimeout(tell, Math.max(0, shownAt + everyMs - Date.now()));
      });
    },
    /** Syncs from now on, once the page has handed over the data key (`unlock`). */
    start: () => {
      wanted = true;
      if (!keyed)
        void opened()
          .askFirstPageEarly()
          .catch(() => {});
      return reply(keyed ? opened().start() : undefined);
    },
    stop: () => {
      wanted = false;
      return reply(opened().stop());
    },
    /** The data key (unlock, PIN set-up): the engine may read and write the store, and starts if asked to. */
    unlock: (dataKey: Uint8Array) => {
      setStoreKey(userId, dataKey);
      keyed = true;
      return reply(wanted ? opened().start() : undefined);
    },
    /** Locking: the engine stops and the key leaves the worker's memory. */
    lock: async () => {
      keyed = false;
      await opened().stop();
      setStoreKey(userId, null);
      return reply(undefined);
    },
    sync: () => reply(opened().sync()),
    resume: () => reply(opened().resume()),
    deviceEvent: (event: DeviceEvent) => reply(opened().deviceEvent(event)),
    settle: (mutationId: string, waitMs?: number) => reply(opened().settle(mutationId, waitMs)),
    persistenceChanged: (persisted: boolean | null) => reply(opened().persistenceChanged(persisted)),
    resolveConflict: (id: string, keep: "mine" | "theirs") => reply(opened().resolveConflict(id, keep)),
    retryFailed: (mutationId: string) => reply(opened().retryFailed(mutationId)),
    discardMutation: (mutationId: string) => reply(opened().discardMutation(mutationId)),
    prepareSignOut: () => reply(opened().prepareSignOut()),
    close: () => {
      clearTimeout(later);
      return reply(opened().close());
    },
  };
}

export type SyncHost = ReturnType<typeof createSyncHost>;
