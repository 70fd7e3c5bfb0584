import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDateTime } from "@/lib/dates.ts";
import { syncTexts } from "@/shared/sync/sync-texts.ts";
import { openTestDevice, renderSignedIn, unreadableTestDevice } from "@/test/render.tsx";
import { clinicianRow, summaryRow, userOf } from "@/test/rows.ts";
import { safetyReviewTexts } from "./safety-review.tsx";
import { SummaryDialog } from "./summary-dialog.tsx";

const user = userOf("clinician");

afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());

describe("Conversation Summary dialog", () => {
  it("shows the badges, the three sections and N/A for missing values", async () => {
    const device = openTestDevice(user);
    await device.store.conversation_summaries.put(
      summaryRow({
        id: "c-1",
        is_safetychecker: true,
        is_patient_override: true,
        is_completed: false,
        worst_case_outcome: null,
      }),
    );
    renderSignedIn(<SummaryDialog conversationId="c-1" open onOpenChange={() => {}} />, { user, device });

    expect(await screen.findByText("Safety Risk")).toBeTruthy();
    expect(screen.getByText("Patient Override")).toBeTruthy();
    expect(screen.getByText("In Progress")).toBeTruthy();
    expect(screen.queryByText("Adjusted in Middle")).toBeNull();
    expect(screen.getByText("Pre-Exposure (collected from the patient)")).toBeTruthy();
    expect(screen.getByText("Metrics")).toBeTruthy();
    expect(screen.getByText("Post-Exposure (evaluated by agent)")).toBeTruthy();
    expect(screen.getByText("Worst Case Outcome").nextSibling?.textContent).toBe("N/A");
    expect(screen.getByText("Expected SUDS").nextSibling?.textContent).toBe("70");
    expect(screen.getByText("Did the patient find this helpful (0-5)").nextSibling?.textContent).toBe("4");
    expect(screen.getByText("Willingness to Continue (0-5)")).toBeTruthy();
    expect(screen.getByText("Number of times that user initiated a check-in")).toBeTruthy();
  });

  it("each opening of a summary records one view of it on the device", async () => {
    const device = openTestDevice(user);
    await device.store.conversation_summaries.put(summaryRow({ id: "c-9", patient_name: "ada" }));
    renderSignedIn(<SummaryDialog conversationId="c-9" open onOpenChange={() => {}} />, { user, device });
    expect(await screen.findByText("Metrics")).toBeTruthy();
    await waitFor(async () => expect(await device.store.views.count()).toBe(1));
    expect(await device.store.views.toArray()).toEqual([
      expect.objectContaining({ patientName: "ada", what: "summary", targetId: "c-9" }),
    ]);
    cleanup();
    renderSignedIn(<SummaryDialog conversationId="c-9" open onOpenChange={() => {}} />, { user, device });
    expect(await screen.findByText("Metrics")).toBeTruthy();
    await waitFor(async () => expect(await device.store.views.count()).toBe(2));
  });

  it("a completed session is marked Completed", async () => {
    const device = openTestDevice(user);
    await device.store.conversation_summaries.put(summaryRow({ id: "c-2", is_completed: true }));
    renderSignedIn(<SummaryDialog conversationId="c-2" open onOpenChange={() => {}} />, { user, device });
    expect(await screen.findByText("Completed")).toBeTruthy();
  });

  it("says No summary found for this conversation when neither the device nor the server holds one", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: "Summary not found" }), { status: 404 }));
    vi.stubGlobal("fetch", fetch);
    renderSignedIn(<SummaryDialog conversationId="c-none" open onOpenChange={() => {}} />, { user });
    expect(await screen.findByText("No summary found for this conversation")).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith("/api/conversation-summaries/c-none", expect.anything());
  });

  it("the Summaries page's dialog says Summary not found instead", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ message: "Summary not found" }), { status: 404 }));
    renderSignedIn(<SummaryDialog conversationId="c-gone" open onOpenChange={() => {}} missing="Summary not found" />, {
      user,
    });
    expect(await screen.findByText("Summary not found")).toBeTruthy();
  });

  it("shows a summary the device has not pulled yet from the server", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify(summaryRow({ id: "c-new", is_completed: true }))));
    renderSignedIn(<SummaryDialog conversationId="c-new" open onOpenChange={() => {}} />, { user });
    expect(await screen.findByText("Completed")).toBeTruthy();
  });

  it("says Error loading summary details and Failed to fetch conversation summary when the server fails", async () => {
    vi.stubGlobal("fetch", async () => new Response("boom", { status: 503 }));
    renderSignedIn(<SummaryDialog conversationId="c-x" open onOpenChange={() => {}} />, { user });
    expect(await screen.findByText("Error loading summary details", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText("Failed to fetch conversation summary: 503: boom")).toBeTruthy();
  });
});

describe("Conversation Summary dialog, marking the safety flag reviewed", () => {
  it("a flagged summary has the button; pressed with the keyboard, it is marked reviewed by me at once and queued", async () => {
    const device = openTestDevice(user);
    await device.store.clinicians.put(clinicianRow(user));
    await device.store.conversation_summaries.put(summaryRow({ id: "c-flag", is_safetychecker: true }));
    renderSignedIn(<SummaryDialog conversationId="c-flag" open onOpenChange={() => {}} />, { user, device });
    const button = await screen.findByRole("button", { name: safetyReviewTexts.mark });

    const keyboard = userEvent.setup();
    button.focus();
    await keyboard.keyboard("{Enter}");

    // The test device has no connection: the mark waits on the device, and the toast says so.
    expect(await screen.findByText(syncTexts.savedOnDevice)).toBeTruthy();
    const line = await screen.findByText(/^Safety flag reviewed by Cleo Clinician on /);
    const row = await device.store.conversation_summaries.get("c-flag");
    expect(row).toMatchObject({
      safety_reviewed_by: user.id,
      safety_reviewed_by_name: "Cleo Clinician",
      _pending: true,
    });
    expect(line.textContent).toBe(
      safetyReviewTexts.reviewed("Cleo Clinician", formatDateTime(row?.safety_reviewed_at ?? "")),
    );
    expect(screen.queryByRole("button", { name: safetyReviewTexts.mark })).toBeNull();
    expect(screen.getByText("Waiting to sync")).toBeTruthy();
    expect(await device.store.outbox.toArray()).toEqual([
      expect.objectContaining({ method: "POST", path: "/api/conversation-summaries/c-flag/safety-review" }),
    ]);
  });

  it("a reviewed flag says who reviewed it and when, with no button", async () => {
    const device = openTestDevice(user);
    const at = "2026-11-20T09:15:00.000Z";
    await device.store.conversation_summaries.put(
      summaryRow({
        id: "c-seen",
        is_safetychecker: true,
        safety_reviewed_at: at,
        safety_reviewed_by: "someone",
        safety_reviewed_by_name: "Dana Chen",
      }),
    );
    renderSignedIn(<SummaryDialog conversationId="c-seen" open onOpenChange={() => {}} />, { user, device });
    expect(await screen.findByText(`Safety flag reviewed by Dana Chen on ${formatDateTime(at)}`)).toBeTruthy();
    expect(screen.queryByRole("button", { name: safetyReviewTexts.mark })).toBeNull();
    expect(screen.queryByText("Waiting to sync")).toBeNull();
  });

  it("a summary without the safety flag has neither", async () => {
    const device = openTestDevice(user);
    await device.store.conversation_summaries.put(summaryRow({ id: "c-calm", is_safetychecker: false }));
    renderSignedIn(<SummaryDialog conversationId="c-calm" open onOpenChange={() => {}} />, { user, device });
    expect(await screen.findByText("Metrics")).toBeTruthy();
    expect(screen.queryByRole("button", { name: safetyReviewTexts.mark })).toBeNull();
    expect(screen.queryByText(/Safety flag reviewed/)).toBeNull();
  });
});

describe("Conversation Summary dialog, device store unreadable", () => {
  it("says Error loading summary details with the reason", async () => {
    const device = await unreadableTestDevice(user);
    renderSignedIn(<SummaryDialog conversationId="c-1" open onOpenChange={() => {}} />, { user, device });
    expect(await screen.findByText("Error loading summary details")).toBeTruthy();
    expect(screen.getByText(/closed/i)).toBeTruthy();
  });
});
