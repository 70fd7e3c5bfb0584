import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as v from "valibot";
import { api, errorMessage } from "@/lib/api.ts";
import { notify } from "@/lib/notify.tsx";

/** A row of GET /api/admin/agent-keys (never the key itself: the server keeps only its hash). */
export const AgentKey = v.object({
  id: v.string(),
  name: v.string(),
  created_at: v.string(),
  last_used_at: v.nullable(v.string()),
  revoked_at: v.nullable(v.string()),
});
export type AgentKey = v.InferOutput<typeof AgentKey>;

/** POST /api/admin/agent-keys answers the key this once. */
export const CreatedAgentKey = v.object({ id: v.string(), name: v.string(), key: v.string() });
export type CreatedAgentKey = v.InferOutput<typeof CreatedAgentKey>;

const KEY = ["/api/admin/agent-keys"] as const;

export function useAgentKeys() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => v.parse(v.array(AgentKey), await api("/api/admin/agent-keys")),
  });
}

export function useCreateAgentKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      v.parse(CreatedAgentKey, await api("/api/admin/agent-keys", { method: "POST", body: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
    onError: (err) => notify.error("Failed to create agent key", errorMessage(err, "Failed to create agent key")),
  });
}

export function useRevokeAgentKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: AgentKey) => api(`/api/admin/agent-keys/${encodeURIComponent(key.id)}`, { method: "DELETE" }),
    onSuccess: (_data, key) => {
      notify.success("Agent key revoked", `"${key.name}" no longer works.`);
      return queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => notify.error("Failed to revoke agent key", errorMessage(err, "Failed to revoke agent key")),
  });
}
