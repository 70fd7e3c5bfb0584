import { deviceLockMessages, type Settings } from "@schema/device-lock.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "@/lib/api.ts";
import { notify } from "@/lib/notify.tsx";

const KEY = ["/api/admin/settings"] as const;

export function useSettings() {
  return useQuery({ queryKey: KEY, queryFn: () => api<Settings>("/api/admin/settings") });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Settings) => api<Settings>("/api/admin/settings", { method: "PUT", body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      notify.success(deviceLockMessages.saved);
    },
    onError: (err) => notify.error(deviceLockMessages.saveFailed, errorMessage(err, deviceLockMessages.saveFailed)),
  });
}
