// The bench's readiness checks, run inside the page at almost no cost to its main thread. Playwright's
// locators poll the page (each check a script evaluated on the main thread): over a first sync they
// took 1.6–3.5 s of the slowed CPU and counted as the app's long tasks. Here a MutationObserver
// notes where the page changed, one check per animation frame at most looks there, and the moment
// each condition first holds is recorded; the bench reads them rarely.
import type { Page } from "playwright-core";

export type Mark = "patients" | "conversation" | "synced";
export type Marks = Partial<Record<Mark, number>>;

export interface ProbeTarget {
  /** The username the first row of Manage Patients shows in a cell of its own. */
  patient: string;
  /** Text of the conversation's first message, as the Messages region shows it. */
  firstMessage: string;
}

interface Probe {
  /** Wall-clock times (performance.timeOrigin + performance.now()) each condition first held. */
  marks: Marks;
  /** Opens `patients`, then `conversation` once the patient row shows, then `home` once the conversation reads. */
  tour?: { conversation: string; home: string };
  /** Opens `path` as a tap on a link to it would. */
  go: (path: string) => void;
}

/**
 * Runs in the page before its own scripts. A string, not a function: tsx (esbuild with keepNames)
 * wraps a function's inner functions in a `__name` helper the page does not have.
 */
const PROBE = `
  const probe = { marks: {} };
  window.__probe = probe;
  // The router's listeners of the address (it adds them as it mounts, after this script ran).
  const routers = new Set();
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  window.addEventListener = function (type, listener, options) {
    if (type === "popstate" && typeof listener === "function") routers.add(listener);
    return add.call(this, type, listener, options);
  };
  window.removeEventListener = function (type, listener, options) {
    if (type === "popstate") routers.delete(listener);
    return remove.call(this, type, listener, options);
  };
  // As a tap on a link moves the router: the new address, told to the router outside any event.
  // A popstate event instead made React 19 render the whole screen at once, in one task, as it does
  // for the browser's Back button (so a restored scroll position can apply), where a tap renders it
  // as a transition, in slices.
  const go = (path) => {
    history.pushState(null, "", path);
    if (routers.size === 0) return dispatchEvent(new PopStateEvent("popstate"));
    for (const listener of routers) listener.call(window, new PopStateEvent("popstate"));
  };
  probe.go = go;
  // The checks look only where the page changed since the last look (the elements added or whose
  // text or label changed, within and around): each scanned the whole screen every frame, up to
  // 40 ms of a slowed main thread once a screen of rows was in (9 ms for the sync status alone).
  // The first look, and the first after the tour starts, scan the whole page.
  const CELL = "tr > td";
  const MESSAGE = 'section[aria-label="Messages"] article';
  let changed = null;
  const around = (selector, test) => {
    const places = changed === null ? [document.documentElement] : changed;
    for (const place of places) {
      if (!place.isConnected) continue;
      const inside = place.closest(selector);
      if (inside && test(inside)) return true;
      for (const el of place.querySelectorAll(selector)) if (test(el)) return true;
    }
    return false;
  };
  const holds = {
    patients: () => around(CELL, (td) => td.textContent.trim() === target.patient),
    conversation: () => around(MESSAGE, (a) => a.textContent.includes(target.firstMessage)),
    synced: () => around('[aria-label^="Sync: Synced"]', () => true),
  };
  let scheduled = false;
  let touring = false;
  const check = () => {
    scheduled = false;
    const now = performance.timeOrigin + performance.now();
    // The patient row and the conversation count on the tour only, as the screens it opens show them.
    if (probe.tour && !touring) {
      touring = true;
      changed = null;
    }
    for (const mark of probe.tour ? ["patients", "conversation", "synced"] : ["synced"]) {
      if (probe.marks[mark] !== undefined || !holds[mark]()) continue;
      probe.marks[mark] = now;
      // The next step in a task of its own, as a tap's would be, not inside this frame's.
      if (mark === "patients") setTimeout(() => go(probe.tour.conversation));
      if (mark === "conversation") setTimeout(() => go(probe.tour.home));
    }
    changed = new Set();
  };
  // Kept only while a check has something to look for (at scale 1 the sync ends before the tour does).
  const note = (records) => {
    if (changed === null || ["patients", "conversation", "synced"].every((m) => probe.marks[m] !== undefined)) return;
    for (const record of records) {
      // What was added (a text node: its element), or the element whose text or label changed.
      const nodes = record.type === "childList" ? record.addedNodes : [record.target];
      for (const node of nodes) {
        const el = node.nodeType === 1 ? node : node.parentElement;
        if (el) changed.add(el);
      }
    }
  };
  const observe = () =>
    new MutationObserver((records) => {
      note(records);
      if (scheduled) return;
      scheduled = true;
      requestAnimationFrame(check);
    }).observe(document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["aria-label"],
    });
  if (document.documentElement) observe();
  else addEventListener("DOMContentLoaded", observe, { once: true });
`;

/** Puts the probe in every page of `page`'s context from its next navigation on. */
export const addProbe = (page: Page, target: ProbeTarget) =>
  page.context().addInitScript({ content: `{ const target = ${JSON.stringify(target)};${PROBE}}` });

/**
 * Starts the clinician's tour: Manage Patients now, Chat History on `conversation` once the patient
 * row shows, back `home` once the conversation reads — each step taken in the page the moment the
 * previous one held, with no wait on the bench.
 */
export const startTour = (page: Page, conversation: string, home: string) =>
  page.evaluate(
    ([conversation, home]) => {
      const probe = (window as unknown as { __probe: Probe }).__probe;
      probe.tour = { conversation, home };
      // From a timer, as a tap's handler runs: not inside the bench's script.
      setTimeout(() => probe.go("/patients"));
    },
    [conversation, home] as const,
  );

/** The probe's marks, read once. */
const readMarks = (page: Page) => page.evaluate(() => ({ ...(window as unknown as { __probe: Probe }).__probe.marks }));

/** Waits (reading the page every `pollMs`) until `mark` holds or `timeoutMs` passed; then returns every mark. */
export async function waitForMark(page: Page, mark: Mark, timeoutMs: number, pollMs = 1_000): Promise<Marks> {
  await page
    .waitForFunction((m) => (window as unknown as { __probe: Probe }).__probe.marks[m] !== undefined, mark, {
      polling: pollMs,
      timeout: Math.max(1, timeoutMs),
    })
    .catch((error: Error) => {
      if (error.name !== "TimeoutError") throw error;
    });
  return readMarks(page);
}

/**
 * Resolves once an element matching `selector` is in the page (true), or after `timeoutMs` (false).
 * Told by a MutationObserver, where Playwright's own wait for an element polls it at growing
 * intervals (up to 500 ms between looks): the form a step waits for is used the moment it shows,
 * not up to half a second later, so that wait does not count in the app's figures.
 */
export const waitForElement = (page: Page, selector: string, timeoutMs: number): Promise<boolean> =>
  page.evaluate(`new Promise((resolve) => {
    const selector = ${JSON.stringify(selector)};
    if (document.querySelector(selector)) return resolve(true);
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(true);
    });
    observer.observe(document.documentElement, { subtree: true, childList: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(false);
    }, ${Math.round(timeoutMs)});
  })`);
