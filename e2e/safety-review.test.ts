import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  ADMIN,
  apiSession,
  baseURL,
  cleanDevicePerTest,
  expectAccessible,
  newClinician,
  signIn,
  toasts,
} from "./support.ts";

let context: BrowserContext;
let page: Page;
cleanDevicePerTest((fresh) => {
  ({ context, page } = fresh);
});

/** A clinician of their own (Casey Jordan) with one patient whose one conversation has a safety-flagged summary. */
async function clinicianWithFlaggedSummary() {
  const clinician = await newClinician("review");
  const api = await apiSession(clinician);
  const username = `review_${Date.now()}`;
  const patient = { first_name: "Noor", last_name: "Haddad", age: 15, gender: "female", username };
  expect((await api("POST", "/api/patients", patient)).status).toBe(201);
  const admin = await apiSession(ADMIN);
  const { body: agentKey } = await admin("POST", "/api/admin/agent-keys", { name: `safety review ${username}` });
  const conversation = `${username}-c1`;
  const sent = await fetch(`${baseURL()}/api/agent/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${agentKey.key}` },
    body: JSON.stringify([
      {
        conversation_id: conversation,
        patient_name: username,
        data_type: "user",
        serial_num: 0,
        data: "Hi",
        timestamp: new Date(Date.now() - 3_600_000).toISOString(),
      },
    ]),
  });
  expect(sent.ok).toBe(true);
  const summary = { id: conversation, summary: "Said they wanted to hurt themselves", is_safetychecker: true };
  expect((await api("POST", "/api/conversation-summaries", summary)).status).toBe(201);
  return { clinician, api, username, conversation };
}

const nav = (name: string) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name }).click();
const patientRow = (username: string) =>
  page.getByRole("row").filter({ has: page.locator(`a[href*="patientName=${username}"]`) });

describe("Safety flag review", () => {
  it("marked reviewed offline from the summary dialog: sent on reconnecting, and the Caseload no longer counts it", async () => {
    const { clinician, api, username, conversation } = await clinicianWithFlaggedSummary();
    await signIn(page, clinician);
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
    await page.getByRole("status").filter({ hasText: "Synced" }).first().waitFor({ timeout: 60_000 });
    await nav("Caseload");
    await patientRow(username).filter({ hasText: "Safety risk" }).waitFor();

    await page.goto("/conversation-summaries");
    await page.getByRole("button", { name: `View summary ${conversation}` }).click();
    const dialog = page.getByRole("dialog");
    const mark = dialog.getByRole("button", { name: "Mark safety flag reviewed" });
    await mark.waitFor();
    await expectAccessible(page, "summary dialog with the review button");
    const box = await mark.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);

    await context.setOffline(true);
    await mark.focus();
    await page.keyboard.press("Enter");
    await toasts(page).filter({ hasText: "Saved on this device — will sync" }).waitFor();
    await dialog.getByText(/^Safety flag reviewed by Casey Jordan on \w+ \d+, \d{4} \d\d:\d\d:\d\d$/).waitFor();
    expect((await api("GET", `/api/conversation-summaries/${conversation}`)).body.safety_reviewed_at).toBeNull();

    await context.setOffline(false);
    await expect
      .poll(
        async () => (await api("GET", `/api/conversation-summaries/${conversation}`)).body.safety_reviewed_by_name,
        {
          timeout: 30_000,
        },
      )
      .toBe("Casey Jordan");
    await page.keyboard.press("Escape");
    await nav("Caseload");
    await patientRow(username).waitFor();
    expect(await patientRow(username).textContent()).not.toContain("Safety risk");
  });
});
