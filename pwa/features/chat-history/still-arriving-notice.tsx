import { CloudDownloadIcon } from "lucide-react";
import { useSyncState } from "@/app/sync/sync-context.ts";
import { stillArrivingText } from "@/app/sync/sync-texts.ts";

/**
 * During a first sync, says plainly that the conversations shown are not all of them yet. One short
 * line under the page's description, so its coming and going barely moves the page.
 */
export function StillArrivingNotice() {
  const firstSync = useSyncState()?.firstSync;
  if (!firstSync) return null;
  return (
    <p className="flex items-start gap-2 text-sm">
      <CloudDownloadIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
      {stillArrivingText(firstSync)}
    </p>
  );
}
