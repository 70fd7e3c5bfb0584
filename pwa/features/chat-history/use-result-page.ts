import { startTransition, useEffect, useRef, useState } from "react";

const PAGE = 100;

export type FetchRange<T> = (resultKey: number, from: number, to: number) => Promise<T[]>;

/**
 * The part of a worker's result on screen, fetched a page at a time (a search may match a million
 * messages, the grouped view may hold 36k conversations). Items fetched earlier stay while the next
 * page loads, so scrolling never blanks; a new result starts afresh.
 */
export function useResultPage<T>(
  result: { resultKey: number; count: number; fetch: FetchRange<T> },
  firstIndex: number,
  lastIndex: number,
): { at: (index: number) => T | undefined; page: { from: number; items: T[] } | null } {
  const { resultKey, count, fetch } = result;
  const from = Math.max(0, Math.floor(firstIndex / PAGE) * PAGE);
  const to = Math.min(count, (Math.floor(lastIndex / PAGE) + 1) * PAGE);
  const [page, setPage] = useState<{ key: number; from: number; items: T[] } | null>(null);
  const cache = useRef({ key: resultKey, items: new Map<number, T>(), previous: new Map<number, T>() });
  if (cache.current.key !== resultKey) {
    const { items, previous } = cache.current;
    cache.current = { key: resultKey, items: new Map(), previous: items.size > 0 ? items : previous };
  }

  useEffect(() => {
    let current = true;
    // As a transition: a page of rows is rendered in slices between the page's other work.
    void fetch(resultKey, from, to).then(
      (items) => current && startTransition(() => setPage({ key: resultKey, from, items })),
    );
    return () => {
      current = false;
    };
  }, [fetch, resultKey, from, to]);

  const shown = page?.key === resultKey ? page : null;
  const rows = cache.current;
  if (shown) {
    for (const [i, item] of shown.items.entries()) rows.items.set(shown.from + i, item);
    rows.previous.clear();
  }
  return { at: (index) => rows.items.get(index) ?? rows.previous.get(index), page: shown };
}
