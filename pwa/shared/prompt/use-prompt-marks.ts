import { messages } from "@schema/messages.ts";
import { useCallback, useEffect, useRef } from "react";
import { notify } from "@/lib/notify.tsx";
import type { SyncState } from "@/local/index.ts";
import { useSyncEngine, useSyncState } from "@/shared/sync/sync-context.ts";
import { refusalText } from "@/shared/sync/sync-texts.ts";

export type MarkKind = "prompt.setCurrent" | "prompt.setTest";

const FAILED: Record<MarkKind, string> = {
  "prompt.setCurrent": messages.prompts.setCurrentFailed,
  "prompt.setTest": messages.prompts.setTestFailed,
};

/** A refused current/test mark is told by what it did to the prompt, not by its URL. */
function markFailedTitle({ table, op }: SyncState["failed"][number]): string | undefined {
  if (table !== "prompts" || op.kind !== "flag") return undefined;
  return FAILED[op.flag === "is_current" ? "prompt.setCurrent" : "prompt.setTest"];
}

/**
 * Moves the current or test mark (every signed-in user may, spec section 6) through the outbox, so
 * it works offline too and shows at once; a mark the server later refuses is reported once as a toast.
 */
export function usePromptMarks() {
  const engine = useSyncEngine();
  const state = useSyncState();

  const reported = useRef(new Set<string>());
  useEffect(() => {
    for (const failure of state?.failed ?? []) {
      const title = markFailedTitle(failure);
      if (!title || reported.current.has(failure.id)) continue;
      reported.current.add(failure.id);
      notify.error(title, refusalText(failure.refused));
    }
  }, [state?.failed]);

  return useCallback(
    async (kind: MarkKind, id: string) => {
      try {
        await engine.mutate({ kind, id });
      } catch (err) {
        notify.error(FAILED[kind], err instanceof Error ? err.message : undefined);
      }
    },
    [engine],
  );
}
