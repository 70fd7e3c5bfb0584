import { RefreshCwIcon } from "lucide-react";
import { cn } from "@/lib/cn.ts";
import { formatDateTime } from "@/lib/dates.ts";
import { useOnline } from "@/lib/use-online.ts";
import type { SyncState } from "@/local/index.ts";
import { describeSync } from "@/shared/sync/sync-status.tsx";
import { plural, syncProblemText } from "@/shared/sync/sync-texts.ts";
import { Button } from "@/ui/button.tsx";
import { FirstSyncProgress } from "./first-sync-progress.tsx";

/** Where syncing stands: status, what waits, when it last finished, and a way to sync now. */
export function SyncSummary({ state, onSync }: { state: SyncState; onSync: () => void }) {
  const browserOnline = useOnline();
  const { label } = describeSync(state, browserOnline && state.online);
  return (
    <div className="grid gap-3 rounded-md border p-3 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">Status</dt>
        <dd className="font-medium">{label}</dd>
        <dt className="text-muted-foreground">Waiting to be sent</dt>
        <dd>{state.pending === 0 ? "Nothing" : plural(state.pending, "change", "changes")}</dd>
        <dt className="text-muted-foreground">Last synced</dt>
        <dd>{state.lastSyncedAt ? formatDateTime(state.lastSyncedAt) : "Not yet"}</dd>
      </dl>
      {state.firstSync && <FirstSyncProgress firstSync={state.firstSync} />}
      {state.authLost ? (
        <p className="text-warning">Your session ended. Sign in again to send your changes.</p>
      ) : (
        state.error && <p className="text-muted-foreground">{syncProblemText(state.error)}</p>
      )}
      <div>
        <Button variant="outline" disabled={!browserOnline || state.syncing || state.authLost} onClick={onSync}>
          <RefreshCwIcon className={cn(state.syncing && "animate-spin")} aria-hidden />
          {state.syncing ? "Syncing…" : "Sync now"}
        </Button>
      </div>
    </div>
  );
}
