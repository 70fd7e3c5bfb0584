import type { Message } from "@schema/rows.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useRef } from "react";
import type { LocalStore } from "@/local/index.ts";

const PAGE = 100;

/**
 * The rows of the messages on screen, read by id from the device store a page at a time (the worker
 * hands over ids only). Rows read earlier stay while the next page loads, so scrolling never blanks.
 */
export function useMessageRows(store: LocalStore, ids: string[], firstIndex: number, lastIndex: number) {
  const from = Math.max(0, Math.floor(firstIndex / PAGE) * PAGE);
  const to = Math.min(ids.length, (Math.floor(lastIndex / PAGE) + 1) * PAGE);
  const cache = useRef(new Map<string, Message>());
  const idsRef = useRef(ids);
  if (idsRef.current !== ids) {
    idsRef.current = ids;
    cache.current = new Map();
  }
  const page = useLiveQuery(() => store.conversation_messages.bulkGet(ids.slice(from, to)), [store, ids, from, to]);
  for (const row of page ?? []) if (row) cache.current.set(row.id, row);
  return cache.current;
}
