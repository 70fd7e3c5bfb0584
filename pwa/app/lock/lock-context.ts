import { createContext, useContext } from "react";

/**
 * Where the device lock stands for the signed-in user: `checking` while the store is read,
 * `set-up` when this device has no PIN for them yet, `locked` until the PIN is entered, `unlocked`.
 */
export type LockPhase = "checking" | "set-up" | "locked" | "unlocked";

interface DeviceLock {
  phase: LockPhase;
  setPhase: (phase: LockPhase) => void;
}

export const DeviceLockContext = createContext<DeviceLock | null>(null);

export function useDeviceLock(): DeviceLock {
  const lock = useContext(DeviceLockContext);
  if (!lock) throw new Error("useDeviceLock is for the signed-in layout (inside DeviceLockProvider)");
  return lock;
}

/** True while the app's screens must stay hidden; outside the signed-in layout (component tests) never. */
export function useScreensHidden(): boolean {
  const lock = useContext(DeviceLockContext);
  return lock !== null && lock.phase !== "unlocked";
}
