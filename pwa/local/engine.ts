import * as conflicts from "./conflicts.ts";
import { createHttp, NetworkError, type SyncFetch } from "./http.ts";
import { createPushLock } from "./lock.ts";
import { isPersisted } from "./persistence.ts";
import { askPage, type PageSizes, pullChanges } from "./pull.ts";
import { pushOutbox } from "./push.ts";
import { pushViews } from "./record-views.ts";
import { createStateStore, initialState, type SyncProblem } from "./state.ts";
import { type LocalStore, type Refused, refusedOf, storeName } from "./store.ts";

/** What only the page sees, forwarded to the engine in its worker (see device-events.ts). */
export type DeviceEvent = "online" | "offline" | "focus" | "outbox-changed";

export interface SyncEngineOptions {
  store: LocalStore;
  /** Defaults to the browser's fetch (with cookies); tests pass the server app's `request`. */
  fetch?: SyncFetch;
  /** Prefix of every `/api/...` path; default "" (same origin). */
  baseUrl?: string;
  /** Default 30 s. */
  intervalMs?: number;
  /** Quiet time after a mutation before pushing, so a burst of edits goes out together; default 300 ms. */
  debounceMs?: number;
  /** Rows per pull page: default 1,000 for a device's very first page, then 5,000. */
  pageSizes?: PageSizes;
}

const OFFLINE: SyncProblem = { code: "offline" };
const UNAVAILABLE: SyncProblem = { code: "server_unavailable" };
const MAX_BACKOFF_MS = 30_000;
/** How long a change waits for the server's answer before the page says it is saved on the device. */
const CONFIRM_WAIT_MS = 3_000;

/** Where one change stands: the server has it, it waits on this device, or the server answered otherwise. */
export type SaveOutcome =
  | { status: "sent" }
  | { status: "queued" }
  | { status: "refused"; refusal: Refused }
  | { status: "conflict" };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The engine itself; it runs in the sync worker (sync.worker.ts), the page talks to it through sync-client.ts. */
export function createSyncEngine(options: SyncEngineOptions) {
  const { store, baseUrl = "", intervalMs = 30_000, debounceMs = 300 } = options;
  const fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const send = createHttp(fetch, baseUrl);
  const lock = createPushLock(`${storeName(store.userId)}-push`);
  const state = createStateStore(initialState());
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  // Only a started engine syncs by itself (tests drive an unstarted one step by step).
  let started = false;
  const timers: {
    retry?: ReturnType<typeof setTimeout>;
    debounce?: ReturnType<typeof setTimeout>;
    interval?: ReturnType<typeof setInterval>;
  } = {};

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
      failed: failed.map(({ id, method, path, table, rowId, op, createdAt, body, ...why }) => ({
        ...{ id, method, path, table, rowId, op, createdAt, body },
        refused: refusedOf(why),
      })),
    });
  }

  function retryLater(error: SyncProblem, online: boolean) {
    failures += 1;
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (failures - 1)) * (0.5 + Math.random() / 2);
    clearTimeout(timers.retry);
    timers.retry = setTimeout(() => void sync(), delay);
    state.set({ error, online });
  }

  const authLost = () => state.set({ authLost: true });

  async function syncOnce() {
    if (state.getState().authLost) return;
    if (typeof navigator !== "undefined" && navigator.onLine === false) return state.set({ online: false });
    // A store the browser evicted (or another tab wiped) opens empty: no cursor means a full pull.
    if (!store.isOpen()) await store.open();
    state.set({ syncing: true });
    try {
      // One pusher: the outbox, then the record views, under the same lock.
      const pushed = await lock.run(async () => {
        const outbox = await pushOutbox(store, send);
        return outbox === "done" ? pushViews(store, send) : outbox;
      });
      if (pushed === "auth") return authLost();
      if (pushed === "offline") return retryLater(OFFLINE, false);
      if (pushed === "unavailable") return retryLater(UNAVAILABLE, true);
      const firstPage = askedEarly;
      askedEarly = undefined;
      const pulled = await pullChanges(store, send, {
        pageSizes: options.pageSizes,
        firstPage,
        onFirstSync: (firstSync) => state.set({ firstSync }),
      });
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

  /** The page's events: the connection, the app coming to the front, a change queued by mutate(). */
  function deviceEvent(event: DeviceEvent) {
    if (event === "offline") return state.set({ online: false });
    if (event === "online") {
      state.set({ online: true });
      failures = 0;
    }
    if (event === "outbox-changed") void refreshCounts();
    if (!started) return;
    clearTimeout(timers.debounce);
    timers.debounce = setTimeout(() => void sync(), event === "outbox-changed" ? debounceMs : 0);
  }

  /** Where the change `mutationId` stands now: still in the outbox, a conflict, or gone (the server has it). */
  async function outcomeOf(mutationId: string): Promise<SaveOutcome> {
    const entry = await store.outbox.where("id").equals(mutationId).first();
    if (entry?.status === "failed") return { status: "refused", refusal: refusedOf(entry) };
    if (entry) return { status: "queued" };
    if ((await store.conflicts.filter((c) => c.mutationId === mutationId).count()) > 0) return { status: "conflict" };
    return { status: "sent" };
  }

  /**
   * Sends the change `mutationId` now and answers where it stands once the server answered it, or
   * after `waitMs`. Offline (or before start, when tests drive the engine) it answers at once.
   */
  async function settle(mutationId: string, waitMs = CONFIRM_WAIT_MS): Promise<SaveOutcome> {
    const offline = !state.getState().online || (typeof navigator !== "undefined" && navigator.onLine === false);
    if (!started || offline || state.getState().authLost) return outcomeOf(mutationId);
    const deadline = Date.now() + waitMs;
    let finished = false;
    clearTimeout(timers.debounce);
    const run = sync().finally(() => {
      finished = true;
    });
    for (;;) {
      const outcome = await outcomeOf(mutationId);
      if (outcome.status !== "queued" || finished || Date.now() >= deadline) return outcome;
      await Promise.race([run, sleep(Math.min(100, deadline - Date.now()))]);
    }
  }

  /**
   * A device's first sync asks for its first page as the engine opens, before it may store anything:
   * the data key comes with the PIN set-up a moment later, and the server's answer is on its way
   * meanwhile. Not with changes of this device waiting to be sent: they go first.
   */
  let askedEarly: ReturnType<typeof askPage> | undefined;
  async function askFirstPageEarly() {
    if (started || askedEarly) return;
    if ((await store.meta.get("cursor")) || (await store.outbox.count()) > 0) return;
    askedEarly ??= askPage(send, "", options.pageSizes);
  }

  async function start() {
    started = true;
    clearInterval(timers.interval);
    timers.interval = setInterval(() => void sync(), intervalMs);
    const last = await store.meta.get("lastSyncedAt");
    const firstSync = await store.meta.get("firstSync");
    state.set({
      lastSyncedAt: last?.value ?? null,
      persisted: await isPersisted(),
      firstSync: firstSync ? { ...JSON.parse(firstSync.value), secondsLeft: null } : null,
    });
    await sync();
  }

  function stop() {
    started = false;
    clearInterval(timers.interval);
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
    askFirstPageEarly,
    start,
    stop,
    sync,
    getState: state.getState,
    subscribe: state.subscribe,
    deviceEvent,
    settle,
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
    /** The page asked the browser to keep the store (only a page may ask). */
    persistenceChanged(persisted: boolean | null) {
      state.set({ persisted });
    },
    /** Sends what it can; `unsent` > 0 means the user must sync again later or accept losing those changes. */
    async prepareSignOut(): Promise<{ unsent: number; conflicts: number; views: number }> {
      await sync();
      await refreshCounts();
      const { pending, failed, conflicts: open } = state.getState();
      // Record views still queued: signing out would delete them before the activity log heard of them.
      const views = store.isOpen() ? await store.views.count() : 0;
      return { unsent: pending + failed.length, conflicts: open, views };
    },
    /** Stops and lets go of the database, so the page can delete it. */
    async close() {
      stop();
      await running?.catch(() => {});
      store.close();
    },
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
