import { messages } from "@schema/messages.ts";
import type { Summary } from "@schema/rows.ts";
import { errorMessage } from "@/lib/api.ts";
import { compareText } from "@/lib/compare.ts";
import { notify } from "@/lib/notify.tsx";
import type { Local } from "@/local/index.ts";
import { announceSave } from "@/shared/sync/announce-save.ts";
import { useStore, useSyncEngine } from "@/shared/sync/sync-context.ts";
import { type Live, useLive } from "@/shared/sync/use-live.ts";

const newestFirst = (a: Summary, b: Summary) =>
  compareText(b.started_at ?? b.created_at, a.started_at ?? a.created_at) || compareText(a.id, b.id);

/** The summaries on this device (a clinician's patients', or all for an admin), newest first. */
export function useSummaries(safetyRiskOnly: boolean): Live<Local<Summary>[]> {
  const store = useStore();
  return useLive(
    async () => {
      const table = store.conversation_summaries;
      const rows = safetyRiskOnly ? await table.filter((s) => s.is_safetychecker).toArray() : await table.toArray();
      return rows.sort(newestFirst);
    },
    [store, safetyRiskOnly],
    "conversation_summaries",
  );
}

/** Admin delete through the device store; the server refuses it for anyone else. */
export function useDeleteSummary() {
  const engine = useSyncEngine();
  return async (id: string) => {
    try {
      const { sent } = await engine.mutate({ kind: "summary.delete", id });
      void announceSave(sent, {
        success: messages.summaries.deleted,
        refused: (message) => notify.error(messages.summaries.deleteFailed, message || messages.summaries.deleteFailed),
      });
    } catch (err) {
      notify.error(messages.summaries.deleteFailed, errorMessage(err, messages.summaries.deleteFailed));
    }
  };
}
