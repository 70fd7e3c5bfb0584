import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, expect, inject } from "vitest";
import { connect } from "./browser.ts";

export const ADMIN = { username: "admin@e2e.test", password: "admin-password-1" };

/** This worker's own server (global-setup.ts starts one per worker). */
export const baseURL = () => inject("baseURLs")[Number(process.env.VITEST_POOL_ID ?? 1) - 1];

/** The run's Chromium, for this test file: its contexts are its own, and closing it leaves the browser up. */
export const launch = () => connect(inject("browserEndpoint"));

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
  let violations = await axeViolations(page);
  // A toast can start to show or to leave while axe runs (the app's own timing, a sync that ends):
  // its colours half-way are not what a person reads, so a toast's violation is checked again
  // once its fade is over. One that stays is a real one.
  if (violations.some((v) => v.inToast)) {
    await page.waitForTimeout(600);
    violations = await axeViolations(page);
  }
  expect(
    violations.map(({ inToast, ...v }) => v),
    `accessibility violations on ${label}`,
  ).toEqual([]);
}

async function axeViolations(page: Page) {
  // Colours half-way through a fade-in (dialogs, toasts) are not what a person reads: let them settle.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<any> } }).axe;
    const inToast = (target: string[]) => {
      try {
        return document.querySelector(target.join(" "))?.closest("[data-sonner-toast]") != null;
      } catch {
        return false;
      }
    };
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v: { impact: string }) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v: { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary: string }[] }) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary}`),
          inToast: v.nodes.some((n) => inToast(n.target)),
        }),
      ) as { id: string; impact: string; help: string; targets: string[]; inToast: boolean }[];
  });
}

/** The device PIN the tests' tablets use. */
export const DEVICE_PIN = "246813";

/**
 * Signs in through the Auth page as a person would. Unless `pin` is null, the page then keeps its
 * device unlocked: the PIN is set up after the first sign-in and entered whenever the lock screen
 * shows (after a reload or a new page load), so tests of other screens read as before.
 */
export async function signIn(
  page: Page,
  user: { username: string; password: string },
  { pin = DEVICE_PIN }: { pin?: string | null } = {},
) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  if (pin !== null) keepDeviceUnlocked(page, pin);
}

/** The PIN set-up form or the lock screen's form, whichever shows. */
export const devicePinForm = (page: Page) =>
  page.locator('form[aria-label="Set up device PIN"], form[aria-label="Unlock"]').first();

/** Sets up `pin` (with its confirmation) or unlocks with it, as a person types it, and waits for the app. */
export async function enterDevicePin(page: Page, pin = DEVICE_PIN) {
  const form = devicePinForm(page);
  await form.getByLabel("Device PIN", { exact: true }).fill(pin);
  const confirm = form.getByLabel("Confirm device PIN");
  if (await confirm.count()) await confirm.fill(pin);
  await form.getByRole("button", { name: /^(Set PIN|Unlock)$/ }).click();
  await form.waitFor({ state: "hidden", timeout: 20_000 });
}

const keptUnlocked = new WeakMap<Page, string>();

/**
 * In the background, for as long as the page lives: enters `pin` whenever the PIN set-up or the
 * lock screen shows (signIn starts it; a test that signs in otherwise calls it itself).
 */
export function keepDeviceUnlocked(page: Page, pin = DEVICE_PIN) {
  const running = keptUnlocked.has(page);
  keptUnlocked.set(page, pin);
  if (running) return;
  void (async () => {
    while (!page.isClosed()) {
      try {
        await devicePinForm(page).waitFor({ state: "visible", timeout: 0 });
        await enterDevicePin(page, keptUnlocked.get(page));
      } catch {
        // The page navigated or closed mid-way: look again (the loop ends with the page).
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  })();
}

/** The toasts a person can see: sonner keeps hidden and leaving ones in the DOM, marked so. */
export function toasts(page: Page) {
  return page.locator('[data-sonner-toast][data-visible="true"]:not([data-removed="true"])');
}

export const DEMO_CLINICIAN = { username: "dr.rivera@stepwise.local", password: "demo-clinician" };

/** Signs in over HTTP (no browser) and returns a caller with that session, for test set-up only. */
export async function apiSession(user: { username: string; password: string }) {
  const login = await fetch(`${baseURL()}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(user),
  });
  if (!login.ok) throw new Error(`Sign-in of ${user.username} failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseURL()}${path}`, {
      method,
      headers: { "content-type": "application/json", cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
}

/** A new invitation's token (no SMTP in e2e, so the server hands the token back). */
async function invite(email: string): Promise<string> {
  const admin = await apiSession(ADMIN);
  const { body } = await admin("POST", "/api/send-invitation", { email });
  if (!body?.token) throw new Error(`No invitation token: ${JSON.stringify(body)}`);
  return body.token;
}

/** A fresh clinician account through the invitation flow's API, so each test owns its user. */
export async function newClinician(prefix: string) {
  const user = { username: `${prefix}-${Date.now()}@e2e.test`, password: "secret-pass-1" };
  const token = await invite(user.username);
  const res = await fetch(`${baseURL()}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, ...user, first_name: "Casey", last_name: "Jordan" }),
  });
  if (!res.ok) throw new Error(`Registration failed: ${res.status} ${await res.text()}`);
  return user;
}

/**
 * One browser per file and, for each test, a new context and page: every test starts as a person
 * on a clean device (no cookies, no IndexedDB, no service worker).
 */
export function cleanDevicePerTest(use: (fresh: { browser: Browser; context: BrowserContext; page: Page }) => void) {
  let browser: Browser;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });
  beforeEach(async () => {
    await context?.close();
    context = await newContext(browser);
    use({ browser, context, page: await context.newPage() });
  });
}

/** The Admin Dashboard menu's entries, in the spec's order (plus Settings for the device lock). */
export const ADMIN_DASHBOARD_ITEMS = [
  "Input Prompt",
  "Prompt History",
  "Manage Users",
  "Activity Logs",
  "Agent Keys",
  "Settings",
];

/** A gate a test opens: `held` settles once `release()` is called (a request held until the test has looked). */
export function gate() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}
