import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSession, cleanDevicePerTest, DEMO_CLINICIAN, expectAccessible, signIn, toasts } from "./support.ts";

const DEMO_ADMIN = { username: "demo.admin@stepwise.local", password: "demo-admin" };

let page: Page;
cleanDevicePerTest((fresh) => {
  ({ page } = fresh);
});

async function openSummaries(user: { username: string; password: string }) {
  await signIn(page, user);
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await page.goto("/conversation-summaries");
  await page.getByRole("heading", { name: "Conversation Summaries", level: 1 }).waitFor();
  await page.getByRole("status").filter({ hasText: "Synced" }).first().waitFor({ timeout: 60_000 });
  await page
    .getByRole("button", { name: /^View summary / })
    .first()
    .waitFor();
}

describe("Conversation Summaries", () => {
  it("a visitor who is not signed in is told so and sent to /auth", async () => {
    await page.goto("/conversation-summaries");
    await page.waitForURL((url) => url.pathname === "/auth");
    await toasts(page).filter({ hasText: "Authentication required. Please log in." }).waitFor();
  });

  it("a clinician reads summaries, filters safety risks and cannot delete", async () => {
    await openSummaries(DEMO_CLINICIAN);
    await expectAccessible(page, "/conversation-summaries");
    expect(await page.getByRole("button", { name: /^Delete summary / }).count()).toBe(0);
    for (const column of ["ID", "Summary", "Expected SUDS", "Actual SUDS", "Started", "Ended", "Status"]) {
      await page.getByRole("columnheader", { name: column, exact: true }).waitFor();
    }

    await page
      .getByRole("button", { name: /^View summary / })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Conversation Summary" }).waitFor();
    await expectAccessible(page, "summary dialog");
    await page.keyboard.press("Escape");

    await page.getByLabel("Safety risk only").check();
    const rows = page.getByRole("row").filter({ has: page.getByRole("button", { name: /^View summary / }) });
    await rows.first().waitFor();
    // The filter applies once the device store answers the new query: wait for the list to settle on it.
    await expect
      .poll(async () => (await rows.count()) - (await rows.filter({ hasText: "Safety Risk" }).count()), {
        timeout: 10_000,
      })
      .toBe(0);
    expect(await rows.count()).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Add New Summary" }).click();
    await toasts(page).filter({ hasText: "Add New Summary is coming soon." }).waitFor();
  });

  it("an admin deletes a summary only after confirming", async () => {
    await openSummaries(DEMO_ADMIN);
    const view = page.getByRole("button", { name: /^View summary / }).first();
    const id = ((await view.getAttribute("aria-label")) ?? "").replace("View summary ", "");
    const api = await apiSession(DEMO_ADMIN);
    expect((await api("GET", `/api/conversation-summaries/${id}`)).status).toBe(200);

    await page.getByRole("button", { name: `Delete summary ${id}` }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Delete this summary?").waitFor();
    await expectAccessible(page, "delete summary confirmation");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect((await api("GET", `/api/conversation-summaries/${id}`)).status).toBe(200);

    await page.getByRole("button", { name: `Delete summary ${id}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toasts(page).filter({ hasText: "Summary deleted" }).waitFor();
    await page.getByRole("button", { name: `View summary ${id}` }).waitFor({ state: "detached" });
    await expect
      .poll(async () => (await api("GET", `/api/conversation-summaries/${id}`)).status, { timeout: 30_000 })
      .toBe(404);
  });
});
