import type { Message } from "@schema/rows.ts";
import { type LocalStore, readConversation } from "@/local/index.ts";
import { type Live, useLive } from "@/shared/sync/use-live.ts";
import { type ChatFilters, indexMessage, safetyRiskIds, selectedMessageIds } from "@/worker/search-logic.ts";

/** The open conversation as the device keeps it, and what of it the filters show. */
export interface Selection {
  /** Its messages in reading order, filtered as the search would. */
  shown: Message[];
  /** Every message the device keeps of it (in id order): its first, its prompt, whether it is held back. */
  stored: Message[];
}

/**
 * The selected conversation's messages, read from the device store by its conversation index and
 * filtered as the search would: a conversation reads as soon as its messages are stored, without
 * waiting for the search worker, which during a first sync takes in new messages only every few
 * seconds and on opening reads the whole store. Null with no selection. One read serves every
 * part of the page that asks about the open conversation: each read of it is a round trip of the
 * device store and of its opening, which on a slow tablet waits behind the sync's own tasks.
 */
export function useSelectedMessages(store: LocalStore, filters: ChatFilters): Live<Selection | null> {
  const selected = filters.selectedConversationId;
  const { text, patientName, startDate, endDate, safetyOnly } = filters;
  return useLive(async () => {
    if (!selected) return null;
    const [stored, summary] = await Promise.all([
      readConversation(store, selected),
      safetyOnly ? store.conversation_summaries.get(selected) : undefined,
    ]);
    // The filters as of this read: the fields it depends on are the hook's dependencies.
    const ids = selectedMessageIds(
      stored.map(indexMessage),
      safetyRiskIds(summary ? [summary] : []),
      filters,
      selected,
    );
    const byId = new Map(stored.map((row) => [row.id, row]));
    return { shown: ids.flatMap((id) => byId.get(id) ?? []), stored };
  }, [store, selected, text, patientName, startDate, endDate, safetyOnly]);
}

/** Whether the device keeps the open conversation without the text of some of its messages (an admin's device keeps the text of the last ADMIN_MESSAGE_WINDOW_DAYS only). */
export const isHeldBack = (selection: Selection) => selection.stored.some((m) => m.held_back === true);

/** The prompt the open conversation ran with, if a message names one. */
export const promptOf = (selection: Selection) => selection.stored.find((m) => Boolean(m.prompt_id))?.prompt_id ?? null;
