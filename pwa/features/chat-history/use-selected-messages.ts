import type { Message } from "@schema/rows.ts";
import { type LocalStore, readConversation } from "@/local/index.ts";
import { type Live, useLive } from "@/shared/sync/use-live.ts";
import { type ChatFilters, indexMessage, safetyRiskIds, selectedMessageIds } from "@/worker/search-logic.ts";

/**
 * The selected conversation's messages in reading order, read from the device store by its
 * conversation index and filtered as the search would: a conversation reads as soon as its
 * messages are stored, without waiting for the search worker, which during a first sync takes in
 * new messages only every few seconds and on opening reads the whole store. Null with no selection.
 */
export function useSelectedMessages(store: LocalStore, filters: ChatFilters): Live<Message[] | null> {
  const selected = filters.selectedConversationId;
  const { text, patientName, startDate, endDate, safetyOnly } = filters;
  return useLive(async () => {
    if (!selected) return null;
    const [rows, summary] = await Promise.all([
      readConversation(store, selected),
      safetyOnly ? store.conversation_summaries.get(selected) : undefined,
    ]);
    // The filters as of this read: the fields it depends on are the hook's dependencies.
    const ids = selectedMessageIds(rows.map(indexMessage), safetyRiskIds(summary ? [summary] : []), filters, selected);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }, [store, selected, text, patientName, startDate, endDate, safetyOnly]);
}
