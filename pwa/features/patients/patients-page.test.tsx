import { messages } from "@schema/messages.ts";
import { patientMessages } from "@schema/patient.ts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { syncTexts } from "@/shared/sync/sync-texts.ts";
import { clearToasts, openTestDevice, renderSignedIn } from "@/test/render.tsx";
import { clinicianRow, patientRow, userOf } from "@/test/rows.ts";
import PatientsPage from "./page.tsx";

afterEach(cleanup);
const clinician = userOf("clinician");
const admin = userOf("admin");

async function showPage(user = clinician, patients = [patientRow({ id: "p1", username: "samsample" })]) {
  const device = openTestDevice(user);
  await device.store.patients.bulkPut(patients);
  await device.store.clinicians.bulkPut([clinicianRow(clinician), clinicianRow(admin)]);
  const view = renderSignedIn(<PatientsPage />, { user, device });
  return { ...view, user: userEvent.setup() };
}

describe("Manage Patients", () => {
  it("lists patients with the gender prettified", async () => {
    await showPage(clinician, [
      patientRow({ id: "p1", username: "ana", first_name: "Ana", gender: "prefer_not_to_say" }),
    ]);
    const row = (await screen.findByText("ana")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Ana Sample")).toBeTruthy();
    expect(within(row).getByText("Do not want to say")).toBeTruthy();
    expect(within(row).getByRole("button", { name: "Homework for Ana Sample" })).toBeTruthy();
  });

  it("shows an empty state when there are no patients", async () => {
    await showPage(clinician, []);
    expect(await screen.findByText(/No patients yet/)).toBeTruthy();
  });

  it("the add form shows the spec's messages for missing names, an age outside 12 to 19 and no gender", async () => {
    const { user, store } = await showPage();
    await user.click(await screen.findByRole("button", { name: "Add Patient" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Age"), "20");
    await user.click(within(dialog).getByRole("button", { name: "Add Patient" }));
    expect((await within(dialog).findAllByText(messages.validation.patientNames)).length).toBeGreaterThan(0);
    expect(within(dialog).getByText(messages.validation.patientAge)).toBeTruthy();
    expect(within(dialog).getByText(messages.validation.patientGender)).toBeTruthy();
    expect(await store.outbox.count()).toBe(0);
  });

  it("the username placeholder is the default from the names, and a taken username is refused", async () => {
    const { user } = await showPage();
    await user.click(await screen.findByRole("button", { name: "Add Patient" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("First name"), "Sam");
    await user.type(within(dialog).getByLabelText("Last name"), "Sample");
    expect((within(dialog).getByLabelText("Username (optional)") as HTMLInputElement).placeholder).toBe("samsample");
    await user.type(within(dialog).getByLabelText("Age"), "15");
    await user.click(within(dialog).getByLabelText("Gender"));
    await user.click(await screen.findByRole("option", { name: "Male" }));
    await user.click(within(dialog).getByRole("button", { name: "Add Patient" }));
    expect(await within(dialog).findByText(patientMessages.usernameTaken)).toBeTruthy();
  });

  it("an added patient shows at once, marked waiting to sync", async () => {
    const { user, store } = await showPage(clinician, []);
    await user.click(await screen.findByRole("button", { name: "Add Patient" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByLabelText("Clinician")).toBeNull();
    await user.type(within(dialog).getByLabelText("First name"), "Nia");
    await user.type(within(dialog).getByLabelText("Last name"), "Okafor");
    await user.type(within(dialog).getByLabelText("Age"), "14");
    await user.click(within(dialog).getByLabelText("Gender"));
    await user.click(await screen.findByRole("option", { name: "Female" }));
    await user.click(within(dialog).getByRole("button", { name: "Add Patient" }));

    const row = (await screen.findByText("niaokafor")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Waiting to sync")).toBeTruthy();
    const [entry] = await store.outbox.toArray();
    expect(entry).toMatchObject({ method: "POST", path: "/api/patients" });
    expect(entry.body).toMatchObject({ first_name: "Nia", last_name: "Okafor", age: 14, gender: "female" });
    expect(entry.body).not.toHaveProperty("clinician_id");
  });

  it("an admin chooses the clinician", async () => {
    const { user } = await showPage(admin);
    await user.click(await screen.findByRole("button", { name: "Add Patient" }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(within(dialog).getByLabelText("Clinician").textContent).toContain("Ada Admin"));
  });

  it("edit loads the patient and saves the change", async () => {
    const { user, store } = await showPage();
    await user.click(await screen.findByRole("button", { name: "Edit Sam Sample" }));
    const dialog = await screen.findByRole("dialog");
    expect((within(dialog).getByLabelText("Age") as HTMLInputElement).value).toBe("15");
    await user.clear(within(dialog).getByLabelText("Age"));
    await user.type(within(dialog).getByLabelText("Age"), "16");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(async () => expect((await store.patients.get("p1"))?.age).toBe(16));
    expect((await store.outbox.toArray())[0]).toMatchObject({ method: "PUT", path: "/api/patients/p1" });
  });

  it("delete asks first", async () => {
    const { user, store } = await showPage();
    await user.click(await screen.findByRole("button", { name: "Delete Sam Sample" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Delete Sam Sample?")).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(await store.patients.get("p1")).toBeTruthy();
    // Back where the clinician was, as the row's own dialog gave it back.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Delete Sam Sample" })));
    await clearToasts();
    await user.click(screen.getByRole("button", { name: "Delete Sam Sample" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await waitFor(async () => expect(await store.patients.get("p1")).toBeUndefined());
    // Offline test device: deleted here, sent later.
    expect(await screen.findByText(syncTexts.savedOnDevice)).toBeTruthy();
  });

  describe("with 120 patients", () => {
    // Listed by first name: Patient 001 … Patient 120, stored in reverse so the order is the page's own.
    const many = Array.from({ length: 120 }, (_, i) => {
      const n = String(120 - i).padStart(3, "0");
      return patientRow({ id: `p${n}`, username: `patient${n}`, first_name: "Patient", last_name: n });
    });
    const bodyRows = () => screen.getAllByRole("row").slice(1);

    it("shows one page of 50 rows, sorted over the whole list, with Previous and Next", async () => {
      const { user } = await showPage(admin, many);
      expect(await screen.findByText("patient001")).toBeTruthy();
      await waitFor(() => expect(bodyRows()).toHaveLength(50));
      expect(screen.queryByText("patient051")).toBeNull();
      const pages = screen.getByRole("navigation", { name: "Patient pages" });
      expect(pages.textContent).toContain("Showing 1–50 of 120");
      expect(within(pages).getByRole("button", { name: "Previous" })).toHaveProperty("disabled", true);

      await user.click(within(pages).getByRole("button", { name: "Next" }));
      await user.click(within(pages).getByRole("button", { name: "Next" }));
      expect(await screen.findByText("patient120")).toBeTruthy();
      expect(bodyRows()).toHaveLength(20);
      expect(pages.textContent).toContain("Showing 101–120 of 120");
      expect(within(pages).getByRole("button", { name: "Next" })).toHaveProperty("disabled", true);
      // Next is off on the last page: focus stays in the pager, on Previous.
      await waitFor(() => expect(document.activeElement).toBe(within(pages).getByRole("button", { name: "Previous" })));
    });

    it("a search looks through every patient and starts again on the first page", async () => {
      const { user } = await showPage(admin, many);
      await user.click(await screen.findByRole("button", { name: "Next" }));
      expect(await screen.findByText("patient051")).toBeTruthy();
      await user.type(screen.getByLabelText("Search patients"), "patient1");
      // patient100 … patient120 are 21 rows, on page 1 although page 2 was shown.
      expect(await screen.findByText("patient100")).toBeTruthy();
      await waitFor(() => expect(bodyRows()).toHaveLength(21));
      expect(screen.queryByRole("navigation", { name: "Patient pages" })).toBeNull();
      await user.clear(screen.getByLabelText("Search patients"));
      await user.type(screen.getByLabelText("Search patients"), "nobody");
      expect(await screen.findByText("No patients match this search.")).toBeTruthy();
    });
  });
});
