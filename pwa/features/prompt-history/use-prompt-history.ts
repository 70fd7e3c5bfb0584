import { TIMINGS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSyncEngine, useSyncState } from "@/app/sync/sync-context.ts";
import { notify } from "@/lib/notify.tsx";

const MARK_PATHS = {
  "/api/prompt-history/set-current": messages.prompts.setCurrentFailed,
  "/api/prompt-history/set-test": messages.prompts.setTestFailed,
} as Record<string, string>;

/**
 * The prompts on this device (readable offline), refreshed through the sync engine on demand and
 * every 60 s while the page is open (spec section 9). Current/test marks go through the outbox,
 * so they work offline too; a mark the server later refuses is reported once as a toast.
 */
export function usePromptHistory() {
  const engine = useSyncEngine();
  const { store } = engine;
  const prompts = useLiveQuery(() => store.prompts.toArray(), [store]);
  const state = useSyncState();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await engine.sync();
      const error = engine.getState().error;
      if (error) notify.error(messages.generic.refreshFailed, error);
    } finally {
      setRefreshing(false);
    }
  }, [engine]);

  useEffect(() => {
    const timer = setInterval(() => void engine.sync(), TIMINGS.promptListRefetchMs);
    return () => clearInterval(timer);
  }, [engine]);

  const reported = useRef(new Set<string>());
  useEffect(() => {
    for (const failure of state?.failed ?? []) {
      const title = MARK_PATHS[failure.path];
      if (!title || reported.current.has(failure.id)) continue;
      reported.current.add(failure.id);
      notify.error(title, failure.error);
    }
  }, [state?.failed]);

  const mark = useCallback(
    async (kind: "prompt.setCurrent" | "prompt.setTest", id: string) => {
      try {
        await engine.mutate({ kind, id });
      } catch (err) {
        const title = kind === "prompt.setCurrent" ? messages.prompts.setCurrentFailed : messages.prompts.setTestFailed;
        notify.error(title, err instanceof Error ? err.message : undefined);
      }
    },
    [engine],
  );

  // Until the first sync finished, an empty store means "not loaded yet", not "none created".
  const loading = prompts === undefined || (prompts.length === 0 && !state?.lastSyncedAt && state?.error == null);

  return { prompts: prompts ?? [], loading, refreshing, refresh, mark, sync: engine.sync };
}
