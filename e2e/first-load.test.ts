import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN, cleanDevicePerTest, devicePinForm, enterDevicePin, gate, signIn } from "./support.ts";

let page: Page;
cleanDevicePerTest((fresh) => {
  ({ page } = fresh);
});

/** The app's script files the page fetched so far (the manifest names chunks by their source file). */
function scripts(p: Page) {
  const urls: string[] = [];
  p.on("request", (r) => {
    if (r.resourceType() === "script") urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

describe("first load", () => {
  it("the landing page and sign-in fetch no signed-in code (store, query cache, forms of other screens)", async () => {
    const fetched = scripts(page);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    const landing = [...fetched];
    // Dexie (the device store), the signed-in layout with its query cache, and signed-in screens stay on the server.
    expect(
      landing.filter((u) => /signed-in-layout|dexie|import-wrapper|aes-gcm|local-|useQuery|form-|date-picker/.test(u)),
    ).toEqual([]);
    expect(
      await page.evaluate(() => "indexedDB" in window && performance.getEntriesByType("resource").length),
    ).toBeTruthy();
    await signIn(page, ADMIN);
    await page.waitForURL(/\/chat-history$/);
    await expect.poll(() => fetched.some((u) => /signed-in-layout/.test(u))).toBe(true);
  });

  it("the sign-in page runs the device store's code while it waits for the password, before the Login tap", async () => {
    const fetched = scripts(page);
    await page.goto("/auth");
    await page.getByLabel("Email").waitFor();
    await expect.poll(() => fetched.some((u) => /\/assets\/aes-gcm-/.test(u))).toBe(true);
    // Dexie's module (its file is named after its entry, import-wrapper).
    await expect.poll(() => fetched.some((u) => /\/assets\/import-wrapper-/.test(u))).toBe(true);
  });

  it("a cold sign-in page asks for all its code at once, not one nested import after another", async () => {
    // Each request's start, by file: a chunk asked for only once the one importing it arrived starts a round trip later.
    const started = new Map<string, number>();
    page.on("request", (r) => {
      if (r.resourceType() === "script") started.set(new URL(r.url()).pathname, Date.now());
    });
    const answered = new Map<string, number>();
    page.on("requestfinished", (r) => {
      if (r.resourceType() === "script") answered.set(new URL(r.url()).pathname, Date.now());
    });
    // A round trip of 300 ms makes a chain of imports show.
    await page.route("**/assets/*.js", async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    await page.goto("/auth");
    await page.getByLabel("Email").waitFor();
    const screen = [...started.keys()].find((u) => /\/sign-in-forms-/.test(u));
    expect(screen).toBeDefined();
    // The form's library and the tabs' primitives (imported by the forms' imports) were asked for before the forms' chunk arrived.
    const nested = [...started].filter(([u]) => /\/(form|select|label)-/.test(u));
    expect(nested.map(([u]) => u.replace(/-[\w-]+\.js$/, ""))).toEqual(
      expect.arrayContaining(["/assets/form", "/assets/select", "/assets/label"]),
    );
    for (const [, at] of nested) expect(at).toBeLessThan(answered.get(screen!)!);
  });

  it("a cold sign-in page shows its heading and words while its forms' code is still on the way", async () => {
    const { held, release } = gate();
    await page.route("**/assets/sign-in-forms-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/auth");
    await page.getByRole("heading", { name: "Admin Access", level: 1 }).waitFor();
    await page.getByText("Sign in to review your patients' practice and homework.").waitFor();
    await page.getByRole("status").getByText("Loading the sign-in form").waitFor({ state: "attached" });
    expect(await page.getByLabel("Email").count()).toBe(0);
    release();
    await page.getByLabel("Email").waitFor();
  });

  it("the top bar's menus come with the app's frame: never a disabled stand-in once the PIN is set", async () => {
    const fetched: string[] = [];
    page.on("requestfinished", (r) => fetched.push(new URL(r.url()).pathname));
    await signIn(page, ADMIN, { pin: null });
    await devicePinForm(page).waitFor();
    // Fetched while the PIN is chosen (a person takes a few seconds to), once the page is idle.
    const fetchedSoon = (chunk: RegExp) => expect.poll(() => fetched.some((u) => chunk.test(u)), { timeout: 5_000 });
    await fetchedSoon(/\/assets\/account-menu-/).toBe(true);
    await fetchedSoon(/\/assets\/admin-menu-/).toBe(true);
    // From now on, any moment the DOM held a disabled menu button (the stand-in while a menu's code loads).
    await page.evaluate(() => {
      const w = window as unknown as { sawStandIn: boolean };
      w.sawStandIn = false;
      const standIn = () =>
        document.querySelector('header button[aria-label^="Account menu for"][disabled]') !== null ||
        [...document.querySelectorAll("header button[disabled]")].some((b) =>
          b.textContent?.includes("Admin Dashboard"),
        );
      new MutationObserver(() => {
        if (standIn()) w.sawStandIn = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await enterDevicePin(page);
    await page.getByRole("heading", { name: "Chat History", level: 1 }).waitFor();
    await page.getByRole("button", { name: /^Account menu for/ }).waitFor({ state: "attached" });
    expect(await page.evaluate(() => (window as unknown as { sawStandIn: boolean }).sawStandIn)).toBe(false);
  });

  it("a bare /admin leads an admin to the admin's first screen instead of an empty page", async () => {
    await signIn(page, ADMIN);
    await page.waitForURL(/\/chat-history$/);
    await page.goto("/admin");
    await page.waitForURL(/\/admin\/input-prompt$/);
  });

  it("a page whose code cannot be fetched says so and offers a reload", async () => {
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.route("**/assets/video-example-page-*.js", (route) => route.abort());
    await page.getByRole("link", { name: "See the video player demo" }).click();
    await page.getByRole("alert").getByText("This page could not be loaded").waitFor();
    expect(await page.getByRole("button", { name: "Reload" }).isVisible()).toBe(true);
  });
});
