import { useEffect } from "react";
import { useAuth } from "@/shared/auth/auth-context.tsx";

// How often a locked device online asks whether its session still holds (one GET /api/user).
const CHECK_MS = 2 * 60_000;

/**
 * A locked device does not sync (its engine needs the data key), so nothing else would notice a
 * session the server ended (signed out elsewhere, expired, password changed): while `locked`, the
 * session is read when the lock screen (or the PIN set-up) shows, when the connection returns and
 * every few minutes online. A 401 signs out and the guards take the user to the sign-in page, as
 * anywhere else; the device's copy stays. Offline nothing is asked, and the PIN still unlocks.
 */
export function useSessionCheckWhileLocked(locked: boolean) {
  const { refresh } = useAuth();
  useEffect(() => {
    if (!locked) return;
    const check = () => {
      if (navigator.onLine) void refresh();
    };
    check();
    const timer = setInterval(check, CHECK_MS);
    window.addEventListener("online", check);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", check);
    };
  }, [locked, refresh]);
}
