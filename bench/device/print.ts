// The table of one scale and profile: this run, the interrupted one, the baseline and the targets.

import {
  ADMIN,
  ADMIN_TARGET,
  BASELINE,
  CPU_SLOWDOWN,
  type Figures,
  OUTAGE_MS,
  type Run,
  runs,
  SYNC_TIMEOUT_MS,
  TARGET,
  type Target,
  values,
} from "./options.ts";
import { screenText } from "./screens.ts";
import type { Profile } from "./throttle.ts";

export const seconds = (ms?: number) => (ms === undefined ? "—" : `${(ms / 1000).toFixed(1)} s`);
const millis = (ms?: number) => (ms === undefined ? "—" : `${Math.round(ms)} ms`);
/** A sync not done within --timeout shows as more than it. */
const syncedText = (run: Run) => (run.syncedMs === undefined ? `> ${seconds(SYNC_TIMEOUT_MS)}` : seconds(run.syncedMs));
export const megabytes = (b?: number) => (b === undefined ? "—" : `${(b / 1_000_000).toFixed(2)} MB`);

/** One run of several (--runs), so the spread behind the medians shows. */
export const runLine = (run: Run, index: number) =>
  `run ${index + 1}: usable ${seconds(run.usableMs)}, synced ${syncedText(run)}, longest task ${millis(run.longestMs)}, ` +
  `long tasks ${millis(run.longTasksMs)} (${run.longTasks}), main thread busy ${millis(run.busyMs)}` +
  (run.screens
    ? `; synced, no sync under way: longest task opening Manage Patients ${screenText(run.screens.patients)}, Chat History ${screenText(run.screens.conversation)}`
    : "");

export function printTable(scale: number, profile: Profile, target: Target, plain: Run, cut?: Run) {
  // The baseline and targets of issue 11 are a clinician's; an admin's are issue 12's.
  const base = scale === 10 && !ADMIN ? BASELINE[profile.name] : undefined;
  const goal: Partial<Figures> = ADMIN
    ? scale === 100
      ? (ADMIN_TARGET[profile.name] ?? {})
      : {}
    : TARGET[profile.name];
  const rows: string[][] = [
    ["", runs > 1 ? `median of ${runs}` : "this run", "interrupted", "baseline", "target"],
    ["usable", seconds(plain.usableMs), seconds(cut?.usableMs), "—", `≤ ${seconds(goal.usableMs)}`],
    ["synced", syncedText(plain), cut ? syncedText(cut) : "—", seconds(base?.syncedMs), `≤ ${seconds(goal.syncedMs)}`],
    ["bytes", megabytes(plain.bytes), megabytes(cut?.bytes), megabytes(base?.bytes), `≤ ${megabytes(goal.bytes)}`],
    [
      "  down / up",
      `${megabytes(plain.down)} / ${megabytes(plain.up)}`,
      cut ? `${megabytes(cut.down)} / ${megabytes(cut.up)}` : "—",
      "",
      "",
    ],
    [
      "longest task",
      millis(plain.longestMs),
      millis(cut?.longestMs),
      millis(base?.longestMs),
      `≤ ${millis(goal.longestMs)}`,
    ],
    [
      "long tasks",
      `${millis(plain.longTasksMs)} (${plain.longTasks})`,
      cut ? `${millis(cut.longTasksMs)} (${cut.longTasks})` : "—",
      millis(base?.longTasksMs),
      `≤ ${millis(goal.longTasksMs)}`,
    ],
    ["main thread busy", millis(plain.busyMs), millis(cut?.busyMs), "", ""],
    ...(plain.screens
      ? [
          // Not a sync's figure: the same screens once synced, for telling their own long tasks from the sync's.
          ["no sync: open Manage Patients", screenText(plain.screens.patients), "", "", ""],
          ["no sync: open Chat History", screenText(plain.screens.conversation), "", "", ""],
        ]
      : []),
    [
      "messages on device",
      `${plain.storedMessages} of ${target.messages}`,
      cut ? `${cut.storedMessages} of ${target.messages}` : "—",
      "",
      "",
    ],
    ["load (1 min avg)", plain.load, cut?.load ?? "—", "", ""],
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log(
    `\n${values.user}, scale ${scale}, ${profile.name} (${profile.bitsPerSecond / 1e6} Mbit/s, ${profile.rttMs} ms RTT), CPU ${CPU_SLOWDOWN}× slower, ` +
      `${target.patients} patients, ${target.messages} messages; page load before sign-in ${megabytes(plain.loadBytes)}` +
      (cut?.cutAtMs === undefined ? "" : `; interrupted at ${seconds(cut.cutAtMs)} for ${seconds(OUTAGE_MS)}`),
  );
  for (const r of rows)
    console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  "));
  console.log(`steps: ${plain.steps}${cut ? `; interrupted: ${cut.steps}` : ""}`);
  if (plain.cpu)
    console.log(`CPU seconds from the click to Synced: ${plain.cpu}${cut?.cpu ? `; interrupted: ${cut.cpu}` : ""}`);
}
