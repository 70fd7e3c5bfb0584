import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  ADMIN,
  ADMIN_DASHBOARD_ITEMS,
  baseURL,
  cleanDevicePerTest,
  expectAccessible,
  newClinician,
  signIn,
  toasts,
} from "./support.ts";

let page: Page;
cleanDevicePerTest((fresh) => {
  ({ page } = fresh);
});

async function signInAsAdmin() {
  await signIn(page, ADMIN);
  await page.waitForURL(/\/chat-history$/);
}

describe("admin pages and roles", () => {
  it("a clinician is sent away from every admin page: to / for most, to /auth for Activity Logs", async () => {
    const clinician = await newClinician("admin-roles");
    await signIn(page, clinician);
    await page.waitForURL(/\/chat-history$/);
    for (const path of ["input-prompt", "prompt-history", "manage-users", "agent-keys"]) {
      await page.goto(`/admin/${path}`);
      await page.waitForURL((url) => url.pathname === "/");
    }
    const visited: string[] = [];
    page.on("framenavigated", (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
    await page.goto("/admin/activity-logs");
    // /auth then sends a signed-in user on to /chat-history (spec: Auth page).
    await page.waitForURL((url) => !url.pathname.startsWith("/admin"));
    await page.waitForTimeout(300);
    expect(visited).toContain("/auth");
    expect(visited).not.toContain("/");
  });

  it("admin pages are in the Admin Dashboard menu", async () => {
    await signInAsAdmin();
    await page.getByRole("button", { name: "Admin Dashboard" }).click();
    const items = await page.getByRole("menuitem").allTextContents();
    expect(items).toEqual(ADMIN_DASHBOARD_ITEMS);
  });
});

describe("the prompt flow, end to end", () => {
  it("create → appears in history → make it current → the agent endpoint returns it", async () => {
    await signInAsAdmin();

    // An agent key, shown once.
    await page.goto("/admin/agent-keys");
    await page.getByRole("heading", { name: "Agent Keys" }).waitFor();
    await expectAccessible(page, "/admin/agent-keys");
    await page.getByRole("button", { name: "Create Key" }).click();
    await page.getByLabel("Name").fill(`e2e agent ${Date.now()}`);
    await page.getByRole("dialog").getByRole("button", { name: "Create Key" }).click();
    await page.getByText("It will not be shown again").waitFor();
    await expectAccessible(page, "agent key dialog");
    const key = await page.getByRole("textbox", { name: "Agent key" }).inputValue();
    expect(key.length).toBeGreaterThan(20);
    await page.getByRole("button", { name: "Done" }).click();
    await page.getByText("Never").first().waitFor();

    // Create Prompt: the spec's messages first, then a real prompt.
    await page.goto("/admin/input-prompt");
    await page.getByRole("heading", { name: "Create Prompt" }).waitFor();
    expect(await page.getByLabel("Owner").inputValue()).not.toBe("");
    await page.getByLabel("Title").fill("abc");
    await page.getByRole("button", { name: "Submit Prompt" }).click();
    await page.getByText("Title must be at least 4 characters").waitFor();
    await page.getByText("Prompt must be at least 10 characters").waitFor();
    await expectAccessible(page, "/admin/input-prompt with errors");

    const title = `E2E coach ${Date.now()}`;
    const content = "You are a calm exposure coach. Ask for SUDS after each round and praise effort.";
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Prompt content").fill(content);
    await page.getByText(`${content.length} / 20,000`).waitFor();
    await page.getByRole("button", { name: "Submit Prompt" }).click();
    const banner = page.getByText(/Prompt saved with ID: prompt-\d+/);
    await banner.waitFor();
    const id = (await banner.textContent())?.match(/prompt-\d+/)?.[0];
    expect(id).toBeTruthy();

    // Prompt History shows it; make it current.
    await page.goto("/admin/prompt-history");
    await page.getByLabel("Search").fill(title);
    await page.getByText(title, { exact: true }).waitFor();
    await page.getByText("Showing 1 of").waitFor();
    await expectAccessible(page, "/admin/prompt-history");
    const current = page.getByLabel(`Current prompt: ${title}`, { exact: true });
    expect(await page.getByLabel(`Test prompt: ${title}`, { exact: true }).isChecked()).toBe(true);
    await current.click();
    await expect.poll(() => current.isChecked()).toBe(true);

    await expect
      .poll(
        async () => {
          const res = await fetch(`${baseURL()}/api/agent/prompt?kind=current`, {
            headers: { Authorization: `Bearer ${key}` },
          });
          return res.ok ? ((await res.json()) as { id: string }).id : res.status;
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe(id);

    // The current prompt cannot be deleted: its Delete is off and says why.
    expect(await page.getByRole("button", { name: `Delete ${title}` }).isDisabled()).toBe(true);
    await page.getByText("The current prompt cannot be deleted").waitFor();

    // Details: Save as New Prompt creates another prompt; Escape closes.
    await page.getByText(title, { exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Prompt Details" }).waitFor();
    await expect.poll(() => toasts(page).count(), { timeout: 10_000 }).toBe(0);
    // Sonner keeps a leaving toast in the page while it fades out; axe would judge its faded colours.
    await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 10_000 }).toBe(0);
    await expectAccessible(page, "prompt details dialog");
    await dialog.getByLabel("Title").fill("");
    expect(await dialog.getByRole("button", { name: "Save as New Prompt" }).isDisabled()).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.getByText(title, { exact: true }).click();
    await dialog.getByLabel("Title").fill(`${title} v2`);
    await dialog.getByRole("button", { name: "Save as New Prompt" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("Showing 2 of").waitFor({ timeout: 15_000 });
    expect(await page.getByLabel(`Current prompt: ${title}`, { exact: true }).isChecked()).toBe(true);
  });
});
