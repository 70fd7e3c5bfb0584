import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { openTestDevice, renderSignedIn } from "@/test/render.tsx";
import { summaryRow, userOf } from "@/test/rows.ts";
import { SummaryDialog } from "./summary-dialog.tsx";

const user = userOf("clinician");

afterEach(cleanup);

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

  it("a completed session is marked Completed", async () => {
    const device = openTestDevice(user);
    await device.store.conversation_summaries.put(summaryRow({ id: "c-2", is_completed: true }));
    renderSignedIn(<SummaryDialog conversationId="c-2" open onOpenChange={() => {}} />, { user, device });
    expect(await screen.findByText("Completed")).toBeTruthy();
  });

  it("says No summary found for this conversation when the device holds none", async () => {
    renderSignedIn(<SummaryDialog conversationId="c-none" open onOpenChange={() => {}} />, { user });
    expect(await screen.findByText("No summary found for this conversation")).toBeTruthy();
  });
});
