import { createContext, useContext, useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { PageSpinner } from "@/ui/spinner.tsx";

const PASSWORD_CHANGE_PATH = "/profile?tab=password";

/**
 * True inside the signed-in layout, whose providers (device store, sync engine, query cache) load
 * after sign-in: until they have, signed-in pages show the page spinner instead of rendering.
 */
export const SignedInProvidersReady = createContext(false);

/** Sends a signed-out visitor to /auth, with the page's notice when it has one (Conversation Summaries). */
function SignedOut({ notice }: { notice?: string }) {
  useEffect(() => {
    // The toast helper loads on demand: it is not part of the first load.
    if (notice) void import("@/lib/notify.tsx").then(({ notify }) => notify.error(notice));
  }, [notice]);
  return <Navigate to="/auth" replace />;
}

/**
 * Signed-in pages. While the session loads: a spinner. Signed out: /auth. A user who must
 * change the initial password is held on the password tab until they do.
 */
export function RequireUser({ signedOutNotice }: { signedOutNotice?: string }) {
  const { user, isLoading } = useAuth();
  const ready = useContext(SignedInProvidersReady);
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignedOut notice={signedOutNotice} />;
  if (user.must_change_password && location.pathname.toLowerCase().replace(/\/$/, "") !== "/profile") {
    return <Navigate to={PASSWORD_CHANGE_PATH} replace />;
  }
  if (!ready) return <PageSpinner />;
  return <Outlet />;
}

/** Admin pages: signed out → /auth, a non-admin → `nonAdminTo` (/ for most, /auth for Activity Logs). */
export function RequireAdmin({ nonAdminTo = "/" }: { nonAdminTo?: string }) {
  const { user, isLoading } = useAuth();
  const ready = useContext(SignedInProvidersReady);
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/auth" replace />;
  if (user.must_change_password) return <Navigate to={PASSWORD_CHANGE_PATH} replace />;
  if (user.role !== "admin") return <Navigate to={nonAdminTo} replace />;
  if (!ready) return <PageSpinner />;
  return <Outlet />;
}
