import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSyncEngine } from "./engine.ts";
import type { SyncFetch } from "./http.ts";
import { openStore } from "./store.ts";

/**
 * The engine's timing with fake timers: only the timer functions are faked, so fake-indexeddb
 * (which schedules with setImmediate) keeps working while the engine's waits are counted exactly.
 */
const EMPTY_PAGE = { cursor: "c1", hasMore: false, changes: {}, removed: {} };

let n = 0;
/** A tablet whose network is down (every request throws) or answers each pull with an empty page. */
function device(options: { debounceMs?: number } = {}) {
  const network = { down: true, status: 200, requests: 0 };
  const fetch: SyncFetch = async () => {
    network.requests += 1;
    if (network.down) throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(network.status === 200 ? EMPTY_PAGE : { message: "down" }), {
      status: network.status,
    });
  };
  const store = openStore(`engine-timing-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const engine = createSyncEngine({ store, fetch, ...options });
  return { engine, network };
}

/**
 * Moves the clock by `ms`; true when a sync run started within that time (it is then awaited to its
 * end, outbox counts included). A run marks itself syncing at once, before any request.
 */
async function ranWithin(d: ReturnType<typeof device>, ms: number): Promise<boolean> {
  let started = false;
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  let stopped = false;
  const off = d.engine.subscribe((state) => {
    if (stopped) {
      off();
      finished();
    } else if (state.syncing) started = true;
    else if (started) stopped = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  if (!started) {
    off();
    return false;
  }
  await done;
  return true;
}

/** The wait before the next retry: the smallest clock move after which the engine asks again. */
async function nextRetryAfter(d: ReturnType<typeof device>, expectedMs: number): Promise<void> {
  expect(await ranWithin(d, expectedMs - 1)).toBe(false);
  expect(await ranWithin(d, 1)).toBe(true);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("sync engine retry back-off", () => {
  it("retries a failed sync after 1, 2, 4, 8, 16 s, then every 30 s at most", async () => {
    vi.spyOn(Math, "random").mockReturnValue(1);
    const d = device();
    await d.engine.sync();
    expect(d.engine.getState()).toMatchObject({ online: false, error: { code: "offline" } });
    for (const wait of [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]) await nextRetryAfter(d, wait);
    d.engine.stop();
  });

  it("waits a random half to all of the back-off, so tablets that lost the server together do not return together", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const d = device();
    await d.engine.sync();
    await nextRetryAfter(d, 500);
    await nextRetryAfter(d, 1000);
    d.engine.stop();
  });

  it("backs off on a server in trouble (503) as on a lost connection, but says the device is online", async () => {
    vi.spyOn(Math, "random").mockReturnValue(1);
    const d = device();
    d.network.down = false;
    d.network.status = 503;
    await d.engine.sync();
    expect(d.engine.getState()).toMatchObject({ online: true, error: { code: "server_error" } });
    await nextRetryAfter(d, 1000);
    await nextRetryAfter(d, 2000);
    d.engine.stop();
  });

  it("starts again from 1 s after a sync that went through, and stops retrying once synced", async () => {
    vi.spyOn(Math, "random").mockReturnValue(1);
    const d = device();
    await d.engine.sync();
    await nextRetryAfter(d, 1000);
    await nextRetryAfter(d, 2000);

    d.network.down = false;
    await nextRetryAfter(d, 4000);
    expect(d.engine.getState()).toMatchObject({ online: true, error: null });
    expect(await ranWithin(d, 60_000)).toBe(false);

    d.network.down = true;
    await d.engine.sync();
    await nextRetryAfter(d, 1000);
    d.engine.stop();
  });

  it("the browser saying it is online again resets the back-off", async () => {
    vi.spyOn(Math, "random").mockReturnValue(1);
    const d = device();
    await d.engine.sync();
    await nextRetryAfter(d, 1000);
    await nextRetryAfter(d, 2000);
    await nextRetryAfter(d, 4000);
    d.engine.deviceEvent("online");
    // The retry already waiting keeps its time; the failure after it waits 1 s, not 16 s.
    await nextRetryAfter(d, 8000);
    await nextRetryAfter(d, 1000);
    d.engine.stop();
  });
});

describe("sync engine debounce", () => {
  it("a burst of queued changes is sent by one sync, debounceMs after the last of them", async () => {
    const d = device({ debounceMs: 300 });
    d.network.down = false;
    await d.engine.start();
    const afterStart = d.network.requests;
    expect(afterStart).toBe(1);

    d.engine.deviceEvent("outbox-changed");
    expect(await ranWithin(d, 200)).toBe(false);
    d.engine.deviceEvent("outbox-changed");
    expect(await ranWithin(d, 200)).toBe(false);
    d.engine.deviceEvent("outbox-changed");
    expect(await ranWithin(d, 299)).toBe(false);
    expect(await ranWithin(d, 1)).toBe(true);
    expect(d.network.requests).toBe(afterStart + 1);
    expect(await ranWithin(d, 5000)).toBe(false);
    d.engine.stop();
  });

  it("coming back online or to the front syncs at once, without the debounce", async () => {
    const d = device({ debounceMs: 300 });
    d.network.down = false;
    await d.engine.start();
    d.engine.deviceEvent("focus");
    expect(await ranWithin(d, 0)).toBe(true);
    d.engine.deviceEvent("online");
    expect(await ranWithin(d, 0)).toBe(true);
    d.engine.stop();
  });

  it("an engine that was not started leaves the syncing to its caller", async () => {
    const d = device({ debounceMs: 300 });
    d.network.down = false;
    d.engine.deviceEvent("outbox-changed");
    d.engine.deviceEvent("focus");
    expect(await ranWithin(d, 10_000)).toBe(false);
    expect(d.network.requests).toBe(0);
  });
});
