import { LOCK_IDLE_MINUTES } from "@schema/device-lock.ts";
import { useEffect } from "react";
import { usePublicConfig } from "@/lib/config.ts";

const KEY = "stepwise.lockIdleMinutes";

/**
 * The admin's idle minutes before the lock (GET /api/config), remembered on the device so an
 * offline start locks after the same time; the default until the server has ever answered.
 */
export function useLockIdleMinutes(): number {
  const { data } = usePublicConfig();
  const served = typeof data?.lockIdleMinutes === "number" && data.lockIdleMinutes > 0 ? data.lockIdleMinutes : null;
  // Written when the answer changes, not at every render of the lock (each sync state change).
  useEffect(() => {
    if (served === null) return;
    try {
      localStorage.setItem(KEY, String(served));
    } catch {}
  }, [served]);
  if (served !== null) return served;
  try {
    const kept = Number(localStorage.getItem(KEY));
    if (kept > 0) return kept;
  } catch {}
  return LOCK_IDLE_MINUTES.default;
}
