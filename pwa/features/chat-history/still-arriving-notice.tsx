import { CloudDownloadIcon } from "lucide-react";
import { useState } from "react";
import { useSyncState } from "@/shared/sync/sync-context.ts";
import { stillArrivingText } from "@/shared/sync/sync-texts.ts";
import { useDeviceRows } from "@/shared/sync/use-live.ts";

/**
 * During a first sync, says plainly that the conversations shown are not all of them yet. One short
 * line under the page's description. On a device whose rows have not all arrived, the line's
 * place is kept for as long as the page is open, so neither its coming nor its going moves the page.
 */
export function StillArrivingNotice() {
  const firstSync = useSyncState()?.firstSync;
  const rows = useDeviceRows();
  const [reserved, setReserved] = useState(false);
  if (rows !== undefined && rows !== "complete" && !reserved) setReserved(true);
  if (!firstSync && !reserved) return null;
  return (
    <p className="flex min-h-5 items-start gap-2 text-sm">
      {firstSync && (
        <>
          <CloudDownloadIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {stillArrivingText(firstSync)}
        </>
      )}
    </p>
  );
}
