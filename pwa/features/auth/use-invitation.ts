import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError, api } from "@/lib/api.ts";

/**
 * The invitation token of the address bar, checked with the server, then removed from the
 * address bar so it is not left in the history or shared by a screenshot.
 */
export function useInvitation() {
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get("token") ?? "");
  useEffect(() => {
    if (params.has("token")) {
      const next = new URLSearchParams(params);
      next.delete("token");
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  const check = useQuery({
    queryKey: ["/api/invitations", token],
    enabled: token !== "",
    queryFn: async () => {
      try {
        return await api<{ valid: true; email: string }>(`/api/invitations/${encodeURIComponent(token)}`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return { valid: false as const, message: err.message };
        throw err;
      }
    },
  });
  return { token, checking: token !== "" && check.isPending, invitation: check.data, error: check.error };
}
