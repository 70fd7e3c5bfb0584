import { proxy, type Remote, releaseProxy, wrap } from "comlink";
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
  /** The engine in its worker (or, in tests, behind a MessageChannel). */
  host: Remote<SyncHost>;
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
export function createSyncClient({ store, host, onAuthLost, release, ...options }: SyncClientOptions) {
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

  const opened = (async () => {
    take((await host.open(store.userId, options)).snapshot);
    await host.watch(proxy(take));
  })();

  // The worker syncs only while it holds the data key: handed over at unlock (or when a PIN set-up
  // starts), taken back at lock. The set-up's key held again once the PIN is set is the one it has.
  let given: Uint8Array | null = null;
  const handOver = (dataKey: Uint8Array | null) => {
    if (dataKey === given) return;
    given = dataKey;
    void call((h) => (dataKey ? h.unlock(dataKey) : h.lock())).catch(() => {});
  };
  const held = heldDeviceKey(store.userId);
  if (held) handOver(held);
  const stopKeys = onDeviceKey((userId, dataKey) => {
    if (userId === store.userId) handOver(dataKey);
  });

  async function call<T>(request: (host: Remote<SyncHost>) => Promise<Reply<T>>): Promise<T> {
    await opened;
    const { value, snapshot } = await request(host);
    take(snapshot);
    return value;
  }

  /** Stops syncing and ends the worker. */
  async function stop() {
    stopEvents();
    stopKeys();
    await call((h) => h.close()).catch(() => {});
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
      await call((h) => h.deviceEvent("outbox-changed"));
      const sent: Promise<SaveOutcome> = call((h) => h.settle(result.mutationId)).catch(() => ({ status: "queued" }));
      return { ...result, sent };
    },
    /**
     * Records that the user opened a patient's data: queued here (offline too) with its own time and
     * id, then the worker sends it. Never throws: a view that could not be queued must not break a screen.
     */
    async recordView(view: RecordViewInput) {
      try {
        await queueView(store, view);
        await call((h) => h.deviceEvent("outbox-changed"));
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

/** The signed-in user's engine in a dedicated module worker, and the page's own store. */
export function openSyncClient(userId: string, onAuthLost?: () => void): SyncClient {
  const worker = new Worker(new URL("./sync.worker.ts", import.meta.url), { type: "module", name: "sync" });
  const host = wrap<SyncHost>(worker);
  const release = () => {
    host[releaseProxy]();
    worker.terminate();
  };
  return createSyncClient({ store: openStore(userId), host, onAuthLost, release });
}
