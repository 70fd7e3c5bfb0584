// One first sign-in on an empty device: its figures from the sign-in click until Synced (or --timeout).

import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import type { Browser, CDPSession, Page } from "playwright-core";
import { storedRows } from "../../e2e/browser.ts";
import { startCpuUse } from "./cpu-use.ts";
import {
  BENCH_PIN,
  CPU_SLOWDOWN,
  OUTAGE_MS,
  type Run,
  SCREEN_OPENS,
  SYNC_TIMEOUT_MS,
  TABLET,
  type Target,
  USER,
  values,
} from "./options.ts";
import { megabytes, seconds } from "./print.ts";
import { addProbe, startTour, waitForElement, waitForMark } from "./probe.ts";
import { openScreensAgain } from "./screens.ts";
import { type Profile, startThrottle, type Throttle } from "./throttle.ts";

/** How long the page may take to install its service worker and go quiet before the sign-in. */
const SETTLE_MS = 30_000;

/**
 * Resolves true once no byte has crossed the link for `quietMs`; false after SETTLE_MS of bytes
 * still flowing (the run goes on, its figures then include what still flowed).
 */
async function quiet(throttle: Throttle, quietMs = 1_000) {
  let last = -1;
  let since = Date.now();
  const until = Date.now() + SETTLE_MS;
  for (;;) {
    const { up, down } = throttle.bytes();
    if (up + down !== last) {
      last = up + down;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return true;
    if (Date.now() >= until) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Collects the main thread's long tasks (wall-clock start and duration) from the first script on,
 * and its long animation frames with their longest scripts (what --list-tasks prints).
 */
const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([performance.timeOrigin + e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
  window.__frames = [];
  new PerformanceObserver((list) => {
    for (const f of list.getEntries()) {
      if (f.duration < 50) continue;
      const scripts = f.scripts
        .filter((s) => s.duration >= 5)
        .sort((a, b) => b.duration - a.duration)
        .slice(0, 3)
        .map((s) => \`\${s.invokerType} \${s.invoker.slice(0, 40)} \${(s.sourceFunctionName || "?").slice(0, 30)}@\${s.sourceURL.split("/").pop().replace(/-[A-Za-z0-9_]{8}\\.js$/, "")} \${Math.round(s.duration)}\${s.forcedStyleAndLayoutDuration >= 5 ? \` (layout \${Math.round(s.forcedStyleAndLayoutDuration)})\` : ""}\`);
      const end = f.startTime + f.duration;
      const since = (at) => (at > 0 ? end - at : 0);
      window.__frames.push([performance.timeOrigin + f.startTime, f.duration, f.blockingDuration, since(f.renderStart), since(f.styleAndLayoutStart), scripts]);
    }
  }).observe({ type: "long-animation-frame", buffered: true });
`;

/**
 * How long the page's main thread has spent in tasks of any length (Chromium's TaskDuration): the
 * work a first sync puts on it, where the long tasks count only the tasks over 50 ms.
 */
async function mainThreadBusyMs(cdp: CDPSession) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return (metrics.find((m) => m.name === "TaskDuration")?.value ?? 0) * 1000;
}

const pageNow = (page: Page) => page.evaluate(() => performance.timeOrigin + performance.now());

export async function firstSync(
  browser: Browser,
  serverPort: number,
  profile: Profile,
  target: Target,
  cutAtMs?: number,
): Promise<Run> {
  const loadBefore = loadavg()[0];
  const throttle = await startThrottle({ host: "127.0.0.1", port: serverPort }, profile);
  const context = await browser.newContext({
    baseURL: `http://127.0.0.1:${throttle.port}`,
    viewport: TABLET,
    hasTouch: true,
  });
  try {
    await context.addInitScript(LONG_TASKS);
    const page = await context.newPage();
    await addProbe(page, target);
    const cdp = await context.newCDPSession(page);
    // The page's main thread only: Chromium refuses CPU throttling on a dedicated worker ("only
    // supported for pages, not workers"), so the sync worker runs at this machine's full speed.
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });

    // The device opens the sign-in page and installs the service worker (its precache) first:
    // the figures below are the sign-in's and the sync's alone.
    await page.goto("/auth");
    // A service worker that never installs (a build without one, a failed precache) must not hang the bench.
    const installed = await page.evaluate(
      (ms) =>
        Promise.race([
          navigator.serviceWorker?.ready.then(() => true) ?? false,
          new Promise<false>((resolve) => setTimeout(() => resolve(false), ms)),
        ]),
      SETTLE_MS,
    );
    if (!installed)
      console.warn(
        `No service worker was ready (waited up to ${seconds(SETTLE_MS)}): the sync's figures include its install.`,
      );
    if (!(await quiet(throttle)))
      console.warn(
        `The link was not quiet for ${seconds(SETTLE_MS)} before the sign-in: its bytes count in the figures.`,
      );
    const loadBytes = throttle.bytes().up + throttle.bytes().down;
    await page.getByLabel("Email").fill(USER.username);
    await page.getByLabel("Password", { exact: true }).fill(USER.password);
    // Playwright's own script goes into each of the page's worlds the first time a call needs it
    // (130-160 ms of the slowed main thread for its 330 KB): here, before the figures start, not
    // in the middle of the sync (the wait for Synced below was the first call needing it).
    await page.getByRole("button", { name: "Login", exact: true }).tap({ trial: true });
    await page.waitForFunction(() => true);

    await cdp.send("Performance.enable");
    const busyFrom = await mainThreadBusyMs(cdp);
    const cpuUse = startCpuUse();
    const from = throttle.bytes();
    const pageStart = await pageNow(page);
    const started = performance.now();
    const profileTo = cutAtMs === undefined ? values["cpu-profile"] : undefined;
    if (profileTo) await cdp.send("Profiler.enable").then(() => cdp.send("Profiler.start"));
    const traceTo =
      cutAtMs === undefined && values.trace
        ? `${values.trace.replace(/\.json$/, "")}-${profile.name}-${target.messages}.json`
        : undefined;
    if (traceTo) await browser.startTracing(page, { path: traceTo });
    let outage: Promise<void> | undefined;
    let cutNote = "";
    const timer =
      cutAtMs === undefined
        ? undefined
        : setTimeout(() => {
            const now = throttle.bytes();
            const dropped = throttle.cut(OUTAGE_MS);
            cutNote = `, cut with ${megabytes(now.down - from.down)} received and ${dropped} connections open`;
            outage = context
              .setOffline(true)
              .then(() => new Promise((r) => setTimeout(r, OUTAGE_MS)))
              .then(() => context.setOffline(false));
          }, cutAtMs);
    // Tapped, as on a tablet: a mouse left over the page made the browser hit-test it again after
    // every change of the screen under it (pointerout and pointerover to React, and a layout each time).
    await page.getByRole("button", { name: "Login", exact: true }).tap();
    // The first sign-in on a device sets its PIN (issue 15); the sync runs meanwhile.
    await waitForElement(page, 'form[aria-label="Set up device PIN"] input', SYNC_TIMEOUT_MS);
    const pinForm = page.getByRole("form", { name: "Set up device PIN" });
    await pinForm.getByLabel("Device PIN", { exact: true }).fill(BENCH_PIN);
    await pinForm.getByLabel("Confirm device PIN").fill(BENCH_PIN);
    await pinForm.getByRole("button", { name: "Set PIN" }).tap();
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"), { timeout: SYNC_TIMEOUT_MS });
    const signedInMs = performance.now() - started;
    const home = new URL(page.url()).pathname;

    // Usable: the clinician can read the patient list and the first patient's newest conversation.
    // One page can show one screen at a time, so the two are read one after the other, as a
    // clinician would open them: Manage Patients first (patients are the first thing a first sync
    // brings), then Chat History on that conversation, then back to the page sign-in opened, where
    // the rest of the sync is measured. The probe in the page takes each step the moment the
    // previous one held; usable is when the conversation reads. A second tab would start a second
    // sync worker and change what is measured. A step not reached within --timeout leaves its figure
    // out, and the rest still tells how far the sync got (bytes, messages stored).
    const query = new URLSearchParams({ patientName: target.patient, conversationId: target.conversationId });
    await startTour(page, `/chat-history?${query}`, home);
    const marks = await waitForMark(page, "synced", started + SYNC_TIMEOUT_MS - performance.now());
    const since = (at?: number) => (at === undefined ? undefined : at - pageStart);
    const firstPull = throttle.firstRequest("GET /api/sync/pull?cursor=&");
    const fromClick = (at?: number) => (at === undefined ? undefined : at - started);
    const syncedMs = since(marks.synced);
    if (profileTo) {
      const { profile: cpu } = await cdp.send("Profiler.stop");
      const file = `${profileTo.replace(/\.cpuprofile$/, "")}-${profile.name}-${target.messages}.cpuprofile`;
      writeFileSync(file, JSON.stringify(cpu));
      console.log(`CPU profile of the main thread: ${file}`);
    }
    if (traceTo) {
      await browser.stopTracing();
      console.log(`Performance trace of the sync: ${traceTo}`);
    }
    // Long tasks count until Synced (the bench notices it up to a poll later).
    const pageEnd = marks.synced ?? (await pageNow(page));
    const to = throttle.bytes();
    const busyTo = await mainThreadBusyMs(cdp);
    const cpu = cpuUse.stop();
    clearTimeout(timer);
    await outage;
    // A small sync can end before the tour reads the conversation: usable is still the moment it reads.
    if (marks.synced !== undefined && marks.conversation === undefined)
      Object.assign(marks, await waitForMark(page, "conversation", started + SYNC_TIMEOUT_MS - performance.now(), 100));
    const patientsMs = since(marks.patients);
    const usableMs = since(marks.conversation);

    const during = (
      await page.evaluate(() => (window as unknown as { __longTasks: [number, number][] }).__longTasks)
    ).filter(([start]) => start >= pageStart && start <= pageEnd);
    if (values["list-tasks"] && cutAtMs === undefined)
      console.log(
        `Long tasks (start from the click, duration): ${during.map(([start, ms]) => `${seconds(start - pageStart)} ${Math.round(ms)} ms`).join(", ")}`,
      );
    if (values["list-tasks"] && cutAtMs === undefined) {
      // Long animation frames: what ran in them (the longest scripts) and how long their rendering took.
      const frames = (
        await page.evaluate(
          () => (window as unknown as { __frames: [number, number, number, number, number, string[]][] }).__frames,
        )
      ).filter(([start]) => start >= pageStart && start <= pageEnd);
      for (const [start, ms, blocking, render, layout, scripts] of frames)
        console.log(
          `  frame ${seconds(start - pageStart)} ${Math.round(ms)} ms (blocking ${Math.round(blocking)}, render ${Math.round(render)}, style+layout ${Math.round(layout)}): ${scripts.join(" | ")}`,
        );
    }
    const tasks = during.map(([, duration]) => duration);
    const storedMessages = await storedRows(page, target.userId, "conversation_messages");
    const screens =
      cutAtMs === undefined && SCREEN_OPENS > 0 && marks.synced !== undefined
        ? await openScreensAgain(page, target, home, SCREEN_OPENS)
        : undefined;
    return {
      usableMs,
      syncedMs,
      up: to.up - from.up,
      down: to.down - from.down,
      bytes: to.up - from.up + to.down - from.down,
      longestMs: Math.max(0, ...tasks),
      longTasksMs: tasks.reduce((a, b) => a + b, 0),
      longTasks: tasks.length,
      busyMs: busyTo - busyFrom,
      storedMessages,
      loadBytes,
      cpu,
      load: `${loadBefore.toFixed(1)}→${loadavg()[0].toFixed(1)}`,
      cutAtMs,
      screens,
      steps: `first page asked ${seconds(fromClick(firstPull?.asked))} and answered ${seconds(fromClick(firstPull?.answered))}, signed in ${seconds(signedInMs)}, patient listed ${seconds(patientsMs)}, conversation read ${seconds(usableMs)}${cutNote}${syncedMs === undefined ? `, not synced after ${seconds(SYNC_TIMEOUT_MS)}` : ""}`,
    };
  } finally {
    await context.close();
    await throttle.close();
  }
}
