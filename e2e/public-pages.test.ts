import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { cleanDevicePerTest, expectAccessible } from "./support.ts";

let context: BrowserContext;
let page: Page;
cleanDevicePerTest((fresh) => {
  ({ context, page } = fresh);
});

describe("public pages", () => {
  it("the landing page introduces Stepwise with the video, founders, voice bot, support and research banner", async () => {
    await page.goto("/");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Help anxious teens");
    expect(await page.getByRole("heading", { name: "The founders" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Research collaborations" }).isVisible()).toBe(true);
    const voice = page.getByRole("link", { name: /Try the voice coach/ });
    expect(await voice.getAttribute("href")).toMatch(/^https:\/\//);
    expect(await page.getByRole("link", { name: /Contact support/ }).getAttribute("href")).toMatch(/^mailto:/);
    // The shipped intro video plays here, with English captions on by default.
    const video = page.locator("video");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(15);
    const track = video.locator("track");
    expect(await track.getAttribute("kind")).toBe("captions");
    expect(await track.getAttribute("srclang")).toBe("en");
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.length ?? 0))
      .toBeGreaterThanOrEqual(4);
    const captions = await context.request.get((await track.getAttribute("src"))!);
    expect(captions.headers()["content-type"]).toMatch(/^text\/vtt/);
    expect(await page.getByRole("link", { name: "Login" }).first().isVisible()).toBe(true);
    expect(await page.getByText(`© ${new Date().getFullYear()} Stepwise`).isVisible()).toBe(true);
    await expectAccessible(page, "/");
  });

  it("when the video file cannot be loaded, the player says so instead of showing a broken frame", async () => {
    await page.route("**/media/*.mp4", (route) => route.abort());
    await page.goto("/");
    await page.getByText("is not available right now").waitFor();
    expect(await page.getByText("The video could not be loaded.").isVisible()).toBe(true);
    expect(await page.locator("video").count()).toBe(0);
  });

  it("the video example page shows the embedded player", async () => {
    await page.goto("/video-example");
    await page.getByRole("heading", { name: "Video Example" }).waitFor();
    await expectAccessible(page, "/video-example");
  });

  it("paths match ignoring case and a trailing slash", async () => {
    await page.goto("/VIDEO-Example/");
    await page.getByRole("heading", { name: "Video Example" }).waitFor();
  });

  it("an unknown path shows 404 Page Not Found", async () => {
    await page.goto("/no/such/page");
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await expectAccessible(page, "404");
  });

  it("signed-out visitors of signed-in pages are sent to /auth", async () => {
    for (const path of ["/chat-history", "/patients", "/profile", "/admin/manage-users", "/admin/activity-logs"]) {
      await page.goto(path);
      await page.waitForURL(/\/auth$/);
    }
  });

  it("the app is installable: a manifest with icons and a registered service worker", async () => {
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = await (await context.request.get(href!)).json();
    expect(manifest).toMatchObject({ name: "Stepwise", short_name: "Stepwise", display: "standalone" });
    expect(manifest.theme_color).toMatch(/^#/);
    const sizes = manifest.icons.map(
      (i: { sizes: string; purpose?: string }) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ""}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512", "512x512 maskable"]));
    for (const icon of manifest.icons) expect((await context.request.get(`/${icon.src}`)).status()).toBe(200);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${new URL(page.url()).origin}/`);
  });

  it("once loaded, the app shell opens again without a connection, precached from compressed assets", async () => {
    const encodings = new Map<string, string | undefined>();
    page.on("response", (res) => encodings.set(res.url(), res.headers()["content-encoding"]));
    await page.goto("/");
    const entry = await page.evaluate(() => document.querySelector<HTMLScriptElement>("script[type=module][src]")!.src);
    expect(encodings.get(entry)).toBe("br");
    // Active means installed, and a service worker installs only once its precache is filled.
    const precache = await page.evaluate(async (script) => {
      await navigator.serviceWorker.ready;
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      const cached = await caches.match(script, { ignoreSearch: true });
      return { urls, scriptStart: (await cached?.text())?.slice(0, 200) ?? null };
    }, entry);
    expect(precache.urls.filter((u) => /\.(br|gz)(\?|$)/.test(u))).toEqual([]);
    expect(precache.urls.some((u) => u.startsWith(entry))).toBe(true);
    // Stored as the script itself (the browser undid the brotli), not as compressed bytes.
    expect(precache.scriptStart).toBe(readFileSync(join("dist", new URL(entry).pathname), "utf8").slice(0, 200));

    // The first visit installs the service worker; the second is controlled by it and fills the cache.
    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Help anxious teens");
    await page.getByText("Connect to the internet to watch it.").waitFor();
    await page.goto("/video-example");
    await page.getByRole("heading", { name: "Video Example" }).waitFor();
    await context.setOffline(false);
  });
});
