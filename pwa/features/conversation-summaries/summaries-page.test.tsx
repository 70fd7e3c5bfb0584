import { messages } from "@schema/messages.ts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { formatDateTime } from "@/lib/dates.ts";
import { syncTexts } from "@/shared/sync/sync-texts.ts";
import { openTestDevice, renderSignedIn } from "@/test/render.tsx";
import { summaryRow, userOf } from "@/test/rows.ts";
import ConversationSummariesPage from "./page.tsx";

afterEach(cleanup);
const long = `${"A".repeat(50)}B and the rest of a long summary`;

async function showPage(role: "admin" | "clinician", rows = [summaryRow({ id: "conv-1", summary: long })]) {
  const user = userOf(role);
  const device = openTestDevice(user);
  await device.store.conversation_summaries.bulkPut(rows);
  const view = renderSignedIn(<ConversationSummariesPage />, { user, device });
  return { ...view, user: userEvent.setup() };
}

describe("Conversation Summaries", () => {
  it("shows a 50-character preview and the status of each summary", async () => {
    await showPage("clinician", [
      summaryRow({ id: "done", summary: long, is_completed: true }),
      summaryRow({ id: "open", summary: "Short", is_completed: false, ended_at: null }),
    ]);
    expect(await screen.findByText(`${"A".repeat(50)}...`)).toBeTruthy();
    expect(screen.getByText("Completed")).toBeTruthy();
    expect(screen.getByText("In Progress")).toBeTruthy();
    expect(screen.getAllByText("N/A").length).toBeGreaterThan(0);
  });

  it("Safety risk only keeps the flagged summaries", async () => {
    const { user } = await showPage("clinician", [
      summaryRow({ id: "risky", summary: "Risky one", is_safetychecker: true }),
      summaryRow({ id: "calm", summary: "Calm one" }),
    ]);
    await screen.findByText("Calm one");
    expect(screen.getByText("Safety Risk")).toBeTruthy();
    await user.click(screen.getByLabelText("Safety risk only"));
    await waitFor(() => expect(screen.queryByText("Calm one")).toBeNull());
    expect(screen.getByText("Risky one")).toBeTruthy();
  });

  it("a clinician has no delete button", async () => {
    await showPage("clinician");
    await screen.findByRole("button", { name: "View summary conv-1" });
    expect(screen.queryByRole("button", { name: "Delete summary conv-1" })).toBeNull();
  });

  it("an admin deletes a summary after confirming", async () => {
    const { user, store } = await showPage("admin");
    await user.click(await screen.findByRole("button", { name: "Delete summary conv-1" }));
    const confirm = await screen.findByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    // Offline test device: deleted here, sent later.
    expect(await screen.findByText(syncTexts.savedOnDevice)).toBeTruthy();
    await waitFor(async () => expect(await store.conversation_summaries.get("conv-1")).toBeUndefined());
    expect((await store.outbox.toArray())[0]).toMatchObject({
      method: "DELETE",
      path: "/api/conversation-summaries/conv-1",
    });
  });

  it("Add New Summary only says it is coming soon", async () => {
    const { user, store } = await showPage("clinician");
    await user.click(await screen.findByRole("button", { name: "Add New Summary" }));
    expect(await screen.findByText(messages.summaries.comingSoon)).toBeTruthy();
    expect(await store.outbox.count()).toBe(0);
  });

  it("View opens the summary dialog", async () => {
    const { user } = await showPage("clinician");
    await user.click(await screen.findByRole("button", { name: "View summary conv-1" }));
    expect(await screen.findByRole("dialog", { name: "Conversation Summary" })).toBeTruthy();
  });

  it("the detail dialog shows every field, also when the session started and ended", async () => {
    const { user } = await showPage("clinician", [summaryRow({ id: "conv-1", ended_at: null })]);
    await user.click(await screen.findByRole("button", { name: "View summary conv-1" }));
    const dialog = await screen.findByRole("dialog", { name: "Conversation Summary" });
    // The summary is read from the device once the dialog is open.
    expect((await within(dialog).findByText("Started")).nextSibling?.textContent).toBe(
      formatDateTime("2025-01-05T13:04:05.000Z"),
    );
    expect(within(dialog).getByText("Ended").nextSibling?.textContent).toBe("N/A");
    expect(within(dialog).getByText("Exposure Practice").nextSibling?.textContent).toBe("Order food at a counter");
  });

  it("shows an empty state", async () => {
    await showPage("clinician", []);
    expect(await screen.findByText("No conversation summaries yet.")).toBeTruthy();
  });

  it("shows 25 summaries a page, newest first over all of them, and Safety risk only starts on page 1", async () => {
    // 60 sessions, one a day from January 1 (conv-01, the oldest); every other one flags a safety risk.
    const rows = Array.from({ length: 60 }, (_, i) => {
      const day = new Date(Date.UTC(2025, 0, i + 1)).toISOString();
      return summaryRow({
        id: `conv-${String(i + 1).padStart(2, "0")}`,
        started_at: day,
        is_safetychecker: i % 2 === 0,
      });
    });
    const { user } = await showPage("clinician", rows);
    expect(await screen.findByRole("button", { name: "View summary conv-60" })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /^View summary / })).toHaveLength(25);
    const pages = screen.getByRole("navigation", { name: "Summary pages" });
    expect(pages.textContent).toContain("Showing 1–25 of 60");
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("button", { name: "View summary conv-01" })).toBeTruthy();
    expect(pages.textContent).toContain("Showing 51–60 of 60");
    await user.click(screen.getByLabelText("Safety risk only"));
    // 30 flagged: back on their first page, newest first, not on a third page that no longer exists.
    await waitFor(() => expect(pages.textContent).toContain("Showing 1–25 of 30"));
    expect(screen.getByRole("button", { name: "View summary conv-59" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "View summary conv-01" })).toBeNull();
  });
});
