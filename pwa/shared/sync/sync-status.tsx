import {
  AlertTriangleIcon,
  CloudCheckIcon,
  CloudDownloadIcon,
  CloudIcon,
  CloudOffIcon,
  CloudUploadIcon,
  LogInIcon,
  type LucideIcon,
  RefreshCwIcon,
} from "lucide-react";
import { cn } from "@/lib/cn.ts";
import { formatDateTime } from "@/lib/dates.ts";
import { useOnline } from "@/lib/use-online.ts";
import type { SyncState } from "@/local/index.ts";
import { useSyncDialogs } from "@/shared/sync/sync-dialogs-context.ts";
import { Badge } from "@/ui/badge.tsx";
import { useSyncState } from "./sync-context.ts";
import { downloadingShort, downloadingText, plural, syncProblemText } from "./sync-texts.ts";

interface Status {
  Icon: LucideIcon;
  label: string;
  /** A shorter label for the top bar, when `label` is long. */
  short?: string;
  /** A word or two for a phone's top bar, when `short` (or `label`) does not fit there. */
  compact?: string;
  tone: string;
  spin?: boolean;
}

interface Problem {
  text: string;
  /** A refused change is lost unless the clinician acts; a conflict only waits for a choice. */
  variant: "destructive" | "warning";
}

/** What needs the clinician: "1 conflict", "2 not saved"; empty when nothing does. */
function problemsOf(state: SyncState | null): Problem[] {
  if (!state) return [];
  const problems: Problem[] = [];
  if (state.conflicts > 0)
    problems.push({ text: plural(state.conflicts, "conflict", "conflicts"), variant: "warning" });
  if (state.failed.length > 0) problems.push({ text: `${state.failed.length} not saved`, variant: "destructive" });
  return problems;
}

/** One icon and one label per state (after Actual Budget's SyncStatusLine). */
export function describeSync(state: SyncState | null, online: boolean): Status {
  if (!online || state?.online === false) return { Icon: CloudOffIcon, label: "Offline", tone: "text-warning" };
  if (!state) return { Icon: CloudIcon, label: "Online", tone: "text-muted-foreground" };
  if (state.authLost) return { Icon: LogInIcon, label: "Sign in to sync", compact: "Sign in", tone: "text-warning" };
  // A first sync shows its progress in counts, so its icon stands still: a spinning icon made the
  // compositor draw a frame every 16 ms for the whole download (seconds to minutes), on a tablet's
  // battery and on the cores the page renders with.
  if (state.syncing && state.firstSync) {
    const { firstSync } = state;
    const label = downloadingText(firstSync);
    const short = downloadingShort(firstSync);
    return { Icon: CloudDownloadIcon, label, short, compact: "Downloading", tone: "text-primary" };
  }
  if (state.syncing) return { Icon: RefreshCwIcon, label: "Syncing…", tone: "text-primary", spin: true };
  if (state.pending > 0) {
    return {
      Icon: CloudUploadIcon,
      label: plural(state.pending, "change waiting", "changes waiting"),
      compact: `${state.pending} waiting`,
      tone: "text-warning",
    };
  }
  if (state.error)
    return { Icon: AlertTriangleIcon, label: "Sync failed", compact: "Failed", tone: "text-destructive" };
  if (!state.lastSyncedAt) return { Icon: RefreshCwIcon, label: "Syncing…", tone: "text-primary", spin: true };
  if (state.conflicts > 0 || state.failed.length > 0) {
    return { Icon: AlertTriangleIcon, label: "Needs your attention", compact: "Attention", tone: "text-warning" };
  }
  return { Icon: CloudCheckIcon, label: "Synced", tone: "text-success" };
}

/** The status line in the top bar; it opens the Sync panel. Conflicts and refused changes show as badges. */
export function SyncStatus() {
  const online = useOnline();
  const state = useSyncState();
  const { openPanel } = useSyncDialogs();
  const { Icon, label, short, compact, tone, spin } = describeSync(state, online);
  const problems = problemsOf(state);
  const detail = [
    state?.error && syncProblemText(state.error),
    state?.lastSyncedAt ? `Last synced ${formatDateTime(state.lastSyncedAt)}` : null,
  ]
    .filter(Boolean)
    .join(". ");
  const spoken = [label, ...problems.map((p) => p.text)].join(", ");
  return (
    <button
      type="button"
      onClick={openPanel}
      aria-haspopup="dialog"
      aria-label={`Sync: ${spoken}`}
      title={detail || label}
      className={cn(
        "inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md px-2 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
        tone,
      )}
    >
      <Icon className={cn("size-4", spin && "animate-spin motion-reduce:animate-none")} aria-hidden />
      <span role="status" className="inline-flex items-center gap-1.5">
        {/* Seen: a word or two on a phone, more from small tablets up; heard: the whole label. */}
        <span className={cn(problems.length > 0 && "sr-only xl:not-sr-only")}>
          <span aria-hidden className="sm:hidden">
            {compact ?? short ?? label}
          </span>
          <span aria-hidden className="hidden sm:inline">
            {short ?? label}
          </span>
          <span className="sr-only">{label}</span>
        </span>
        {problems.map(({ text, variant }) => (
          <Badge key={text} variant={variant}>
            {text}
          </Badge>
        ))}
      </span>
    </button>
  );
}
