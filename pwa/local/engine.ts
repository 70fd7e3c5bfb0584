import * as conflicts from "./conflicts.ts";
import { createHttp, NetworkError, type SyncFetch } from "./http.ts";
import { createPushLock } from "./lock.ts";
import { type Mutation, mutate, onMutation } from "./mutate.ts";
import { isPersisted, requestPersistence } from "./persistence.ts";
import { pullChanges } from "./pull.ts";
import { pushOutbox } from "./push.ts";
import { createStateStore, initialState, type SyncState } from "./state.ts";
import { type LocalStore, storeName } from "./store.ts";

export interface SyncEngineOptions {
  store: LocalStore;
  /** Defaults to the browser's fetch (with cookies); tests pass the server app's `request`. */
  fetch?: SyncFetch;
  /** Prefix of every `/api/...` path; default "" (same origin). */
  baseUrl?: string;
  /** Called once when the server says the session ended; call `resume()` after signing in again. */
  onAuthLost?: () => void;
  /** Default 30 s. */
  intervalMs?: number;
  /** Quiet time after a mutation before pushing, so a burst of edits goes out together; default 300 ms. */
  debounceMs?: number;
}

const OFFLINE = "You are offline. Changes are saved on this device and will be sent when you reconnect.";
const UNAVAILABLE = "The server is not accepting changes right now. They are saved on this device and will be retried.";
const MAX_BACKOFF_MS = 30_000;

export function createSyncEngine(options: SyncEngineOptions) {
  const { store, baseUrl = "", onAuthLost, intervalMs = 30_000, debounceMs = 300 } = options;
  const fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const send = createHttp(fetch, baseUrl);
  const lock = createPushLock(`${storeName(store.userId)}-push`);
  const state = createStateStore(initialState());
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  const timers: { retry?: ReturnType<typeof setTimeout>; debounce?: ReturnType<typeof setTimeout> } = {};
  const cleanups: (() => void)[] = [];

  async function refreshCounts() {
    if (!store.isOpen()) return;
    const [pending, failed, conflictCount] = await Promise.all([
      store.outbox.where("status").equals("pending").count(),
      store.outbox.where("status").equals("failed").toArray(),
      store.conflicts.count(),
    ]);
    state.set({
      pending,
      conflicts: conflictCount,
      failed: failed.map(({ id, method, path, table, rowId, createdAt, error, body }) => ({
        ...{ id, method, path, table, rowId, createdAt, error, body },
      })),
    });
  }

  function retryLater(error: string, online: boolean) {
    failures += 1;
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (failures - 1)) * (0.5 + Math.random() / 2);
    clearTimeout(timers.retry);
    timers.retry = setTimeout(() => void sync(), delay);
    state.set({ error, online });
  }

  function authLost() {
    if (!state.getState().authLost) onAuthLost?.();
    state.set({ authLost: true });
  }

  async function syncOnce() {
    if (state.getState().authLost) return;
    if (typeof navigator !== "undefined" && navigator.onLine === false) return state.set({ online: false });
    // A store the browser evicted (or another tab wiped) opens empty: no cursor means a full pull.
    if (!store.isOpen()) await store.open();
    state.set({ syncing: true });
    try {
      const pushed = await lock.run(() => pushOutbox(store, send));
      if (pushed === "auth") return authLost();
      if (pushed === "offline") return retryLater(OFFLINE, false);
      if (pushed === "unavailable") return retryLater(UNAVAILABLE, true);
      const pulled = await pullChanges(store, send);
      if (pulled === "auth") return authLost();
      if (pulled !== "done") return retryLater(pulled.error, true);
      failures = 0;
      const lastSyncedAt = new Date().toISOString();
      await store.meta.put({ key: "lastSyncedAt", value: lastSyncedAt });
      state.set({ online: true, error: null, lastSyncedAt });
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      retryLater(OFFLINE, false);
    } finally {
      state.set({ syncing: false });
      await refreshCounts();
    }
  }

  /** Push then pull; calls during a run join it and cause one more run after it. */
  function sync(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await syncOnce();
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function listen(target: EventTarget | undefined, type: string, handler: () => void) {
    if (!target?.addEventListener) return;
    target.addEventListener(type, handler);
    cleanups.push(() => target.removeEventListener(type, handler));
  }

  const win = typeof window === "undefined" ? undefined : window;
  const doc = typeof document === "undefined" ? undefined : document;

  async function start() {
    listen(win, "online", () => {
      state.set({ online: true });
      failures = 0;
      void sync();
    });
    listen(win, "offline", () => state.set({ online: false }));
    listen(win, "focus", () => void sync());
    listen(doc, "visibilitychange", () => doc?.visibilityState === "visible" && void sync());
    cleanups.push(
      onMutation(store, () => {
        void refreshCounts();
        clearTimeout(timers.debounce);
        timers.debounce = setTimeout(() => void sync(), debounceMs);
      }),
    );
    const interval = setInterval(() => void sync(), intervalMs);
    cleanups.push(() => clearInterval(interval));
    const last = await store.meta.get("lastSyncedAt");
    state.set({ lastSyncedAt: last?.value ?? null, persisted: await isPersisted() });
    await sync();
  }

  function stop() {
    for (const cleanup of cleanups.splice(0)) cleanup();
    clearTimeout(timers.retry);
    clearTimeout(timers.debounce);
    lock.close();
  }

  const afterward =
    <A extends unknown[]>(fn: (store: LocalStore, ...args: A) => Promise<void>) =>
    async (...args: A) => {
      await fn(store, ...args);
      await refreshCounts();
      void sync();
    };

  return {
    store,
    start,
    stop,
    sync,
    getState: state.getState,
    subscribe: state.subscribe,
    /** Same as `mutate(store, m)`; the engine pushes it shortly after. */
    mutate: (mutation: Mutation) => mutate(store, mutation),
    resolveConflict: afterward(conflicts.resolveConflict),
    retryFailed: afterward(conflicts.retryFailed),
    discardMutation: async (mutationId: string) => {
      await conflicts.discardMutation(store, mutationId);
      await refreshCounts();
    },
    /** After signing in again: sends what waited while the session was gone. */
    resume() {
      state.set({ authLost: false });
      failures = 0;
      return sync();
    },
    async requestPersistence() {
      const persisted = await requestPersistence();
      state.set({ persisted });
      return persisted;
    },
    /** Sends what it can; `unsent` > 0 means the user must sync again later or accept losing those changes. */
    async prepareSignOut(): Promise<{ unsent: number; conflicts: number }> {
      await sync();
      await refreshCounts();
      const { pending, failed, conflicts: open } = state.getState();
      return { unsent: pending + failed.length, conflicts: open };
    },
    /** Deletes this user's database from the device (rows, outbox, conflicts); the engine stops. */
    async wipe() {
      stop();
      await running?.catch(() => {});
      await store.delete();
    },
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
export type { SyncState };
