// The device bench's command line, constants, the issue's baseline and targets, and its figures' shapes.
import { parseArgs } from "node:util";
import type { ScreenOpens } from "./screens.ts";
import { PROFILES } from "./throttle.ts";

export const { values } = parseArgs({
  options: {
    scales: { type: "string", default: "10,1" },
    profiles: { type: "string", default: "fast,slow" },
    "skip-build": { type: "boolean", default: false },
    fresh: { type: "boolean", default: false },
    "no-interrupt": { type: "boolean", default: false },
    /** Who signs in: the demo clinician (dr.rivera) or the demo admin, who syncs every patient (issue 12). */
    user: { type: "string", default: "clinician" },
    /** How long a first sync may take before its figures are printed as they stand (not synced). */
    timeout: { type: "string", default: "600" },
    /** Writes the main thread's CPU profile of each uninterrupted sync here (open it in DevTools; with --runs, the last run's). */
    "cpu-profile": { type: "string" },
    /** Writes Chromium's performance trace of each uninterrupted sync here (DevTools' Performance panel
     * reads it): which long task ran what (scripts, style, layout, a Dexie query). With --runs, the last run's. */
    trace: { type: "string" },
    /** How many times slower the page's main thread runs (DevTools' CPU throttling): 4 for the
     * clinician's mid-range tablet (issue 11), 1 for the admin, who works on a desktop (issue 12).
     * Its way of slowing is to stop the main thread in a loop that keeps a core busy (an idle page at
     * 4× takes about two thirds of a core), so on a machine of few cores it also slows the workers,
     * the browser and the bench's own server: 1 measures what the workers cost on their own. */
    cpu: { type: "string" },
    /** Prints each long task of an uninterrupted sync: when it started (from the sign-in click) and how long it ran;
     * then each long animation frame: its blocking time, its rendering, and the scripts that ran longest in it. */
    "list-tasks": { type: "boolean", default: false },
    /** First syncs per scale and profile: the table shows each figure's median, and each run is listed. */
    runs: { type: "string", default: "1" },
    /** Once synced, opens the tour's two screens again this many times each, with no sync under way,
     * and prints the longest task of each open: what the screens cost the main thread by themselves. */
    screens: { type: "string", default: "0" },
    /** Measures against a server that has just started (no warm-up first): its first answers are slower. */
    cold: { type: "boolean", default: false },
  },
});
export const scales = values.scales.split(",").map(Number);
export const profiles = values.profiles.split(",").map((name) => {
  const profile = PROFILES[name];
  if (!profile) throw new Error(`Unknown profile ${name}: one of ${Object.keys(PROFILES).join(", ")}`);
  return profile;
});

const USERS: Record<string, { username: string; password: string }> = {
  clinician: { username: "dr.rivera@stepwise.local", password: "demo-clinician" },
  admin: { username: "demo.admin@stepwise.local", password: "demo-admin" },
};
export const USER = USERS[values.user];
if (!USER) throw new Error(`Unknown user ${values.user}: clinician or admin`);
export const ADMIN = values.user === "admin";
export const CPU_SLOWDOWN = Number(values.cpu ?? (ADMIN ? 1 : 4));
if (!(CPU_SLOWDOWN >= 1)) throw new Error(`--cpu must be a number of at least 1, not ${values.cpu}`);
export const TABLET = { width: 820, height: 1180 };
export const OUTAGE_MS = 5_000;
export const BENCH_PIN = "246813";
export const runs = Number(values.runs);
if (!(Number.isInteger(runs) && runs >= 1)) throw new Error(`--runs ${values.runs}: a whole number of at least 1`);
export const SCREEN_OPENS = Number(values.screens);
if (!(Number.isInteger(SCREEN_OPENS) && SCREEN_OPENS >= 0))
  throw new Error(`--screens ${values.screens}: a whole number of opens (0 for none)`);
export const SYNC_TIMEOUT_MS = Number(values.timeout) * 1000;
if (!(SYNC_TIMEOUT_MS > 0)) throw new Error(`--timeout ${values.timeout}: a number of seconds`);

/** The figures for the landed main before this work (scale 10), and its targets. */
export const BASELINE: Record<string, Figures> = {
  fast: { syncedMs: 18_000, bytes: 21_700_000, longestMs: 430, longTasksMs: 4_300 },
  slow: { syncedMs: 115_000, bytes: 21_700_000, longestMs: 789, longTasksMs: 6_500 },
};
export const TARGET: Record<string, Figures> = {
  fast: { usableMs: 3_000, syncedMs: 8_000, bytes: 4_000_000, longestMs: 50, longTasksMs: 300 },
  slow: { usableMs: 8_000, syncedMs: 30_000, bytes: 4_000_000, longestMs: 50, longTasksMs: 300 },
};

/** Issue 12's targets for the demo admin's first sync at scale 100 on the fast profile (none given for the rest). */
export const ADMIN_TARGET: Record<string, Partial<Figures>> = {
  fast: { syncedMs: 60_000, bytes: 50_000_000 },
};

export interface Figures {
  usableMs?: number;
  /** Undefined: not synced within --timeout (the other figures are then those at the timeout). */
  syncedMs?: number;
  bytes: number;
  longestMs: number;
  longTasksMs: number;
}
export interface Run extends Figures {
  up: number;
  down: number;
  longTasks: number;
  /** The main thread's time in tasks of any length, from the click until the bench saw Synced. */
  busyMs: number;
  /** Messages in the device's store once synced, against the clinician's count on the server. */
  storedMessages: number;
  /** Bytes of loading /auth (and the service worker's precache) before the sign-in click. */
  loadBytes: number;
  load: string;
  /** Core-seconds each part used from the click until the bench saw Synced (cpu-use.ts); empty off Linux. */
  cpu: string;
  cutAtMs?: number;
  /** When each step of the usable check was done (from the click). */
  steps: string;
  /** With --screens: each screen's longest task per open once synced, no sync under way. */
  screens?: ScreenOpens;
}

/** What the clinician reads first, looked up in the seeded database. */
export interface Target {
  /** The signed-in user's id (their device store is named by it). */
  userId: string;
  patient: string;
  conversationId: string;
  /** The selected conversation reads oldest first: its first message is the one at the top. */
  firstMessage: string;
  messages: number;
  patients: number;
}
