import { type ReactNode, useCallback, useMemo, useState } from "react";
import { forgetDeviceKey, isDeviceUnlocked } from "@/local/device-key.ts";
import { useLockIdleMinutes } from "./idle-minutes.ts";
import { DeviceLockContext, type LockPhase } from "./lock-context.ts";
import { useHideToasts } from "./toasts-while-locked.ts";
import { useIdleLock } from "./use-idle-lock.ts";
import { useSessionCheckWhileLocked } from "./use-session-check.ts";
import { useSignOutOfOtherTabs } from "./use-wipe-device.ts";

/**
 * The device lock of the signed-in `userId`: unlocked only while this page holds their data key
 * (a new page, or a reload, starts locked), locked again after the admin's idle minutes without use
 * in any of their tabs, or when another tab locks; no toasts while locked; the session checked while
 * locked; signed out together with their other tabs.
 */
export function DeviceLockProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const [phase, setPhase] = useState<LockPhase>(() => (isDeviceUnlocked(userId) ? "unlocked" : "checking"));
  const lock = useCallback(() => {
    forgetDeviceKey();
    setPhase("locked");
  }, []);
  useIdleLock(userId, phase === "unlocked", useLockIdleMinutes(), lock);
  useHideToasts(phase !== "unlocked");
  useSessionCheckWhileLocked(phase === "locked" || phase === "set-up");
  useSignOutOfOtherTabs(userId);
  const value = useMemo(() => ({ phase, setPhase }), [phase]);
  return <DeviceLockContext.Provider value={value}>{children}</DeviceLockContext.Provider>;
}
