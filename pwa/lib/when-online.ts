/** Resolves once the browser has a connection again. */
function backOnline(): Promise<void> {
  return new Promise((resolve) => window.addEventListener("online", () => resolve(), { once: true }));
}

/**
 * Imports a chunk (or starts a worker), and does it again when fetching it failed: after the
 * connection returns when the browser is offline, else after a short wait (at most `tries` failures
 * online, each wait longer, up to half a minute). Browsers keep no failed dynamic import, so the
 * same `import()` fetches anew. It matters on a first visit, before the service worker holds every
 * file: a tablet that loses its connection while the first sync runs keeps the part's fallback
 * until it is back, instead of failing.
 */
export async function importWhenOnline<T>(load: () => Promise<T>, tries = 3): Promise<T> {
  for (let failures = 0; ; ) {
    try {
      return await load();
    } catch (error) {
      if (typeof navigator !== "undefined" && !navigator.onLine) {
        await backOnline();
        continue;
      }
      if (++failures >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(500 * failures, 30_000)));
    }
  }
}

/** What each of the app's workers posts once its module has run: the page then knows its file loaded. */
export const WORKER_READY = "stepwise-worker-ready";

/**
 * A module worker once its module has run (it posted WORKER_READY); rejects, and ends it, when its
 * file could not be loaded, which a worker otherwise never tells: its calls would wait forever.
 */
export function startWorker(create: () => Worker): Promise<Worker> {
  const worker = create();
  return new Promise((resolve, reject) => {
    const failed = () => {
      worker.terminate();
      reject(new Error("A worker's file could not be loaded"));
    };
    worker.addEventListener("error", failed, { once: true });
    worker.addEventListener("message", function ready(event: MessageEvent) {
      if (event.data !== WORKER_READY) return;
      // From here on an error event is the worker's own, not a file that failed to load.
      worker.removeEventListener("error", failed);
      worker.removeEventListener("message", ready);
      resolve(worker);
    });
  });
}
