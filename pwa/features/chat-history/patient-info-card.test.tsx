import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openTestDevice, renderSignedIn } from "@/test/render.tsx";
import { patientRow, summaryRow, userOf } from "@/test/rows.ts";
import { FHIR_EXPORT_OFFLINE } from "./fhir-export-button.tsx";
import { PatientInfoCard } from "./patient-info-card.tsx";

const clinician = userOf("clinician");
const bundle = { resourceType: "Bundle", type: "collection", entry: [] };

async function renderCard() {
  const device = openTestDevice(clinician);
  await device.store.patients.put(patientRow({ id: "p-ada", username: "ada", first_name: "Ada", last_name: "Lane" }));
  renderSignedIn(<PatientInfoCard patientName="ada" onDeleted={() => {}} />, { user: clinician, device });
  return screen.findByRole("button", { name: "Download FHIR export" });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the Patient Info card's FHIR export", () => {
  it("downloads the server's bundle of this patient as a JSON file", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (path: string) => {
      asked.push(String(path));
      return String(path).endsWith("/fhir") ? json(bundle) : json([]);
    });
    const saved: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      saved.push(blob as Blob);
      return "blob:fhir-export";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    await userEvent.setup().click(await renderCard());
    await waitFor(() => expect(clicked).toEqual([{ href: "blob:fhir-export", download: "stepwise-ada-fhir.json" }]));
    expect(asked).toContain("/api/patients/p-ada/fhir");
    expect(JSON.parse(await saved[0].text())).toEqual(bundle);
  });

  it("is disabled offline and says it needs a connection", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const button = await renderCard();
    expect(button).toHaveProperty("disabled", true);
    expect(screen.getByText(FHIR_EXPORT_OFFLINE)).toBeTruthy();
  });

  it("says so in a toast when the server refuses", async () => {
    vi.stubGlobal("fetch", async (path: string) =>
      String(path).endsWith("/fhir") ? json({ message: "Patient not found", code: "not_found" }, 404) : json([]),
    );
    await userEvent.setup().click(await renderCard());
    expect(await screen.findByText("FHIR export failed")).toBeTruthy();
    expect(await screen.findByText("Patient not found")).toBeTruthy();
  });
});

describe("the Patient Info card's SUDS chart", () => {
  it("draws the patient's sessions from the device when its heading opens it", async () => {
    vi.stubGlobal("fetch", async () => json([]));
    const device = openTestDevice(clinician);
    await device.store.patients.put(patientRow({ id: "p-ada", username: "ada", first_name: "Ada", last_name: "Lane" }));
    await device.store.conversation_summaries.bulkPut([
      summaryRow({ id: "s-1", patient_name: "ada", started_at: "2025-01-05T09:00:00.000Z", actual_peak_suds: null }),
      summaryRow({ id: "s-2", patient_name: "ada", started_at: "2025-02-10T09:00:00.000Z", actual_peak_suds: null }),
      summaryRow({ id: "s-other", patient_name: "bea", started_at: "2025-03-01T09:00:00.000Z" }),
    ]);
    const { container } = renderSignedIn(<PatientInfoCard patientName="ada" onDeleted={() => {}} />, {
      user: clinician,
      device,
    });
    const heading = await screen.findByRole("button", { name: /SUDS over time/ });
    expect(container.querySelector("svg circle")).toBeNull();
    await userEvent.setup().click(heading);
    // One point a session of Ada's (expected SUDS only); Bea's session is not hers.
    await waitFor(() => expect(container.querySelectorAll("svg circle")).toHaveLength(2));
  });
});
