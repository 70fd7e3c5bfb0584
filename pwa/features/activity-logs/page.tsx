import { messages } from "@schema/messages.ts";
import { RefreshCwIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { errorMessage } from "@/lib/api.ts";
import { cn } from "@/lib/cn.ts";
import { formatDateTime } from "@/lib/dates.ts";
import { notify } from "@/lib/notify.tsx";
import { useOnline } from "@/lib/use-online.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { Badge } from "@/ui/badge.tsx";
import { Button } from "@/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "@/ui/card.tsx";
import { OfflineNotice } from "@/ui/offline-notice.tsx";
import { Pager } from "@/ui/pager.tsx";
import { Skeleton } from "@/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/ui/table.tsx";
import {
  ACTIVITY_LABELS,
  type Activity,
  type ActivityFilters,
  formatDetails,
  NO_FILTERS,
  PAGE_SIZE,
  useActivity,
} from "./activity-api.ts";
import { ActivityFilterBar } from "./activity-filters.tsx";

const BADGE: Record<string, "default" | "secondary" | "destructive" | "success" | "warning" | "outline"> = {
  login: "success",
  login_failed: "destructive",
  logout: "secondary",
  profile_update: "default",
  password_change: "warning",
  data_delete: "destructive",
  prompt_mark: "warning",
  fhir_export: "secondary",
  record_view: "outline",
};

export default function ActivityLogsPage() {
  usePageTitle("Activity Logs");
  const online = useOnline();
  const [draft, setDraft] = useState<ActivityFilters>(NO_FILTERS);
  const [applied, setApplied] = useState<ActivityFilters>(NO_FILTERS);
  const [offset, setOffset] = useState(0);
  const activity = useActivity(applied, offset);
  const total = activity.data?.total ?? 0;

  useEffect(() => {
    if (activity.error) {
      notify.error(messages.activity.fetchFailed, errorMessage(activity.error, messages.activity.fetchFailed));
    }
  }, [activity.error]);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <h1 className="text-2xl font-semibold leading-tight">Activity Logs</h1>
          <CardDescription>
            Sign-ins, sign-outs, profile and password changes, data deletions, prompt mark changes, FHIR exports, and
            who opened which patient's records.
          </CardDescription>
        </div>
        <Button variant="outline" onClick={() => void activity.refetch()} disabled={!online || activity.isFetching}>
          <RefreshCwIcon className={cn(activity.isFetching && "animate-spin")} aria-hidden /> Refresh
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!online && <OfflineNotice>Activity logs need a connection. Reconnect to see them.</OfflineNotice>}
        <ActivityFilterBar
          value={draft}
          onChange={setDraft}
          onApply={() => {
            setApplied(draft);
            setOffset(0);
          }}
          onClear={() => {
            setDraft(NO_FILTERS);
            setApplied(NO_FILTERS);
            setOffset(0);
          }}
        />
        <p className="text-sm font-medium" aria-live="polite">
          {activity.data ? messages.activity.count(total) : "\u00a0"}
        </p>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>User</TableHead>
              <TableHead>Activity</TableHead>
              <TableHead>IP Address</TableHead>
              <TableHead>Timestamp</TableHead>
              <TableHead>Details</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {activity.isPending
              ? [0, 1, 2, 3].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={5}>
                      <Skeleton className="h-8 w-full" />
                    </TableCell>
                  </TableRow>
                ))
              : activity.data?.rows.map((row) => <ActivityRow key={row.id} row={row} />)}
            {activity.data?.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5} className="py-10 text-center text-muted-foreground">
                  No activity matches these filters.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        {total > PAGE_SIZE && (
          <Pager
            label="Activity pages"
            page={offset / PAGE_SIZE}
            pageSize={PAGE_SIZE}
            total={total}
            onPage={(page) => setOffset(page * PAGE_SIZE)}
          />
        )}
      </CardContent>
    </Card>
  );
}

function ActivityRow({ row }: { row: Activity }) {
  const label = ACTIVITY_LABELS[row.activity_type as keyof typeof ACTIVITY_LABELS] ?? row.activity_type;
  const details = formatDetails(row.metadata);
  return (
    <TableRow className="align-top">
      <TableCell>
        <div className="font-medium">{row.user_full_name ?? row.username ?? "Unknown user"}</div>
        {row.user_full_name && row.username && <div className="text-xs text-muted-foreground">{row.username}</div>}
      </TableCell>
      <TableCell>
        <Badge variant={BADGE[row.activity_type] ?? "outline"}>{label}</Badge>
      </TableCell>
      <TableCell className="font-mono text-xs">{row.ip_address ?? "N/A"}</TableCell>
      <TableCell className="whitespace-nowrap">{formatDateTime(row.timestamp)}</TableCell>
      <TableCell>
        {details === messages.activity.noDetails ? (
          <span className="text-muted-foreground">{details}</span>
        ) : (
          <pre className="max-w-sm rounded bg-muted p-2 text-xs break-all whitespace-pre-wrap">{details}</pre>
        )}
      </TableCell>
    </TableRow>
  );
}
