import { useEffect, useState } from "react";
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
  /** Minutes without use (or hidden) after which the app locks until the device PIN is entered (admin setting). */
  lockIdleMinutes: number;
}

// Read once per page load (no retry, spec section 9); a failed read is tried again by the next screen that asks.
let loaded: PublicConfig | undefined;
let loading: Promise<PublicConfig> | null = null;

function loadConfig(): Promise<PublicConfig> {
  loading ??= api<PublicConfig>("/api/config").then(
    (config) => (loaded = config),
    (err) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The public settings; `data` is undefined while they load (and when they could not be read). */
export function usePublicConfig(): { data: PublicConfig | undefined } {
  const [data, setData] = useState(loaded);
  useEffect(() => {
    if (data) return;
    let current = true;
    loadConfig().then(
      (config) => current && setData(config),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [data]);
  return { data };
}
