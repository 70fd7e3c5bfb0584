import type { LocalStore } from "@/local/index.ts";
import { buildIndex, type SearchIndex, searchIndexed } from "./search-index.ts";
import {
  type ChatFilters,
  type ConversationGroup,
  indexMessage,
  type SearchResult,
  safetyRiskIds,
} from "./search-logic.ts";

/** A search result without its message ids and groups: those cross to the page a screenful at a time. */
export type SearchAnswer = Omit<SearchResult, "messageIds" | "groups"> & {
  resultKey: number;
  messageCount: number;
  groupCount: number;
};

export interface SearchApi {
  /**
   * Runs the search on a snapshot of the device store. `version` names the store's state
   * (it changes whenever messages or summaries change); the snapshot is re-read only then.
   */
  search(filters: ChatFilters, version: string): Promise<SearchAnswer>;
  /** The ids of a result's messages from..to (exclusive); empty once the result is forgotten. */
  messageIds(resultKey: number, from: number, to: number): Promise<string[]>;
  /** A result's conversation groups from..to (exclusive); empty once the result is forgotten. */
  groups(resultKey: number, from: number, to: number): Promise<ConversationGroup[]>;
}

const KEPT_RESULTS = 4;

/**
 * Keeps an index of the messages in memory between keystrokes (search-index.ts), so typing costs a
 * look-up, neither an IndexedDB read nor a scan, and keeps the last results, so a million matches or 36k groups never cross to the page at once.
 */
export function createSearchEngine(store: LocalStore): SearchApi {
  let snapshot: Promise<SearchIndex> | null = null;
  let snapshotVersion: string | null = null;
  const results = new Map<number, Pick<SearchResult, "messageIds" | "groups">>();
  let nextKey = 1;

  const read = async (): Promise<SearchIndex> => {
    const [messages, summaries] = await Promise.all([
      store.conversation_messages.toArray(),
      store.conversation_summaries.toArray(),
    ]);
    return buildIndex(messages.map(indexMessage), safetyRiskIds(summaries));
  };

  return {
    async search(filters, version) {
      if (!snapshot || snapshotVersion !== version) {
        snapshotVersion = version;
        snapshot = read();
        snapshot.catch(() => {
          snapshot = null;
        });
      }
      const { messageIds, groups, ...rest } = searchIndexed(await snapshot, filters);
      const resultKey = nextKey++;
      results.set(resultKey, { messageIds, groups });
      for (const key of results.keys()) if (results.size > KEPT_RESULTS) results.delete(key);
      return { ...rest, resultKey, messageCount: messageIds.length, groupCount: groups.length };
    },
    async messageIds(resultKey, from, to) {
      return results.get(resultKey)?.messageIds.slice(from, to) ?? [];
    },
    async groups(resultKey, from, to) {
      return results.get(resultKey)?.groups.slice(from, to) ?? [];
    },
  };
}
