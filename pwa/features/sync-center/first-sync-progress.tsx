import type { FirstSync } from "@/local/index.ts";
import { downloadingText, leftText } from "@/shared/sync/sync-texts.ts";

/**
 * The first sync's progress bar in the Sync panel: the table downloading, its rows done of total (the
 * status line above says which table), and what is left in all.
 */
export function FirstSyncProgress({ firstSync }: { firstSync: FirstSync }) {
  const { done, total } = firstSync;
  const percent = total === 0 ? 100 : Math.min(100, Math.round((done / total) * 100));
  const text = downloadingText(firstSync);
  return (
    <div className="grid gap-1.5">
      <p className="font-medium">{leftText(firstSync)}</p>
      <div
        role="progressbar"
        aria-label="First sync"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-muted-foreground">
        Patients, homework and summaries come first, then conversations from the newest. Screens show what has arrived.
      </p>
    </div>
  );
}
