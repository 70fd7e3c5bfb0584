import { messages } from "@schema/messages.ts";
import { FileTextIcon, PlusIcon } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { cn } from "@/lib/cn.ts";
import { notify } from "@/lib/notify.tsx";
import { pageOf, usePageNumber } from "@/lib/paging.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { SummaryDialog } from "@/shared/summary/summary-dialog.tsx";
import { Button } from "@/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card.tsx";
import { Pager } from "@/ui/pager.tsx";
import { SkeletonRegion } from "@/ui/skeleton.tsx";
import { SummariesTable } from "./summaries-table.tsx";
import { useDeleteSummary, useSummaries } from "./use-summaries.ts";

/** Fewer than the other lists: a summary row is wide and tall. */
const PAGE_SIZE = 25;

export default function ConversationSummariesPage() {
  usePageTitle("Conversation Summaries");
  const { user } = useAuth();
  // A signed-out visitor never gets here: the route guard sends them to /auth with the spec's notice.
  return <Summaries isAdmin={user?.role === "admin"} />;
}

function Summaries({ isAdmin }: { isAdmin: boolean }) {
  const [riskOnly, setRiskOnly] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const [page, setPage] = usePageNumber(riskOnly);
  const summaries = useSummaries(riskOnly);
  const remove = useDeleteSummary();
  const filterId = useId();

  const loading = summaries.status === "loading";
  const rows = summaries.status === "ready" ? summaries.data : [];
  const allIds = useMemo(() => rows.map((r) => r.id), [rows]);
  const shown = pageOf(rows, page, PAGE_SIZE);

  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">Conversation Summaries</h1>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Summaries</CardTitle>
            <CardDescription>One structured summary per conversation with the coach.</CardDescription>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <label htmlFor={filterId} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium">
              <input
                id={filterId}
                type="checkbox"
                className="size-5 accent-destructive"
                checked={riskOnly}
                onChange={(e) => setRiskOnly(e.target.checked)}
              />
              Safety risk only
            </label>
            <Button variant="outline" onClick={() => notify.info(messages.summaries.comingSoon)}>
              <PlusIcon aria-hidden />
              Add New Summary
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          <SkeletonRegion loading={loading} label="Loading summaries…" className="grid gap-4">
            {summaries.status === "error" && (
              <p role="alert" className="text-destructive">
                {messages.summaries.listError}
              </p>
            )}
            {summaries.status === "ready" && rows.length === 0 && (
              <div className="grid justify-items-center gap-2 py-10 text-center text-muted-foreground">
                <FileTextIcon className="size-8" aria-hidden />
                <p>{riskOnly ? "No summary flags a safety risk." : "No conversation summaries yet."}</p>
              </div>
            )}
            {(shown.total > 0 || loading) && (
              <>
                <SummariesTable
                  summaries={shown.rows}
                  allIds={allIds}
                  loadingRows={loading ? PAGE_SIZE : 0}
                  canDelete={isAdmin}
                  onView={setViewing}
                  onDelete={(id) => void remove(id)}
                />
                <Pager
                  label="Summary pages"
                  page={shown.page}
                  pageSize={PAGE_SIZE}
                  total={shown.total}
                  onPage={setPage}
                  className={cn(loading && "invisible")}
                />
              </>
            )}
          </SkeletonRegion>
        </CardContent>
      </Card>
      <SummaryDialog
        withTimes
        missing={messages.summaries.notFound}
        conversationId={viewing}
        open={viewing !== null}
        onOpenChange={(open) => !open && setViewing(null)}
      />
    </div>
  );
}
