import { proxy, type Remote, wrap } from "comlink";
import { importWhenOnline, startWorker } from "@/lib/when-online.ts";
import { forwardDeviceEvents } from "./device-events.ts";
import { heldDeviceKey, onDeviceKey } from "./device-key.ts";
import type { SaveOutcome } from "./engine.ts";
import { type Mutation, mutate } from "./mutate.ts";
import { requestPersistence } from "./persistence.ts";
import { queueView, type RecordViewInput } from "./record-views.ts";
import { initialState, type SyncState } from "./state.ts";
import { type LocalStore, openStore } from "./store.ts";
import type { HostOptions, Reply, StateSnapshot, SyncHost } from "./sync-host.ts";

export interface SyncClientOptions extends HostOptions {
  /** The page's connection to the user's database: screens read it, `mutate` writes it. */
  store: LocalStore;
  /**
   * The engine in its worker (or, in tests, behind a MessageChannel); or the promise of it while its
   * worker loads (in an object: awaiting a comlink Remote itself never settles).
   */
  host: Remote<SyncHost> | Promise<{ host: Remote<SyncHost> }>;
  /** Called once when the server says the session ended; call `resume()` after signing in again. */
  onAuthLost?: () => void;
  /** Ends the worker once the client is stopped. */
  release?: () => void;
}

/**
 * The sync engine as the page sees it. Pulling, applying, pushing and rebasing run in the sync
 * worker; the page writes its own changes (so they show at once) and tells the worker, reads rows
 * through live queries, and keeps the engine's latest state for the status line.
 */
export function createSyncClient({ store, host: given, onAuthLost, release, ...options }: SyncClientOptions) {
  const listeners = new Set<(state: SyncState) => void>();
  let latest: StateSnapshot = { rev: -1, state: initialState() };
  let stopEvents = () => {};

  function take(snapshot: StateSnapshot) {
    if (snapshot.rev <= latest.rev) return;
    const wasLost = latest.state.authLost;
    latest = snapshot;
    if (snapshot.state.authLost && !wasLost) onAuthLost?.();
    for (const listener of listeners) listener(snapshot.state);
  }

  // Set once the worker is loaded: a change saved before that does not wait for it.
  let host = given instanceof Promise ? undefined : given;
  const loading = given instanceof Promise ? given : Promise.resolve({ host: given });
  const opened = (async () => {
    const loaded = (await loading).host;
    host = loaded;
    take((await loaded.open(store.userId, options)).snapshot);
    await loaded.watch(proxy(take));
  })();

  // The worker syncs only while it holds the data key: handed over at unlock (or when a PIN set-up
  // starts), taken back at lock. The set-up's key held again once the PIN is set is the one it has.
  let handed: Uint8Array | null = null;
  const handOver = (dataKey: Uint8Array | null) => {
    if (dataKey === handed) return;
    handed = dataKey;
    void call((h) => (dataKey ? h.unlock(dataKey) : h.lock())).catch(() => {});
  };
  const held = heldDeviceKey(store.userId);
  if (held) handOver(held);
  const stopKeys = onDeviceKey((userId, dataKey) => {
    if (userId === store.userId) handOver(dataKey);
  });

  async function call<T>(request: (host: Remote<SyncHost>) => Promise<Reply<T>>): Promise<T> {
    await opened;
    const { value, snapshot } = await request(host as Remote<SyncHost>);
    take(snapshot);
    return value;
  }

  /** Stops syncing and ends the worker. */
  async function stop() {
    stopEvents();
    stopKeys();
    // A worker still loading (offline) has nothing to close, and may not load before the connection is back.
    if (host) await call((h) => h.close()).catch(() => {});
    release?.();
  }

  return {
    store,
    getState: () => latest.state,
    subscribe(listener: (state: SyncState) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async start() {
      stopEvents();
      stopEvents = forwardDeviceEvents((event) => void call((h) => h.deviceEvent(event)));
      await call((h) => h.start());
    },
    stop,
    /** Push then pull; calls during a run join it and cause one more run after it. */
    sync: () => call((h) => h.sync()),
    /**
     * Writes the change and its outbox entry here (it rejects if the device could not), then the
     * worker sends it. `sent` answers whether the server has it within a short wait (at once offline).
     */
    async mutate(mutation: Mutation) {
      const result = await mutate(store, mutation);
      // Stored with its outbox entry, the change is the device's: the worker that sends it may still be loading.
      const told = call((h) => h.deviceEvent("outbox-changed"));
      told.catch(() => {});
      const queued = { status: "queued" } as const;
      const sent: Promise<SaveOutcome> = host
        ? told.then(() => call((h) => h.settle(result.mutationId))).catch(() => queued)
        : Promise.resolve(queued);
      return { ...result, sent };
    },
    /**
     * Records that the user opened a patient's data: queued here (offline too) with its own time and
     * id, then the worker sends it. Never throws: a view that could not be queued must not break a screen.
     */
    async recordView(view: RecordViewInput) {
      try {
        await queueView(store, view);
        void call((h) => h.deviceEvent("outbox-changed")).catch(() => {});
      } catch {
        // The store is closing (sign-out) or refused the write: the screen goes on.
      }
    },
    resolveConflict: (conflictId: string, keep: "mine" | "theirs") => call((h) => h.resolveConflict(conflictId, keep)),
    retryFailed: (mutationId: string) => call((h) => h.retryFailed(mutationId)),
    discardMutation: (mutationId: string) => call((h) => h.discardMutation(mutationId)),
    /** After signing in again: sends what waited while the session was gone. */
    resume: () => call((h) => h.resume()),
    /** Only a page may ask the browser to keep the store; the worker hears the answer. */
    async requestPersistence() {
      const persisted = await requestPersistence();
      await call((h) => h.persistenceChanged(persisted));
      return persisted;
    },
    /** Sends what it can; `unsent` > 0 means the user must sync again later or accept losing those changes. */
    prepareSignOut: () => call((h) => h.prepareSignOut()),
    /** Deletes this user's database from the device (rows, outbox, conflicts); the engine stops. */
    async wipe() {
      await stop();
      await store.delete();
    },
  };
}

export type SyncClient = ReturnType<typeof createSyncClient>;

/**
 * The signed-in user's engine in a dedicated module worker, and the page's own store. A worker whose
 * file could not be fetched (the connection lost on a first visit, before the service worker holds
 * it) is started again once the connection is back; changes made meanwhile wait in the outbox.
 */
export function openSyncClient(userId: string, onAuthLost?: () => void): SyncClient {
  let released = false;
  let running: Worker | undefined;
  const load = () =>
    startWorker(() => new Worker(new URL("./sync.worker.ts", import.meta.url), { type: "module", name: "sync" }));
  // Without its worker nothing syncs: it is tried for as long as the page lives.
  const host = importWhenOnline(load, Number.POSITIVE_INFINITY).then((started) => {
    running = started;
    if (released) started.terminate();
    return { host: wrap<SyncHost>(started) };
  });
  const release = () => {
    released = true;
    running?.terminate();
  };
  return createSyncClient({ store: openStore(userId), host, onAuthLost, release });
}
