import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN, apiSession, baseURL, cleanDevicePerTest, DEMO_CLINICIAN, gate, keepDeviceUnlocked } from "./support.ts";

let context: BrowserContext;
let page: Page;
cleanDevicePerTest((fresh) => {
  ({ context, page } = fresh);
});

/**
 * Records every layout shift from the first paint on (the observer is installed before the app's
 * scripts run) and keeps, for the header, whether the nav was there when content first painted.
 */
const RECORDER = () => {
  const w = window as unknown as { __shifts: { value: number; time: number; sources: string[] }[] };
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as {
      value: number;
      startTime: number;
      hadRecentInput: boolean;
      sources?: { node?: Node }[];
    }[]) {
      if (entry.hadRecentInput) continue;
      const sources = (entry.sources ?? []).map((s) => {
        const el = s.node instanceof Element ? s.node : s.node?.parentElement;
        return el ? `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}` : "?";
      });
      w.__shifts.push({ value: entry.value, time: entry.startTime, sources });
    }
  }).observe({ type: "layout-shift", buffered: true });
};

/**
 * Cumulative layout shift as Chromium reports it: the largest session window (shifts less than
 * 1 s apart, at most 5 s long).
 */
async function cumulativeLayoutShift(p: Page) {
  const shifts = await p.evaluate(
    () => (window as unknown as { __shifts: { value: number; time: number; sources: string[] }[] }).__shifts,
  );
  let best = 0;
  let current = 0;
  let start = 0;
  let last = Number.NEGATIVE_INFINITY;
  for (const s of shifts) {
    if (s.time - last > 1000 || s.time - start > 5000) {
      current = 0;
      start = s.time;
    }
    current += s.value;
    last = s.time;
    best = Math.max(best, current);
  }
  return { cls: best, shifts };
}

/**
 * At every change of the page while its heading is shown: the widths of the nav, the account menu
 * and the Login link in the top bar. The PIN set-up and the lock screen stand in for the whole app
 * (no bar), so they are not a page's content, nor is either once its PIN is taken and the app opens.
 */
const HEADER_RECORDER = () => {
  const w = window as unknown as { __header: string[] };
  w.__header = [];
  const width = (selector: string) => Math.round(document.querySelector(selector)?.getBoundingClientRect().width ?? 0);
  new MutationObserver(() => {
    const heading = document.querySelector("main h1")?.textContent;
    if (!heading || ["Set up a device PIN", "Stepwise is locked"].includes(heading)) return;
    const seen = `nav ${width('header nav[aria-label="Main"]')}, account ${width('header [aria-label^="Account menu"]')}, login ${width('header a[href="/auth"]')}`;
    if (w.__header.at(-1) !== seen) w.__header.push(seen);
  }).observe(document, { childList: true, subtree: true, attributes: true });
};

/**
 * Each frame while Manage Patients shows its table: where its header's columns start. Every
 * different set of places is kept, so a column that moved as rows arrived shows as a second one.
 */
const COLUMNS_RECORDER = () => {
  const w = window as unknown as { __columns: string[] };
  w.__columns = [];
  const look = () => {
    if (document.querySelector("main h1")?.textContent === "Manage Patients") {
      const places = [...document.querySelectorAll("main table thead th")]
        .map((th) => Math.round(th.getBoundingClientRect().left))
        .join(",");
      if (places && !w.__columns.includes(places)) w.__columns.push(places);
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
};

/** A session cookie in the browser without the sign-in page: the next load is a signed-in cold start. */
async function signedInDevice(user: { username: string; password: string }) {
  const res = await fetch(`${baseURL()}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(user),
  });
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status}`);
  await context.addCookies(
    res.headers.getSetCookie().map((c) => {
      const [pair] = c.split(";");
      const [name, value] = pair.split("=");
      return { name, value, url: baseURL() };
    }),
  );
  await context.addInitScript(RECORDER);
  // The device sets its PIN at the first load, and unlocks with it at each load after.
  keepDeviceUnlocked(page);
}

/** Loads `path` on an empty device, waits until the first sync ended and the page settled, and measures. */
async function coldLoad(path: string, ready: (p: Page) => Promise<unknown>) {
  // A mid-range tablet: the CPU 4× slower spreads the fill over several frames, as on the device.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(path);
  await page.getByRole("status").filter({ hasText: "Synced" }).first().waitFor({ timeout: 60_000 });
  await ready(page);
  // Late shifts (a live query that resolves after Synced) still count: give them time to happen.
  await page.waitForTimeout(1500);
  const { cls, shifts } = await cumulativeLayoutShift(page);
  console.info(`CLS ${path}: ${cls.toFixed(4)}`, JSON.stringify(shifts.filter((s) => s.value > 0.001)));
  return cls;
}

describe("layout stability of the public pages", () => {
  it("the landing page does not move when its font arrives after the first paint", async () => {
    await page.setViewportSize({ width: 412, height: 823 });
    await context.addInitScript(RECORDER);
    // On a phone's link the font comes after the text was drawn in the fallback font.
    await page.route("**/*.woff2", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForFunction(
      () => document.fonts.check("16px 'Inter Variable'") && document.fonts.status === "loaded",
    );
    await page.waitForTimeout(500);
    // The shifts from the font's arrival on (the voice coach's button, from /api/config, may come earlier).
    const arrived = await page.evaluate(
      () =>
        (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((e) => e.name.endsWith(".woff2"))
          ?.responseEnd ?? 0,
    );
    const { shifts } = await cumulativeLayoutShift(page);
    const afterFont = shifts.filter((s) => s.time >= arrived);
    expect(
      afterFont.reduce((sum, s) => sum + s.value, 0),
      JSON.stringify(shifts),
    ).toBeLessThan(0.005);
  });

  it("the landing page does not move when its settings (the voice coach's link) arrive after the first paint", async () => {
    await page.setViewportSize({ width: 412, height: 823 });
    const { held, release } = gate();
    await page.route("**/api/config", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    // The video below the hero's buttons, where it stands before and after the settings arrived.
    const videoTop = () =>
      page.evaluate(
        () => document.querySelector("#hero-title")?.closest("section")?.children[1]?.getBoundingClientRect().top,
      );
    const before = await videoTop();
    release();
    await page.getByRole("link", { name: "Try the voice coach (no login)" }).waitFor();
    expect(await videoTop()).toBe(before);
  });
});

describe("layout stability on a cold signed-in load", { timeout: 120_000 }, () => {
  it("Chat History with a patient and a conversation open fills without moving (CLS under 0.1)", async () => {
    const clinician = await apiSession(DEMO_CLINICIAN);
    const { body } = await clinician("GET", "/api/conversations/patient/sample_patient_1/conversations");
    const conversationId = (body as { conversation_id: string }[])[0]?.conversation_id;
    expect(conversationId).toBeTruthy();
    await signedInDevice(DEMO_CLINICIAN);
    const cls = await coldLoad(`/chat-history?patientName=sample_patient_1&conversationId=${conversationId}`, (p) =>
      p.getByRole("region", { name: "Messages" }).getByRole("article").first().waitFor(),
    );
    expect(cls).toBeLessThan(0.1);
  });

  it("Chat History without a selection fills without moving", async () => {
    await signedInDevice(DEMO_CLINICIAN);
    const cls = await coldLoad("/chat-history", (p) =>
      p.getByRole("region", { name: "Conversations" }).getByRole("article").first().waitFor(),
    );
    expect(cls).toBeLessThan(0.1);
  });

  it("Manage Patients fills its table without moving", async () => {
    await signedInDevice(ADMIN);
    const cls = await coldLoad("/patients", (p) => p.getByRole("table").getByRole("row").nth(2).waitFor());
    expect(cls).toBeLessThan(0.1);
  });

  it("Manage Patients keeps its columns in place from its placeholders to its last row", async () => {
    await signedInDevice(ADMIN);
    await context.addInitScript(COLUMNS_RECORDER);
    await coldLoad("/patients", (p) => p.getByRole("table").getByRole("row").nth(2).waitFor());
    const seen = await page.evaluate(() => (window as unknown as { __columns: string[] }).__columns);
    // The placeholders were drawn, then the rows, five a frame.
    const rows = await page.getByRole("table").getByRole("row").count();
    expect(rows).toBeGreaterThan(6);
    expect(seen, seen.join(" | ")).toHaveLength(1);
  });

  it("Conversation Summaries fills its table without moving", async () => {
    await signedInDevice(ADMIN);
    const cls = await coldLoad("/conversation-summaries", (p) =>
      p.getByRole("table").getByRole("row").nth(2).waitFor(),
    );
    expect(cls).toBeLessThan(0.1);
  });

  it("at 1280 px the landing page of a signed-in device shows the nav and account menu while the session is checked", async () => {
    await signedInDevice(ADMIN);
    // A device that signed in before remembers who; the check of the session takes its time on a slow line.
    await context.addInitScript((user) => localStorage.setItem("stepwise.user", JSON.stringify(user)), {
      id: "remembered",
      username: ADMIN.username,
      first_name: "",
      last_name: "",
      role: "admin",
      must_change_password: false,
    });
    await page.route("**/api/user", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await context.addInitScript(HEADER_RECORDER);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("link", { name: "Open Chat History" }).waitFor();
    await page.getByRole("button", { name: /^Account menu for/, disabled: false }).waitFor();
    await page.waitForTimeout(200);
    const seen = await page.evaluate(() => (window as unknown as { __header: string[] }).__header);
    expect(seen.length, seen.join(" | ")).toBeGreaterThan(0);
    for (const s of seen) {
      const [, nav, account, login] = s.match(/nav (\d+), account (\d+), login (\d+)/)?.map(Number) ?? [];
      expect(nav, s).toBeGreaterThan(400);
      expect(account, s).toBeGreaterThan(60);
      expect(login, s).toBe(0);
    }
  });

  it("the header's nav and account menu hold their place whenever a signed-in page's content is on screen", async () => {
    await signedInDevice(ADMIN);
    // On a poor connection the menus' code (Radix dropdowns) can arrive after the page's.
    await page.route("**/assets/dropdown-menu-*.js", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await context.addInitScript(HEADER_RECORDER);
    await page.goto("/patients");
    await page.getByRole("heading", { name: "Manage Patients", level: 1 }).waitFor();
    await page.getByRole("button", { name: /^Account menu for/, disabled: false }).waitFor();
    await page.waitForTimeout(200);
    const seen = await page.evaluate(() => (window as unknown as { __header: string[] }).__header);
    expect(seen).toHaveLength(1);
    const [, nav, account] = seen[0].match(/nav (\d+), account (\d+), login 0/)?.map(Number) ?? [];
    expect(nav).toBeGreaterThan(400);
    expect(account).toBeGreaterThan(60);
  });
});
