import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  apiSession,
  baseURL,
  DEMO_CLINICIAN,
  expectAccessible,
  launch,
  newClinician,
  signIn,
  toasts,
} from "./support.ts";

/** A phone, a tablet held upright and the same tablet on its side: all touch screens. */
const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 820, height: 1180 },
  { name: "tablet landscape", width: 1180, height: 820 },
] as const;

/** Each test visits its pages at three widths on one device: more than the usual minute on a busy machine. */
const TIMEOUT = 300_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** The admin's device, signed in and synced once for the tests that only read and invite (a whole clinic's first sync). */
let admin: Promise<Page> | undefined;
const adminDevice = () => {
  admin ??= touchDevice(ADMIN);
  return admin;
};

/** One touch device per person (signing in and the first sync happen once); it turns between widths. */
async function touchDevice(user?: { username: string; password: string }): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: WIDTHS[0].width, height: WIDTHS[0].height },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  if (user) {
    await signIn(page, user);
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
    await page.getByRole("status").filter({ hasText: "Synced" }).first().waitFor({ timeout: 90_000 });
  }
  return page;
}

/**
 * Controls smaller than 44 × 44 CSS px on screen. A checkbox or radio counts with its label (the label
 * takes the tap), a link inside running text is exempt (WCAG 2.5.8), and what is hidden or inert is no target.
 */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const selector =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=combobox], [role=menuitem], [role=option], [role=link]";
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.pointerEvents === "none" || style.opacity === "0") continue;
      const rect = el.getBoundingClientRect();
      // Nothing on screen, or the 1 px "Skip to content" link until it is focused.
      if (rect.width <= 1 || rect.height <= 1) continue;
      const inText =
        el.tagName === "A" &&
        style.display === "inline" &&
        [...(el.parentElement?.childNodes ?? [])].some((n) => n !== el && n.textContent?.trim());
      if (inText) continue;
      const label = el instanceof HTMLInputElement && /^(checkbox|radio)$/.test(el.type) ? el.labels?.[0] : null;
      const box = label ? label.getBoundingClientRect() : rect;
      if (box.width < 44 || box.height < 44) {
        const name = (el.getAttribute("aria-label") || el.textContent || el.getAttribute("placeholder") || "").trim();
        small.push(
          `${el.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });
}

/** At this width: no sideways page scroll, no small touch target, and axe finds nothing serious. */
async function expectFits(page: Page, width: number, label: string) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(width);
  expect(await smallTargets(page), `${label}: controls under 44 px`).toEqual([]);
  await expectAccessible(page, label);
}

/**
 * Opens `path` in the running app the way its links do: a reload costs a PIN entry (the data key lives
 * in the page's memory only). The same screen again (other query) is loaded, so it starts afresh.
 */
async function visit(page: Page, path: string) {
  const here = page.url() === "about:blank" ? null : new URL(page.url());
  if (!here || new URL(path, here).pathname === here.pathname) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

/**
 * Opens a page and turns the device through each width (as a tablet turned on its side does), checking
 * it once `ready` shows; `extra` checks more at that width and leaves the page as it found it.
 */
async function checkPage(
  page: Page,
  path: string,
  ready: (page: Page) => Locator,
  extra?: (page: Page, size: (typeof WIDTHS)[number]) => Promise<void>,
) {
  await visit(page, path);
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await ready(page).first().waitFor({ timeout: 30_000 });
    await expectFits(page, size.width, `${path} at ${size.width} px`);
    await extra?.(page, size);
  }
}

const heading = (name: string | RegExp) => (p: Page) => p.getByRole("heading", { name, level: 1 });

describe("every page on a phone and a tablet", () => {
  it(
    "public pages fit and take a finger",
    async () => {
      const page = await touchDevice();
      await checkPage(page, "/", heading(/Help anxious teens/));
      await checkPage(page, "/auth", (p) => p.getByRole("button", { name: "Login", exact: true }));
      await checkPage(page, "/video-example", heading(/./));
      await checkPage(page, "/no-such-page", heading(/./));
      await page.context().close();
    },
    TIMEOUT,
  );

  it(
    "a clinician's pages fit and take a finger; on a tablet the message search has at least half the row",
    async () => {
      const page = await touchDevice(DEMO_CLINICIAN);
      await checkPage(
        page,
        "/chat-history",
        (p) => p.getByRole("region", { name: "Conversations" }).getByRole("article"),
        async (p, size) => {
          if (size.width >= 768) {
            const card = await p.getByRole("search").boundingBox();
            const field = await p.getByRole("searchbox", { name: "Search messages" }).boundingBox();
            expect(field!.width, `message search at ${size.width} px`).toBeGreaterThanOrEqual(card!.width / 2);
          }
          // The calendar's days are touch targets too.
          await p.getByRole("button", { name: "Filters" }).click();
          await p.getByRole("button", { name: "Start date", exact: true }).click();
          await p.getByRole("grid").waitFor();
          expect(await smallTargets(p), `calendar at ${size.width} px`).toEqual([]);
          await p.keyboard.press("Escape");
          await p.getByRole("button", { name: "Filters", exact: true }).click();
          await p.locator("#chat-filters").waitFor({ state: "detached" });
        },
      );
      await checkPage(
        page,
        "/chat-history?patientName=sample_patient_1",
        (p) => p.getByRole("button", { name: "All Conversations" }),
        async (p, size) => {
          // The chart and the homework start closed, so the patient's conversations are on the first screen…
          const all = await p.getByRole("button", { name: "All Conversations" }).boundingBox();
          expect(all!.y + all!.height, `conversations at ${size.width} px`).toBeLessThanOrEqual(size.height);
          // …and the chart, opened, writes its axes in 12 px at least, whatever its width on screen.
          const toggle = p.getByRole("button", { name: "SUDS over time" });
          await toggle.click();
          const chart = p.getByRole("img", { name: /Peak SUDS per completed session/ });
          await chart.waitFor();
          const sizes = await chart.evaluate((svg: SVGSVGElement) => {
            const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            return [...svg.querySelectorAll("text")].map(
              (t) => Number.parseFloat(getComputedStyle(t).fontSize) * scale,
            );
          });
          expect(Math.min(...sizes), `chart text at ${size.width} px`).toBeGreaterThanOrEqual(12);
          await toggle.click();
        },
      );
      await checkPage(page, "/patients", (p) => p.getByRole("button", { name: /^Homework for / }));
      await checkPage(
        page,
        "/conversation-summaries",
        (p) => p.getByRole("button", { name: /^View summary / }),
        async (p, size) => {
          // The actions stay on screen, beside a table that scrolls inside its card where it must.
          const view = await p
            .getByRole("button", { name: /^View summary / })
            .first()
            .boundingBox();
          expect(view!.x + view!.width, `summary actions at ${size.width} px`).toBeLessThanOrEqual(size.width);
          // A toast's close button too.
          await p.getByRole("button", { name: "Add New Summary" }).click();
          await toasts(p).first().waitFor();
          expect(await smallTargets(p), `toast at ${size.width} px`).toEqual([]);
        },
      );
      await checkPage(page, "/profile", (p) => p.getByRole("tab", { name: "Change Password" }));
      await page.context().close();
    },
    TIMEOUT,
  );

  it(
    "an admin's pages fit and take a finger",
    async () => {
      const page = await adminDevice();
      await checkPage(page, "/admin/input-prompt", heading(/./));
      await checkPage(page, "/admin/prompt-history", (p) => p.getByRole("radio").first());
      await checkPage(page, "/admin/manage-users", (p) => p.getByRole("cell", { name: ADMIN.username }));
      await checkPage(page, "/admin/activity-logs", (p) => p.getByText(/\d+ activit(y|ies) found/));
      await checkPage(page, "/admin/agent-keys", heading(/./));
    },
    TIMEOUT,
  );

  it(
    "offline, a saved homework change says Saved on this device — will sync, in a toast that fits the screen",
    async () => {
      const clinician = await newClinician("responsive");
      const api = await apiSession(clinician);
      const username = `responsive_${Date.now()}`;
      const patient = { first_name: "Omar", last_name: "Diaz", age: 15, gender: "male", username };
      expect((await api("POST", "/api/patients", patient)).status).toBe(201);
      const homework = {
        patientName: username,
        fear: "Crowds",
        exposurePractice: "Walk through the mall",
        frequency: "once a week",
        roundNumber: 2,
        roundDuration: "10 minutes",
      };
      expect((await api("POST", "/api/homework", homework)).status).toBe(201);
      const page = await touchDevice(clinician);
      await visit(page, "/patients");
      for (const size of WIDTHS) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.getByRole("button", { name: "Homework for Omar Diaz" }).click();
        const dialog = page.getByRole("dialog");
        await dialog.getByRole("button", { name: "Edit homework assignment" }).click();
        await page.context().setOffline(true);
        await dialog.getByLabel("Exposure practice").fill(`Ride the bus at ${size.width} px`);
        await dialog.getByRole("button", { name: "Save" }).click();
        const toast = toasts(page).filter({ hasText: "Saved on this device — will sync" });
        await toast.waitFor();
        expect(await toasts(page).filter({ hasText: "updated successfully" }).count()).toBe(0);
        const box = await toast.boundingBox();
        expect(box!.x, `toast at ${size.width} px`).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `toast at ${size.width} px`).toBeLessThanOrEqual(size.width);
        await expectFits(page, size.width, `offline save at ${size.width} px`);
        await page.keyboard.press("Escape");
        await page.context().setOffline(false);
        await page.getByRole("status").filter({ hasText: "Synced" }).first().waitFor({ timeout: 60_000 });
        // The next width's toast is checked alone: axe measured this one's text, fading behind it, as too faint.
        await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 20_000 }).toBe(0);
      }
      await expect
        .poll(async () => (await api("GET", `/api/homework/patient/${username}`)).body[0]?.exposurePractice)
        .toBe("Ride the bus at 1180 px");
      await page.context().close();
    },
    TIMEOUT,
  );

  it(
    "the Invite User dialog's registration link fits the screen and can be copied",
    async () => {
      const page = await adminDevice();
      await visit(page, "/patients");
      for (const size of WIDTHS) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.getByRole("heading", { name: "Manage Patients", level: 1 }).waitFor();
        // Below 1280 px the account entries are in the small-screen menu; wider, in the account menu.
        if (size.width < 1280) {
          await page.getByRole("button", { name: "Open menu" }).click();
          await page.getByRole("navigation", { name: "Menu" }).getByRole("button", { name: "Invite User" }).click();
        } else {
          await page.getByRole("button", { name: /^Account menu for/ }).click();
          await page.getByRole("menuitem", { name: "Invite User" }).click();
        }
        const invite = page.getByRole("dialog", { name: "Invite a User" });
        await invite.getByLabel("Email").fill(`tablet-${size.width}-${Date.now()}@e2e.test`);
        await invite.getByRole("button", { name: "Send Invitation" }).click();
        // No SMTP in the tests: the dialog keeps the link to share by hand.
        const kept = page.getByRole("dialog", { name: "Manual Invitation Link" });
        const field = kept.getByRole("textbox", { name: "Registration link" });
        await field.waitFor();
        expect(await field.inputValue()).toMatch(new RegExp(`^${baseURL()}/auth\\?token=`));
        const overflow = await kept.evaluate((d) => d.scrollWidth - d.clientWidth);
        expect(overflow, `link dialog scrolls sideways at ${size.width} px`).toBeLessThanOrEqual(0);
        const copy = await kept.getByRole("button", { name: "Copy registration link" }).boundingBox();
        expect(copy!.x + copy!.width, `copy button at ${size.width} px`).toBeLessThanOrEqual(size.width);
        await expectFits(page, size.width, `invitation link at ${size.width} px`);
        await kept.getByRole("button", { name: "Done" }).click();
        await kept.waitFor({ state: "detached" });
        // The same device goes on to the next width: this invitation's toast must not be the faded
        // one stacked behind the next toast when axe reads its colours.
        await expect.poll(() => toasts(page).count(), { timeout: 15_000 }).toBe(0);
      }
    },
    TIMEOUT,
  );
});
