import { FIRST_SYNC_ORDER, type PullProgress, type SyncedTable } from "@schema/rows.ts";
import { liveQuery } from "dexie";
import { useObservable } from "dexie-react-hooks";
import { startTransition, useEffect, useRef, useState } from "react";
import { type LocalStore, readOpened } from "@/local/index.ts";
import { sameData } from "./same-data.ts";
import { useStore, useSyncStateOf } from "./sync-context.ts";

export type Live<T> = { status: "loading" } | { status: "error"; error: unknown } | { status: "ready"; data: T };

const LOADING = { status: "loading" } as const;

/**
 * A live query of the store with its three states spelled out: a read that fails (a store the
 * browser closed or evicted) becomes an error state the screen can show, not an exception that
 * unmounts the page.
 *
 * With `arriving`, an empty answer stays "loading" while the device's first sync has not brought
 * that table yet: the screen keeps its skeleton instead of flashing "no patients yet" and then
 * jumping when the rows land.
 *
 * Dexie runs the read again after every write to a table it read (a first sync writes the messages
 * a thousand at a time); an answer equal to the last one is handed back as the very same object,
 * so the screen does not render again for rows that did not change. A new answer is rendered as a
 * transition: React renders it in slices between the page's other work instead of in one task
 * (as useLiveQuery did: a screen of rows took 50–90 ms of a tablet's main thread in one go while a
 * first sync wrote page after page).
 */
export function useLive<T>(read: () => Promise<T>, deps: unknown[], arriving?: SyncedTable): Live<T> {
  const last = useRef<Live<T> | undefined>(undefined);
  const result = useObservable(
    () =>
      liveInTransition<Live<T>>(async () => {
        let next: Live<T>;
        try {
          next = { status: "ready", data: await read() };
        } catch (error) {
          next = { status: "error", error };
        }
        const kept = last.current;
        if (kept?.status === "ready" && next.status === "ready" && sameData(kept.data, next.data)) return kept;
        last.current = next;
        return next;
      }),
    deps,
  );
  const arrived = useTableArrived(arriving);
  if (!result) return LOADING;
  if (arriving && result.status === "ready" && isEmpty(result.data) && !arrived) return LOADING;
  return result;
}

/**
 * Dexie's live query of `read`, each answer handed on inside a React transition. A new one has no
 * answer yet (Dexie reads after a timeout), which saves useObservable subscribing during render
 * only to find none.
 */
const liveInTransition = <T>(read: () => Promise<T>) => ({
  hasValue: () => false,
  subscribe: (onNext: (value: T) => void, onError?: (error: unknown) => void) =>
    liveQuery(read).subscribe({
      next: (value) => startTransition(() => onNext(value)),
      error: (error: unknown) => onError?.(error),
    }),
});

const isEmpty = (data: unknown) => (Array.isArray(data) ? data.length === 0 : data === undefined || data === null);

type DeviceRows = "complete" | "nothing" | SyncedTable;

/** One read of the store's sync progress, shared by every component that waits for it. */
interface RowsWatch {
  value: DeviceRows | undefined;
  listeners: Set<() => void>;
  subscription?: { unsubscribe: () => void };
}

const rowsWatches = new WeakMap<LocalStore, RowsWatch>();

/**
 * Both rows in one read, opened by Web Crypto off the main thread (readOpened): a first sync
 * changes them with every page it stores, and this read runs again each time. Two gets, each
 * opened by noble inside its own transaction, took 50 ms of a slowed tablet's main thread between
 * a sign-in and the first conversation read (a traced first sync).
 */
async function readDeviceRows(store: LocalStore): Promise<DeviceRows> {
  try {
    const rows = await readOpened(store, store.meta, () =>
      store.meta.where("key").anyOf(["cursor", "firstSync"]).toArray(),
    );
    const cursor = rows.find((row) => row.key === "cursor");
    const firstSync = rows.find((row) => row.key === "firstSync");
    if (firstSync) return (JSON.parse(firstSync.value) as PullProgress).table;
    return cursor ? "complete" : "nothing";
  } catch {
    // A store that cannot be read waits for no sync: the screens' own reads show the error.
    return "complete";
  }
}

/** Listens to `store`'s progress: one live query for all listeners, stopped with the last of them. */
function listenDeviceRows(store: LocalStore, onChange: () => void): () => void {
  let watch = rowsWatches.get(store);
  if (!watch) {
    watch = { value: undefined, listeners: new Set() };
    rowsWatches.set(store, watch);
  }
  const w = watch;
  w.listeners.add(onChange);
  w.subscription ??= liveQuery(() => readDeviceRows(store)).subscribe((value) => {
    if (value === w.value) return;
    w.value = value;
    for (const listener of w.listeners) listener();
  });
  return () => {
    w.listeners.delete(onChange);
    if (w.listeners.size > 0) return;
    w.subscription?.unsubscribe();
    w.subscription = undefined;
    // Not listened to, the last answer may go stale: the next listener waits for a new one.
    w.value = undefined;
  };
}

/**
 * How far the device's rows are: "complete" once a sync went through every table, "nothing" before
 * a first sync stored its first page, else the table a first sync is downloading (the ones before
 * it are complete); undefined for the moment it takes to read. Read from the store itself, so a
 * device that synced before knows it on the first read, before the sync engine reports.
 *
 * Every component of a page asks this (each useLive waiting for a table, notices, skeletons): they
 * share one live query of the store, since each live query also weighs every write of a first sync
 * (Dexie hands each one the thousand rows a page stored).
 */
export function useDeviceRows(needed = true): DeviceRows | undefined {
  const store = useStore();
  const [rows, setRows] = useState(() => rowsWatches.get(store)?.value);
  useEffect(() => {
    // A read that waits for no table asks nothing: it costs no query on any change.
    if (!needed) return;
    // As a transition: a table arriving renders every screen that waited for it, in slices.
    const update = () => {
      const value = rowsWatches.get(store)?.value;
      startTransition(() => setRows(value));
    };
    const stop = listenDeviceRows(store, update);
    // A value another listener read before this one subscribed.
    update();
    return stop;
  }, [store, needed]);
  return needed ? rows : "complete";
}

/**
 * Whether the device holds all of `table`'s rows: false until a first sync went past it (a table it
 * is still downloading may lack the very rows a screen shows), true once it did, or when no sync
 * is coming (offline, or the sync failed); undefined for the moment it takes to read.
 */
export function useTableArrived(table: SyncedTable | undefined): boolean | undefined {
  const rows = useDeviceRows(table !== undefined);
  const noSyncComing = useSyncStateOf((state) => state?.online === false || Boolean(state?.error));
  if (!table || rows === "complete") return true;
  if (noSyncComing) return true;
  if (rows === undefined) return undefined;
  if (rows === "nothing") return false;
  return FIRST_SYNC_ORDER.indexOf(table) < FIRST_SYNC_ORDER.indexOf(rows);
}
