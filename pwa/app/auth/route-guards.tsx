import { useEffect } from "react";
import { Navigate, Outlet, useLocation, useMatches } from "react-router";
import { notify } from "@/lib/notify.tsx";
import { PageSpinner } from "@/ui/spinner.tsx";
import { useAuth } from "./auth-context.tsx";

export const PASSWORD_CHANGE_PATH = "/profile?tab=password";

/** A route's `handle` may name the notice a signed-out visitor gets on the way to /auth. */
export interface GuardHandle {
  signedOutNotice?: string;
}

/** Sends a signed-out visitor to /auth, with the page's notice when it has one (Conversation Summaries). */
function SignedOut() {
  const notice = useMatches()
    .map((match) => (match.handle as GuardHandle | undefined)?.signedOutNotice)
    .find(Boolean);
  useEffect(() => {
    if (notice) notify.error(notice);
  }, [notice]);
  return <Navigate to="/auth" replace />;
}

/**
 * Signed-in pages. While the session loads: a spinner. Signed out: /auth. A user who must
 * change the initial password is held on the password tab until they do.
 */
export function RequireUser() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignedOut />;
  if (user.must_change_password && location.pathname.toLowerCase().replace(/\/$/, "") !== "/profile") {
    return <Navigate to={PASSWORD_CHANGE_PATH} replace />;
  }
  return <Outlet />;
}

/** Admin pages: signed out → /auth, a non-admin → `nonAdminTo` (/ for most, /auth for Activity Logs). */
export function RequireAdmin({ nonAdminTo = "/" }: { nonAdminTo?: string }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/auth" replace />;
  if (user.must_change_password) return <Navigate to={PASSWORD_CHANGE_PATH} replace />;
  if (user.role !== "admin") return <Navigate to={nonAdminTo} replace />;
  return <Outlet />;
}
