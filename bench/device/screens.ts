// The tour's two screens opened again once the first sync is over (--screens N): the long tasks the
// screens make by themselves, with no sync under way, beside the ones counted during the sync (when
// the sync's workers, the browser's IndexedDB and the bench's server share the machine's cores).
import type { Page } from "playwright-core";
import { median } from "./median.ts";
import type { Target } from "./options.ts";
import { waitForElement } from "./probe.ts";

/** Quiet time before each open (the page back home) and after it (a table draws its rows over several frames). */
const SETTLE_MS = 1_500;
/** How long a screen may take to show what it opens on. */
const OPEN_TIMEOUT_MS = 30_000;

/** Per screen, the longest main-thread task of each open (0: none over 50 ms). */
export interface ScreenOpens {
  patients: number[];
  conversation: number[];
}

const longTasksSince = (page: Page, from: number) =>
  page.evaluate(`window.__longTasks.filter(([start]) => start >= ${from}).map(([, duration]) => duration)`) as Promise<
    number[]
  >;

/**
 * Opens Manage Patients, then Chat History on the tour's conversation, `times` times each, from
 * `home`, as the tour does (the probe's `go`); the CPU stays as slow as during the sync.
 */
export async function openScreensAgain(page: Page, target: Target, home: string, times: number): Promise<ScreenOpens> {
  const conversation = `/chat-history?${new URLSearchParams({ patientName: target.patient, conversationId: target.conversationId })}`;
  const screens = [
    ["patients", "/patients", "tr > td"],
    ["conversation", conversation, 'section[aria-label="Messages"] article'],
  ] as const;
  const opens: ScreenOpens = { patients: [], conversation: [] };
  for (let i = 0; i < times; i++)
    for (const [screen, path, shown] of screens) {
      await page.evaluate(`window.__probe.go(${JSON.stringify(home)})`);
      await page.waitForTimeout(SETTLE_MS);
      const from = (await page.evaluate("performance.timeOrigin + performance.now()")) as number;
      // From a timer, as a tap's handler runs: not inside the bench's script.
      await page.evaluate(`setTimeout(() => window.__probe.go(${JSON.stringify(path)}))`);
      if (!(await waitForElement(page, shown, OPEN_TIMEOUT_MS))) {
        console.warn(`${path} showed nothing to read within ${OPEN_TIMEOUT_MS / 1000} s: that open is left out.`);
        continue;
      }
      await page.waitForTimeout(SETTLE_MS);
      opens[screen].push(Math.max(0, ...(await longTasksSince(page, from))));
    }
  return opens;
}

/** "62 ms (0–94 ms)": the median of the opens' longest tasks, then their range. */
export function screenText(longest: number[] | undefined) {
  if (!longest?.length) return "—";
  const [middle, least, most] = [median(longest) ?? 0, Math.min(...longest), Math.max(...longest)].map(Math.round);
  return `${middle} ms (${least}–${most} ms)`;
}
