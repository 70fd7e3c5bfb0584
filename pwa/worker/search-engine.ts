import type { LocalStore } from "@/local/index.ts";
import {
  type ChatFilters,
  type IndexedMessage,
  indexMessage,
  type SearchResult,
  safetyRiskIds,
  search,
} from "./search-logic.ts";

export interface SearchApi {
  /**
   * Runs the search on a snapshot of the device store. `version` names the store's state
   * (it changes whenever messages or summaries change); the snapshot is re-read only then.
   */
  search(filters: ChatFilters, version: string): Promise<SearchResult>;
}

interface Snapshot {
  version: string;
  messages: IndexedMessage[];
  risky: Set<string>;
}

/** Keeps the messages in memory between keystrokes, so typing costs a scan, not an IndexedDB read. */
export function createSearchEngine(store: LocalStore): SearchApi {
  let snapshot: Promise<Snapshot> | null = null;
  let snapshotVersion: string | null = null;

  const read = async (version: string): Promise<Snapshot> => {
    const [messages, summaries] = await Promise.all([
      store.conversation_messages.toArray(),
      store.conversation_summaries.toArray(),
    ]);
    return { version, messages: messages.map(indexMessage), risky: safetyRiskIds(summaries) };
  };

  return {
    async search(filters, version) {
      if (!snapshot || snapshotVersion !== version) {
        snapshotVersion = version;
        snapshot = read(version);
        snapshot.catch(() => {
          snapshot = null;
        });
      }
      const { messages, risky } = await snapshot;
      return search(messages, risky, filters);
    },
  };
}
