import type { DeviceErrorCode, ErrorCode } from "@schema/error-codes.ts";
import type { PullProgress } from "@schema/rows.ts";
import type { OutboxEntry, Refused } from "./store.ts";

/** A first sync under way: the table downloading, its rows done of total, rows left in all, and an estimate. */
export interface FirstSync extends PullProgress {
  /** From the rate observed so far; null before there is one. */
  secondsLeft: number | null;
}

/**
 * Why the last sync did not finish: a code the UI turns into words (one table, schema/error-codes.ts),
 * and the server's own words when it refused with any. The engine keeps no sentences of its own.
 */
export interface SyncProblem {
  code: ErrorCode | DeviceErrorCode;
  message?: string;
  /** The HTTP status of the refusal, when the server answered: the words when it sent none. */
  status?: number;
}

/** What the UI shows about sync; one status line maps it to offline / syncing / N waiting / failed / synced. */
export interface SyncState {
  /** The browser says it is online and the last request got an answer. */
  online: boolean;
  syncing: boolean;
  /** Changes waiting to be sent. */
  pending: number;
  /** Changes the server refused, with why; each can be retried or discarded. */
  failed: (Pick<OutboxEntry, "id" | "method" | "path" | "table" | "rowId" | "op" | "createdAt" | "body"> & {
    refused: Refused;
  })[];
  /** Unresolved conflicts (read them from the store's `conflicts` table). */
  conflicts: number;
  /** ISO time of the last complete push + pull, or null before the first. */
  lastSyncedAt: string | null;
  /** Why the last sync did not finish (network or server), or null. */
  error: SyncProblem | null;
  /** The session ended: nothing is sent until `resume()` after signing in again. */
  authLost: boolean;
  /** Whether the browser promised to keep this site's storage (null: unknown / not asked). */
  persisted: boolean | null;
  /** While the device's first sync is incomplete (also when it was cut off); null once synced. */
  firstSync: FirstSync | null;
}

export const initialState = (): SyncState => ({
  online: typeof navigator === "undefined" ? true : navigator.onLine !== false,
  syncing: false,
  pending: 0,
  failed: [],
  conflicts: 0,
  lastSyncedAt: null,
  error: null,
  authLost: false,
  persisted: null,
  firstSync: null,
});

/** `received` rows took `elapsedMs` so far: at that rate, how long the rest takes. */
export function estimateFirstSync(progress: PullProgress, received: number, elapsedMs: number): FirstSync {
  const secondsLeft =
    received > 0 && elapsedMs > 0 ? Math.ceil((progress.remaining * elapsedMs) / received / 1000) : null;
  return { ...progress, secondsLeft };
}

/** A tiny observable value: the React side takes each change in a transition (sync-context.ts). */
export function createStateStore(initial: SyncState) {
  let state = initial;
  const listeners = new Set<(state: SyncState) => void>();
  return {
    getState: () => state,
    set(patch: Partial<SyncState>) {
      state = { ...state, ...patch };
      for (const listener of listeners) listener(state);
    },
    subscribe(listener: (state: SyncState) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
