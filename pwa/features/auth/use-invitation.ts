import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError, api } from "@/lib/api.ts";

type Invitation = { valid: true; email: string } | { valid: false; message: string };

/**
 * The invitation token of the address bar, checked with the server, then removed from the
 * address bar so it is not left in the history or shared by a screenshot.
 */
export function useInvitation() {
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get("token") ?? "");
  const [check, setCheck] = useState<{ invitation?: Invitation; error?: Error }>({});
  useEffect(() => {
    if (params.has("token")) {
      const next = new URLSearchParams(params);
      next.delete("token");
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  useEffect(() => {
    if (!token) return;
    let current = true;
    api<{ valid: true; email: string }>(`/api/invitations/${encodeURIComponent(token)}`)
      .then(
        (invitation): Invitation => invitation,
        (err): Invitation => {
          if (err instanceof ApiError && err.code === "not_found") return { valid: false, message: err.message };
          throw err;
        },
      )
      .then(
        (invitation) => current && setCheck({ invitation }),
        (error: Error) => current && setCheck({ error }),
      );
    return () => {
      current = false;
    };
  }, [token]);

  const checking = token !== "" && !check.invitation && !check.error;
  return { token, checking, invitation: check.invitation, error: check.error ?? null };
}
