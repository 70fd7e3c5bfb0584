import { useNavigate } from "react-router";
import { forgetDeviceKey } from "@/local/device-key.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { useOptionalSyncEngine } from "@/shared/sync/sync-context.ts";
import { useSyncDialogs } from "@/shared/sync/sync-dialogs-context.ts";

/**
 * Logout from any menu: send what waits; if something could not be sent, ask (try again, review,
 * or discard knowingly); sign out, then delete this user's data from the device (a tablet may be
 * shared). Failures toast in the auth layer, and the device keeps its data when sign-out fails.
 */
export function useSignOut() {
  const { logout } = useAuth();
  const engine = useOptionalSyncEngine();
  const { confirmSignOut } = useSyncDialogs();
  const navigate = useNavigate();
  return async (to = "/") => {
    if (engine) {
      const unsent = await engine.prepareSignOut();
      const waiting = unsent.unsent + unsent.conflicts + unsent.views;
      if (waiting > 0 && !(await confirmSignOut(unsent))) return;
    }
    try {
      // The device's copy goes while its engine still runs: the engine stops with the signed-in layout.
      // The data key leaves memory with the store (its wrapped copy was in it).
      await logout(
        async () => {
          forgetDeviceKey();
          await engine?.wipe();
        },
        () => navigate(to, { replace: true }),
      );
    } catch {
      // The auth layer toasted; the user stays where they were, signed in.
    }
  };
}
