import { useCallback, useEffect, useRef, useState } from "react";
import type { LocalStore } from "@/local/index.ts";
import { useSyncState } from "@/shared/sync/sync-context.ts";
import { type Live, useLive } from "@/shared/sync/use-live.ts";
import { createSearchClient, type SearchClient } from "@/worker/search-client.ts";
import type { SearchAnswer } from "@/worker/search-engine.ts";
import type { ChatFilters, ConversationGroup } from "@/worker/search-logic.ts";

let generation = 0;

/**
 * A cheap signal that changes whenever messages or summaries change: the counts are read through
 * the whole tables, so Dexie re-runs this on any write to them, and each run gets a new name.
 */
function useStoreVersion(store: LocalStore): Live<string> {
  return useLive(async () => {
    const [messages, summaries] = await Promise.all([
      store.conversation_messages.count(),
      store.conversation_summaries.count(),
    ]);
    generation += 1;
    return `${messages}:${summaries}:${generation}`;
  }, [store]);
}

/**
 * The version once it stopped changing for a moment; while a sync writes page after page, at most
 * one new version every few seconds: each one makes the worker read the store again and the page
 * take a whole new answer, which on a tablet is main-thread work the sync caused.
 */
function useSettled<T>(value: T, ms: number, busyMs: number, busy: boolean): T {
  const [settled, setSettled] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    const wait = busy ? Math.max(ms, last.current + busyMs - Date.now()) : ms;
    const timer = setTimeout(() => {
      last.current = Date.now();
      setSettled(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, ms, busyMs, busy]);
  return settled;
}

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
}

/** Runs the page's search in the worker again whenever the filters or the device store change. */
export function useChatSearch(store: LocalStore, filters: ChatFilters): ChatSearch {
  const syncing = useSyncState()?.syncing ?? false;
  const live = useStoreVersion(store);
  const version = useSettled(live.status === "ready" ? live.data : undefined, 250, 3000, syncing);
  const client = useRef<SearchClient | null>(null);
  const [state, setState] = useState<SearchState>({ result: undefined, error: null, searching: true });

  useEffect(() => {
    const c = createSearchClient(store);
    client.current = c;
    return () => {
      client.current = null;
      c.close();
    };
  }, [store]);

  useEffect(() => {
    if (!version || !client.current) return;
    let current = true;
    setState((s) => ({ ...s, searching: true }));
    client.current.search(filters, version).then(
      (result) => current && setState({ result, error: null, searching: false }),
      (error) => current && setState({ result: undefined, error, searching: false }),
    );
    return () => {
      current = false;
    };
  }, [filters, version]);

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
  // A store that cannot be read (closed, evicted) fails the search as the worker failing would.
  if (live.status === "error") return { result: undefined, error: live.error, searching: false, messageIds, groups };
  return { ...state, messageIds, groups };
}
