import { useEffect } from "react";
import { unlockedSince } from "@/local/device-key.ts";
import { lastLockInAnyTab, lastUseInAnyTab, noteLock, noteUse, onOtherTab } from "./lock-across-tabs.ts";

// What counts as use: any touch, click, key, wheel or scroll (pointer moves alone do not: a resting hand is not use).
const USE_EVENTS = ["pointerdown", "keydown", "wheel", "scroll", "touchstart"] as const;
// Use is shared with the other tabs at most this often (a typing hand would write on every key).
const SHARE_USE_MS = 1_000;

/**
 * Calls `lock` once `userId` has gone `idleMinutes` without use in any tab, or when this page comes
 * back after being hidden that long, or when another tab locks. Hidden pages' timers are slowed or
 * frozen (tablets), so the time is checked again when the page shows, not only when the timer fires.
 */
export function useIdleLock(userId: string, active: boolean, idleMinutes: number, lock: () => void) {
  useEffect(() => {
    if (!active) return;
    const idleMs = idleMinutes * 60_000;
    // Unlocking is use; a lock in another tab before this moment is one this tab was unlocked after.
    // The moment the PIN was taken, not this effect's: the app opens in between (a second or more on
    // a busy tablet), and a tab that locked meanwhile told it before this tab listened.
    const unlockedAt = unlockedSince(userId) ?? Date.now();
    let lastUse = unlockedAt;
    let shared = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const used = () => {
      lastUse = Date.now();
      if (lastUse - shared < SHARE_USE_MS) return;
      shared = lastUse;
      noteUse(userId, lastUse);
    };
    used();
    const check = () => {
      if (lastLockInAnyTab(userId) > unlockedAt) return lock();
      const left = Math.max(lastUse, lastUseInAnyTab(userId)) + idleMs - Date.now();
      if (left > 0) timer = setTimeout(check, left);
      else {
        noteLock(userId, Date.now());
        lock();
      }
    };
    const shown = () => {
      if (document.visibilityState !== "visible") return;
      clearTimeout(timer);
      check();
    };
    for (const name of USE_EVENTS) window.addEventListener(name, used, { capture: true, passive: true });
    document.addEventListener("visibilitychange", shown);
    const stopHearing = onOtherTab(userId, "lock", (time) => time > unlockedAt && lock());
    // Checked at once: a lock another tab made since the unlock locks this one now.
    check();
    return () => {
      clearTimeout(timer);
      stopHearing();
      for (const name of USE_EVENTS) window.removeEventListener(name, used, { capture: true });
      document.removeEventListener("visibilitychange", shown);
    };
  }, [userId, active, idleMinutes, lock]);
}
