import { useSyncEngine, useSyncState } from "@/shared/sync/sync-context.ts";
import { syncTexts } from "@/shared/sync/sync-texts.ts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/ui/dialog.tsx";
import { ConflictCard } from "./conflict-card.tsx";
import { FailedChange } from "./failed-change.tsx";
import { StorageWarning, storageAtRisk } from "./storage-warning.tsx";
import { SyncSummary } from "./sync-summary.tsx";
import { useSyncItems } from "./use-sync-items.ts";

interface SyncPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The Sync panel, opened from the status line: where syncing stands, conflicts to resolve, refused changes. */
export default function SyncPanel({ open, onOpenChange }: SyncPanelProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{syncTexts.panelTitle}</DialogTitle>
          <DialogDescription>Changes made on this device and whether they reached the server.</DialogDescription>
        </DialogHeader>
        <SyncPanelBody />
      </DialogContent>
    </Dialog>
  );
}

export function SyncPanelBody() {
  const engine = useSyncEngine();
  const state = useSyncState() ?? engine.getState();
  const items = useSyncItems(engine.store);
  const conflicts = items.status === "ready" ? items.data.conflicts : [];
  const failed = items.status === "ready" ? items.data.failed : [];

  return (
    <div className="grid gap-4">
      <SyncSummary state={state} onSync={() => void engine.sync()} />
      {storageAtRisk(state) && <StorageWarning />}
      {items.status === "error" && (
        <p className="text-sm text-destructive">The changes on this device could not be read. Reload the page.</p>
      )}
      {conflicts.length > 0 && (
        <section aria-labelledby="sync-conflicts" className="grid gap-2">
          <h3 id="sync-conflicts" className="font-semibold">
            Conflicts ({conflicts.length})
          </h3>
          <p className="text-sm text-muted-foreground">
            Someone else changed these while you were editing them. Choose which version to keep.
          </p>
          <ul className="grid gap-3">
            {conflicts.map((item) => (
              <ConflictCard key={item.conflict.id} item={item} onResolve={engine.resolveConflict} />
            ))}
          </ul>
        </section>
      )}
      {failed.length > 0 && (
        <section aria-labelledby="sync-failed" className="grid gap-2">
          <h3 id="sync-failed" className="font-semibold">
            Not saved ({failed.length})
          </h3>
          <ul className="grid gap-3">
            {failed.map((item) => (
              <FailedChange
                key={item.entry.id}
                item={item}
                onRetry={engine.retryFailed}
                onDiscard={engine.discardMutation}
              />
            ))}
          </ul>
        </section>
      )}
      {items.status === "ready" && conflicts.length === 0 && failed.length === 0 && (
        <p className="text-sm text-muted-foreground">No conflicts and no refused changes.</p>
      )}
    </div>
  );
}
