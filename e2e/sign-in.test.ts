import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  ADMIN,
  ADMIN_DASHBOARD_ITEMS,
  apiSession,
  cleanDevicePerTest,
  DEMO_CLINICIAN,
  expectAccessible,
  newClinician,
  signIn,
  toasts,
} from "./support.ts";

let page: Page;
cleanDevicePerTest((fresh) => {
  ({ page } = fresh);
});

describe("Admin Access", () => {
  it("shows the Login tab only and says registration is by invitation", async () => {
    await page.goto("/auth");
    await page.getByRole("heading", { name: "Admin Access" }).waitFor();
    // The heading paints first; the forms follow.
    await page.getByRole("tab", { name: "Login" }).waitFor();
    expect(await page.getByRole("tab").allTextContents()).toEqual(["Login"]);
    await page.getByText("Registration is by invitation only").waitFor();
    await expectAccessible(page, "/auth");
  });

  it("checks the e-mail and the password length before sending", async () => {
    await page.goto("/auth");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("abc");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.getByText("Please enter a valid email address.").waitFor();
    await page.getByText("Password must be at least 4 characters.").waitFor();
    expect(await page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page, "/auth with errors");
  });

  it("a wrong password shows Login failed, in one toast; the next sign-in tells of it", async () => {
    const clinician = await newClinician("guessed");
    await signIn(page, { username: clinician.username, password: "wrong-password" });
    await page.getByRole("form", { name: "Login" }).getByText("Incorrect email or password.").waitFor();
    await toasts(page).first().waitFor();
    expect(await toasts(page).count()).toBe(1);
    expect(await toasts(page).first().textContent()).toContain("Login failed");
    // One voice: the toast says what the form says.
    expect(await toasts(page).first().textContent()).toContain("Incorrect email or password.");
    expect(page.url()).toMatch(/\/auth$/);

    await signIn(page, clinician);
    await page.waitForURL(/\/chat-history$/);
    await toasts(page)
      .filter({ hasText: "There was 1 failed sign-in attempt on your account since you last signed in." })
      .waitFor();
  });

  it("an admin signs in, lands on Chat History and sees the admin menus", async () => {
    await signIn(page, ADMIN);
    await page.waitForURL(/\/chat-history$/);
    await page.getByRole("button", { name: "Admin Dashboard" }).click();
    const items = await page.getByRole("menuitem").allTextContents();
    expect(items).toEqual(ADMIN_DASHBOARD_ITEMS);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /Account menu for/ }).click();
    expect(await page.getByRole("menuitem", { name: "Invite User" }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    // Signed in, /auth sends the user on to Chat History.
    await page.goto("/auth");
    await page.waitForURL(/\/chat-history$/);
    await page.goto("/admin/manage-users");
    await page.waitForURL(/\/admin\/manage-users$/);
  });

  it("a clinician has no admin menu and is sent away from admin pages", async () => {
    await signIn(page, DEMO_CLINICIAN);
    await page.waitForURL(/\/chat-history$/);
    expect(await page.getByRole("button", { name: "Admin Dashboard" }).count()).toBe(0);
    await page.getByRole("button", { name: /Account menu for/ }).click();
    expect(await page.getByRole("menuitem", { name: "Invite User" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.goto("/admin/manage-users");
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/admin/activity-logs");
    await page.waitForURL(/\/auth$/);
  });

  it("Logout returns to the landing page signed out", async () => {
    await signIn(page, DEMO_CLINICIAN);
    await page.waitForURL(/\/chat-history$/);
    await page.getByRole("button", { name: /Account menu for/ }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("link", { name: "Login" }).first().waitFor();
    await page.goto("/chat-history");
    await page.waitForURL(/\/auth$/);
  });

  it("a user with a one-time password must change it before anything else", async () => {
    const admin = await apiSession(ADMIN);
    const username = `initial-${Date.now()}@e2e.test`;
    const created = await admin("POST", "/api/admin/users", {
      username,
      first_name: "Ira",
      last_name: "New",
      role: "clinician",
    });
    expect(created.status).toBeLessThan(300);
    const initial = created.body.initial_password as string;
    await signIn(page, { username, password: initial });
    await page.waitForURL(/\/profile\?tab=password$/);
    await page.getByText("You signed in with a one-time password").waitFor();
    await page.goto("/patients");
    await page.waitForURL(/\/profile\?tab=password$/);
    await page.getByLabel("Current password").fill(initial);
    await page.getByLabel("New password").fill("brand-new-pass-1");
    await page.getByLabel("Confirm password").fill("brand-new-pass-1");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.waitForURL(/\/chat-history$/);
  });
});
