import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CLINICIAN, expectAccessible, launch, newContext, signIn } from "./support.ts";

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  context = await newContext(browser, "phone");
  page = await context.newPage();
});
afterAll(async () => {
  await browser.close();
});

describe("the small-screen menu", () => {
  it("signed out, it holds only Login", async () => {
    await page.goto("/");
    expect(await page.getByRole("link", { name: "Login", exact: true }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    expect(await menu.getByRole("link").allTextContents()).toEqual(["Login"]);
  });

  it("signed in, it holds the navigation and the account entries, and closes after a choice", async () => {
    await signIn(page, DEMO_CLINICIAN);
    await page.waitForURL(/\/chat-history$/);
    // The address changes before the page has taken it in; a navigation still under way when the
    // menu opens closes it (as a chosen entry does).
    await page.getByRole("heading", { name: "Chat History", level: 1 }).waitFor();
    const toggle = page.getByRole("button", { name: "Open menu" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    await menu.waitFor();
    // The entries come with the signed-in layout, which may still be loading when the menu opens.
    for (const entry of ["Home", "Chat History", "Manage Patients", "Conversation Summaries", "Profile"]) {
      await menu.getByRole("link", { name: entry, exact: true }).waitFor();
    }
    await menu.getByRole("button", { name: "Logout" }).waitFor();
    expect(await menu.getByText("Admin Dashboard").count()).toBe(0);
    await expectAccessible(page, "mobile menu");
    await menu.getByRole("link", { name: "Profile" }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByRole("navigation", { name: "Menu" }).waitFor({ state: "detached" });
  });
});
