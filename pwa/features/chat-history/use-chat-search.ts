import Dexie, { type ObservabilitySet } from "dexie";
import { type SetStateAction, startTransition, useCallback, useEffect, useRef, useState } from "react";
import type { LocalStore, SyncEngine, SyncState } from "@/local/index.ts";
import { useOptionalSyncEngine } from "@/shared/sync/sync-context.ts";
import type { Live } from "@/shared/sync/use-live.ts";
import { borrowSearch } from "@/worker/kept-search.ts";
import type { SearchClient } from "@/worker/search-client.ts";
import type { SearchAnswer } from "@/worker/search-engine.ts";
import type { ChatFilters, ConversationGroup } from "@/worker/search-logic.ts";

let generation = 0;

/**
 * A name for the state of the store's messages and summaries, new after any write to them. Dexie
 * announces every write (this tab's, the sync worker's, another tab's) with the parts it changed;
 * the name is bumped when they include either table. No query runs per write: a count read on each
 * of a first sync's pages cost a transaction on the main thread every time. The page hears a new
 * name once it stopped changing for a moment, and while a sync writes page after page at most one
 * every few seconds: each one makes the search worker read the store again (all its messages) and
 * the page take a whole new answer. The names in between never reach React, so the thousand-row
 * writes of a first sync do not render the page again and again; `newest` names the store as it is
 * now, for a search the user asked for.
 */
function useStoreVersion(
  store: LocalStore,
  engine: SyncEngine | null,
  gapMs: () => number,
): { version: Live<string>; newest: () => string | undefined; soon: () => void } {
  const [version, setVersion] = useState<Live<string>>({ status: "loading" });
  const gap = useRef(gapMs);
  gap.current = gapMs;
  const newest = useRef<string | undefined>(undefined);
  const reschedule = useRef((_now?: boolean) => {});
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let latest: string | undefined;
    let shownAt = 0;
    let stopped = false;
    // The reader waits for a write (`soon`): it is shown after SETTLE_MS, not after the gap.
    let hurry = false;
    const wait = () => (hurry ? SETTLE_MS : Math.max(SETTLE_MS, shownAt + gap.current() - Date.now()));
    const show = () => {
      timer = undefined;
      hurry = false;
      shownAt = Date.now();
      // As a transition, as the answers below: the page renders it in slices between other work.
      const data = latest;
      if (data !== undefined) startTransition(() => setVersion({ status: "ready", data }));
    };
    // Messages are stored as their conversations' records (message-groups.ts).
    const parts = [`idb://${store.name}/message_groups/`, `idb://${store.name}/conversation_summaries/`];
    const onMutated = (changed: ObservabilitySet) => {
      if (!Object.keys(changed).some((part) => parts.some((p) => part.startsWith(p)))) return;
      generation += 1;
      newest.current = `${generation}`;
      // Before the first read answered, that read's own name covers this write.
      if (latest === undefined || stopped) return;
      latest = newest.current;
      if (timer !== undefined) return;
      timer = setTimeout(show, wait());
    };
    Dexie.on.storagemutated.subscribe(onMutated);
    // One read first: a store that cannot be read (closed, evicted) fails the search as the worker
    // failing would.
    store.conversation_messages.count().then(
      () => {
        if (stopped) return;
        generation += 1;
        latest = `${generation}`;
        newest.current = latest;
        show();
      },
      (error: unknown) => {
        if (!stopped) setVersion({ status: "error", error });
      },
    );
    // A sync that ended shows the last version soon, not when the gap of a first sync is over;
    // so does a write the reader waits for (`soon`), which may be heard before or after it is called.
    reschedule.current = (now = false) => {
      if (now) hurry = true;
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = setTimeout(show, wait());
    };
    return () => {
      stopped = true;
      Dexie.on.storagemutated.unsubscribe(onMutated);
      clearTimeout(timer);
    };
  }, [store]);
  // A sync that starts or ends changes the gap: heard from the engine, not by rendering the whole
  // page again (a store change makes React render synchronously, not in slices).
  useEffect(() => {
    if (!engine) return;
    let last = syncGapOf(engine.getState());
    return engine.subscribe((state) => {
      const next = syncGapOf(state);
      if (next === last) return;
      last = next;
      reschedule.current();
    });
  }, [engine]);
  const readNewest = useCallback(() => newest.current, []);
  const soon = useCallback(() => reschedule.current(true), []);
  return { version, newest: readNewest, soon };
}

/** The least time between two versions the sync in `state` asks for: none when not syncing. */
const syncGapOf = (state: SyncState | null) =>
  !state?.syncing ? 0 : state.firstSync ? FIRST_SYNC_GAP_MS : SYNCING_GAP_MS;

/** Quiet time before a new version is searched. */
const SETTLE_MS = 250;
/**
 * While syncing, the least time between two versions; during a first sync, which writes tens of
 * thousands of messages, longer: each version makes the search worker read every message again,
 * on the same processor and store as the sync worker storing them.
 */
const SYNCING_GAP_MS = 3000;
const FIRST_SYNC_GAP_MS = 10_000;
/**
 * While syncing, versions come no sooner than this many times the last search took: taking in a
 * version costs the search worker time in proportion to all it holds (at a million messages,
 * seconds), on the processor the sync worker stores with. An admin's first sync at a million
 * messages spent two thirds of its time on the search worker's takes every 10 s.
 */
const SEARCH_SHARE = 10;

interface SearchState {
  result: SearchAnswer | undefined;
  error: unknown;
  /** A newer search runs; the result shown is the previous one. */
  searching: boolean;
}

export interface ChatSearch extends SearchState {
  /** The ids of the result's messages from..to, fetched from the worker as the list scrolls. */
  messageIds: (resultKey: number, from: number, to: number) => Promise<string[]>;
  /** The result's conversation groups from..to, fetched from the worker as the grouped view scrolls. */
  groups: (resultKey: number, from: number, to: number) => Promise<ConversationGroup[]>;
  /** The result's left-column conversations from..to, fetched from the worker as that list scrolls. */
  conversations: (resultKey: number, from: number, to: number) => Promise<ConversationGroup[]>;
  /**
   * Searches the writes stored since the last answer now rather than after the gap of a sync: for
   * a write the user waits for, e.g. the first page of the open conversation during a first sync.
   */
  refresh: () => void;
}

/**
 * Runs the page's search in the worker again whenever the filters or the device store change.
 *
 * With `held`, the search waits, its worker not started, until `held` is false once: the page has
 * something to show first. Started with the conversation a link opened, a search worker building
 * its index and the page rendering its answers took half a second of a first sync's tablet
 * (the device bench, with and without it) before that conversation read.
 */
export function useChatSearch(store: LocalStore, filters: ChatFilters, held = false): ChatSearch {
  // Waits once: a search under way is not stopped when the page has something else to show.
  const [waiting, setWaiting] = useState(held);
  if (waiting && !held) setWaiting(false);
  const engine = useOptionalSyncEngine();
  // How long the last search took, to its full count.
  const searchMs = useRef(0);
  const gapMs = useCallback(() => {
    const sync = syncGapOf(engine?.getState() ?? null);
    return sync > 0 ? Math.max(sync, SEARCH_SHARE * searchMs.current) : 0;
  }, [engine]);
  const { version: live, newest, soon: refresh } = useStoreVersion(store, engine, gapMs);
  const version = live.status === "ready" ? live.data : undefined;
  const client = useRef<SearchClient | null>(null);
  const [state, setStateNow] = useState<SearchState>({ result: undefined, error: null, searching: true });
  // Every change of the answer is a transition: the page renders it in slices between other work.
  const setState = useCallback((next: SetStateAction<SearchState>) => startTransition(() => setStateNow(next)), []);

  useEffect(() => {
    if (waiting) return;
    const { client: c, release } = borrowSearch(store);
    client.current = c;
    return () => {
      client.current = null;
      release();
    };
  }, [store, waiting]);

  useEffect(() => {
    if (waiting || !version || !client.current) return;
    let current = true;
    setState((s) => ({ ...s, searching: true }));
    // New filters (the user asked) search the store as it is now, not as it was at the last version.
    const c = client.current;
    const failed = (error: unknown) => current && setState({ result: undefined, error, searching: false });
    const started = performance.now();
    const took = () => {
      searchMs.current = performance.now() - started;
    };
    c.search(filters, newest() ?? version).then((result) => {
      if (result.complete) took();
      if (!current) return;
      setState({ result, error: null, searching: false });
      if (result.complete) return;
      // The first screenful came first; the rest of the messages are counted after it.
      c.finish(result.resultKey).then((count) => {
        took();
        if (current && count !== null)
          setState((s) =>
            s.result === result ? { ...s, result: { ...result, messageCount: count, complete: true } } : s,
          );
      }, failed);
    }, failed);
    return () => {
      current = false;
    };
  }, [filters, version, newest, setState, waiting]);

  const messageIds = useCallback(
    (resultKey: number, from: number, to: number) =>
      client.current ? client.current.messageIds(resultKey, from, to) : Promise.resolve([]),
    [],
  );
  const groups = useCallback(
    (resultKey: number, from: number, to: number) =>
      client.current ? client.current.groups(resultKey, from, to) : Promise.resolve([]),
    [],
  );
  const conversations = useCallback(
    (resultKey: number, from: number, to: number) =>
      client.current ? client.current.conversations(resultKey, from, to) : Promise.resolve([]),
    [],
  );
  const ranges = { messageIds, groups, conversations };
  // A store that cannot be read (closed, evicted) fails the search as the worker failing would.
  if (live.status === "error") return { result: undefined, error: live.error, searching: false, ...ranges, refresh };
  return { ...state, ...ranges, refresh };
}
