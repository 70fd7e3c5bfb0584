import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { deviceLockSteps } from "./device-lock-support.ts";
import {
  cleanDevicePerTest,
  DEVICE_PIN,
  devicePinForm,
  enterDevicePin,
  expectAccessible,
  signIn,
  toasts,
} from "./support.ts";

// The lock screen of a shared tablet: signing out from it, toasts, every tab of the user, keyboard and touch.
let context: BrowserContext;
let page: Page;
cleanDevicePerTest((fresh) => {
  ({ context, page } = fresh);
});
const {
  lockHeading,
  clinicianWithPatient,
  openPatients,
  expectNoPatientInDom,
  unsentChange,
  keptForUser,
  lockByHiding,
} = deviceLockSteps(() => ({ page, context }));

describe("the lock screen of a shared tablet", () => {
  it("opens, and after the PIN the clinician's patients, while the session check hangs on a stalled connection", async () => {
    const { clinician, username } = await clinicianWithPatient("lock-stalled");
    await openPatients(clinician, username);
    // A connection that takes the request and never answers: the check waits for its time-out (10 s).
    await context.route("**/api/user", () => {});
    await page.reload();
    await lockHeading().waitFor({ timeout: 4_000 });
    await enterDevicePin(page);
    await page.getByRole("cell", { name: username, exact: true }).waitFor({ timeout: 4_000 });
  });

  it("between the PIN and the app, the lock card says the app opens and keeps its size", async () => {
    const { clinician } = await clinicianWithPatient("lock-opening");
    await signIn(page, clinician, { pin: null });
    await devicePinForm(page).waitFor();
    // Every height the card had while the PIN set-up showed, and whether it said the app opens.
    await page.evaluate(() => {
      const w = window as unknown as { __card: { heights: number[]; opening: boolean } };
      w.__card = { heights: [], opening: false };
      new MutationObserver(() => {
        const card = document.querySelector("main h1")?.closest(".rounded-lg");
        if (!card || document.querySelector("main h1")?.textContent !== "Set up a device PIN") return;
        if (card.querySelector('[role="status"]')?.textContent === "Opening Stepwise…") w.__card.opening = true;
        const height = Math.round(card.getBoundingClientRect().height);
        if (w.__card.heights.at(-1) !== height) w.__card.heights.push(height);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await enterDevicePin(page);
    await page.getByRole("heading", { name: "Chat History", level: 1 }).waitFor();
    const card = await page.evaluate(
      () => (window as unknown as { __card: { heights: number[]; opening: boolean } }).__card,
    );
    expect(card.opening).toBe(true);
    expect(card.heights).toHaveLength(1);
  });

  it("signs out without the PIN, after saying what is lost: the device's copy goes and the sign-in page shows", async () => {
    const { clinician, userId, username } = await clinicianWithPatient("lock-sign-out");
    await openPatients(clinician, username);
    await unsentChange();
    await page.reload();
    await lockHeading().waitFor();

    await page.getByRole("button", { name: "Forgot PIN?" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("heading", { name: "Forgot your PIN?" }).waitFor();
    await dialog
      .getByText(
        "You choose a new PIN after signing in again. Signing out deletes this device's copy of your data, including 1 unsent change that will be lost, and you will need to sign in again.",
      )
      .waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await lockHeading().waitFor();

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await dialog.getByRole("heading", { name: "Sign out of this device?" }).waitFor();
    await dialog
      .getByText(
        "Signing out deletes this device's copy of your data, including 1 unsent change that will be lost, and you will need to sign in again.",
      )
      .waitFor();
    await expectAccessible(page, "sign-out from the lock screen");
    await context.setOffline(false);
    await dialog.getByRole("button", { name: "Sign out", exact: true }).click();

    await page.waitForURL(/\/auth$/);
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    // A sign-out the user chose is not explained as too many wrong PINs.
    expect(await page.getByText("Too many wrong PINs").count()).toBe(0);
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(databases).not.toContain(`stepwise-${userId}`);
    expect(await keptForUser(page, userId)).toEqual([]);
    expect(await page.evaluate(async () => (await fetch("/api/user")).status)).toBe(401);
    // The next sign-in on this device starts with a new PIN.
    await signIn(page, clinician, { pin: null });
    await page.getByRole("heading", { name: "Set up a device PIN" }).waitFor();
  });

  it("takes the toasts off the screen when it locks: they may name a patient", async () => {
    const { clinician, username } = await clinicianWithPatient("lock-toasts");
    await page.clock.install();
    await openPatients(clinician, username);
    await page.getByRole("button", { name: "Edit Zephyrine Quillfeather" }).click();
    await page.getByRole("dialog").getByLabel("Age").fill("16");
    await page.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
    const toast = toasts(page).first();
    await toast.waitFor();
    const text = (await toast.textContent()) ?? "";
    expect(text).not.toBe("");

    await lockByHiding();
    expect(await page.locator("[data-sonner-toast]").count()).toBe(0);
    expect(await page.content()).not.toContain(text);
    await expectNoPatientInDom(username);
  });

  it("locks every tab of the user when one locks, use in any tab keeps them all open, a sign-out signs out all", async () => {
    const { clinician, username } = await clinicianWithPatient("lock-tabs");
    await page.clock.install();
    await openPatients(clinician, username);
    const first = page;
    const second = await context.newPage();
    await second.goto("/patients");
    await second.getByRole("heading", { name: "Stepwise is locked" }).waitFor();
    await enterDevicePin(second);
    await second.getByRole("cell", { name: username, exact: true }).waitFor();

    // Four idle minutes, then a touch in the first tab: the second, untouched for 5½ minutes, stays open.
    await first.clock.fastForward("04:00");
    await first.getByRole("heading", { name: "Manage Patients", level: 1 }).click();
    await first.clock.fastForward("01:30");
    await second.getByRole("cell", { name: username, exact: true }).waitFor();
    expect(await second.getByRole("heading", { name: "Stepwise is locked" }).count()).toBe(0);
    expect(await lockHeading().count()).toBe(0);

    // The first tab locks (put down for longer than the idle minutes; no timer fires): so does the second.
    await lockByHiding();
    await second.getByRole("heading", { name: "Stepwise is locked" }).waitFor();
    for (const text of ["Zephyrine", "Quillfeather", username]) expect(await second.content()).not.toContain(text);

    // Unlocking is per tab: the PIN entered in one tab does not open the other.
    await enterDevicePin(first);
    await first.getByRole("cell", { name: username, exact: true }).waitFor();
    expect(await second.getByRole("heading", { name: "Stepwise is locked" }).count()).toBe(1);

    // Signing out from the lock screen of one tab (the device's copy goes) takes the others to sign-in.
    await second.getByRole("button", { name: "Sign out", exact: true }).click();
    await second.getByRole("alertdialog").getByRole("button", { name: "Sign out", exact: true }).click();
    await second.waitForURL(/\/auth$/);
    await first.waitForURL(/\/auth$/, { timeout: 5_000 });
    await first.getByRole("button", { name: "Login", exact: true }).waitFor();
    expect(await first.content()).not.toContain(username);
  });

  it("the menu's Logout signs the user's other tabs out too and leaves nothing of the user's lock behind", async () => {
    const { clinician, userId, username } = await clinicianWithPatient("logout-tabs");
    await page.clock.install();
    await openPatients(clinician, username);
    const second = await context.newPage();
    await second.goto("/patients");
    await enterDevicePin(second);
    // One lock of both tabs, so the lock's last use and last lock are both on the device.
    await lockByHiding();
    await enterDevicePin(page);
    await enterDevicePin(second);
    await second.getByRole("cell", { name: username, exact: true }).waitFor();
    expect((await keptForUser(page, userId)).sort()).toEqual([
      `stepwise.lastUse.${userId}`,
      `stepwise.lockedAt.${userId}`,
    ]);

    await page.getByRole("button", { name: /Account menu for/ }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await second.waitForURL(/\/auth$/, { timeout: 5_000 });
    await second.getByRole("button", { name: "Login", exact: true }).waitFor();
    expect(await second.content()).not.toContain(username);
    expect(await keptForUser(second, userId)).toEqual([]);
  });

  it("is usable by keyboard and touch: the PIN field has focus, Enter submits, errors belong to the field", async () => {
    const { clinician, username } = await clinicianWithPatient("lock-keyboard");
    await openPatients(clinician, username);
    await page.reload();
    await lockHeading().waitFor();

    const pin = devicePinForm(page).getByLabel("Device PIN", { exact: true });
    await pin.waitFor();
    // Focused once painted (a frame after it shows), without a click.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    expect(await pin.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await pin.getAttribute("inputmode")).toBe("numeric");
    expect(await pin.getAttribute("autocomplete")).toBe("off");
    const targets = [
      pin,
      page.getByRole("button", { name: "Show PIN" }),
      page.getByRole("button", { name: "Unlock" }),
      page.getByRole("button", { name: "Forgot PIN?" }),
      page.getByRole("button", { name: "Sign out", exact: true }),
    ];
    for (const target of targets) {
      const box = await target.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(48);
      expect(box?.width).toBeGreaterThanOrEqual(48);
    }
    // Each of them shows where the keyboard is, in the order they are on screen.
    for (const target of targets) {
      if (target !== pin) await page.keyboard.press("Tab");
      expect(await target.evaluate((el) => el === document.activeElement)).toBe(true);
      const outline = await target.evaluate((el) => getComputedStyle(el).outlineStyle);
      expect(outline).not.toBe("none");
    }

    await pin.focus();
    await page.keyboard.type("000000");
    await page.keyboard.press("Enter");
    const error = page.getByRole("alert").filter({ hasText: "Wrong PIN. 4 attempts left." });
    await error.waitFor();
    const describedBy = (await pin.getAttribute("aria-describedby")) ?? "";
    expect(describedBy.split(" ")).toContain(await error.getAttribute("id"));
    expect(await pin.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page, "lock screen after a wrong PIN");

    await page.keyboard.type(DEVICE_PIN);
    await page.keyboard.press("Enter");
    await page.getByRole("cell", { name: username, exact: true }).waitFor();
  });
});
