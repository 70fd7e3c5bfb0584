import { TIMINGS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import { type Prompt, PromptRow } from "@schema/rows.ts";
import { useQuery } from "@tanstack/react-query";
import { useLiveQuery } from "dexie-react-hooks";
import * as v from "valibot";
import { useStore } from "@/app/sync/sync-context.ts";
import { useOnline } from "@/app/sync/use-online.ts";
import { ApiError, api } from "@/lib/api.ts";
import { formatDateTime } from "@/lib/dates.ts";
import { Badge } from "@/ui/badge.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/ui/dialog.tsx";
import { Spinner } from "@/ui/spinner.tsx";

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

/** Spec: a 404 gives no result; other failures are load errors. */
async function fetchPrompt(id: string): Promise<Prompt | null> {
  try {
    return v.parse(PromptRow, await api(`/api/prompt-history/${encodeURIComponent(id)}`));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

function PromptBody({ promptId }: { promptId: string }) {
  const store = useStore();
  const online = useOnline();
  const local = useLiveQuery(async () => (await store.prompts.get(promptId)) ?? null, [store, promptId]);
  const remote = useQuery({
    queryKey: ["/api/prompt-history", promptId],
    queryFn: () => fetchPrompt(promptId),
    enabled: local === null && online,
    staleTime: TIMINGS.promptDetailStaleMs,
    retry: 1,
  });

  const prompt = local ?? remote.data;
  if (prompt) return <PromptDetails prompt={prompt} />;
  const loading = local === undefined || (local === null && online && remote.isPending);
  const failed = remote.isError;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Prompt Details</DialogTitle>
        <DialogDescription className="sr-only">{promptId}</DialogDescription>
      </DialogHeader>
      {loading ? (
        <Spinner />
      ) : (
        <p className={failed ? "text-destructive" : "text-muted-foreground"}>
          {failed ? messages.prompts.loadError : messages.prompts.notFound(promptId)}
        </p>
      )}
    </>
  );
}

function PromptDetails({ prompt }: { prompt: Prompt }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{prompt.title}</DialogTitle>
        <DialogDescription>
          Owner: {prompt.owner} · Created:{" "}
          {prompt.created_at ? formatDateTime(prompt.created_at) : messages.generic.unknownDate}
        </DialogDescription>
      </DialogHeader>
      {(prompt.is_current || prompt.is_test) && (
        <div className="flex flex-wrap gap-2">
          {prompt.is_current && <Badge>Current Prompt</Badge>}
          {prompt.is_test && <Badge variant="secondary">Test Prompt</Badge>}
        </div>
      )}
      <pre className="max-h-[60dvh] overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 font-sans text-sm">
        {prompt.prompt}
      </pre>
    </>
  );
}
