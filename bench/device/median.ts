// With --runs N, the table shows each figure's median over N first syncs: on a shared machine of
// few cores one run's long tasks move by a third from run to run, and a task near 50 ms counts or not.
import type { Run } from "./options.ts";

/** The middle value (the upper of the two middle ones); a figure a run did not reach counts as the largest. */
export function median(values: (number | undefined)[]): number | undefined {
  const sorted = values.map((v) => v ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
  const middle = sorted[Math.floor(sorted.length / 2)];
  return middle === Number.POSITIVE_INFINITY ? undefined : middle;
}

const FIGURES = [
  "usableMs",
  "syncedMs",
  "bytes",
  "up",
  "down",
  "longestMs",
  "longTasksMs",
  "longTasks",
  "busyMs",
] as const;

/** One run of median figures; its steps, load and stored count are those of the run whose usable is the median. */
export function medianRun(runs: Run[]): Run {
  const middle = runs.find((run) => run.usableMs === median(runs.map((r) => r.usableMs))) ?? runs[0];
  const figures = Object.fromEntries(FIGURES.map((key) => [key, median(runs.map((run) => run[key]))]));
  // Every open of every run: the screens' figures are the same measure whatever the run.
  const screens = runs.some((run) => run.screens) && {
    patients: runs.flatMap((run) => run.screens?.patients ?? []),
    conversation: runs.flatMap((run) => run.screens?.conversation ?? []),
  };
  return { ...middle, ...figures, ...(screens && { screens }) } as Run;
}
