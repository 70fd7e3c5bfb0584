import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { cleanDevicePerTest, DEMO_CLINICIAN, expectAccessible, signIn } from "./support.ts";

const DEMO_ADMIN = { username: "demo.admin@stepwise.local", password: "demo-admin" };

let page: Page;
cleanDevicePerTest((fresh) => {
  ({ page } = fresh);
});

const patientRows = () => page.getByRole("row").filter({ has: page.getByRole("link") });

async function openCaseload(user: { username: string; password: string }) {
  await signIn(page, user);
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Caseload" }).click();
  await page.getByRole("heading", { name: "Caseload", level: 1 }).waitFor();
  await page.getByRole("status").filter({ hasText: "Synced" }).first().waitFor({ timeout: 60_000 });
  await patientRows().first().waitFor();
}

/** Each shown row's rank by its badges: 4 safety risk, 2 not on track, 1 quiet, summed. */
async function ranks(): Promise<number[]> {
  return patientRows().evaluateAll((rows) =>
    rows.map((row) => {
      const text = row.textContent ?? "";
      return (
        (text.includes("Safety risk") ? 4 : 0) +
        (text.includes("Not on track") ? 2 : 0) +
        (text.includes("Quiet") ? 1 : 0)
      );
    }),
  );
}

describe("Caseload", () => {
  it("a clinician sees patients with a safety-flagged summary first, most urgent down to the rest", async () => {
    await openCaseload(DEMO_CLINICIAN);
    await expectAccessible(page, "/caseload");
    const first = patientRows().first();
    expect(await first.textContent()).toContain("Safety risk");
    const shown = await ranks();
    expect(shown.length).toBeGreaterThan(1);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    // The numbers behind a not-on-track flag are shown beside it.
    const stalled = patientRows().filter({ hasText: "Not on track" });
    if (await stalled.count())
      expect(await stalled.first().textContent()).toMatch(/Actual peak SUDS, .+: \d+ → \d+ → \d+/);

    // A tap on the row opens the patient in Chat History.
    const username = (await first.getByRole("link").first().getAttribute("href"))?.split("patientName=")[1] ?? "";
    // Where a finger lands, away from the name: the link stretched over the row takes the tap.
    const box = await first.getByRole("cell").nth(3).boundingBox();
    if (!box) throw new Error("the row is not on screen");
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL((url) => url.pathname === "/chat-history");
    expect(new URL(page.url()).searchParams.get("patientName")).toBe(decodeURIComponent(username));
  });

  it("an admin sees every clinician's patients and filters by clinician", async () => {
    await openCaseload(DEMO_ADMIN);
    const everyone = await patientRows().count();
    await page.getByLabel("Clinician").click();
    await page.getByRole("option", { name: "No clinician" }).click();
    await expect.poll(() => patientRows().count()).toBeLessThan(everyone);
    await page.getByLabel("Clinician").click();
    await page.getByRole("option", { name: "All clinicians" }).click();
    await expect.poll(() => patientRows().count()).toBe(everyone);
    expect(await ranks()).toEqual([...(await ranks())].sort((a, b) => b - a));
    await expectAccessible(page, "/caseload as admin");
  });
});
