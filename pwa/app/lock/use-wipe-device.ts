import { useEffect } from "react";
import { useNavigate } from "react-router";
import { api } from "@/lib/api.ts";
import { forgetDeviceKey } from "@/local/device-key.ts";
import type { SyncEngine } from "@/local/index.ts";
import { noteDeviceWiped } from "@/shared/auth/device-wiped.ts";
import { getSession, signedOut } from "@/shared/auth/session-api.ts";
import { noteSignOut, onOtherTab } from "./lock-across-tabs.ts";

/**
 * From the lock screen, without the PIN: deletes the device's copy (the engine stops first, unsent
 * changes go with it), ends the session and leaves the user at the sign-in page. After the last wrong
 * PIN the sign-in page says why; a sign-out the user chose needs no explaining. The user's other
 * tabs follow to the sign-in page (useSignOutOfOtherTabs).
 */
export function useWipeDevice(engine: SyncEngine) {
  const navigate = useNavigate();
  return async (why: "wrong-pins" | "signed-out") => {
    await engine.wipe().catch(() => {});
    forgetDeviceKey();
    // Offline, the server's session outlives this; the device's copy is gone either way.
    await api("/api/logout", { method: "POST" }).catch(() => {});
    if (why === "wrong-pins") noteDeviceWiped();
    navigate("/auth", { replace: true });
    signedOut();
  };
}

/**
 * The tabs of `userId` sign out together. When this one does (the menu's Logout, the lock screen, an
 * ended session), the others hear it and sign out too (the guards take them to the sign-in page)
 * rather than keep screens open, or a lock screen, over a store that may be deleted.
 */
export function useSignOutOfOtherTabs(userId: string) {
  useEffect(() => {
    const stopHearing = onOtherTab(userId, "signOut", () => {
      forgetDeviceKey();
      signedOut();
    });
    return () => {
      stopHearing();
      // Unmounted because this tab's session ended, not for a re-mount (nor another user signing in).
      if (getSession().user === null) noteSignOut(userId);
    };
  }, [userId]);
}
