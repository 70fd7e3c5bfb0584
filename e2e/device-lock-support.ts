// The device-lock browser tests' shared steps (device-lock.test.ts, lock-screen.test.ts), on the
// page and context each test file holds for its current test.
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { apiSession, enterDevicePin, newClinician, signIn } from "./support.ts";

export function deviceLockSteps(current: () => { page: Page; context: BrowserContext }) {
  const lockHeading = () => current().page.getByRole("heading", { name: "Stepwise is locked" });
  const synced = () =>
    current().page.getByRole("status").filter({ hasText: "Synced" }).first().waitFor({ timeout: 60_000 });

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
    const { page } = current();
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
    const html = await current().page.content();
    for (const text of ["Zephyrine", "Quillfeather", username]) expect(html).not.toContain(text);
  }

  async function setHidden(hidden: boolean) {
    await current().page.evaluate((hide) => {
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
    const { page, context } = current();
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
    const { page } = current();
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
    await current().context.route("**/api/**", (route) =>
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

  return {
    lockHeading,
    clinicianWithPatient,
    openPatients,
    expectNoPatientInDom,
    setHidden,
    unsentChange,
    keptForUser,
    lockByHiding,
    withoutSync,
    endSessionElsewhere,
  };
}
