import {
  elementScroll,
  measureElement,
  type Rect,
  useVirtualizer,
  type Virtualizer,
  type VirtualizerOptions,
} from "@tanstack/react-virtual";
import { useRef } from "react";

/**
 * Rows drawn past each edge of a list's scroller. Few: each row drawn is rendering, DOM and layout
 * on a tablet's main thread while a first sync fills the screen, and a flick shows the next rows a
 * frame later. At 8, opening a conversation drew 24 messages for the 8 that fit.
 */
const OVERSCAN = 3;

/**
 * The scroller's size comes from its ResizeObserver alone, after the browser's own layout. The
 * default reads it at once as the list mounts, and that read forced a layout inside React's commit:
 * on a tablet, the screen's whole layout in the task that mounted it. Until the observer reports,
 * the list assumes its greatest height (`heightBeforeMeasured`).
 */
function observeScrollerRect<E extends Element>(instance: Virtualizer<E, Element>, report: (rect: Rect) => void) {
  const scroller = instance.scrollElement;
  if (!scroller || typeof ResizeObserver === "undefined") return;
  const observer = new ResizeObserver(([entry]) => {
    const box = entry?.borderBoxSize?.[0];
    if (box) report({ width: Math.round(box.inlineSize), height: Math.round(box.blockSize) });
  });
  observer.observe(scroller, { box: "border-box" });
  return () => observer.disconnect();
}

/**
 * A row's height from its ResizeObserver entry, after layout. As the row mounts (no entry yet), its
 * last known height or the estimate: reading the row's own height then forced a layout inside the
 * commit. The rows lie in the list's flow (see `flowStyle`), so an estimate off by a few pixels
 * moves the rows below it for one frame instead of overlapping them.
 */
function measureRow<E extends Element>(
  row: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<E, Element>,
) {
  if (entry) return measureElement(row, entry, instance);
  const index = instance.indexFromElement(row);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}

const scrolled = new WeakSet<Element>();
/**
 * Scrolls the scroller, except for the 0 the virtualizer writes as it first meets it: a new
 * scroller is at 0 already, and that write forced a layout inside the commit too.
 */
function scrollScroller<E extends Element>(
  ...[offset, options, instance]: Parameters<VirtualizerOptions<E, Element>["scrollToFn"]>
) {
  const scroller = instance.scrollElement;
  if (scroller && !scrolled.has(scroller)) {
    scrolled.add(scroller);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}

/** A scroller's greatest height, as its CSS says it: the list draws what fits it before the first measurement. */
type MaxHeight = `${number}rem` | `${number}dvh`;

/** The browser's default root font size: an estimate, which the scroller's observer corrects. */
const REM_PX = 16;

/**
 * The scroller's height until its ResizeObserver reports, at most `maxHeight`. A window's height
 * instead drew a 28rem list's 19 rows for the 9 that fit, all on a tablet's main thread as Chat
 * History opened, and removed 10 in the next render.
 */
function heightBeforeMeasured(maxHeight: MaxHeight) {
  if (typeof window === "undefined") return 0;
  const amount = Number.parseFloat(maxHeight);
  return maxHeight.endsWith("dvh") ? (window.innerHeight * amount) / 100 : amount * REM_PX;
}

/**
 * A virtualised list of `count` rows of about `rowPx` each, in the scroller `scroller` refers to,
 * which takes `scrollerStyle` (its greatest height, `maxHeight`).
 */
export function useVirtualList<E extends HTMLElement>(count: number, rowPx: number, maxHeight: MaxHeight) {
  const scroller = useRef<E>(null);
  const virtualizer = useVirtualizer<E, Element>({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowPx,
    overscan: OVERSCAN,
    initialRect: { width: 0, height: heightBeforeMeasured(maxHeight) },
    observeElementRect: observeScrollerRect,
    measureElement: measureRow,
    scrollToFn: scrollScroller,
  });
  const items = virtualizer.getVirtualItems();
  /**
   * For a list whose rows are measured: its height is the whole list's, and its rows follow one
   * another in its flow below a padding as tall as the rows above them.
   */
  const flowStyle = { height: virtualizer.getTotalSize(), paddingTop: items[0]?.start ?? 0 };
  return { scroller, scrollerStyle: { maxHeight }, virtualizer, items, flowStyle };
}
