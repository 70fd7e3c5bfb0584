import type { Message, Summary } from "@schema/rows.ts";

/**
 * Chat History's search, filter, grouping and sorting as pure functions: the web worker runs them
 * on its snapshot of the device store, the tests and the benchmark's main-thread baseline call them directly.
 */
export interface ChatFilters {
  /** Free text, matched case-insensitively anywhere in a message's text. */
  text: string;
  /** The conversation-id box: conversations whose id contains it. */
  conversationIdText: string;
  /** The conversation chosen in the list (exact id). */
  selectedConversationId: string | null;
  /** A patient's username. */
  patientName: string | null;
  /** ISO instants: the start day from 00:00:00.000, the end day to 23:59:59.999 (local). */
  startDate: string | null;
  endDate: string | null;
  /** Beyond the spec: only conversations whose summary flags a safety risk. */
  safetyOnly: boolean;
}

export const NO_FILTERS: ChatFilters = {
  text: "",
  conversationIdText: "",
  selectedConversationId: null,
  patientName: null,
  startDate: null,
  endDate: null,
  safetyOnly: false,
};

/** A message as the search keeps it: the fields it filters on, the text lowercased once. */
export interface IndexedMessage {
  id: string;
  conversationId: string;
  patientName: string;
  time: number;
  serial: number;
  promptId: string | null;
  text: string;
}

/** Conversation list item (spec: derived on the client) plus what the grouped view shows. */
export interface ConversationGroup {
  conversation_id: string;
  patient_name: string;
  /** The earliest timestamp in the conversation (ISO). */
  created_at: string;
  message_count: number;
  /** A prompt id carried by one of its messages, or null when none carries one. */
  prompt_id: string | null;
  safety_risk: boolean;
}

export interface SearchResult {
  /** Messages (right column) or conversation groups (right column, nothing filtered). */
  mode: "groups" | "messages";
  /** The left column's list: conversations of the patient, date range or safety filter, newest first; empty without one. */
  conversations: ConversationGroup[];
  /** Newest first; filled in "groups" mode. */
  groups: ConversationGroup[];
  /** Matching message ids in display order; filled in "messages" mode. */
  messageIds: string[];
  /** The conversation the id box picked (no conversation was selected, the box has text). */
  autoSelected: string | null;
}

export function indexMessage(
  m: Pick<Message, "id" | "conversation_id" | "patient_name" | "timestamp" | "serial_num" | "prompt_id" | "data">,
): IndexedMessage {
  return {
    id: m.id,
    conversationId: m.conversation_id,
    patientName: m.patient_name,
    time: Date.parse(m.timestamp),
    serial: m.serial_num,
    promptId: m.prompt_id,
    text: (m.data ?? "").toLowerCase(),
  };
}

/** Conversation ids whose summary flags a safety risk. */
export function safetyRiskIds(summaries: Pick<Summary, "id" | "is_safetychecker">[]): Set<string> {
  return new Set(summaries.filter((s) => s.is_safetychecker).map((s) => s.id));
}

/** Any filter a person set (the selection is not a filter: "Clear filters" keeps nothing else to clear). */
export function hasActiveFilter(f: ChatFilters): boolean {
  return Boolean(
    f.text.trim() || f.conversationIdText.trim() || f.patientName || f.startDate || f.endDate || f.safetyOnly,
  );
}

/** The spec's right column: grouped conversations only with no filter and no selection. */
export function showsMessages(f: ChatFilters): boolean {
  return hasActiveFilter(f) || f.selectedConversationId !== null;
}

/** Groups messages by conversation, newest conversation first. */
export function groupConversations(messages: Iterable<IndexedMessage>, risky: Set<string>): ConversationGroup[] {
  const groups = new Map<string, { first: IndexedMessage; count: number; prompt: string | null }>();
  for (const m of messages) {
    const g = groups.get(m.conversationId);
    if (!g) groups.set(m.conversationId, { first: m, count: 1, prompt: m.promptId });
    else {
      g.count += 1;
      if (m.time < g.first.time) g.first = m;
      g.prompt ??= m.promptId;
    }
  }
  return [...groups.entries()]
    .map(([id, g]) => ({
      conversation_id: id,
      patient_name: g.first.patientName,
      created_at: new Date(g.first.time).toISOString(),
      message_count: g.count,
      prompt_id: g.prompt,
      safety_risk: risky.has(id),
      time: g.first.time,
    }))
    .sort((a, b) => b.time - a.time || a.conversation_id.localeCompare(b.conversation_id))
    .map(({ time: _, ...group }) => group);
}

/** Patient, date range and safety risk: what narrows both the left list and the right column. */
export function inScope(f: ChatFilters, risky: Set<string>) {
  const from = f.startDate ? Date.parse(f.startDate) : Number.NEGATIVE_INFINITY;
  const to = f.endDate ? Date.parse(f.endDate) : Number.POSITIVE_INFINITY;
  return (m: IndexedMessage) =>
    (!f.patientName || m.patientName === f.patientName) &&
    m.time >= from &&
    m.time <= to &&
    (!f.safetyOnly || risky.has(m.conversationId));
}

/** The reference scan: reads every message (the worker answers from search-index.ts; the tests hold both equal). */
export function search(messages: readonly IndexedMessage[], risky: Set<string>, f: ChatFilters): SearchResult {
  const scoped = messages.filter(inScope(f, risky));
  const listed = Boolean(f.patientName || f.startDate || f.endDate || f.safetyOnly);
  const conversations = listed ? groupConversations(scoped, risky) : [];
  if (!showsMessages(f)) {
    return {
      mode: "groups",
      conversations,
      groups: groupConversations(scoped, risky),
      messageIds: [],
      autoSelected: null,
    };
  }

  const text = f.text.trim().toLowerCase();
  const idText = f.conversationIdText.trim();
  const withId = (m: IndexedMessage) => m.conversationId.includes(idText);
  // Spec: the id box selects the first of the patient's conversations whose id contains the text.
  const autoSelected =
    idText && !f.selectedConversationId
      ? firstConversationMatching(listed ? conversations : groupConversations(scoped.filter(withId), risky), idText)
      : null;
  const selected = f.selectedConversationId ?? autoSelected;
  if (selected) {
    const messageIds = selectedMessageIds(messages, risky, f, selected);
    return { mode: "messages", conversations, groups: [], messageIds, autoSelected };
  }
  const matches = scoped.filter((m) => (!idText || withId(m)) && (!text || m.text.includes(text)));
  // A search across conversations shows the newest first.
  matches.sort((a, b) => b.time - a.time || a.conversationId.localeCompare(b.conversationId) || b.serial - a.serial);
  return { mode: "messages", conversations, groups: [], messageIds: matches.map((m) => m.id), autoSelected };
}

/**
 * The messages a selected conversation shows, in reading order (oldest first, then by serial):
 * those of the filters' patient, dates and safety flag that hold the search text. `messages` may be
 * the conversation's alone, as Chat History reads them from the device store.
 */
export function selectedMessageIds(
  messages: readonly IndexedMessage[],
  risky: Set<string>,
  f: ChatFilters,
  selected: string,
): string[] {
  const scoped = inScope(f, risky);
  const text = f.text.trim().toLowerCase();
  return messages
    .filter((m) => m.conversationId === selected && scoped(m) && (!text || m.text.includes(text)))
    .sort((a, b) => a.time - b.time || a.serial - b.serial)
    .map((m) => m.id);
}

/** Spec: typing in the conversation-id box selects the first of the patient's conversations whose id contains the text. */
export function firstConversationMatching(conversations: ConversationGroup[], text: string): string | null {
  const needle = text.trim();
  if (!needle) return null;
  return conversations.find((c) => c.conversation_id.includes(needle))?.conversation_id ?? null;
}
