import { TIMINGS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import { type Prompt, PromptRow } from "@schema/rows.ts";
import { useQuery } from "@tanstack/react-query";
import * as v from "valibot";
import { ApiError, api, errorMessage } from "@/lib/api.ts";
import { formatDateTime } from "@/lib/dates.ts";
import { useOnline } from "@/lib/use-online.ts";
import type { Local } from "@/local/index.ts";
import { PendingBadge } from "@/shared/sync/pending-badge.tsx";
import { useStore } from "@/shared/sync/sync-context.ts";
import { useLive } from "@/shared/sync/use-live.ts";
import { Badge } from "@/ui/badge.tsx";
import { Button } from "@/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/ui/dialog.tsx";
import { Spinner } from "@/ui/spinner.tsx";
import { usePromptMarks } from "./use-prompt-marks.ts";

interface PromptDialogProps {
  promptId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The prompt detail dialog: from the device store, else (online) from the server. */
export function PromptDialog({ promptId, open, onOpenChange }: PromptDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">{open && promptId && <PromptBody promptId={promptId} />}</DialogContent>
    </Dialog>
  );
}

/** Spec: a 404 gives no result; other answers fail with "Failed to fetch prompt: {status} {statusText}". */
async function fetchPrompt(id: string): Promise<Prompt | null> {
  try {
    return v.parse(PromptRow, await api(`/api/prompt-history/${encodeURIComponent(id)}`));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.code === "not_found") return null;
    throw new Error(messages.prompts.fetchFailed(err.status, err.statusText));
  }
}

function PromptBody({ promptId }: { promptId: string }) {
  const store = useStore();
  const online = useOnline();
  // Ready with null when the device holds no such prompt: then the server is asked.
  const read = useLive(async () => (await store.prompts.get(promptId)) ?? null, [store, promptId]);
  const local = read.status === "ready" ? read.data : undefined;
  const remote = useQuery({
    queryKey: ["/api/prompt-history", promptId],
    queryFn: () => fetchPrompt(promptId),
    enabled: local === null && online,
    staleTime: TIMINGS.promptDetailStaleMs,
    retry: 1,
  });

  if (local) return <PromptDetails prompt={local} markable />;
  if (remote.data) return <PromptDetails prompt={remote.data} markable={false} />;
  const loading = read.status === "loading" || (local === null && online && remote.isPending);
  // The device store failing to read (closed, evicted) is told like the server failing.
  const failed = read.status === "error" ? read.error : remote.error;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Prompt Details</DialogTitle>
        <DialogDescription className="sr-only">{promptId}</DialogDescription>
      </DialogHeader>
      {loading ? (
        <Spinner />
      ) : failed ? (
        <div className="grid gap-1">
          <p className="text-destructive">{messages.prompts.loadError}</p>
          <p className="text-xs text-muted-foreground">{errorMessage(failed, messages.prompts.loadError)}</p>
        </div>
      ) : (
        <p className="text-muted-foreground">{messages.prompts.notFound(promptId)}</p>
      )}
    </>
  );
}

/**
 * The spec's details, and for a prompt on this device the two marks it lacks as buttons: every
 * signed-in user may set the current and test prompt (spec section 6), offline too (the outbox sends it).
 */
function PromptDetails({ prompt, markable }: { prompt: Local<Prompt>; markable: boolean }) {
  const mark = usePromptMarks();
  return (
    <>
      <DialogHeader>
        <DialogTitle>{prompt.title}</DialogTitle>
        <DialogDescription>
          Owner: {prompt.owner} · Created:{" "}
          {prompt.created_at ? formatDateTime(prompt.created_at) : messages.generic.unknownDate}
        </DialogDescription>
      </DialogHeader>
      {(prompt.is_current || prompt.is_test || markable) && (
        <div className="flex flex-wrap items-center gap-2">
          {prompt.is_current && <Badge>Current Prompt</Badge>}
          {prompt.is_test && <Badge variant="secondary">Test Prompt</Badge>}
          {markable && !prompt.is_current && (
            <Button variant="outline" className="min-h-11" onClick={() => void mark("prompt.setCurrent", prompt.id)}>
              Set as Current Prompt
            </Button>
          )}
          {markable && !prompt.is_test && (
            <Button variant="outline" className="min-h-11" onClick={() => void mark("prompt.setTest", prompt.id)}>
              Set as Test Prompt
            </Button>
          )}
          <PendingBadge row={prompt} />
        </div>
      )}
      <pre className="max-h-[60dvh] overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 font-sans text-sm">
        {prompt.prompt}
      </pre>
    </>
  );
}
