import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, enterDevicePin, expectAccessible, launch, newContext, signIn, toasts } from "./support.ts";

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser.close();
});
const open = async () => {
  const context = await newContext(browser);
  contexts.push(context);
  return context.newPage();
};

describe("the invitation flow", () => {
  it("an admin invites, shares the manual link, and the invitee registers and is signed in", async () => {
    const admin = await open();
    await signIn(admin, ADMIN);
    await admin.waitForURL(/\/chat-history$/);
    await admin.getByRole("button", { name: /Account menu for/ }).click();
    await admin.getByRole("menuitem", { name: "Invite User" }).click();
    const dialog = admin.getByRole("dialog", { name: "Invite a User" });
    await dialog.waitFor();
    await expectAccessible(admin, "invite dialog");

    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await dialog.getByText("Please enter a valid email address").waitFor();

    const email = `invitee-${Date.now()}@e2e.test`;
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Custom message (optional)").fill("Welcome to the clinic!");
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    // No SMTP here: the configuration notice, then the 10-second manual link; never two toasts at once.
    await toasts(admin).filter({ hasText: "Email Service Configuration Issue" }).waitFor();
    expect(await toasts(admin).count()).toBe(1);
    // The dialog keeps the link, with a copy button, until the admin closes it.
    const kept = admin.getByRole("dialog", { name: "Manual Invitation Link" });
    const field = kept.getByRole("textbox", { name: "Registration link" });
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(/\/auth\?token=/);
    await kept.getByRole("button", { name: "Copy registration link" }).waitFor();
    await expectAccessible(admin, "invite dialog with the manual link");
    const link = admin.getByTestId("manual-invitation-link");
    await link.waitFor({ timeout: 10_000 });
    expect(await toasts(admin).count()).toBe(1);
    expect(await link.textContent()).toBe(url);
    await kept.getByRole("button", { name: "Done" }).click();
    await kept.waitFor({ state: "detached" });

    const invitee = await open();
    await invitee.goto(url);
    await invitee.getByRole("tab", { name: "Register" }).waitFor();
    await invitee.waitForURL((u) => !u.search.includes("token"));
    expect(await invitee.getByLabel("Email").inputValue()).toBe(email);
    await expectAccessible(invitee, "register");

    await invitee.getByLabel("Password", { exact: true }).fill("secret-pass-1");
    await invitee.getByLabel("Confirm password").fill("secret-pass-2");
    await invitee.getByRole("button", { name: "Create account" }).click();
    await invitee.getByText("First name is required.").waitFor();
    await invitee.getByText("Last name is required.").waitFor();
    await invitee.getByText("Passwords do not match").waitFor();

    await invitee.getByLabel("First name").fill("Robin");
    await invitee.getByLabel("Last name").fill("Lee");
    await invitee.getByLabel("Confirm password").fill("secret-pass-1");
    await invitee.getByRole("button", { name: "Create account" }).click();
    // Signed in on a new device: the invitee sets its PIN first.
    await enterDevicePin(invitee);
    await invitee.waitForURL(/\/chat-history$/);
    await invitee.getByRole("button", { name: "Account menu for Robin Lee" }).waitFor();

    // The link works once.
    const again = await open();
    await again.goto(url);
    await again.getByText("Registration is by invitation only").waitFor();
    expect(await again.getByRole("tab", { name: "Register" }).count()).toBe(0);
    // Several sign-ins, each with its PIN set-up, and the admin's first sync: 30–48 s when the machine is
    // idle, over a minute when it is loaded.
  }, 150_000);
});
