import {
  AlertTriangleIcon,
  CloudCheckIcon,
  CloudIcon,
  CloudOffIcon,
  CloudUploadIcon,
  LogInIcon,
  type LucideIcon,
  RefreshCwIcon,
} from "lucide-react";
import { useOnline } from "@/app/sync/use-online.ts";
import { cn } from "@/lib/cn.ts";
import { formatDateTime } from "@/lib/dates.ts";
import type { SyncState } from "@/local/index.ts";
import { useSyncState } from "./sync-context.ts";

interface Status {
  Icon: LucideIcon;
  label: string;
  tone: string;
  spin?: boolean;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One icon and one label per state (after Actual Budget's SyncStatusLine). */
export function describeSync(state: SyncState | null, online: boolean): Status {
  if (!online || state?.online === false) return { Icon: CloudOffIcon, label: "Offline", tone: "text-warning" };
  if (!state) return { Icon: CloudIcon, label: "Online", tone: "text-muted-foreground" };
  if (state.authLost) return { Icon: LogInIcon, label: "Sign in to sync", tone: "text-warning" };
  if (state.failed.length > 0 || state.conflicts > 0) {
    const n = state.failed.length + state.conflicts;
    return { Icon: AlertTriangleIcon, label: plural(n, "change failed", "changes failed"), tone: "text-destructive" };
  }
  if (state.syncing) return { Icon: RefreshCwIcon, label: "Syncing…", tone: "text-primary", spin: true };
  if (state.pending > 0) {
    return {
      Icon: CloudUploadIcon,
      label: plural(state.pending, "change waiting", "changes waiting"),
      tone: "text-warning",
    };
  }
  if (state.error) return { Icon: AlertTriangleIcon, label: "Sync failed", tone: "text-destructive" };
  if (!state.lastSyncedAt) return { Icon: RefreshCwIcon, label: "Syncing…", tone: "text-primary", spin: true };
  return { Icon: CloudCheckIcon, label: "Synced", tone: "text-success" };
}

export function SyncStatus() {
  const online = useOnline();
  const state = useSyncState();
  const { Icon, label, tone, spin } = describeSync(state, online);
  const detail = [state?.error, state?.lastSyncedAt ? `Last synced ${formatDateTime(state.lastSyncedAt)}` : null]
    .filter(Boolean)
    .join(". ");
  return (
    <span
      role="status"
      title={detail || label}
      className={cn("inline-flex min-h-11 items-center gap-1.5 px-2 text-sm font-medium", tone)}
    >
      <Icon className={cn("size-4", spin && "animate-spin")} aria-hidden />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </span>
  );
}
