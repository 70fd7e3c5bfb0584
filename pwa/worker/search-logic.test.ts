import type { Message } from "@schema/rows.ts";
import { describe, expect, it } from "vitest";
import { endOfDayIso, startOfDayIso } from "@/lib/dates.ts";
import {
  type ChatFilters,
  firstConversationMatching,
  indexMessage,
  NO_FILTERS,
  search,
  showsMessages,
} from "./search-logic.ts";

let n = 0;
const message = (conversation_id: string, timestamp: string, overrides: Partial<Message> = {}): Message => ({
  id: `m${++n}`,
  version: 1,
  updated_at: timestamp,
  conversation_id,
  patient_name: "ada",
  prompt_id: null,
  data_type: "user",
  serial_num: n,
  data: "hello",
  timestamp,
  ...overrides,
});

const rows = [
  message("c-old", "2025-01-02T10:00:00.000Z", { data: "I felt Nervous at the counter", prompt_id: "prompt-1" }),
  message("c-old", "2025-01-02T10:01:00.000Z", { data_type: "agent", data: "Well done" }),
  message("c-new", "2025-01-05T09:00:00.000Z", { patient_name: "ben", data: "nothing much" }),
  message("c-new", "2025-01-05T09:02:00.000Z", { patient_name: "ben", data_type: "agent", data: "Tell me more" }),
  message("c-new", "2025-01-05T09:01:00.000Z", { patient_name: "ben", data: "ok" }),
];
const indexed = rows.map(indexMessage);
const run = (f: Partial<ChatFilters>, risky = new Set<string>()) => search(indexed, risky, { ...NO_FILTERS, ...f });
const textOf = (ids: string[]) => ids.map((id) => rows.find((r) => r.id === id)?.data);

describe("Chat History search", () => {
  it("with no filter and no selection groups conversations newest first with counts, patient and creation time", () => {
    const result = run({}, new Set(["c-old"]));
    expect(result.mode).toBe("groups");
    expect(result.groups).toEqual([
      {
        conversation_id: "c-new",
        patient_name: "ben",
        created_at: "2025-01-05T09:00:00.000Z",
        message_count: 3,
        prompt_id: null,
        safety_risk: false,
      },
      {
        conversation_id: "c-old",
        patient_name: "ada",
        created_at: "2025-01-02T10:00:00.000Z",
        message_count: 2,
        prompt_id: "prompt-1",
        safety_risk: true,
      },
    ]);
  });

  it("free text matches message text case-insensitively, newest first", () => {
    const result = run({ text: "nervous" });
    expect(result.mode).toBe("messages");
    expect(textOf(result.messageIds)).toEqual(["I felt Nervous at the counter"]);
    expect(textOf(run({ text: "E" }).messageIds)).toEqual([
      "Tell me more",
      "Well done",
      "I felt Nervous at the counter",
    ]);
  });

  it("a selected conversation shows its messages in order", () => {
    const result = run({ selectedConversationId: "c-new" });
    expect(textOf(result.messageIds)).toEqual(["nothing much", "ok", "Tell me more"]);
  });

  it("the patient filter narrows messages and the conversation list", () => {
    const result = run({ patientName: "ada" });
    expect(result.conversations.map((c) => c.conversation_id)).toEqual(["c-old"]);
    expect(result.messageIds).toHaveLength(2);
  });

  it("a date range runs from the start day's 00:00:00.000 to the end day's 23:59:59.999", () => {
    const day = new Date("2025-01-05T09:00:00.000Z");
    const result = run({ startDate: startOfDayIso(day), endDate: endOfDayIso(day) });
    expect(result.conversations.map((c) => c.conversation_id)).toEqual(["c-new"]);
    const later = new Date(day.getTime() + 3 * 86_400_000);
    expect(run({ startDate: startOfDayIso(later) }).conversations).toEqual([]);
  });

  it("safety risk only keeps the conversations whose summary flags a risk", () => {
    const result = run({ safetyOnly: true }, new Set(["c-new"]));
    expect(result.conversations.map((c) => c.conversation_id)).toEqual(["c-new"]);
    expect(result.messageIds).toHaveLength(3);
  });

  it("the conversation-id box selects the newest conversation whose id contains the text, or shows nothing", () => {
    const typed = run({ conversationIdText: "c-" });
    expect(typed.autoSelected).toBe("c-new");
    expect(textOf(typed.messageIds)).toEqual(["nothing much", "ok", "Tell me more"]);
    expect(run({ conversationIdText: "old", patientName: "ada" }).autoSelected).toBe("c-old");
    expect(run({ conversationIdText: "old", patientName: "ben" }).autoSelected).toBeNull();
    const miss = run({ conversationIdText: "nope" });
    expect(miss.autoSelected).toBeNull();
    expect(miss.messageIds).toEqual([]);
  });

  it("the first conversation whose id contains the text is the newest", () => {
    const { groups: conversations } = run({});
    expect(firstConversationMatching(conversations, "c-")).toBe("c-new");
    expect(firstConversationMatching(conversations, "old")).toBe("c-old");
    expect(firstConversationMatching(conversations, "zzz")).toBeNull();
    expect(firstConversationMatching(conversations, "  ")).toBeNull();
  });

  it("a selection alone shows messages; nothing set shows groups", () => {
    expect(showsMessages(NO_FILTERS)).toBe(false);
    expect(showsMessages({ ...NO_FILTERS, selectedConversationId: "c-old" })).toBe(true);
    expect(showsMessages({ ...NO_FILTERS, safetyOnly: true })).toBe(true);
  });
});
