import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { openTestDevice, renderSignedIn } from "@/test/render.tsx";
import { homeworkRow, patientRow, summaryRow, userOf } from "@/test/rows.ts";
import CaseloadPage from "./page.tsx";

afterEach(() => {
  cleanup();
  localStorage.clear();
});
const clinician = userOf("clinician");
const ago = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();

/** 120 patients who practised yesterday; "zoe" (last by name) has a safety-flagged summary and two assignments. */
async function showCaseload() {
  const device = openTestDevice(clinician);
  const names = Array.from({ length: 119 }, (_, i) => `p${String(i).padStart(3, "0")}`);
  await device.store.patients.bulkPut(
    [...names, "zoe"].map((u) =>
      patientRow({ id: u, username: u, first_name: u, last_name: "Test", created_at: ago(90) }),
    ),
  );
  await device.store.conversation_summaries.bulkPut([
    ...names.map((u) => summaryRow({ id: `s-${u}`, patient_name: u, started_at: ago(1), actual_peak_suds: 40 })),
    summaryRow({ id: "s-zoe", patient_name: "zoe", started_at: ago(2), is_safetychecker: true, actual_peak_suds: 90 }),
  ]);
  await device.store.homework.bulkPut([
    homeworkRow({ id: "h1", patientName: "zoe" }),
    homeworkRow({ id: "h2", patientName: "zoe" }),
  ]);
  renderSignedIn(<CaseloadPage />, { user: clinician, device });
  return userEvent.setup();
}

const bodyRows = () => screen.getAllByRole("row").filter((r) => within(r).queryAllByRole("link").length > 0);

describe("Caseload page", () => {
  it("puts the safety-flagged patient first, links it to Chat History and draws one page of 50", async () => {
    const user = await showCaseload();
    const first = (await screen.findByRole("link", { name: "zoe Test" })).closest("tr") as HTMLElement;
    expect(bodyRows()[0]).toBe(first);
    expect(within(first).getByText("Safety risk")).toBeTruthy();
    expect(within(first).getAllByRole("cell")[3].textContent).toBe("2");
    expect(within(first).getByRole("img", { name: "Actual peak SUDS, oldest first: 90" })).toBeTruthy();
    expect(within(first).getByRole("link", { name: "zoe Test" }).getAttribute("href")).toBe(
      "/chat-history?patientName=zoe",
    );
    expect(within(first).getByRole("link", { name: "Session prep for zoe Test" }).getAttribute("href")).toBe(
      "/patients/zoe/session-prep",
    );
    expect(bodyRows()).toHaveLength(50);
    expect(screen.getByText("Showing 1–50 of 120")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 51–100 of 120")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "zoe Test" })).toBeNull();
  });

  it("the quiet setting flags patients without practice for that many days, and is kept on the device", async () => {
    const user = await showCaseload();
    await screen.findByRole("link", { name: "zoe Test" });
    expect(screen.queryAllByText(/^Quiet:/)).toHaveLength(0);
    const input = screen.getByLabelText("Quiet after (days)");
    await user.clear(input);
    await user.type(input, "1");
    // Every patient on the page practised a day or more ago: the safety-flagged one two days ago, still first.
    expect((await screen.findAllByText("Quiet: 1 day")).length).toBe(49);
    expect(within(bodyRows()[0]).getByText("Quiet: 2 days")).toBeTruthy();
    expect(localStorage.getItem("stepwise.caseload.quietDays")).toBe("1");
  });

  it("says when there are no patients", async () => {
    renderSignedIn(<CaseloadPage />, { user: clinician });
    expect(await screen.findByText(/No patients yet/)).toBeTruthy();
  });
});
