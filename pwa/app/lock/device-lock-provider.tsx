import { type ReactNode, useCallback, useMemo, useState } from "react";
import { forgetDeviceKey, heldDeviceKey } from "@/local/device-key.ts";
import { useLockIdleMinutes } from "./idle-minutes.ts";
import { DeviceLockContext, type LockPhase } from "./lock-context.ts";
import { useIdleLock } from "./use-idle-lock.ts";

/**
 * The device lock of the signed-in `userId`: unlocked only while this page holds their data key
 * (a new page, or a reload, starts locked), locked again after the admin's idle minutes.
 */
export function DeviceLockProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const [phase, setPhase] = useState<LockPhase>(() => (heldDeviceKey(userId) ? "unlocked" : "checking"));
  const lock = useCallback(() => {
    forgetDeviceKey();
    setPhase("locked");
  }, []);
  useIdleLock(phase === "unlocked", useLockIdleMinutes(), lock);
  const value = useMemo(() => ({ phase, setPhase }), [phase]);
  return <DeviceLockContext.Provider value={value}>{children}</DeviceLockContext.Provider>;
}
