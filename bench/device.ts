// npm run bench -- device [--scales 10,1] [--profiles fast,slow] [--user clinician|admin] [--skip-build] [--fresh]
//   [--no-interrupt] [--timeout SECONDS] [--cpu-profile FILE] [--trace FILE] [--cpu SLOWDOWN] [--cold] [--runs N]
//   [--screens N]
// A clinician's first sign-in on an empty tablet (issue 11): the demo clinic seeded at each scale,
// the built app and /api served by sync-server/main.ts (with this process's environment, e.g.
// ADMIN_MESSAGE_WINDOW_DAYS), Chromium (playwright-core) with the main thread
// slowed 4× (--cpu; the admin's desktop, --user admin, is not slowed unless asked: issue 12) and the
// network shaped by a throttling proxy (bench/device/throttle.ts). Prints, per
// scale and profile: time from the sign-in click until the clinician can read the patient list and
// the newest conversation of the first patient ("usable"), until the status says Synced, the bytes
// carried, the main thread's longest task and the sum of its long tasks meanwhile; then the same
// for a first sync cut off half-way (5 s without a connection) and resumed. A sync not done within
// --timeout (default 600 s) prints how far it got. The server is warmed up first with one first sync
// of the same user over plain HTTP, as a clinic's server has been up a while (--cold: not). The landed baseline
// and the targets of the issue stand beside them. With --runs N, the uninterrupted sync runs N times: each run is
// listed and the table shows each figure's median. A benchmark prints figures; it asserts nothing.
// The moments are taken in the page by a probe that costs its main thread next to nothing
// (bench/device/probe.ts): Playwright's polling locators would count as the app's long tasks.
import { existsSync } from "node:fs";
import { launch } from "../e2e/browser.ts";
import { firstSync } from "./device/first-sync.ts";
import { medianRun } from "./device/median.ts";
import { profiles, type Run, runs, SCREEN_OPENS, scales, USER, values } from "./device/options.ts";
import { printTable, runLine, seconds } from "./device/print.ts";
import { lookUp, run, seeded, startServer, stopServer, warmUp } from "./device/server.ts";

if (!values["skip-build"]) run("npx", ["vite", "build"]);
if (!existsSync("dist/index.html")) throw new Error("dist/ is missing: build first (or drop --skip-build)");

const browser = await launch();
try {
  for (const scale of scales) {
    const dataDir = seeded(scale);
    const target = await lookUp(dataDir);
    const server = await startServer(dataDir);
    try {
      if (!values.cold) await warmUp(server.port, USER);
      for (const profile of profiles) {
        console.log(`Scale ${scale}, ${profile.name}: first sync …`);
        const all: Run[] = [];
        for (let i = 0; i < runs; i++) {
          all.push(await firstSync(browser, server.port, profile, target));
          if (runs > 1) console.log(runLine(all[i], i));
        }
        const plain = runs > 1 ? medianRun(all) : all[0];
        let cut: Run | undefined;
        if (!values["no-interrupt"] && plain.syncedMs !== undefined) {
          console.log(`Scale ${scale}, ${profile.name}: first sync cut off at ${seconds(plain.syncedMs / 2)} …`);
          cut = await firstSync(browser, server.port, profile, target, plain.syncedMs / 2);
        }
        printTable(scale, profile, target, plain, cut);
      }
    } finally {
      await stopServer(server.child);
    }
  }
} finally {
  await browser.close();
}
console.log(
  "\nMB are 10^6 bytes through the proxy (both directions) from the sign-in click to Synced (or to --timeout). Long tasks are the page's main thread's" +
    " (the sync engine runs in a worker) between the same two moments, including the rendering of the two screens opened to check usable." +
    " The CPU slowdown applies to the page's main thread only: Chromium cannot throttle a worker, so the sync worker runs at full speed;" +
    " but Chromium slows the main thread by holding it in a loop that keeps a core busy (an idle page at 4× takes two thirds of a core)," +
    " so on a machine of few cores the workers, the browser and this bench's server share what is left (--cpu 1 shows them alone)." +
    (SCREEN_OPENS > 0
      ? ` "no sync: open …" is the longest task of opening that screen again once synced (${SCREEN_OPENS} open${SCREEN_OPENS === 1 ? "" : "s"} a run, CPU as slow, nothing syncing): the median, then the range; what the screen costs by itself.`
      : ""),
);
