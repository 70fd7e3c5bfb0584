import { act, cleanup, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { useStore } from "@/shared/sync/sync-context.ts";
import { openTestDevice, renderSignedIn } from "@/test/render.tsx";
import { messageRow, patientRow, userOf } from "@/test/rows.ts";
import type { ChatFilters } from "@/worker/search-logic.ts";
import { useChatSearch } from "./use-chat-search.ts";

const clinician = userOf("clinician");
const ada: ChatFilters = {
  text: "",
  conversationIdText: "",
  selectedConversationId: null,
  patientName: "ada",
  startDate: null,
  endDate: null,
  safetyOnly: false,
};

afterEach(cleanup);

/** How often the page's search below rendered, and the conversations it last counted. */
const seen = { renders: 0, count: undefined as number | undefined };

/** The page's search on its own. */
function Probe() {
  seen.renders += 1;
  seen.count = useChatSearch(useStore(), ada).result?.conversationCount;
  return null;
}

/** The page's search, held until the test releases it (answer.hold). */
const answer = { count: undefined as number | undefined, hold: (_held: boolean) => {} };
function Held() {
  const [held, hold] = useState(true);
  answer.hold = hold;
  answer.count = useChatSearch(useStore(), ada, held).result?.conversationCount;
  return null;
}

describe("Chat History's search", () => {
  it("hears a sync start and end without rendering the page again, and takes in a write soon after the sync ended", async () => {
    let endSync = () => {};
    const device = openTestDevice(clinician, {
      fetch: () =>
        new Promise<Response>((_, reject) => {
          endSync = () => reject(new TypeError("Failed to fetch"));
        }),
    });
    await device.store.patients.put(patientRow({ id: "p1", username: "ada" }));
    await device.store.conversation_messages.put(messageRow("conv-1", "ada", "2025-03-01T10:00:00.000Z"));
    renderSignedIn(<Probe />, { user: clinician, device });
    await waitFor(() => expect(seen.count).toBe(1));
    const renders = seen.renders;

    // While syncing, versions come at least 3 s apart; a sync that ends shows the last one soon.
    void device.engine.sync();
    await waitFor(() => expect(device.engine.getState().syncing).toBe(true));
    await device.store.conversation_messages.put(messageRow("conv-2", "ada", "2025-03-02T10:00:00.000Z"));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.renders).toBe(renders);
    const ended = Date.now();
    endSync();
    await waitFor(() => expect(device.engine.getState().syncing).toBe(false));
    await waitFor(() => expect(seen.count).toBe(2), { timeout: 2_000 });
    expect(Date.now() - ended).toBeLessThan(2_000);
  });

  it("held, searches nothing until released, and keeps searching when held again", async () => {
    const device = openTestDevice(clinician, { fetch: () => new Promise<Response>(() => {}) });
    await device.store.patients.put(patientRow({ id: "p1", username: "ada" }));
    await device.store.conversation_messages.put(messageRow("conv-1", "ada", "2025-03-01T10:00:00.000Z"));
    renderSignedIn(<Held />, { user: clinician, device });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answer.count).toBeUndefined();

    act(() => answer.hold(false));
    await waitFor(() => expect(answer.count).toBe(1));
    act(() => answer.hold(true));
    await device.store.conversation_messages.put(messageRow("conv-2", "ada", "2025-03-02T10:00:00.000Z"));
    await waitFor(() => expect(answer.count).toBe(2), { timeout: 2_000 });
  });
});
