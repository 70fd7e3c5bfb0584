// Where the machine's cores went during a first sync, read from Linux's /proc: on a machine of few
// cores the page's long tasks grow with whatever else runs (the sync worker, the browser's
// IndexedDB, this bench's server), and this tells those apart. Elsewhere it reads nothing.
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

const TICKS_PER_SECOND = 100;

type Part = "page" | "workers" | "page other" | "browser" | "server" | "bench";
/** CPU seconds of each (pid, tid) by part, and the whole machine's busy seconds. */
interface Snapshot {
  threads: Map<string, { part: Part; seconds: number }>;
  machine: number;
  at: number;
}

const read = (path: string) => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
};

/** utime + stime of a /proc stat line, in seconds; its comm (the thread's name) is in parentheses. */
function cpuOf(stat: string): { name: string; seconds: number } {
  const close = stat.lastIndexOf(")");
  const fields = stat.slice(close + 2).split(" ");
  return { name: stat.slice(stat.indexOf("(") + 1, close), seconds: (+fields[11] + +fields[12]) / TICKS_PER_SECOND };
}

/**
 * Chromium's zygote children rename themselves, so their command line is one string with spaces.
 * A renderer's own thread (tid = pid) is its main thread: the page's, as only the app's page renders.
 */
function partOf(pid: string, tid: string, name: string, command: string): Part | null {
  if (pid === String(process.pid)) return "bench";
  if (command.includes("sync-server/main.ts")) return "server";
  if (!/chrom/.test(command.split(" ")[0])) return null;
  if (!command.includes("--type=renderer")) return "browser";
  if (tid === pid) return "page";
  return /Worker/.test(name) ? "workers" : "page other";
}

function snapshot(): Snapshot {
  const threads: Snapshot["threads"] = new Map();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    const command = read(`/proc/${pid}/cmdline`).replaceAll("\0", " ");
    let tids: string[] = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {}
    for (const tid of tids) {
      const stat = read(`/proc/${pid}/task/${tid}/stat`);
      if (!stat) continue;
      const { name, seconds } = cpuOf(stat);
      const part = partOf(pid, tid, name, command);
      if (part) threads.set(`${pid}:${tid}`, { part, seconds });
    }
  }
  // The first line of /proc/stat: the machine's ticks by kind; idle and iowait are the idle ones.
  const [, ...ticks] = read("/proc/stat").split("\n")[0].trim().split(/\s+/).map(Number);
  const busy = ticks.slice(0, 8).reduce((sum, t, i) => (i === 3 || i === 4 ? sum : sum + t), 0);
  return { threads, machine: busy / TICKS_PER_SECOND, at: performance.now() };
}

/** Starts counting; `stop` prints what each part used meanwhile, in core-seconds. Empty off Linux. */
export function startCpuUse(): { stop: () => string } {
  if (process.platform !== "linux") return { stop: () => "" };
  const from = snapshot();
  return {
    stop() {
      const to = snapshot();
      const used = new Map<Part, number>();
      for (const [key, { part, seconds }] of to.threads)
        used.set(part, (used.get(part) ?? 0) + seconds - (from.threads.get(key)?.seconds ?? 0));
      const wall = (to.at - from.at) / 1000;
      const cores = availableParallelism();
      const parts = (["page", "workers", "page other", "browser", "server", "bench"] as const).map(
        (part) => `${part} ${(used.get(part) ?? 0).toFixed(1)}`,
      );
      return `${parts.join(", ")}; machine busy ${(to.machine - from.machine).toFixed(1)} of ${(cores * wall).toFixed(1)} (${cores} cores × ${wall.toFixed(1)} s)`;
    },
  };
}
