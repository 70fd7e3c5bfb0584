import { useState } from "react";
import { formatDateTime } from "@/lib/dates.ts";
import { notify } from "@/lib/notify.tsx";
import { refusalText, syncTexts } from "@/shared/sync/sync-texts.ts";
import { ConfirmDialog } from "@/ui/alert-dialog.tsx";
import { Button } from "@/ui/button.tsx";
import { actionOf } from "./change-fields.ts";
import type { FailedItem } from "./use-sync-items.ts";

interface FailedChangeProps {
  item: FailedItem;
  onRetry: (mutationId: string) => Promise<void>;
  onDiscard: (mutationId: string) => Promise<void>;
}

/** A change the server refused: its message, and a retry or an explicit discard (which asks first). */
export function FailedChange({ item, onRetry, onDiscard }: FailedChangeProps) {
  const { entry, subject } = item;
  const action = actionOf(entry, subject);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await work();
      void notify.success(done, action);
    } catch (err) {
      setBusy(false);
      void notify.error(syncTexts.actionFailed, err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <li
      aria-label={`Not saved: ${action}`}
      className="grid gap-2 rounded-md border border-destructive/40 p-3 text-sm wrap-anywhere"
    >
      <p className="font-medium">{action}</p>
      <p className="text-destructive">The server did not accept it: {refusalText(item.refused) || "no reason given"}</p>
      <p className="text-xs text-muted-foreground">Made on this device on {formatDateTime(entry.createdAt)}.</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ConfirmDialog
          trigger={
            <Button variant="outline" disabled={busy}>
              Discard
            </Button>
          }
          title="Discard this change?"
          description={`${action} will be removed from this device and the server's version kept. This cannot be undone.`}
          confirmLabel="Discard"
          onConfirm={() => void run(() => onDiscard(entry.id), syncTexts.discarded)}
        />
        <Button disabled={busy} onClick={() => void run(() => onRetry(entry.id), syncTexts.retried)}>
          Try again
        </Button>
      </div>
    </li>
  );
}
