import type { Message } from "@schema/rows.ts";
import { useRef } from "react";
import { type LocalStore, readMessages } from "@/local/index.ts";
import { useLive } from "@/shared/sync/use-live.ts";
import { type FetchRange, useResultPage } from "./use-result-page.ts";

/**
 * The messages on screen: their ids come from the worker a page at a time, their rows from the
 * device store. Rows read earlier stay while the next page loads (the rows not read yet are
 * placeholders); a new result starts afresh. `error` is set when the store could not be read.
 */
export function useMessageRows(
  store: LocalStore,
  result: { resultKey: number; count: number; fetchIds: FetchRange<string> },
  firstIndex: number,
  lastIndex: number,
): { rowAt: (index: number) => Message | undefined; error: unknown } {
  const { resultKey, count, fetchIds } = result;
  const { page } = useResultPage({ resultKey, count, fetch: fetchIds }, firstIndex, lastIndex);
  const cache = useRef({ key: resultKey, rows: new Map<number, Message>() });
  if (cache.current.key !== resultKey) cache.current = { key: resultKey, rows: new Map() };

  const rows = useLive(async () => (page ? readMessages(store, page.items) : []), [store, page]);
  if (page && rows.status === "ready") {
    rows.data.forEach((row, i) => {
      if (row) cache.current.rows.set(page.from + i, row);
    });
  }
  return { rowAt: (index) => cache.current.rows.get(index), error: rows.status === "error" ? rows.error : null };
}
