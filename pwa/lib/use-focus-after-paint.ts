import { useEffect, useRef } from "react";

/**
 * Focuses the element once the browser has painted it, instead of `autoFocus`: React focuses an
 * autoFocus field inside the commit that mounts it, which makes the browser lay out the whole new
 * screen there and then (3 ms of a 10 ms task at full speed, a tablet four times that); after the
 * paint the layout is done and focusing costs nothing. A field the user already moved to keeps focus.
 */
export function useFocusAfterPaint<T extends HTMLElement>(enabled: boolean | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) ref.current?.focus();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [enabled]);
  return ref;
}
