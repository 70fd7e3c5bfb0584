import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useRef, useState } from "react";
import type { LocalStore } from "@/local/index.ts";
import { createSearchClient, type SearchClient } from "@/worker/search-client.ts";
import type { SearchAnswer } from "@/worker/search-engine.ts";
import type { ChatFilters } from "@/worker/search-logic.ts";

let generation = 0;

/**
 * A cheap signal that changes whenever messages or summaries change: the counts are read through
 * the whole tables, so Dexie re-runs this on any write to them, and each run gets a new name.
 */
function useStoreVersion(store: LocalStore): string | undefined {
  return useLiveQuery(async () => {
    const [messages, summaries] = await Promise.all([
      store.conversation_messages.count(),
      store.conversation_summaries.count(),
    ]);
    generation += 1;
    return `${messages}:${summaries}:${generation}`;
  }, [store]);
}

/**
 * The version once it stopped changing for a moment: a sync writes many pages in a row, and each
 * new version makes the worker read the store again.
 */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
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
}

/** Runs the page's search in the worker again whenever the filters or the device store change. */
export function useChatSearch(store: LocalStore, filters: ChatFilters): ChatSearch {
  const version = useSettled(useStoreVersion(store), 250);
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
  return { ...state, messageIds };
}
