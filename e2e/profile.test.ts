import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { cleanDevicePerTest, expectAccessible, newClinician, signIn, toasts } from "./support.ts";

let page: Page;
cleanDevicePerTest((fresh) => {
  ({ page } = fresh);
});

describe("Profile", () => {
  it("edits the name, with the spec's messages for empty fields", async () => {
    const user = await newClinician("profile-name");
    await signIn(page, user);
    await page.waitForURL(/\/chat-history$/);
    await page.goto("/profile");
    await page.getByRole("tab", { name: "Profile Information" }).waitFor();
    await expectAccessible(page, "/profile");
    await page.getByLabel("First name").fill("");
    await page.getByLabel("Email").fill("nope");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await page.getByText("First name is required").waitFor();
    await page.getByText("Invalid email format").waitFor();
    await page.getByLabel("First name").fill("Avery");
    await page.getByLabel("Email").fill(user.username);
    await page.getByRole("button", { name: "Update Profile" }).click();
    await toasts(page).filter({ hasText: "Profile updated" }).waitFor();
    await page.getByRole("button", { name: "Account menu for Avery Jordan" }).waitFor();
  });

  it("changes the password with show/hide toggles and a confirmation check", async () => {
    const user = await newClinician("profile-password");
    await signIn(page, user);
    await page.waitForURL(/\/chat-history$/);
    await page.goto("/profile?tab=password");
    const current = page.getByLabel("Current password");
    await current.fill(user.password);
    expect(await current.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show password" }).first().click();
    expect(await current.getAttribute("type")).toBe("text");
    await page.getByLabel("New password").fill("another-pass-2");
    await page.getByLabel("Confirm password").fill("another-pass-3");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel("Confirm password").fill("another-pass-2");
    await page.getByRole("button", { name: "Change Password" }).click();
    await toasts(page).filter({ hasText: "Password changed" }).waitFor();

    await page.getByLabel("Current password").fill("wrong-current");
    await page.getByLabel("New password").fill("another-pass-4");
    await page.getByLabel("Confirm password").fill("another-pass-4");
    await page.getByRole("button", { name: "Change Password" }).click();
    await toasts(page).filter({ hasText: "Failed to change password" }).waitFor();
  });

  it("changing the e-mail signs the user out after 3 seconds", async () => {
    const user = await newClinician("profile-email");
    await signIn(page, user);
    await page.waitForURL(/\/chat-history$/);
    await page.goto("/profile");
    await page.getByLabel("Email").fill(`moved-${user.username}`);
    await page.getByRole("button", { name: "Update Profile" }).click();
    await toasts(page).filter({ hasText: "Profile updated" }).waitFor();
    const changedAt = Date.now();
    await page.waitForURL(/\/auth$/, { timeout: 10_000 });
    expect(Date.now() - changedAt).toBeGreaterThan(2_000);
    await signIn(page, { username: `moved-${user.username}`, password: user.password });
    await page.waitForURL(/\/chat-history$/);
  });
});
