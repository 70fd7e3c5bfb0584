import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ConversationGroup } from "@/worker/search-logic.ts";
import { GroupedView } from "./grouped-view.tsx";

const group = (conversation_id: string): ConversationGroup => ({
  conversation_id,
  patient_name: "ada",
  created_at: "2026-11-20T10:00:00.000Z",
  message_count: 4,
  prompt_id: null,
  safety_risk: false,
});

const noop = () => {};
const view = (resultKey: number, fetchGroups: (key: number) => Promise<ConversationGroup[]>) => (
  <GroupedView
    resultKey={resultKey}
    count={2}
    fetchGroups={fetchGroups}
    onViewPrompt={noop}
    onViewDetails={noop}
    onViewSummary={noop}
  />
);

afterEach(cleanup);

describe("Chat History's grouped view", () => {
  it("keeps the conversations on screen while a new result's first page loads, then shows the new one", async () => {
    let answer!: (groups: ConversationGroup[]) => void;
    const second = new Promise<ConversationGroup[]>((resolve) => {
      answer = resolve;
    });
    const fetchGroups = (key: number) => (key === 1 ? Promise.resolve([group("conv-a"), group("conv-b")]) : second);
    const { rerender } = render(view(1, fetchGroups));
    await screen.findByRole("heading", { name: "conv-a" });

    // A first sync stored more messages: the worker's new result is searched, its page not yet fetched.
    rerender(view(2, fetchGroups));
    expect(screen.getAllByRole("article")).toHaveLength(2);
    expect(screen.getByRole("heading", { name: "conv-b" })).toBeTruthy();

    answer([group("conv-new"), group("conv-a")]);
    await screen.findByRole("heading", { name: "conv-new" });
    expect(screen.queryByRole("heading", { name: "conv-b" })).toBeNull();
  });
});
