import { TIMINGS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import { useCallback, useEffect, useState } from "react";
import { notify } from "@/lib/notify.tsx";
import { usePromptMarks } from "@/shared/prompt/use-prompt-marks.ts";
import { useSyncEngine, useSyncState } from "@/shared/sync/sync-context.ts";
import { refreshProblemText } from "@/shared/sync/sync-texts.ts";
import { useLive } from "@/shared/sync/use-live.ts";

/**
 * The prompts on this device (readable offline), refreshed through the sync engine on demand and
 * every 60 s while the page is open (spec section 9); the current/test marks are usePromptMarks'.
 */
export function usePromptHistory() {
  const engine = useSyncEngine();
  const { store } = engine;
  const read = useLive(() => store.prompts.toArray(), [store]);
  const prompts = read.status === "ready" ? read.data : undefined;
  const state = useSyncState();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await engine.sync();
      const error = engine.getState().error;
      if (error) notify.error(messages.generic.refreshFailed, refreshProblemText(error));
    } finally {
      setRefreshing(false);
    }
  }, [engine]);

  useEffect(() => {
    const timer = setInterval(() => void engine.sync(), TIMINGS.promptListRefetchMs);
    return () => clearInterval(timer);
  }, [engine]);

  const mark = usePromptMarks();

  // Until the first sync finished, an empty store means "not loaded yet", not "none created".
  const loading =
    read.status === "loading" ||
    (prompts !== undefined && prompts.length === 0 && !state?.lastSyncedAt && state?.error == null);
  /** The device store could not be read (closed, evicted): the table says so instead of "none created". */
  const error = read.status === "error" ? read.error : null;

  return { prompts: prompts ?? [], loading, error, refreshing, refresh, mark, sync: engine.sync };
}
