import { HardDriveIcon } from "lucide-react";
import type { SyncState } from "@/local/index.ts";
import { InstallButton } from "@/shared/pwa/install-button.tsx";
import { syncTexts } from "@/shared/sync/sync-texts.ts";

/** Where the browser has not promised to keep this site's storage, unsent work could vanish with it. */
export const storageAtRisk = (state: SyncState) =>
  state.persisted === false && state.pending + state.failed.length + state.conflicts > 0;

export function StorageWarning() {
  return (
    <div role="note" className="grid gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
      <p className="flex items-start gap-2">
        <HardDriveIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <span>{syncTexts.storageNotice}</span>
      </p>
      <p className="text-muted-foreground">{syncTexts.installHint}</p>
      <div>
        <InstallButton label="Install Stepwise" />
      </div>
    </div>
  );
}
