import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { deviceLockSteps } from "./device-lock-support.ts";
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
const {
  lockHeading,
  clinicianWithPatient,
  openPatients,
  expectNoPatientInDom,
  setHidden,
  lockByHiding,
  unsentChange,
  withoutSync,
  endSessionElsewhere,
} = deviceLockSteps(() => ({ page, context }));

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

  it("keeps Chat History's search ready between visits, and ends it, with the data key it holds, at the lock", async () => {
    const { clinician, username } = await clinicianWithPatient("kept-search");
    await page.clock.install();
    await openPatients(clinician, username);
    const searches = () => page.workers().filter((w) => w.url().includes("search.worker"));
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Chat History" }).click();
    await page.getByRole("heading", { name: "Chat History", level: 1 }).waitFor();
    await expect.poll(() => searches().length).toBe(1);
    const first = searches()[0];

    // Away and back: the same worker answers, its index not built again.
    await nav.getByRole("link", { name: "Manage Patients" }).click();
    await page.getByRole("cell", { name: username, exact: true }).waitFor();
    await nav.getByRole("link", { name: "Chat History" }).click();
    await page.getByText("No conversations found", { exact: true }).first().waitFor();
    expect(searches()).toEqual([first]);

    // Locked from Manage Patients, where no page uses the search: it ends all the same.
    await nav.getByRole("link", { name: "Manage Patients" }).click();
    await page.getByRole("cell", { name: username, exact: true }).waitFor();
    await lockByHiding();
    await expect.poll(() => searches().length).toBe(0);
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
