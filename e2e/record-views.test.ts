import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN, apiSession, cleanDevicePerTest, signIn } from "./support.ts";

// The demo clinic: sample_patient_1 is Dr. Rivera's patient.
const RIVERA = { username: "dr.rivera@stepwise.local", password: "demo-clinician" };

let context: BrowserContext;
let page: Page;
cleanDevicePerTest((fresh) => {
  ({ context, page } = fresh);
});

interface Logged {
  username: string;
  timestamp: string;
  metadata: { what: string; target_id: string | null; patient_name: string };
}

describe("Record views", () => {
  it("a clinician's reads reach the audit log, offline ones once back online with their time, and an admin finds them by patient", async () => {
    const admin = await apiSession(ADMIN);
    const patients = (await admin("GET", "/api/patients")).body as { id: string; username: string }[];
    const patient = patients.find((p) => p.username === "sample_patient_1") as { id: string };
    const since = new Date().toISOString();
    const views = async () =>
      (
        (
          await admin(
            "GET",
            `/api/admin/user-activity?activityType=record_view&patientId=${patient.id}&startDate=${since}`,
          )
        ).body as Logged[]
      ).filter((r) => r.username === RIVERA.username);

    await signIn(page, RIVERA);
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
    await page.goto("/chat-history?patientName=sample_patient_1");
    await page.getByRole("status").filter({ hasText: "Synced" }).first().waitFor({ timeout: 60_000 });
    await expect
      .poll(async () => (await views()).map((v) => v.metadata.what), { timeout: 20_000 })
      .toEqual(["chat_history"]);

    await context.setOffline(true);
    const openedAt = Date.now();
    // A conversation of the patient's list: its messages come from the device.
    const conversation = page.getByLabel("Patient and conversations").locator("button[aria-pressed]").first();
    await conversation.click();
    await page.locator('button[aria-pressed="true"]').waitFor();
    await page.waitForTimeout(1_000);
    expect((await views()).map((v) => v.metadata.what)).toEqual(["chat_history"]);

    await context.setOffline(false);
    await expect.poll(async () => (await views()).length, { timeout: 40_000 }).toBe(2);
    const [opened] = await views();
    expect(opened.metadata).toMatchObject({ what: "conversation", patient_name: "sample_patient_1" });
    expect(opened.metadata.target_id).toBeTruthy();
    expect(Math.abs(new Date(opened.timestamp).getTime() - openedAt)).toBeLessThan(5_000);
  });

  it("an admin answers who opened a patient's data in the last 30 days on the Activity Logs page", async () => {
    await signIn(page, ADMIN);
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
    await page.goto("/admin/activity-logs");
    await page.getByRole("heading", { name: "Activity Logs" }).waitFor();
    await page.getByLabel("Activity type", { exact: true }).click();
    await page.getByRole("option", { name: "Record View", exact: true }).click();
    await page.getByLabel("Patient", { exact: true }).click();
    await page.getByRole("option", { name: /\(sample_patient_1\)$/ }).click();
    await page.getByRole("button", { name: "Last 30 Days" }).click();
    await page.getByRole("button", { name: "Apply Filters" }).click();
    const rows = page.getByRole("row").filter({ hasText: RIVERA.username });
    await rows.first().waitFor();
    expect(await rows.getByText("Record View", { exact: true }).count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByRole("row").filter({ hasText: "sample_patient_2" }).count()).toBe(0);
  });
});
