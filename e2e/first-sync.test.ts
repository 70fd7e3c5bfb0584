import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { storedRows } from "./browser.ts";
import {
  ADMIN,
  apiSession,
  baseURL,
  cleanDevicePerTest,
  enterDevicePin,
  expectAccessible,
  gate,
  newClinician,
  signIn,
} from "./support.ts";

let browser: Browser;
let context: BrowserContext;
let page: Page;
cleanDevicePerTest((fresh) => {
  ({ browser, context, page } = fresh);
});

const MESSAGES = 240;

/** A clinician of their own with one patient, homework and 240 messages (24 conversations) from the agent. */
async function clinicianWithConversations(prefix: string) {
  const clinician = await newClinician(prefix);
  const api = await apiSession(clinician);
  const username = `${prefix}_${Date.now()}`;
  const patient = { first_name: "Lena", last_name: "Park", age: 16, gender: "female", username };
  expect((await api("POST", "/api/patients", patient)).status).toBe(201);
  const homework = { patientName: username, fear: "Crowds", exposurePractice: "Walk through the mall" };
  expect((await api("POST", "/api/homework", { ...homework, frequency: "once a week", roundNumber: 1 })).status).toBe(
    201,
  );
  const admin = await apiSession(ADMIN);
  const { body: agentKey } = await admin("POST", "/api/admin/agent-keys", { name: `first sync ${prefix}` });
  const messages = Array.from({ length: MESSAGES }, (_, i) => ({
    conversation_id: `${username}-c${Math.floor(i / 10)}`,
    patient_name: username,
    data_type: i % 2 ? "agent" : "user",
    serial_num: i % 10,
    data: `Message ${i}`,
    timestamp: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
  }));
  const sent = await fetch(`${baseURL()}/api/agent/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${agentKey.key}` },
    body: JSON.stringify(messages),
  });
  expect(await sent.json()).toMatchObject({ inserted: MESSAGES });
  const { body: user } = await api("GET", "/api/user");
  return { clinician, userId: user.id as string, username };
}

/**
 * Pull pages of 20 rows, each a little slow, so a first sync of a few hundred rows is watchable;
 * records the row ids of every page the device received and the cursor of every pull.
 */
async function slowSmallPages(onPull?: (n: number, route: Route) => Promise<boolean>) {
  const seen = { pulls: [] as string[], received: [] as string[] };
  await context.route("**/api/sync/pull?**", async (route) => {
    const url = new URL(route.request().url());
    seen.pulls.push(url.searchParams.get("cursor") ?? "");
    if (onPull && (await onPull(seen.pulls.length, route))) return;
    url.searchParams.set("limit", "20");
    const response = await route.fetch({ url: url.toString() });
    const body = await response.json();
    await new Promise((resolve) => setTimeout(resolve, 150));
    for (const rows of Object.values(body.changes) as { id: string }[][]) seen.received.push(...rows.map((r) => r.id));
    await route.fulfill({ response, json: body }).catch(() => {});
  });
  return seen;
}

/** A first visit whose service worker does not hold the files yet: blocked here, so nothing is precached. */
async function onFirstVisit(run: () => Promise<void>) {
  context = await browser.newContext({ baseURL: baseURL(), serviceWorkers: "block" });
  page = await context.newPage();
  try {
    await run();
  } finally {
    await context.close();
  }
}

const statusLine = () => page.getByRole("button", { name: /^Sync: / });
const synced = () => page.getByRole("status").filter({ hasText: "Synced" }).first().waitFor({ timeout: 60_000 });

/** Messages in the device's store, read straight from IndexedDB. */
const storedMessages = (userId: string) => storedRows(page, userId, "conversation_messages");

/** The stored (sealed) bytes of the first conversation's messages, as text: new ones mean they were dropped and pulled again. */
const firstSealed = (tab: Page, userId: string) =>
  tab.evaluate(
    (name) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction("message_groups").objectStore("message_groups").openCursor();
          read.onsuccess = () => {
            const sealed = (read.result?.value as { _sealed?: Uint8Array } | undefined)?._sealed;
            resolve(sealed ? Array.from(sealed).join(",") : "");
            open.result.close();
          };
        };
      }),
    `stepwise-${userId}`,
  );

describe("First sync", () => {
  it("the sync status shows what is downloading and how much is left, Chat History says conversations are still arriving, and both go once synced", async () => {
    const { clinician } = await clinicianWithConversations("progress");
    // The sync waits after its third page until the screens were checked: on a fast (or a busy)
    // machine a first sync of 240 rows could otherwise end before the panel or the page opened.
    const { held: checked, release } = gate();
    await slowSmallPages(async (n) => {
      if (n > 3) await checked;
      return false;
    });
    await signIn(page, clinician);
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"));

    await statusLine()
      .filter({ hasText: new RegExp(`Downloading [\\d,]+ of ${MESSAGES.toLocaleString("en-US")} messages`) })
      .waitFor({ timeout: 30_000 });
    if (process.env.SHOT) await page.screenshot({ path: "/tmp/sp-topbar.png" });
    await expectAccessible(page, "status line during a first sync"); // its words are in its name
    await statusLine().click();
    const panel = page.getByRole("dialog", { name: "Sync" });
    await panel.getByRole("progressbar", { name: "First sync" }).waitFor();
    await panel.getByText(/items? left to download/).waitFor();
    if (process.env.SHOT) await page.screenshot({ path: "/tmp/sp-panel.png" });
    await expectAccessible(page, "sync panel during a first sync");
    await page.keyboard.press("Escape");

    await page.getByRole("link", { name: "Chat History" }).first().click();
    await page.getByText(/Older conversations are still arriving/).waitFor();

    release();
    await synced();
    expect(await page.getByText(/still arriving/).count()).toBe(0);
    expect(await statusLine().textContent()).not.toContain("Downloading");
    await statusLine().click();
    await panel.getByText("Synced", { exact: true }).waitFor();
    expect(await panel.getByRole("progressbar").count()).toBe(0);
  });

  it("a first sync cut off by going offline resumes where it stopped and ends with every row once", async () => {
    const { clinician, userId } = await clinicianWithConversations("resume");
    let cut = false;
    const seen = await slowSmallPages(async (n, route) => {
      if (n !== 5 || cut) return false;
      cut = true;
      await context.setOffline(true);
      await route.abort("internetdisconnected");
      return true;
    });
    await signIn(page, clinician);
    await page.getByRole("status").filter({ hasText: "Offline" }).first().waitFor({ timeout: 30_000 });
    const before = seen.pulls.length;
    const stored = await storedMessages(userId);
    expect(stored).toBeLessThan(MESSAGES);

    await context.setOffline(false);
    await synced();
    expect(seen.pulls[before]).not.toBe("");
    expect(seen.received).toHaveLength(new Set(seen.received).size);
    expect(await storedMessages(userId)).toBe(MESSAGES);
  });

  it("a connection lost before the app's files are on the device leaves a part waiting, not the app broken, and the part loads once back", () =>
    onFirstVisit(async () => {
      const { clinician } = await clinicianWithConversations("chunk");
      await slowSmallPages();
      // The drop catches the fetch of the account menu, a part the top bar loads after the page.
      const menuFile = "**/assets/account-menu-*.js";
      await context.route(menuFile, async (route) => {
        await context.unroute(menuFile);
        await context.setOffline(true);
        await route.abort("internetdisconnected");
      });
      await signIn(page, clinician);
      await page.getByRole("status").filter({ hasText: "Offline" }).first().waitFor({ timeout: 30_000 });
      const account = page.getByRole("button", { name: /^Account menu for / });
      await account.waitFor();
      expect(await account.isDisabled()).toBe(true);
      expect(await page.getByText("Stepwise stopped working").count()).toBe(0);

      await context.setOffline(false);
      await expect.poll(() => account.isEnabled(), { timeout: 15_000 }).toBe(true);
      await account.click();
      await page.getByRole("menuitem", { name: "Logout" }).waitFor();
      await page.keyboard.press("Escape");
      await synced();
    }));

  it("a sign-in starts the first sync while the signed-in screens' code is still on the way", () =>
    onFirstVisit(async () => {
      const { clinician, userId } = await clinicianWithConversations("early");
      const { held, release } = gate();
      await context.route("**/assets/signed-in-layout-*.js", async (route) => {
        await held;
        await route.continue();
      });
      const seen = await slowSmallPages();
      await signIn(page, clinician);
      // The device asks for its first page before the frame (and the PIN set-up in it) can show.
      await expect.poll(() => seen.pulls.length, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(seen.pulls[0]).toBe("");
      expect(await page.getByRole("form", { name: "Set up device PIN" }).count()).toBe(0);

      release();
      await synced();
      expect(await storedMessages(userId)).toBe(MESSAGES);
      expect(seen.received).toHaveLength(new Set(seen.received).size);
    }));

  it("a connection lost before the search worker's file is on the device leaves Chat History loading, and it searches once back", () =>
    onFirstVisit(async () => {
      const { clinician, username } = await clinicianWithConversations("searchfile");
      await signIn(page, clinician);
      await synced();
      // The page signed in on has its search worker (it lists the conversations): the cut below is the next page's.
      await page.getByText(`${username}-c23`).first().waitFor();
      // Chat History's page loads; the drop catches the fetch of its search worker.
      let cut = false;
      await context.route("**/assets/search.worker-*.js", async (route) => {
        if (cut) return route.continue();
        cut = true;
        await context.setOffline(true);
        await route.abort("internetdisconnected");
      });
      await page.goto("/chat-history");
      await page.getByRole("heading", { name: "Chat History", level: 1 }).waitFor();
      await expect.poll(() => cut, { timeout: 30_000 }).toBe(true);
      await page.getByText("Loading conversations…").first().waitFor({ timeout: 30_000 });
      expect(await page.getByText("Stepwise stopped working").count()).toBe(0);

      await context.setOffline(false);
      await page.getByText(`${username}-c23`).first().waitFor({ timeout: 15_000 });
    }));

  it("a connection lost before the sync worker's file is on the device keeps an edit made meanwhile, and sends it once back", () =>
    onFirstVisit(async () => {
      const { clinician, username } = await clinicianWithConversations("syncfile");
      await signIn(page, clinician);
      await synced();
      await page.goto("/patients");
      await page.getByRole("cell", { name: username, exact: true }).waitFor();
      // The page loads again; its sync worker's file is held back while the clinician edits, then lost.
      let cut = false;
      let letGo = () => {};
      const edited = new Promise<void>((resolve) => {
        letGo = resolve;
      });
      await context.route("**/assets/sync.worker-*.js", async (route) => {
        if (cut) return route.continue();
        cut = true;
        await edited;
        await context.setOffline(true);
        await route.abort("internetdisconnected");
      });
      await page.reload();
      await page.getByRole("button", { name: "Edit Lena Park" }).click();
      await page.getByRole("dialog").getByLabel("Age").fill("17");
      await page.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
      // Saved on the device while the worker that sends it is still loading.
      await page.getByRole("dialog").waitFor({ state: "hidden" });
      await page.getByRole("cell", { name: "17", exact: true }).waitFor();
      expect(cut).toBe(true);
      letGo();
      await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
      const admin = await apiSession(ADMIN);
      const serverAge = async () =>
        ((await admin("GET", "/api/patients")).body as { username: string; age: number }[]).find(
          (p) => p.username === username,
        )?.age;
      expect(await serverAge()).toBe(16);

      await context.setOffline(false);
      await synced();
      await expect.poll(serverAge, { timeout: 15_000 }).toBe(17);
      expect(await page.getByText("Stepwise stopped working").count()).toBe(0);
    }));

  it("runs while the clinician chooses the PIN: a reload at the set-up starts over, and the set PIN opens what arrived", async () => {
    const { clinician, userId, username } = await clinicianWithConversations("pinwhile");
    await signIn(page, clinician, { pin: null });
    const setUp = page.getByRole("heading", { name: "Set up a device PIN" });
    await setUp.waitFor();
    // Nothing typed yet: the conversations arrive behind the set-up, which shows none of them.
    await expect.poll(() => storedMessages(userId), { timeout: 30_000 }).toBe(MESSAGES);
    expect(await page.content()).not.toContain("Message 1");

    // Left before the PIN was set, the key those rows were sealed under is gone: they come again.
    await page.reload();
    await setUp.waitFor();
    await expect.poll(() => storedMessages(userId), { timeout: 30_000 }).toBe(MESSAGES);
    await enterDevicePin(page);
    await page.goto(
      `/chat-history?${new URLSearchParams({ patientName: username, conversationId: `${username}-c23` })}`,
    );
    await enterDevicePin(page);
    await page.getByText("Message 239", { exact: true }).first().waitFor();
  });

  it("a tab opened at the set-up after the tab that made the key closed takes the key another tab holds: nothing is dropped and pulled again", async () => {
    const { clinician, userId } = await clinicianWithConversations("pintabs");
    await signIn(page, clinician, { pin: null });
    const setUpIn = (tab: Page) => tab.getByRole("heading", { name: "Set up a device PIN" }).waitFor();
    await setUpIn(page);
    await expect.poll(() => storedMessages(userId), { timeout: 30_000 }).toBe(MESSAGES);
    const second = await context.newPage();
    await second.goto("/");
    await setUpIn(second);
    const sealed = await firstSealed(second, userId);
    expect(sealed).not.toBe("");
    // The tab that made the key goes; the second keeps it, and a third asks for it.
    await page.close();
    const third = await context.newPage();
    await third.goto("/");
    await setUpIn(third);
    // The PIN set in the third wraps the key it holds: a key of its own would have dropped every row.
    await enterDevicePin(third);
    expect(await firstSealed(third, userId)).toBe(sealed);
    expect(await storedRows(third, userId, "conversation_messages")).toBe(MESSAGES);
  });
});
