import { TIMINGS } from "@schema/constants.ts";
import { useEffect, useState } from "react";
import type { Banner } from "./banner.ts";

/** The page's banner; each one shown hides itself after 10 seconds (spec section 9). */
export function useBanner(ms: number = TIMINGS.bannerMs) {
  const [banner, setBanner] = useState<Banner | null>(null);
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), ms);
    return () => clearTimeout(timer);
  }, [banner, ms]);
  return [banner, setBanner] as const;
}
