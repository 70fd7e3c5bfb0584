import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { formatDateTime } from "@/lib/dates.ts";
import { discussedAt } from "@/local/discussed.ts";
import { openTestDevice, renderSignedIn } from "@/test/render.tsx";
import { homeworkRow, messageRow, patientRow, summaryRow, userOf } from "@/test/rows.ts";
import SessionPrepPage from "./page.tsx";

afterEach(cleanup);

const clinician = userOf("clinician");
const DAY = 24 * 60 * 60 * 1000;
/** `days` days ago at noon, local time (clear of the default start: seven days ago at midnight). */
const ago = (days: number) => {
  const d = new Date(Date.now() - days * DAY);
  d.setHours(12, 0, 0, 0);
  return d.toISOString();
};

/**
 * Sam's device: conversations 10 and 8 days ago (before the default start), 2 days ago (summarised,
 * safety-flagged, a practice of the bus homework) and 1 day ago (messages only, no summary yet);
 * Alex, another patient, talked yesterday too.
 */
async function samsDevice() {
  const device = openTestDevice(clinician);
  const { store } = device;
  await store.patients.bulkPut([
    patientRow({ id: "p-sam", username: "sam", first_name: "Sam", last_name: "Lee", clinician_id: clinician.id }),
    patientRow({ id: "p-alex", username: "alex", clinician_id: clinician.id }),
  ]);
  await store.conversation_messages.bulkPut([
    messageRow("c-10", "sam", ago(10)),
    messageRow("c-8", "sam", ago(8)),
    messageRow("c-2", "sam", ago(2)),
    messageRow("c-2", "sam", ago(2), { data_type: "agent", serial_num: 2 }),
    messageRow("c-1", "sam", ago(1)),
    messageRow("c-alex", "alex", ago(1)),
  ]);
  const practice = (id: string, days: number, actual: number, extra = {}) =>
    summaryRow({
      id,
      patient_name: "sam",
      exposure_practice: "Ride the bus",
      summary: `Summary of ${id}`,
      started_at: ago(days),
      created_at: ago(days),
      expected_peak_suds: 70,
      actual_peak_suds: actual,
      ...extra,
    });
  await store.conversation_summaries.bulkPut([
    practice("c-10", 10, 60, { is_safetychecker: true }),
    practice("c-8", 8, 55),
    practice("c-2", 2, 45, {
      is_safetychecker: true,
      summary: "Sam rode two stops and felt unsafe afterwards.",
      safety_reviewed_at: ago(1),
      safety_reviewed_by: clinician.id,
      safety_reviewed_by_name: "Cleo Clinician",
    }),
    summaryRow({ id: "c-alex", patient_name: "alex", started_at: ago(1), summary: "Alex's summary" }),
  ]);
  await store.homework.bulkPut([
    homeworkRow({ id: "h-bus", patientName: "sam", exposurePractice: "ride the bus", created_at: ago(30) }),
    homeworkRow({
      id: "h-call",
      patientName: "sam",
      exposurePractice: "Call a friend",
      created_at: ago(3),
      updated_at: ago(3),
    }),
    homeworkRow({
      id: "h-shop",
      patientName: "sam",
      exposurePractice: "Ask in a shop",
      created_at: ago(40),
      version: 3,
      updated_at: ago(1),
    }),
  ]);
  return device;
}

function showDigest(device: ReturnType<typeof openTestDevice>) {
  return renderSignedIn(
    <Routes>
      <Route path="/patients/:patientName/session-prep" element={<SessionPrepPage />} />
    </Routes>,
    { user: clinician, device, path: "/patients/sam/session-prep" },
  );
}

const conversations = async () =>
  within(await screen.findByRole("list", { name: "Conversations since this date" }))
    .getAllByRole("listitem")
    .map((li) => li.getAttribute("aria-label"));

const region = (name: string) => screen.getByRole("region", { name });

describe("Session prep digest", () => {
  it("shows exactly the patient's conversations of the last seven days, and more from an earlier Since date", async () => {
    showDigest(await samsDevice());
    expect(await screen.findByRole("heading", { name: "Session prep: Sam Lee", level: 1 })).toBeTruthy();
    expect(await conversations()).toEqual([
      `Conversation of ${formatDateTime(ago(2))}`,
      `Conversation of ${formatDateTime(ago(1))}`,
    ]);
    const list = screen.getByRole("list", { name: "Conversations since this date" });
    expect(within(list).getByText("Sam rode two stops and felt unsafe afterwards.")).toBeTruthy();
    expect(within(list).getByText("expected 70 → actual 45")).toBeTruthy();
    expect(within(list).getByText("No summary yet.")).toBeTruthy();
    expect(within(list).queryByText("Summary of c-8")).toBeNull();
    expect(screen.queryByText("Alex's summary")).toBeNull();

    // From nine days ago: the conversation of eight days ago joins, the one of ten days ago does not.
    const nineDaysAgo = new Date(Date.now() - 9 * DAY);
    const pad = (n: number) => String(n).padStart(2, "0");
    fireEvent.change(screen.getByLabelText("Since"), {
      target: {
        value: `${nineDaysAgo.getFullYear()}-${pad(nineDaysAgo.getMonth() + 1)}-${pad(nineDaysAgo.getDate())}`,
      },
    });
    await waitFor(async () =>
      expect(await conversations()).toEqual([
        `Conversation of ${formatDateTime(ago(8))}`,
        `Conversation of ${formatDateTime(ago(2))}`,
        `Conversation of ${formatDateTime(ago(1))}`,
      ]),
    );
  });

  it("shows safety flags, practices against homework with their SUDS change, and homework changes", async () => {
    showDigest(await samsDevice());
    await conversations();
    const flags = region("Safety flags");
    const recent = within(flags).getByRole("list", { name: "Safety flags since this date" });
    expect(within(recent).getAllByRole("listitem")).toHaveLength(1);
    expect(within(recent).getByText("Exposure practice: Ride the bus")).toBeTruthy();
    expect(
      within(recent).getByText(`Safety flag reviewed by Cleo Clinician on ${formatDateTime(ago(1))}`),
    ).toBeTruthy();
    expect(within(recent).queryByText("Not reviewed")).toBeNull();
    // The flag of ten days ago is before the date but still waits for a review: it is listed, with the button.
    const earlier = within(flags).getByRole("list", { name: "Earlier safety flags not yet reviewed" });
    expect(within(earlier).getAllByRole("listitem")).toHaveLength(1);
    expect(within(earlier).getByText(formatDateTime(ago(10)))).toBeTruthy();
    expect(within(earlier).getByText("Not reviewed")).toBeTruthy();
    expect(within(earlier).getByRole("button", { name: "Mark safety flag reviewed" })).toBeTruthy();

    const practices = region("Practices done versus assigned");
    const bus = within(practices).getByRole("list", {
      name: "Practices of ride the bus since this date, oldest first",
    });
    // The change counts from the practice before the date (55), which is not listed itself.
    expect(
      within(bus)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      `${new Date(ago(2)).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" })}Peak SUDS expected 70 → actual 45−10 from the previous practice`,
    ]);
    expect(within(practices).getByText(/Done since this date: 1 practice\./)).toBeTruthy();
    expect(within(practices).getAllByText("No practice of this assignment since this date.")).toHaveLength(2);

    const changes = within(region("Homework changes"))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(changes).toEqual([
      expect.stringMatching(/^Changed .*: Ask in a shop/),
      expect.stringMatching(/^Assigned .*: Call a friend/),
    ]);
  });

  it("Mark as discussed keeps the digest on screen and the next one starts from then, on this device", async () => {
    const device = await samsDevice();
    showDigest(device);
    await conversations();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Mark as discussed" }));
    await waitFor(async () => expect(await discussedAt(device.store, "sam")).toBeTruthy());
    expect(await screen.findByText(/Last marked discussed on this device/)).toBeTruthy();
    expect(await conversations()).toHaveLength(2);

    cleanup();
    showDigest(device);
    expect(await screen.findByText("No conversations since this date.")).toBeTruthy();
    expect(screen.getByText(/when this digest was last marked discussed/)).toBeTruthy();
  });

  it("Print opens the browser's print dialog", async () => {
    showDigest(await samsDevice());
    await conversations();
    let printed = 0;
    const print = window.print;
    window.print = () => {
      printed += 1;
    };
    try {
      await userEvent.setup().click(screen.getByRole("button", { name: "Print" }));
    } finally {
      window.print = print;
    }
    expect(printed).toBe(1);
  });
});
