import { CloudIcon, CloudOffIcon } from "lucide-react";
import { useOnline } from "./use-online.ts";

/** Connection + sync state, one icon and one label per state (after Actual Budget's SyncStatusLine). */
export function SyncStatus() {
  const online = useOnline();
  const { Icon, label, tone } = online
    ? { Icon: CloudIcon, label: "Online", tone: "text-muted-foreground" }
    : { Icon: CloudOffIcon, label: "Offline", tone: "text-warning" };
  return (
    <span role="status" className={`inline-flex min-h-11 items-center gap-1.5 px-2 text-sm ${tone}`}>
      <Icon className="size-4" aria-hidden />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </span>
  );
}
