import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, expectAccessible, launch, newContext, signIn, toasts } from "./support.ts";

let browser: Browser;
let adminContext: BrowserContext;
let userContext: BrowserContext;
let admin: Page;
let person: Page;

beforeAll(async () => {
  browser = await launch();
  adminContext = await newContext(browser);
  userContext = await newContext(browser);
  admin = await adminContext.newPage();
  person = await userContext.newPage();
});
afterAll(async () => {
  await browser.close();
});

const row = (email: string) => admin.getByRole("row").filter({ hasText: email });

/** Reads the one-time password the admin is shown once, copies it with the button, and closes the dialog. */
async function shownOnce(title: string): Promise<string> {
  const dialog = admin.getByRole("dialog", { name: title });
  const secret = await dialog.getByRole("textbox", { name: "One-time password" }).inputValue();
  expect(secret).toMatch(/^[a-z2-7]{16}$/);
  await dialog.getByText("It was not sent by email: give it to them yourself.", { exact: false }).waitFor();
  await expectAccessible(admin, `${title} dialog`);
  await dialog.getByRole("button", { name: "Done" }).click();
  await dialog.waitFor({ state: "detached" });
  return secret;
}

/** Signs the person out by dropping their cookies, then signs in again. */
async function signInAgain(user: { username: string; password: string }) {
  await userContext.clearCookies();
  await signIn(person, user);
}

describe("Manage Users: the user life cycle", () => {
  it("add → sign in with the one-time password → forced change → edit → reset → delete → cannot sign in", async () => {
    const email = `life-${Date.now()}@e2e.test`;
    await signIn(admin, ADMIN);
    await admin.waitForURL(/\/chat-history$/);
    await admin.goto("/admin/manage-users");
    await admin.getByRole("heading", { name: "Manage Users" }).waitFor();
    await row(ADMIN.username).waitFor();
    await expectAccessible(admin, "/admin/manage-users");

    // Add: the spec's messages, then the account.
    await admin.getByRole("button", { name: "Add User" }).click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByText(/one-time password once/).waitFor();
    await dialog.getByRole("button", { name: "Add User" }).click();
    await dialog.getByText("Username is required").waitFor();
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Add User" }).click();
    await dialog.getByText("Username must be a valid email address").waitFor();
    await expectAccessible(admin, "Add User dialog");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("First name").fill("Lee");
    await dialog.getByLabel("Last name").fill("Park");
    await dialog.getByRole("button", { name: "Add User" }).click();
    await toasts(admin).filter({ hasText: "User created" }).waitFor();
    const initial = await shownOnce("User created");
    await row(email).getByText("Clinician").waitFor();
    await row(email).getByText("Must change password").waitFor();

    // The e-mail is not a password; the one-time password signs in and must be changed first.
    await signIn(person, { username: email, password: email });
    await person.getByRole("form", { name: "Login" }).getByText("Incorrect email or password.").waitFor();
    await signInAgain({ username: email, password: initial });
    await person.waitForURL(/\/profile\?tab=password$/);
    await person.goto("/patients");
    await person.waitForURL(/\/profile\?tab=password$/);
    await person.getByLabel("Current password").fill(initial);
    await person.getByLabel("New password").fill("fresh-pass-1");
    await person.getByLabel("Confirm password").fill("fresh-pass-1");
    await person.getByRole("button", { name: "Change Password" }).click();
    await person.waitForURL(/\/chat-history$/);

    // Edit the name and role.
    await admin.getByRole("button", { name: "Refresh" }).click();
    await row(email).getByText("Must change password").waitFor({ state: "detached" });
    await row(email)
      .getByRole("button", { name: `Edit ${email}` })
      .click();
    await dialog.getByLabel("First name").fill("Leona");
    await expect.poll(() => toasts(admin).count(), { timeout: 10_000 }).toBe(0);
    // Sonner keeps a leaving toast in the page while it fades out; axe would judge its faded colours.
    await expect.poll(() => admin.locator("[data-sonner-toast]").count(), { timeout: 10_000 }).toBe(0);
    await expectAccessible(admin, "Edit User dialog");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await toasts(admin).filter({ hasText: "User updated" }).waitFor();
    await row(email).getByText("Leona Park").waitFor();

    // Reset: a new one-time password, which must be changed again.
    await row(email)
      .getByRole("button", { name: `Reset password of ${email}` })
      .click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Reset Password" }).click();
    await toasts(admin).filter({ hasText: "Password reset" }).waitFor();
    const reset = await shownOnce("Password reset");
    expect(reset).not.toBe(initial);
    await signInAgain({ username: email, password: "fresh-pass-1" });
    await person.getByRole("form", { name: "Login" }).getByText("Incorrect email or password.").waitFor();
    await signInAgain({ username: email, password: reset });
    await person.waitForURL(/\/profile\?tab=password$/);

    // Delete: the account can no longer sign in.
    await row(email)
      .getByRole("button", { name: `Delete ${email}` })
      .click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toasts(admin).filter({ hasText: "User deleted" }).waitFor();
    await row(email).waitFor({ state: "detached" });
    await signInAgain({ username: email, password: reset });
    await person.getByRole("form", { name: "Login" }).getByText("Incorrect email or password.").waitFor();
    // Several sign-ins, each with its PIN set-up, and the admin's first sync: 30–48 s when the machine is
    // idle, over a minute when it is loaded.
  }, 150_000);
});
