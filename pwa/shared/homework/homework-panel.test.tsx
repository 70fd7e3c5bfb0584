import { messages } from "@schema/messages.ts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { syncTexts } from "@/shared/sync/sync-texts.ts";
import { clearToasts, openTestDevice, renderSignedIn, unreadableTestDevice } from "@/test/render.tsx";
import { homeworkRow, patientRow, summaryRow, userOf } from "@/test/rows.ts";
import { HomeworkPanel } from "./homework-panel.tsx";
import { NO_PRACTICES_LINKED } from "./progress-list.tsx";

const m = messages.homework;
const clinician = userOf("clinician");
const other = "00000000-0000-4000-8000-0000000000ff";

afterEach(cleanup);

/** Sam is the clinician's patient unless `samsClinician` says otherwise. */
async function withHomework(
  user = clinician,
  rows = [homeworkRow({ id: "h1", patientName: "sam", clinitianId: user.id })],
  samsClinician: string = clinician.id,
) {
  const device = openTestDevice(user);
  await device.store.patients.put(patientRow({ id: "p-sam", username: "sam", clinician_id: samsClinician }));
  await device.store.homework.bulkPut(rows);
  return renderSignedIn(<HomeworkPanel patientName="sam" />, { user, device });
}

describe("Homework Assignments panel", () => {
  it("shows the loading text with five skeleton cards, then the empty text", async () => {
    renderSignedIn(<HomeworkPanel patientName="nobody" />, { user: clinician });
    expect(await screen.findByText(m.loading)).toBeTruthy();
    expect(screen.getAllByTestId("homework-skeleton")).toHaveLength(5);
    expect(await screen.findByText(m.empty)).toBeTruthy();
  });

  it("shows the error text when the device store cannot be read", async () => {
    const device = await unreadableTestDevice(clinician);
    renderSignedIn(<HomeworkPanel patientName="sam" />, { user: clinician, device });
    expect(await screen.findByText(m.loadError)).toBeTruthy();
  });

  it("records a view of the patient's homework when the list is shown, not while it is folded", async () => {
    const device = openTestDevice(clinician);
    await device.store.patients.put(patientRow({ id: "p-sam", username: "sam", clinician_id: clinician.id }));
    renderSignedIn(<HomeworkPanel patientName="sam" rememberOpenAs="views-test.homework" />, {
      user: clinician,
      device,
    });
    const heading = await screen.findByRole("button", { name: /Homework Assignments/ });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await device.store.views.count()).toBe(0);
    await userEvent.click(heading);
    await waitFor(async () => expect(await device.store.views.count()).toBe(1));
    expect(await device.store.views.toArray()).toEqual([
      expect.objectContaining({ patientName: "sam", what: "homework", targetId: null }),
    ]);
    await userEvent.click(heading);
    await userEvent.click(heading);
    await waitFor(async () => expect(await device.store.views.count()).toBe(2));
  });

  it("draws a folded list's cards only once it is opened, and counts them in its heading meanwhile", async () => {
    const device = openTestDevice(clinician);
    await device.store.patients.put(patientRow({ id: "p-sam", username: "sam", clinician_id: clinician.id }));
    await device.store.homework.bulkPut([homeworkRow({ id: "h1", patientName: "sam", fear: "Crowded buses" })]);
    const { container } = renderSignedIn(<HomeworkPanel patientName="sam" rememberOpenAs="fold-test.homework" />, {
      user: clinician,
      device,
    });
    const heading = await screen.findByRole("button", { name: /Homework Assignments \(1\)/ });
    expect(container.textContent).not.toContain("Crowded buses");
    await userEvent.click(heading);
    const list = await screen.findByRole("region", { name: "Homework assignments list" });
    expect(await within(list).findByText("Crowded buses")).toBeTruthy();
  });

  it("lists only this patient's assignments, newest first, in a 250 px scrolling list", async () => {
    await withHomework(clinician, [
      homeworkRow({ id: "old", patientName: "sam", fear: "Old fear", created_at: "2025-01-01T00:00:00.000Z" }),
      homeworkRow({ id: "new", patientName: "sam", fear: "New fear", created_at: "2025-02-01T00:00:00.000Z" }),
      homeworkRow({ id: "x", patientName: "someone_else", fear: "Not shown" }),
    ]);
    const list = await screen.findByRole("region", { name: "Homework assignments list" });
    await within(list).findByText("New fear");
    const titles = within(list)
      .getAllByRole("heading")
      .map((h) => h.textContent);
    expect(titles).toEqual(["New fear", "Old fear"]);
    expect(list.style.height).toBe("250px");
  });

  it("the patient's clinician can edit and delete every assignment, also those a previous clinician made", async () => {
    await withHomework(clinician, [
      homeworkRow({ id: "mine", patientName: "sam", fear: "Mine", clinitianId: clinician.id }),
      homeworkRow({ id: "theirs", patientName: "sam", fear: "Theirs", clinitianId: other }),
    ]);
    for (const name of [/Mine/, /Theirs/]) {
      const card = await screen.findByRole("listitem", { name });
      expect(within(card).getByRole("button", { name: "Edit homework assignment" })).toBeTruthy();
      expect(within(card).getByRole("button", { name: "Delete homework assignment" })).toBeTruthy();
    }
  });

  it("a clinician cannot edit or delete the homework of a patient who is no longer theirs", async () => {
    await withHomework(
      clinician,
      [homeworkRow({ id: "mine", patientName: "sam", fear: "Mine", clinitianId: clinician.id })],
      other,
    );
    const card = await screen.findByRole("listitem", { name: /Mine/ });
    expect(within(card).queryByRole("button", { name: "Edit homework assignment" })).toBeNull();
    expect(within(card).queryByRole("button", { name: "Delete homework assignment" })).toBeNull();
  });

  it("an admin can edit and delete any clinician's homework", async () => {
    await withHomework(
      userOf("admin"),
      [homeworkRow({ id: "theirs", patientName: "sam", fear: "Theirs", clinitianId: other })],
      other,
    );
    const card = await screen.findByRole("listitem", { name: /Theirs/ });
    expect(within(card).getByRole("button", { name: "Edit homework assignment" })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Delete homework assignment" })).toBeTruthy();
  });

  it("Add opens prefilled from the latest assignment and refuses a blank exposure practice", async () => {
    const user = userEvent.setup();
    const { store } = await withHomework(clinician, [
      homeworkRow({ id: "a", patientName: "sam", fear: "Older", created_at: "2025-01-01T00:00:00.000Z" }),
      homeworkRow({
        id: "b",
        patientName: "sam",
        fear: "Crowds",
        exposurePractice: "Ride the bus",
        frequency: "twice a week",
        roundNumber: 3,
        roundDuration: "40 seconds",
        created_at: "2025-03-01T00:00:00.000Z",
      }),
    ]);
    // As a clinician does: once the assignments show, Add (disabled while they load) opens.
    await screen.findByRole("listitem", { name: /Crowds/ });
    await user.click(screen.getByRole("button", { name: "Add homework assignment" }));
    const dialog = await screen.findByRole("dialog");
    expect((within(dialog).getByLabelText("Fear") as HTMLInputElement).value).toBe("Crowds");
    expect((within(dialog).getByLabelText("Rounds") as HTMLInputElement).value).toBe("3");
    expect((within(dialog).getByLabelText("Duration") as HTMLInputElement).value).toBe("40");
    expect(within(dialog).getByLabelText("Unit").textContent).toContain("seconds");
    expect(within(dialog).getByLabelText("Frequency").textContent).toContain("twice a week");

    await user.clear(within(dialog).getByLabelText("Exposure practice"));
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByText(messages.validation.exposurePractice)).toBeTruthy();
    expect(await store.outbox.count()).toBe(0);
  });

  it("Add starts from once a week, 1 round, 15 minutes when the patient has none, and saves on the device", async () => {
    const user = userEvent.setup();
    const { store } = renderSignedIn(<HomeworkPanel patientName="robin" />, { user: clinician });
    await screen.findByText(m.empty);
    await user.click(screen.getByRole("button", { name: "Add homework assignment" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("Frequency").textContent).toContain("once a week");
    expect((within(dialog).getByLabelText("Rounds") as HTMLInputElement).value).toBe("1");
    expect((within(dialog).getByLabelText("Duration") as HTMLInputElement).value).toBe("15");
    expect(within(dialog).getByLabelText("Unit").textContent).toContain("minutes");

    await user.type(within(dialog).getByLabelText("Exposure practice"), "Say hello to a classmate");
    await user.clear(within(dialog).getByLabelText("Rounds"));
    await user.type(within(dialog).getByLabelText("Rounds"), "0");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));

    // The test device has no connection: the change waits on the device, and the toast says so.
    expect(await screen.findByText(syncTexts.savedOnDevice)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const card = await screen.findByRole("listitem", { name: /Say hello to a classmate/ });
    expect(within(card).getByText("Waiting to sync")).toBeTruthy();
    const [entry] = await store.outbox.toArray();
    expect(entry).toMatchObject({
      method: "POST",
      path: "/api/homework",
      body: {
        patientName: "robin",
        exposurePractice: "Say hello to a classmate",
        roundNumber: 1,
        roundDuration: "15 minutes",
      },
    });
  });

  it("Edit splits the duration into number and unit, and Save changes the card", async () => {
    const user = userEvent.setup();
    const { store } = await withHomework(clinician, [
      homeworkRow({
        id: "h1",
        patientName: "sam",
        fear: "Crowds",
        roundDuration: "20 minutes",
        clinitianId: clinician.id,
      }),
    ]);
    await user.click(await screen.findByRole("button", { name: "Edit homework assignment" }));
    expect((screen.getByLabelText("Duration") as HTMLInputElement).value).toBe("20");
    expect(screen.getByLabelText("Unit").textContent).toContain("minutes");
    await user.clear(screen.getByLabelText("Fear"));
    await user.type(screen.getByLabelText("Fear"), "Big crowds");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText(syncTexts.savedOnDevice)).toBeTruthy();
    const card = await screen.findByRole("listitem", { name: /Big crowds/ });
    expect(within(card).getByText("Waiting to sync")).toBeTruthy();
    expect((await store.outbox.toArray())[0]).toMatchObject({ method: "PUT", path: "/api/homework/h1" });
  });

  it("Edit reads a blank stored duration as 5 minutes", async () => {
    const user = userEvent.setup();
    await withHomework(clinician, [
      homeworkRow({ id: "h1", patientName: "sam", roundDuration: "", clinitianId: clinician.id }),
    ]);
    await user.click(await screen.findByRole("button", { name: "Edit homework assignment" }));
    expect((screen.getByLabelText("Duration") as HTMLInputElement).value).toBe("5");
    expect(screen.getByLabelText("Unit").textContent).toContain("minutes");
  });

  it("Delete asks first, and Cancel keeps the assignment", async () => {
    const user = userEvent.setup();
    const { store } = await withHomework();
    await user.click(await screen.findByRole("button", { name: "Delete homework assignment" }));
    const confirm = await screen.findByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(await store.homework.get("h1")).toBeTruthy();

    await clearToasts();
    await user.click(screen.getByRole("button", { name: "Delete homework assignment" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(syncTexts.savedOnDevice)).toBeTruthy();
    await waitFor(async () => expect(await store.homework.get("h1")).toBeUndefined());
    expect((await store.outbox.toArray())[0]).toMatchObject({ method: "DELETE", path: "/api/homework/h1" });
  });

  it("Show progress lists the practices linked by exposure text, oldest first, with their peaks and changes", async () => {
    const user = userEvent.setup();
    const { store } = await withHomework(clinician, [
      homeworkRow({ id: "h1", patientName: "sam", exposurePractice: "Ride the bus", fear: "Panic on the bus" }),
      homeworkRow({ id: "h2", patientName: "sam", exposurePractice: "Call a friend", fear: "Phone calls" }),
    ]);
    const practice = (id: string, day: string, exposure: string, expected: number | null, actual: number | null) =>
      summaryRow({
        id,
        patient_name: "sam",
        exposure_practice: exposure,
        started_at: `2025-03-${day}T10:00:00.000Z`,
        expected_peak_suds: expected,
        actual_peak_suds: actual,
      });
    await store.conversation_summaries.bulkPut([
      practice("c", "07", "ride the  BUS to school", 60, 45),
      practice("a", "03", "Ride the bus", 80, 60),
      practice("b", "05", " ride the bus ", 70, 50),
      practice("x", "04", "Order food at a counter", 50, 40),
    ]);
    const card = await screen.findByRole("listitem", { name: "Homework: Panic on the bus" });
    const toggle = within(card).getByRole("button", { name: "Show progress" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    // By keyboard: the control is a real button.
    toggle.focus();
    await user.keyboard("{Enter}");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.textContent).toBe("Hide progress");
    const list = await within(card).findByRole("list", { name: "Practices of Ride the bus, oldest first" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "March 3, 2025Peak SUDS expected 80 → actual 60",
      "March 5, 2025Peak SUDS expected 70 → actual 50−10 from the previous practice",
      "March 7, 2025Peak SUDS expected 60 → actual 45−5 from the previous practice",
    ]);
    await user.keyboard(" ");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(within(card).queryByRole("list")).toBeNull();

    const other = screen.getByRole("listitem", { name: "Homework: Phone calls" });
    await user.click(within(other).getByRole("button", { name: "Show progress" }));
    expect(await within(other).findByText(NO_PRACTICES_LINKED)).toBeTruthy();
  });
});
