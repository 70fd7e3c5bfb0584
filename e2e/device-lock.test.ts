import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  ADMIN,
  apiSession,
  cleanDevicePerTest,
  DEVICE_PIN,
  devicePinForm,
  enterDevicePin,
  expectAccessible,
  newClinician,
  newContext,
  signIn,
  toasts,
} from "./support.ts";

let context: BrowserContext;
let page: Page;
cleanDevicePerTest((fresh) => {
  ({ context, page } = fresh);
});

const lockHeading = () => page.getByRole("heading", { name: "Stepwise is locked" });
const synced = () => page.getByRole("status").filter({ hasText: "Synced" }).first().waitFor({ timeout: 60_000 });

/** A clinician of their own with one patient whose names the lock screen must not show. */
async function clinicianWithPatient(prefix: string) {
  const clinician = await newClinician(prefix);
  const api = await apiSession(clinician);
  const me = (await api("GET", "/api/user")).body as { id: string };
  const username = `${prefix}_patient_${Date.now()}`;
  const patient = { first_name: "Zephyrine", last_name: "Quillfeather", age: 15, gender: "female", username };
  expect((await api("POST", "/api/patients", patient)).status).toBe(201);
  return { clinician, userId: me.id, username };
}

/** Signs in, sets the PIN, and opens the patient list with the patient on it. */
async function openPatients(clinician: { username: string; password: string }, username: string) {
  await signIn(page, clinician, { pin: null });
  await page.getByRole("heading", { name: "Set up a device PIN" }).waitFor();
  await enterDevicePin(page);
  await page.goto("/patients");
  // A new page load starts locked: the data key was in the old page's memory only.
  await lockHeading().waitFor();
  await enterDevicePin(page);
  await page.getByRole("cell", { name: username, exact: true }).waitFor();
  await synced();
}

/** Nothing of the patient anywhere in the page's DOM (not only off screen). */
async function expectNoPatientInDom(username: string) {
  const html = await page.content();
  for (const text of ["Zephyrine", "Quillfeather", username]) expect(html).not.toContain(text);
}

async function setHidden(hidden: boolean) {
  await page.evaluate((hide) => {
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (hide ? "hidden" : "visible"),
    });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => hide });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

/** One change made offline that waits in the outbox (the app opens offline from its service worker). */
async function unsentChange() {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await page.getByRole("button", { name: "Edit Zephyrine Quillfeather" }).click();
  await page.getByRole("dialog").getByLabel("Age").fill("16");
  await page.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
  await page.getByRole("cell", { name: "16", exact: true }).waitFor();
}

/** What the device keeps in localStorage for the user `userId` (the lock's last use and last lock). */
const keptForUser = (tab: Page, userId: string) =>
  tab.evaluate((id) => Object.keys(localStorage).filter((key) => key.endsWith(`.${id}`)), userId);

/** Locks this page the way a tablet put down does: hidden for longer than the idle minutes, no timer firing. */
async function lockByHiding() {
  const now = await page.evaluate(() => Date.now());
  await setHidden(true);
  await page.clock.setSystemTime(now + 6 * 60_000);
  await setHidden(false);
  await lockHeading().waitFor();
}

/**
 * Only the session check reaches the server, as on a locked device whose sync engine waits for the
 * data key: so what notices an ended session here is the lock's check, not a pull.
 */
async function withoutSync() {
  await context.route("**/api/**", (route) =>
    new URL(route.request().url()).pathname === "/api/user" ? route.continue() : route.abort(),
  );
}

/** The clinician changes their password on another device: the server ends this device's session. */
async function endSessionElsewhere(clinician: { username: string; password: string }) {
  const elsewhere = await apiSession(clinician);
  const changed = await elsewhere("POST", "/api/user/change-password", {
    current_password: clinician.password,
    new_password: "another-pass-2",
  });
  expect(changed.status).toBe(200);
}

describe("device PIN and lock (shared tablets)", () => {
  it("after the first sign-in on a device, the clinician sets a PIN of at least 6 digits, confirmed", async () => {
    const clinician = await newClinician("pin-set-up");
    await signIn(page, clinician, { pin: null });
    await page.getByRole("heading", { name: "Set up a device PIN" }).waitFor();
    await expectAccessible(page, "PIN set-up");
    const form = devicePinForm(page);
    const pin = form.getByLabel("Device PIN", { exact: true });
    expect(await pin.getAttribute("inputmode")).toBe("numeric");
    // Touch targets: the field and the button are at least 44 px high.
    expect((await pin.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect((await form.getByRole("button", { name: "Set PIN" }).boundingBox())?.height).toBeGreaterThanOrEqual(44);

    // The toggle names what it shows: a PIN, not a password.
    await form.getByRole("button", { name: "Show PIN" }).first().click();
    await form.getByRole("button", { name: "Hide PIN" }).waitFor();
    expect(await pin.getAttribute("type")).toBe("text");

    await pin.fill("12345");
    await form.getByLabel("Confirm device PIN").fill("12345");
    await page.keyboard.press("Enter");
    await form.getByText("The PIN must be at least 6 digits (numbers only)").waitFor();
    expect(await pin.getAttribute("aria-invalid")).toBe("true");

    await pin.fill("123456");
    await form.getByLabel("Confirm device PIN").fill("123465");
    await page.keyboard.press("Enter");
    await form.getByText("The PINs do not match").waitFor();

    await form.getByLabel("Confirm device PIN").fill("123456");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/chat-history$/);
    await page.getByRole("heading", { name: "Chat History", level: 1 }).waitFor();

    // The PIN unlocks the next page load; the sign-in is not asked again.
    await page.reload();
    await lockHeading().waitFor();
    await expectAccessible(page, "lock screen");
    await devicePinForm(page).getByLabel("Device PIN", { exact: true }).fill("123456");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Chat History", level: 1 }).waitFor();
  });

  it("locks after 5 idle minutes without patient data in the DOM; unlocking offline shows the data again", async () => {
    const { clinician, username } = await clinicianWithPatient("idle");
    await page.clock.install();
    await openPatients(clinician, username);

    await context.setOffline(true);
    await page.clock.fastForward("04:30");
    await page.getByRole("cell", { name: username, exact: true }).waitFor();
    expect(await lockHeading().count()).toBe(0);
    await page.clock.fastForward("00:31");
    await lockHeading().waitFor();
    await expectNoPatientInDom(username);

    await devicePinForm(page).getByLabel("Device PIN", { exact: true }).fill(DEVICE_PIN);
    await page.getByRole("button", { name: "Unlock" }).click();
    await page.getByRole("cell", { name: username, exact: true }).waitFor();
    await page.getByText("Zephyrine").first().waitFor();
  });

  it("locks when the page comes back after being hidden for the idle minutes, not after a short while", async () => {
    const { clinician, username } = await clinicianWithPatient("hidden");
    await page.clock.install();
    await openPatients(clinician, username);

    // The system time jumps while hidden (a sleeping tablet): no timer fires, only the page's return tells.
    const now = await page.evaluate(() => Date.now());
    await setHidden(true);
    await page.clock.setSystemTime(now + 2 * 60_000);
    await setHidden(false);
    await page.getByRole("cell", { name: username, exact: true }).waitFor();
    expect(await lockHeading().count()).toBe(0);

    await page.getByRole("heading", { name: "Manage Patients", level: 1 }).click();
    const later = await page.evaluate(() => Date.now());
    await setHidden(true);
    await page.clock.setSystemTime(later + 6 * 60_000);
    await setHidden(false);
    await lockHeading().waitFor();
    await expectNoPatientInDom(username);
  });

  it("five wrong PINs wipe the device's copy after warning of the unsent changes, and ask for the full sign-in", async () => {
    const { clinician, userId, username } = await clinicianWithPatient("wipe");
    await openPatients(clinician, username);

    await unsentChange();

    await page.reload();
    await lockHeading().waitFor();
    const form = devicePinForm(page);
    for (const left of [4, 3, 2, 1]) {
      await form.getByLabel("Device PIN", { exact: true }).fill("000000");
      await page.keyboard.press("Enter");
      await form.getByText(`Wrong PIN. ${left} attempt${left === 1 ? "" : "s"} left.`).waitFor();
    }
    await form
      .getByText(
        "One attempt left. Another wrong PIN deletes this device's copy of your data, including 1 unsent change that will be lost, and you will need to sign in again.",
      )
      .waitFor();

    // Back online for the last try, so the sign-out reaches the server too.
    await context.setOffline(false);
    await form.getByLabel("Device PIN", { exact: true }).fill("999999");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/auth$/);
    await page
      .getByText("Too many wrong PINs: this device's copy of your data was deleted. Sign in again to continue.")
      .waitFor();
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(databases).not.toContain(`stepwise-${userId}`);
    // Signed out on the server too: the session cookie no longer opens the API.
    expect(await page.evaluate(async () => (await fetch("/api/user")).status)).toBe(401);
  });

  it("a locked device whose session ended asks for the full sign-in, and the device keeps its PIN", async () => {
    const { clinician, username } = await clinicianWithPatient("session-ended");
    await openPatients(clinician, username);
    // The session ends on the server (here: signed out from elsewhere) while the tablet sits locked.
    await page.reload();
    await lockHeading().waitFor();
    await page.evaluate(async () => {
      await fetch("/api/logout", { method: "POST" });
    });
    await page.reload();
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    await signIn(page, clinician, { pin: null });
    // The PIN set on this device still unlocks it: no new set-up.
    await lockHeading().waitFor();
    await enterDevicePin(page);
    await page.goto("/patients");
    await lockHeading().waitFor();
    await enterDevicePin(page);
    await page.getByRole("cell", { name: username, exact: true }).waitFor();
  });

  it("a locked device whose server session ended asks for the full sign-in once online, and keeps its copy", async () => {
    const { clinician, userId, username } = await clinicianWithPatient("session-online");
    await openPatients(clinician, username);
    await withoutSync();
    // Reopened offline (from the service worker): the lock screen's own check cannot run yet.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    await page.reload();
    await lockHeading().waitFor();
    await endSessionElsewhere(clinician);
    // Offline nothing can tell: the lock screen stays.
    await page.waitForTimeout(1_000);
    expect(await lockHeading().count()).toBe(1);

    await context.setOffline(false);
    await page.waitForURL(/\/auth$/, { timeout: 10_000 });
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    expect(await page.content()).not.toContain(username);
    // An ended session is not a sign-out: the device's copy waits for the next sign-in.
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(databases).toContain(`stepwise-${userId}`);
  });

  it("a lock screen that opens on an ended session goes to the sign-in page", async () => {
    const { clinician, username } = await clinicianWithPatient("session-lock");
    await page.clock.install();
    await openPatients(clinician, username);
    await withoutSync();
    await endSessionElsewhere(clinician);
    await page.clock.fastForward("05:01");
    await page.waitForURL(/\/auth$/, { timeout: 10_000 });
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
  });

  it("a device left locked online notices within minutes that its session ended", async () => {
    const { clinician, username } = await clinicianWithPatient("session-wait");
    await page.clock.install();
    await openPatients(clinician, username);
    await withoutSync();
    // The check as the lock screen opens finds the session still open.
    const checked = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/user");
    await page.clock.fastForward("05:01");
    await lockHeading().waitFor();
    expect((await checked).status()).toBe(200);
    await endSessionElsewhere(clinician);
    await page.clock.fastForward("01:00");
    expect(await lockHeading().count()).toBe(1);
    await page.clock.fastForward("01:01");
    await page.waitForURL(/\/auth$/, { timeout: 10_000 });
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
  });

  it("the idle minutes an admin sets on the Settings page reach the tablets", async () => {
    const { clinician, username } = await clinicianWithPatient("setting");
    const admin = await apiSession(ADMIN);
    try {
      await signIn(page, ADMIN);
      await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
      await page.goto("/admin/settings");
      const minutes = page.getByLabel("Lock devices after (minutes without use)");
      await minutes.fill("0");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await page.getByText("lock_idle_minutes must be a whole number of minutes from 1 to 60").waitFor();
      await minutes.fill("1");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await toasts(page).filter({ hasText: "Settings saved" }).waitFor();
      await expectAccessible(page, "/admin/settings");

      // The clinician's tablet, a device of its own.
      const tablet = await newContext(page.context().browser()!);
      page = await tablet.newPage();
      await page.clock.install();
      await openPatients(clinician, username);
      await page.clock.fastForward("01:01");
      await lockHeading().waitFor();
      await expectNoPatientInDom(username);
      await tablet.close();
    } finally {
      await admin("PUT", "/api/admin/settings", { lock_idle_minutes: 5 });
    }
    // The admin's own first sync (every patient) comes first: 33–47 s on a loaded machine.
  }, 150_000);
});

describe("the lock screen of a shared tablet", () => {
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
