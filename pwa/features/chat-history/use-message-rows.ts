import type { Message } from "@schema/rows.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useRef } from "react";
import type { LocalStore } from "@/local/index.ts";
import { type FetchRange, useResultPage } from "./use-result-page.ts";

/**
 * The messages on screen: their ids come from the worker a page at a time, their rows from the
 * device store. Rows read earlier stay while the next page loads; a new result starts afresh.
 */
export function useMessageRows(
  store: LocalStore,
  result: { resultKey: number; count: number; fetchIds: FetchRange<string> },
  firstIndex: number,
  lastIndex: number,
): (index: number) => Message | undefined {
  const { resultKey, count, fetchIds } = result;
  const { page } = useResultPage({ resultKey, count, fetch: fetchIds }, firstIndex, lastIndex);
  const cache = useRef({ key: resultKey, rows: new Map<number, Message>() });
  if (cache.current.key !== resultKey) cache.current = { key: resultKey, rows: new Map() };

  const rows = useLiveQuery(async () => (page ? store.conversation_messages.bulkGet(page.items) : []), [store, page]);
  if (page && rows) {
    rows.forEach((row, i) => {
      if (row) cache.current.rows.set(page.from + i, row);
    });
  }
  return (index) => cache.current.rows.get(index);
}
