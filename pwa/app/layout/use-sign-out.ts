import { useNavigate } from "react-router";
import { useAuth } from "@/app/auth/auth-context.tsx";
import { useOptionalSyncEngine } from "@/app/sync/sync-context.ts";

const unsentWarning = (n: number) =>
  `${n} change${n === 1 ? " has" : "s have"} not reached the server yet. Signing out deletes ${n === 1 ? "it" : "them"} from this device. Sign out anyway?`;

/**
 * Logout from any menu: send what waits, ask before discarding what could not be sent, sign out,
 * then delete this user's data from the device (a tablet may be shared). Failures toast in the auth layer.
 */
export function useSignOut() {
  const { logout } = useAuth();
  const engine = useOptionalSyncEngine();
  const navigate = useNavigate();
  return async (to = "/") => {
    if (engine) {
      const { unsent, conflicts } = await engine.prepareSignOut();
      if (unsent + conflicts > 0 && !window.confirm(unsentWarning(unsent + conflicts))) return;
    }
    try {
      await logout();
    } catch {
      return;
    }
    await engine?.wipe().catch(() => {});
    navigate(to, { replace: true });
  };
}
