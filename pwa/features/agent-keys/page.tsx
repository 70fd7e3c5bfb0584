import { Trash2Icon } from "lucide-react";
import { useEffect, useState } from "react";
import { errorMessage } from "@/lib/api.ts";
import { formatDateTime } from "@/lib/dates.ts";
import { notify } from "@/lib/notify.tsx";
import { useOnline } from "@/lib/use-online.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { ConfirmDialog } from "@/ui/alert-dialog.tsx";
import { Badge } from "@/ui/badge.tsx";
import { Button } from "@/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "@/ui/card.tsx";
import { OfflineNotice } from "@/ui/offline-notice.tsx";
import { Skeleton } from "@/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/ui/table.tsx";
import { type AgentKey, useAgentKeys, useRevokeAgentKey } from "./agent-keys-api.ts";
import { CreateKeyDialog } from "./create-key-dialog.tsx";

const FETCH_FAILED = "Failed to fetch agent keys";

export default function AgentKeysPage() {
  usePageTitle("Agent Keys");
  const online = useOnline();
  const keys = useAgentKeys();
  const revoke = useRevokeAgentKey();
  const [revoking, setRevoking] = useState<AgentKey | null>(null);

  useEffect(() => {
    if (keys.error) notify.error(FETCH_FAILED, errorMessage(keys.error, FETCH_FAILED));
  }, [keys.error]);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <h1 className="text-2xl font-semibold leading-tight">Agent Keys</h1>
          <CardDescription>
            Keys for the AI agent: it sends conversation messages and summaries in and reads the current or test prompt.
          </CardDescription>
        </div>
        <CreateKeyDialog disabled={!online} />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!online && <OfflineNotice>Agent keys need a connection. Reconnect to see and change them.</OfflineNotice>}
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Created</TableHead>
              <TableHead>Last used</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {keys.isPending ? (
              <TableRow>
                <TableCell colSpan={5}>
                  <Skeleton className="h-8 w-full" />
                </TableCell>
              </TableRow>
            ) : !keys.data?.length ? (
              <TableRow>
                <TableCell colSpan={5} className="py-10 text-center text-muted-foreground">
                  No agent keys yet.
                </TableCell>
              </TableRow>
            ) : (
              keys.data.map((k) => (
                <TableRow key={k.id}>
                  <TableCell className="font-medium">{k.name}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTime(k.created_at)}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {k.last_used_at ? formatDateTime(k.last_used_at) : "Never"}
                  </TableCell>
                  <TableCell>
                    {k.revoked_at ? (
                      <Badge variant="destructive">Revoked {formatDateTime(k.revoked_at)}</Badge>
                    ) : (
                      <Badge variant="success">Active</Badge>
                    )}
                  </TableCell>
                  <TableCell className="text-right">
                    {!k.revoked_at && (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-destructive"
                        disabled={!online}
                        onClick={() => setRevoking(k)}
                        aria-label={`Revoke ${k.name}`}
                      >
                        <Trash2Icon aria-hidden /> Revoke
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        title="Revoke agent key?"
        description={`An agent using "${revoking?.name}" is refused from now on. This cannot be undone.`}
        confirmLabel="Revoke"
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </Card>
  );
}
