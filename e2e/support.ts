import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const ADMIN = { username: "admin@e2e.test", password: "admin-password-1" };

export const baseURL = () => inject("baseURL");

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/** A fresh browser profile (no cookies, no storage) at a phone's or a desktop's size. */
export function newContext(browser: Browser, size: "desktop" | "phone" = "desktop"): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseURL(),
    viewport: size === "phone" ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    hasTouch: size === "phone",
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation.
 * page.evaluate is not bound by the page's Content-Security-Policy, so axe runs as shipped.
 */
export async function expectAccessible(page: Page, label = page.url()) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<any> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v: { impact: string }) => v.impact === "serious" || v.impact === "critical")
      .map((v: { id: string; impact: string; help: string; nodes: { target: string[] }[] }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
      }));
  });
  expect(violations, `accessibility violations on ${label}`).toEqual([]);
}

/** Signs in through the Auth page as a person would. */
export async function signIn(page: Page, user: { username: string; password: string }) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** The text of the toast on screen (sonner renders them in an <ol> of toasts). */
export function toasts(page: Page) {
  return page.locator("[data-sonner-toast]");
}
