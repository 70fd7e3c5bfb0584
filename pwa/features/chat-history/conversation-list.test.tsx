import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ConversationGroup } from "@/worker/search-logic.ts";
import { ConversationList } from "./conversation-list.tsx";

const conversation = (index: number): ConversationGroup => ({
  conversation_id: `conversation-${index}`,
  patient_name: "ada",
  created_at: "2026-11-20T10:00:00.000Z",
  message_count: 4,
  prompt_id: null,
  safety_risk: false,
});

afterEach(cleanup);

describe("Chat History's Conversations list", () => {
  it("draws the rows that fit its 28rem scroller, and three more, before it is measured", async () => {
    const fetch = async (_key: number, from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => conversation(from + i));
    render(
      <ConversationList
        conversations={{ resultKey: 1, count: 200, fetch }}
        hasDateRange={false}
        selected={null}
        onSelect={() => {}}
      />,
    );
    await screen.findByRole("button", { name: /conversation-0/ });
    const scroller = screen.getByRole("list").parentElement as HTMLElement;
    expect(scroller.style.maxHeight).toBe("28rem");
    // 448 px of 76 px rows: 6 in view, 3 drawn past its edge. The window's height (768 px here) drew 14.
    expect(within(screen.getByRole("list")).getAllByRole("listitem")).toHaveLength(9);
  });
});
