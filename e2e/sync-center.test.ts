import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  apiSession,
  cleanDevicePerTest,
  expectAccessible,
  newClinician,
  newContext,
  signIn,
  toasts,
} from "./support.ts";

let browser: Browser;
let context: BrowserContext;
let page: Page;
cleanDevicePerTest((fresh) => {
  ({ browser, context, page } = fresh);
});

const syncLine = (p = page) => p.getByRole("button", { name: /^Sync: / });
const synced = (p = page) => p.getByRole("status").filter({ hasText: "Synced" }).first().waitFor({ timeout: 60_000 });

/** A clinician of their own with one patient (Omar Diaz) and one homework assignment, made through the API. */
async function clinicianWithHomework(prefix: string) {
  const clinician = await newClinician(prefix);
  const api = await apiSession(clinician);
  const username = `${prefix}_${Date.now()}`;
  const patient = { first_name: "Omar", last_name: "Diaz", age: 15, gender: "male", username };
  expect((await api("POST", "/api/patients", patient)).status).toBe(201);
  const created = await api("POST", "/api/homework", {
    patientName: username,
    fear: "Crowds",
    exposurePractice: "Walk through the mall",
    frequency: "once a week",
    roundNumber: 2,
    roundDuration: "10 minutes",
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const onServer = async () => (await api("GET", `/api/homework/patient/${username}`)).body[0]?.exposurePractice;
  return { clinician, api, username, id, onServer };
}

async function openPatients(user: { username: string; password: string }, p = page) {
  await signIn(p, user);
  await p.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await p.goto("/patients");
  await p.getByRole("heading", { name: "Manage Patients", level: 1 }).waitFor();
  await synced(p);
}

/** Edits the exposure practice in the patient's Homework dialog, as the clinician would, then closes it. */
async function editExposurePractice(text: string, p = page) {
  await p.getByRole("button", { name: "Homework for Omar Diaz" }).click();
  const dialog = p.getByRole("dialog");
  await dialog.getByRole("button", { name: "Edit homework assignment" }).click();
  await dialog.getByLabel("Exposure practice").fill(text);
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.getByText(text).waitFor();
  await p.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
}

/** This tablet goes offline and edits; `meanwhile` changes the same homework elsewhere; back online, a conflict. */
async function conflictOver(mine: string, meanwhile: () => Promise<unknown>) {
  await context.setOffline(true);
  await editExposurePractice(mine);
  await page.getByRole("status").filter({ hasText: "Offline" }).first().waitFor();
  await meanwhile();
  await context.setOffline(false);
  await syncLine().filter({ hasText: "1 conflict" }).waitFor({ timeout: 60_000 });
}

describe("Sync panel", () => {
  it("an offline edit that meets another change becomes a conflict the clinician resolves either way", async () => {
    const { clinician, api, username, id, onServer } = await clinicianWithHomework("conflict");
    await openPatients(clinician);
    // The same clinician on a second tablet.
    const laptop = await newContext(browser);
    const other = await laptop.newPage();
    await openPatients(clinician, other);

    await conflictOver("Ride the train", async () => {
      await editExposurePractice("Ride the bus", other);
      await synced(other);
      await expect.poll(onServer, { timeout: 30_000 }).toBe("Ride the bus");
    });
    await syncLine().click();
    const panel = page.getByRole("dialog", { name: "Sync" });
    const card = panel.getByRole("listitem", { name: `Conflict: Homework for ${username}` });
    await card
      .getByText(
        `Homework for ${username}: you changed exposure practice to “Ride the train”, someone else changed it to “Ride the bus”.`,
      )
      .waitFor();
    const row = card.getByRole("row", { name: /Exposure practice/ });
    expect(await row.getByRole("cell").allTextContents()).toEqual(["Ride the train", "Ride the bus"]);
    await expectAccessible(page, "sync panel with a conflict");
    await card.getByRole("button", { name: "Use theirs" }).click();
    await toasts(page).filter({ hasText: "The other version was kept" }).waitFor();
    await panel.getByText("No conflicts and no refused changes.").waitFor();
    await page.keyboard.press("Escape");
    await synced();
    expect(await onServer()).toBe("Ride the bus");

    await laptop.close();
    await conflictOver("Walk to school", () => api("PUT", `/api/homework/${id}`, { exposurePractice: "Take a taxi" }));
    await syncLine().click();
    await panel.getByRole("button", { name: "Keep mine" }).click();
    await toasts(page).filter({ hasText: "Your version was kept" }).waitFor();
    await expect.poll(onServer, { timeout: 30_000 }).toBe("Walk to school");
    await page.keyboard.press("Escape");
    await synced();
    await page.getByRole("button", { name: "Homework for Omar Diaz" }).click();
    await page.getByRole("dialog").getByText("Walk to school").waitFor();
  });

  it("on a phone the conflict's table fits its card, even with long unbroken values; the page never scrolls sideways", async () => {
    const { clinician, api, id } = await clinicianWithHomework("conflict_phone");
    await page.setViewportSize({ width: 390, height: 844 });
    await openPatients(clinician);
    const mine = "https://example.org/exposure/steps/ride-the-crowded-downtown-bus-at-rush-hour-twice";
    const theirs = "https://example.org/exposure/steps/walk-through-the-busy-shopping-mall-on-saturday";
    await conflictOver(mine, () => api("PUT", `/api/homework/${id}`, { exposurePractice: theirs }));
    await syncLine().click();
    const panel = page.getByRole("dialog", { name: "Sync" });
    const card = panel.getByRole("listitem", { name: /^Conflict: / });
    await card.getByRole("row", { name: /Exposure practice/ }).waitFor();
    const widths = await card.evaluate((li) => {
      const dialog = li.closest('[role="dialog"]') as HTMLElement;
      const scroller = li.querySelector("table")?.parentElement as HTMLElement;
      const box = li.getBoundingClientRect();
      const table = scroller.getBoundingClientRect();
      return {
        page: document.documentElement.scrollWidth,
        dialog: [dialog.scrollWidth, dialog.clientWidth],
        card: [li.scrollWidth, li.clientWidth],
        tableInCard: table.left >= box.left && table.right <= box.right,
        tableScrolls: scroller.scrollWidth > scroller.clientWidth,
      };
    });
    expect(widths.page, "the page scrolls sideways").toBeLessThanOrEqual(390);
    expect(widths.dialog[0], "the Sync panel scrolls sideways").toBeLessThanOrEqual(widths.dialog[1]);
    expect(widths.card[0], "the conflict card overflows").toBeLessThanOrEqual(widths.card[1]);
    expect(widths.tableInCard, "the table leaves its card").toBe(true);
    // The long values are read by scrolling the table inside the card.
    expect(widths.tableScrolls).toBe(true);
    // Both versions are there to read, and both choices within reach.
    const row = card.getByRole("row", { name: /Exposure practice/ });
    expect(await row.getByRole("cell").allTextContents()).toEqual([mine, theirs]);
    for (const name of ["Keep mine", "Use theirs"]) {
      const button = await card.getByRole("button", { name }).boundingBox();
      expect(button!.x + button!.width, name).toBeLessThanOrEqual(390);
    }
    await expectAccessible(page, "sync panel with a conflict on a phone");
  });

  it("a change the server did not get warns once that storage may be cleared; signing out asks first, and only an explicit discard drops it", async () => {
    const { clinician, onServer } = await clinicianWithHomework("signout");
    await openPatients(clinician);
    // The server stops taking homework changes (a broken connection for writes); reads and sign-out still work.
    await page.route("**/api/homework/*", (route) =>
      route.request().method() === "PUT" ? route.abort("connectionreset") : route.fallback(),
    );
    await editExposurePractice("Ride the train");
    // Headless Chromium does not promise to keep storage, as Safari does not for a site that is not installed.
    expect(await page.evaluate(() => navigator.storage.persisted())).toBe(false);
    await toasts(page)
      .filter({ hasText: "This browser may clear Stepwise's offline data. Install Stepwise to keep it safe." })
      .waitFor({ timeout: 30_000 });
    await syncLine().click();
    const panel = page.getByRole("dialog", { name: "Sync" });
    await panel
      .getByRole("note")
      .getByText("This browser may clear Stepwise's offline data.", { exact: false })
      .waitFor();
    await panel.getByText("1 change", { exact: true }).waitFor();
    await expectAccessible(page, "sync panel with the storage warning");
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });

    const logout = async () => {
      await page.getByRole("button", { name: /^Account menu for/ }).click();
      await page.getByRole("menuitem", { name: "Logout" }).click();
      return page.getByRole("alertdialog", { name: "1 change has not been sent yet" });
    };
    let ask = await logout();
    await ask.waitFor({ timeout: 30_000 });
    await expectAccessible(page, "sign-out with unsent changes");
    await ask.getByRole("button", { name: "Cancel" }).click();
    await ask.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/patients");

    ask = await logout();
    await ask.getByRole("button", { name: "Try to sync" }).click();
    await ask.getByText("1 change still has not been sent.", { exact: false }).waitFor({ timeout: 30_000 });
    await ask.getByRole("button", { name: "Discard and sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("link", { name: "Login" }).first().waitFor();
    const stores = await page.evaluate(async () =>
      (await indexedDB.databases()).map((d) => d.name).filter((n) => n?.startsWith("stepwise-")),
    );
    expect(stores).toEqual([]);
    expect(await onServer()).toBe("Walk through the mall");
  });

  it("signing out after the changes reached the server does not ask", async () => {
    const { clinician, onServer } = await clinicianWithHomework("signout_sent");
    await openPatients(clinician);
    await context.setOffline(true);
    await editExposurePractice("Ride the train");
    await context.setOffline(false);
    await synced();
    await page.getByRole("button", { name: /^Account menu for/ }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect(await onServer()).toBe("Ride the train");
  });
});
