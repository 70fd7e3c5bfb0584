import { useQuery } from "@tanstack/react-query";
import { api } from "./api.ts";

/** Public settings from GET /api/config: a deployment changes them without a rebuild. */
export interface PublicConfig {
  introVideoUrl: string;
  /** WebVTT captions for the intro video; "" when it has none. */
  introVideoCaptionsUrl: string;
  voiceBotUrl: string;
  supportEmail: string;
  samplePatients: [string, string];
  emailConfigured: boolean;
}

export function usePublicConfig() {
  return useQuery({ queryKey: ["/api/config"], queryFn: () => api<PublicConfig>("/api/config") });
}
