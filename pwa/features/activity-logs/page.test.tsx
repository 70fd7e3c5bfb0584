import { messages } from "@schema/messages.ts";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderSignedIn } from "@/test/render.tsx";
import { userOf } from "@/test/rows.ts";
import ActivityLogsPage from "./page.tsx";

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json", ...headers } });
const activity = {
  id: "1",
  user_id: "u-1",
  user_full_name: "Cleo Chen",
  username: "cleo@clinic.test",
  activity_type: "logout",
  ip_address: null,
  timestamp: "2025-01-05T13:04:05.000Z",
  metadata: null,
};

afterEach(() => vi.unstubAllGlobals());
afterEach(cleanup);

describe("Activity Logs page", () => {
  it("filters start at All for type and user; the count line, IP and details follow the spec", async () => {
    vi.stubGlobal("fetch", async (path: string) =>
      String(path).startsWith("/api/admin/user-activity") ? json([activity], { "X-Total-Count": "1" }) : json([]),
    );
    renderSignedIn(<ActivityLogsPage />, { user: userOf("admin") });
    expect(await screen.findByText(messages.activity.count(1))).toBeTruthy();
    expect(screen.getByText("Cleo Chen")).toBeTruthy();
    expect(screen.getByText("N/A")).toBeTruthy();
    expect(screen.getByText(messages.activity.noDetails)).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Activity type" }).textContent).toBe("All");
    expect(screen.getByRole("combobox", { name: "User" }).textContent).toBe("All");
  });

  it("shows a prompt mark change by its label, and filters the log by it", async () => {
    const asked: string[] = [];
    const markChange = {
      ...activity,
      activity_type: "prompt_mark",
      metadata: { mark: "test", from: "prompt-1", to: "prompt-2" },
    };
    vi.stubGlobal("fetch", async (path: string) => {
      asked.push(String(path));
      return String(path).startsWith("/api/admin/user-activity")
        ? json([markChange], { "X-Total-Count": "1" })
        : json([]);
    });
    renderSignedIn(<ActivityLogsPage />, { user: userOf("admin") });
    expect(await screen.findByText("Prompt Mark Change")).toBeTruthy();
    expect(screen.getByText(/"to": "prompt-2"/)).toBeTruthy();

    const user = userEvent.setup();
    screen.getByRole("combobox", { name: "Activity type" }).focus();
    await user.keyboard("{Enter}");
    await user.click(await screen.findByRole("option", { name: "Prompt Mark Change" }));
    await user.click(screen.getByRole("button", { name: "Apply Filters" }));
    await vi.waitFor(() => expect(asked.some((path) => path.includes("activityType=prompt_mark"))).toBe(true));
  });
  it("shows a FHIR export by its label, with the exported patient", async () => {
    const exported = { ...activity, activity_type: "fhir_export", metadata: { patient_username: "mayachen" } };
    vi.stubGlobal("fetch", async (path: string) =>
      String(path).startsWith("/api/admin/user-activity") ? json([exported], { "X-Total-Count": "1" }) : json([]),
    );
    renderSignedIn(<ActivityLogsPage />, { user: userOf("admin") });
    expect(await screen.findByText("FHIR Export")).toBeTruthy();
    expect(screen.getByText(/"patient_username": "mayachen"/)).toBeTruthy();
  });

  it("answers who opened one patient's data in the last 30 days: Record View, the patient and Last 30 Days", async () => {
    const asked: string[] = [];
    const opened = {
      ...activity,
      activity_type: "record_view",
      metadata: { patient_name: "mayachen", what: "conversation", target_id: "conv-7", device_id: "tablet-2" },
    };
    const patients = [{ id: "p-1", username: "mayachen", first_name: "Maya", last_name: "Chen", age: 15 }];
    vi.stubGlobal("fetch", async (path: string) => {
      asked.push(String(path));
      if (String(path).startsWith("/api/patients")) return json(patients);
      return String(path).startsWith("/api/admin/user-activity") ? json([opened], { "X-Total-Count": "1" }) : json([]);
    });
    renderSignedIn(<ActivityLogsPage />, { user: userOf("admin") });
    expect(await screen.findByText("Record View")).toBeTruthy();
    expect(screen.getByText(/"what": "conversation"/)).toBeTruthy();

    const user = userEvent.setup();
    screen.getByRole("combobox", { name: "Activity type" }).focus();
    await user.keyboard("{Enter}");
    await user.click(await screen.findByRole("option", { name: "Record View" }));
    screen.getByRole("combobox", { name: "Patient" }).focus();
    await user.keyboard("{Enter}");
    await user.click(await screen.findByRole("option", { name: "Maya Chen (mayachen)" }));
    await user.click(screen.getByRole("button", { name: "Last 30 Days" }));
    await user.click(screen.getByRole("button", { name: "Apply Filters" }));

    await vi.waitFor(() => expect(asked.some((path) => path.includes("patientId=p-1"))).toBe(true));
    const query = new URLSearchParams((asked.findLast((path) => path.includes("patientId=")) as string).split("?")[1]);
    expect(query.get("activityType")).toBe("record_view");
    const start = new Date(query.get("startDate") as string).getTime();
    const days = (Date.now() - start) / 86_400_000;
    expect(days).toBeGreaterThan(30);
    expect(days).toBeLessThanOrEqual(31);
    expect(query.get("endDate")).toBeNull();
  });

  it("pages through a long log 50 at a time, asking the server for each page", async () => {
    const asked: URLSearchParams[] = [];
    vi.stubGlobal("fetch", async (path: string) => {
      if (!String(path).startsWith("/api/admin/user-activity")) return json([]);
      const q = new URLSearchParams(String(path).split("?")[1]);
      asked.push(q);
      const rows = [{ ...activity, id: `a${q.get("offset")}`, user_full_name: `Page at ${q.get("offset")}` }];
      return json(rows, { "X-Total-Count": "120" });
    });
    renderSignedIn(<ActivityLogsPage />, { user: userOf("admin") });
    const pages = await screen.findByRole("navigation", { name: "Activity pages" });
    expect(pages.textContent).toContain("Showing 1–50 of 120");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Page at 100")).toBeTruthy();
    expect(pages.textContent).toContain("Showing 101–120 of 120");
    expect(screen.getByRole("button", { name: "Next" })).toHaveProperty("disabled", true);
    expect(asked.at(-1)?.get("limit")).toBe("50");
  });
});
