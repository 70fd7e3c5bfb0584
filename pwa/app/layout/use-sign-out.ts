import { useNavigate } from "react-router";
import { useAuth } from "@/app/auth/auth-context.tsx";

/** Logout from any menu: sign out, then the landing page. Failures toast in the auth layer. */
export function useSignOut() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout();
      navigate("/", { replace: true });
    } catch {}
  };
}
