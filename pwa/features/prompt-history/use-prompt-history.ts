import { TIMINGS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useState } from "react";
import { notify } from "@/lib/notify.tsx";
import { usePromptMarks } from "@/shared/prompt/use-prompt-marks.ts";
import { useSyncEngine, useSyncState } from "@/shared/sync/sync-context.ts";
import { syncProblemText } from "@/shared/sync/sync-texts.ts";

/**
 * The prompts on this device (readable offline), refreshed through the sync engine on demand and
 * every 60 s while the page is open (spec section 9); the current/test marks are usePromptMarks'.
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
      if (error) notify.error(messages.generic.refreshFailed, syncProblemText(error));
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
  const loading = prompts === undefined || (prompts.length === 0 && !state?.lastSyncedAt && state?.error == null);

  return { prompts: prompts ?? [], loading, refreshing, refresh, mark, sync: engine.sync };
}
