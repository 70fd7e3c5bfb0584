import { messages } from "@schema/messages.ts";
import type { Prompt } from "@schema/rows.ts";
import { RefreshCwIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { errorMessage } from "@/lib/api.ts";
import { cn } from "@/lib/cn.ts";
import { notify } from "@/lib/notify.tsx";
import { PAGE_SIZE, pageOf, usePageNumber } from "@/lib/paging.ts";
import { useOnline } from "@/lib/use-online.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { useOptionalSyncEngine } from "@/shared/sync/sync-context.ts";
import { ConfirmDialog } from "@/ui/alert-dialog.tsx";
import { Button } from "@/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "@/ui/card.tsx";
import { Label } from "@/ui/label.tsx";
import { Pager } from "@/ui/pager.tsx";
import { SearchInput } from "@/ui/search-input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/ui/select.tsx";
import { PageSpinner } from "@/ui/spinner.tsx";
import { deletePrompt } from "./prompt-api.ts";
import { PromptDetailsDialog } from "./prompt-details-dialog.tsx";
import { isPromptSort, type PromptSort, SORT_LABELS, searchPrompts, sortPrompts } from "./prompt-list.ts";
import { PromptTable } from "./prompt-table.tsx";
import { usePromptHistory } from "./use-prompt-history.ts";

/**
 * On a fresh load the signed-in user is known a render before the device store is opened, so the
 * table waits for the store instead of asking for it too early.
 */
export default function PromptHistoryPage() {
  usePageTitle("Prompt History");
  return useOptionalSyncEngine() ? <PromptHistory /> : <PageSpinner />;
}

function PromptHistory() {
  const { isAdmin } = useAuth();
  const online = useOnline();
  const { prompts, loading, error, refreshing, refresh, mark, sync } = usePromptHistory();
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<PromptSort>("date-desc");
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Prompt | null>(null);

  const shown = useMemo(() => sortPrompts(searchPrompts(prompts, query), sort), [prompts, query, sort]);
  // Search and sort run over every prompt; a new search or sort starts on its first page.
  const [page, setPage] = usePageNumber({ query: query.trim(), sort });
  const onPage = pageOf(shown, page);
  const open = prompts.find((p) => p.id === openId) ?? null;

  async function remove(prompt: Prompt): Promise<boolean> {
    try {
      await deletePrompt(prompt.id);
      notify.success("Prompt deleted", `"${prompt.title}" was deleted.`);
      void sync();
      return true;
    } catch (err) {
      notify.error(messages.prompts.deleteFailed, errorMessage(err, messages.prompts.deleteFailed));
      return false;
    }
  }

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <h1 className="text-2xl font-semibold leading-tight">Prompt History</h1>
          <CardDescription>
            The AI agent's prompts. Pick the current and test prompt; open a prompt to save an edited copy.
          </CardDescription>
        </div>
        <Button variant="outline" onClick={() => void refresh()} disabled={refreshing || !online}>
          <RefreshCwIcon className={cn(refreshing && "animate-spin")} aria-hidden /> Refresh
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-2">
            <Label htmlFor="prompt-search">Search</Label>
            <SearchInput
              id="prompt-search"
              placeholder="Search title, content or owner"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <div className="grid gap-2 sm:w-52">
            <Label htmlFor="prompt-sort">Sort by</Label>
            <Select value={sort} onValueChange={(value) => isPromptSort(value) && setSort(value)}>
              <SelectTrigger id="prompt-sort">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {Object.entries(SORT_LABELS).map(([value, label]) => (
                  <SelectItem key={value} value={value}>
                    {label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
        <PromptTable
          prompts={onPage.rows}
          loading={loading}
          failed={error !== null}
          total={prompts.length}
          canDelete={isAdmin}
          online={online}
          onOpen={(p) => setOpenId(p.id)}
          onDelete={setDeleting}
          onMark={(kind, id) => void mark(kind, id)}
        />
        {!loading && error === null && onPage.total > PAGE_SIZE && (
          <Pager label="Prompt pages" page={onPage.page} pageSize={PAGE_SIZE} total={onPage.total} onPage={setPage} />
        )}
        {!loading && error === null && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Showing {shown.length} of {prompts.length} prompts
          </p>
        )}
      </CardContent>
      <PromptDetailsDialog
        prompt={open}
        onClose={() => setOpenId(null)}
        canDelete={isAdmin}
        onDelete={remove}
        onSaved={() => void sync()}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this prompt?"
        description={deleting ? `"${deleting.title}" will be deleted. This cannot be undone.` : undefined}
        confirmLabel="Delete"
        onConfirm={() => deleting && void remove(deleting)}
      />
    </Card>
  );
}
