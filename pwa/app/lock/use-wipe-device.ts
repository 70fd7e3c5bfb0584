import { useEffect } from "react";
import { useNavigate } from "react-router";
import { api } from "@/lib/api.ts";
import { forgetDeviceKey } from "@/local/device-key.ts";
import type { SyncEngine } from "@/local/index.ts";
import { noteDeviceWiped } from "@/shared/auth/device-wiped.ts";
import { signedOut } from "@/shared/auth/session-api.ts";
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
    noteSignOut(engine.store.userId);
    navigate("/auth", { replace: true });
    signedOut();
  };
}

/**
 * Another tab of `userId` wiped the device's copy from its lock screen: this one signs out too
 * (the guards take it to the sign-in page) rather than keep a lock screen over a deleted store.
 */
export function useSignOutOfOtherTabs(userId: string) {
  useEffect(
    () =>
      onOtherTab(userId, "signOut", () => {
        forgetDeviceKey();
        signedOut();
      }),
    [userId],
  );
}
