import { AlertTriangleIcon, CloudUploadIcon } from "lucide-react";
import type { Local } from "@/local/index.ts";
import { Badge } from "@/ui/badge.tsx";
import { refusalText } from "./sync-texts.ts";

const WAITING_TO_SYNC = "Waiting to sync";
const NOT_SAVED = "Not saved";

/**
 * Marks a row whose local change the server has not confirmed yet, or has refused (with its
 * message, so the clinician knows what to fix). Rows the server holds as shown get no mark.
 */
export function PendingBadge({ row, failedLabel }: { row: Local<object>; failedLabel?: (message: string) => string }) {
  if (row._failed !== undefined) {
    const why = refusalText(row._failed);
    const text = failedLabel ? failedLabel(why) : `${NOT_SAVED}: ${why}`;
    return (
      <Badge variant="destructive" className="whitespace-normal">
        <AlertTriangleIcon className="size-3" aria-hidden />
        {text}
      </Badge>
    );
  }
  if (!row._pending) return null;
  return (
    <Badge variant="warning">
      <CloudUploadIcon className="size-3" aria-hidden />
      {WAITING_TO_SYNC}
    </Badge>
  );
}
