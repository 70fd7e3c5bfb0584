import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";

/**
 * Rows drawn past each edge of a list's scroller. Few: each row drawn is rendering, DOM and layout
 * on a tablet's main thread while a first sync fills the screen, and a flick shows the next rows a
 * frame later. At 8, opening a conversation drew 24 messages for the 8 that fit.
 */
const OVERSCAN = 3;

/** A virtualised list of `count` rows of about `rowPx` each, in the scroller `scroller` refers to. */
export function useVirtualList<E extends HTMLElement>(count: number, rowPx: number) {
  const scroller = useRef<E>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowPx,
    overscan: OVERSCAN,
  });
  return { scroller, virtualizer, items: virtualizer.getVirtualItems() };
}
