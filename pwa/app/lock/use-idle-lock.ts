import { useEffect } from "react";

// What counts as use: any touch, click, key, wheel or scroll (pointer moves alone do not: a resting hand is not use).
const USE_EVENTS = ["pointerdown", "keydown", "wheel", "scroll", "touchstart"] as const;

/**
 * Calls `lock` once the page has gone `idleMinutes` without use, or comes back after being hidden
 * that long. Hidden pages' timers are slowed or frozen (tablets), so the time is checked again when
 * the page shows, not only when the timer fires.
 */
export function useIdleLock(active: boolean, idleMinutes: number, lock: () => void) {
  useEffect(() => {
    if (!active) return;
    const idleMs = idleMinutes * 60_000;
    let lastUse = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const left = lastUse + idleMs - Date.now();
      if (left <= 0) lock();
      else timer = setTimeout(check, left);
    };
    const used = () => {
      lastUse = Date.now();
    };
    const shown = () => {
      if (document.visibilityState !== "visible") return;
      clearTimeout(timer);
      check();
    };
    for (const name of USE_EVENTS) window.addEventListener(name, used, { capture: true, passive: true });
    document.addEventListener("visibilitychange", shown);
    timer = setTimeout(check, idleMs);
    return () => {
      clearTimeout(timer);
      for (const name of USE_EVENTS) window.removeEventListener(name, used, { capture: true });
      document.removeEventListener("visibilitychange", shown);
    };
  }, [active, idleMinutes, lock]);
}
