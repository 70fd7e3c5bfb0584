import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetDeviceKey, holdDataKey } from "@/local/device-key.ts";
import type { LocalStore } from "@/local/index.ts";
import { borrowSearch, KEEP_SEARCH_MS } from "./kept-search.ts";
import type { SearchClient } from "./search-client.ts";

/** Search clients that only tell whether they were closed, and how often they were told to rest. */
function clients() {
  const made: { userId: string; closed: boolean; rests: number }[] = [];
  const create = (store: LocalStore) => {
    const made1 = { userId: store.userId, closed: false, rests: 0 };
    made.push(made1);
    return {
      close: () => (made1.closed = true),
      rest: async () => void made1.rests++,
    } as unknown as SearchClient;
  };
  return { made, create };
}

const storeOf = (userId: string) => ({ userId }) as LocalStore;

afterEach(() => {
  forgetDeviceKey();
  vi.useRealTimers();
});

describe("borrowSearch", () => {
  it("hands the next visit the search the last one left, until no visit came for a while", () => {
    vi.useFakeTimers();
    const { made, create } = clients();
    const store = storeOf("clinician-1");
    const first = borrowSearch(store, create);
    first.release();
    vi.advanceTimersByTime(KEEP_SEARCH_MS - 1_000);
    const second = borrowSearch(store, create);
    expect(second.client).toBe(first.client);
    expect(made).toEqual([{ userId: "clinician-1", closed: false, rests: 1 }]);

    second.release();
    vi.advanceTimersByTime(KEEP_SEARCH_MS);
    expect(made[0]?.closed).toBe(true);
    const third = borrowSearch(store, create);
    expect(third.client).not.toBe(first.client);
    expect(made).toHaveLength(2);
    third.release();
    vi.advanceTimersByTime(KEEP_SEARCH_MS);
  });

  it("lets a kept search rest only once no page uses it", () => {
    const { made, create } = clients();
    const store = storeOf("clinician-4");
    const list = borrowSearch(store, create);
    const other = borrowSearch(store, create);
    list.release();
    expect(made[0]?.rests).toBe(0);
    other.release();
    expect(made[0]).toMatchObject({ closed: false, rests: 1 });
    borrowSearch(store, create).release();
    expect(made[0]?.rests).toBe(2);
  });

  it("closes the search the moment its user's device locks, in use or kept, and no other user's", () => {
    const { made, create } = clients();
    const mine = storeOf("clinician-2");
    const theirs = storeOf("clinician-3");
    holdDataKey("clinician-2", new Uint8Array(32));
    const inUse = borrowSearch(mine, create);
    const other = borrowSearch(theirs, create);
    forgetDeviceKey();
    expect(made.map((m) => [m.userId, m.closed])).toEqual([
      ["clinician-2", true],
      ["clinician-3", false],
    ]);
    // The page that used it lets go after the lock: nothing is kept, the next visit starts afresh.
    inUse.release();
    const next = borrowSearch(mine, create);
    expect(next.client).not.toBe(inUse.client);
    next.release();
    other.release();
  });
});
