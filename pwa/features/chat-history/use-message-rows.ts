import type { Message } from "@schema/rows.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useRef, useState } from "react";
import type { LocalStore } from "@/local/index.ts";

const PAGE = 100;

type FetchIds = (resultKey: number, from: number, to: number) => Promise<string[]>;

/**
 * The messages on screen: their ids come from the worker a page at a time (a search may match a
 * million), their rows from the device store. Rows read earlier stay while the next page loads,
 * so scrolling never blanks; a new result starts afresh.
 */
export function useMessageRows(
  store: LocalStore,
  result: { resultKey: number; count: number; fetchIds: FetchIds },
  firstIndex: number,
  lastIndex: number,
): (index: number) => Message | undefined {
  const { resultKey, count, fetchIds } = result;
  const from = Math.max(0, Math.floor(firstIndex / PAGE) * PAGE);
  const to = Math.min(count, (Math.floor(lastIndex / PAGE) + 1) * PAGE);
  const [page, setPage] = useState<{ key: number; from: number; ids: string[] } | null>(null);
  const cache = useRef({ key: resultKey, rows: new Map<number, Message>() });
  if (cache.current.key !== resultKey) cache.current = { key: resultKey, rows: new Map() };

  useEffect(() => {
    let current = true;
    void fetchIds(resultKey, from, to).then((ids) => current && setPage({ key: resultKey, from, ids }));
    return () => {
      current = false;
    };
  }, [fetchIds, resultKey, from, to]);

  const shown = page?.key === resultKey ? page : null;
  const rows = useLiveQuery(async () => (shown ? store.conversation_messages.bulkGet(shown.ids) : []), [store, shown]);
  if (shown && rows) {
    rows.forEach((row, i) => {
      if (row) cache.current.rows.set(shown.from + i, row);
    });
  }
  return (index) => cache.current.rows.get(index);
}
