import type { IndexedMessage } from "./search-logic.ts";

/**
 * Places (of messages in the index's display order) in sorted Int32Arrays, and the set operations a
 * search makes on them; and the messages of an answer, found from its candidates as they are asked for.
 */
export const EMPTY = new Int32Array(0);

/** The first place in `list` (ascending) at or after `value`. */
export function lowerBound(list: Int32Array, value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Sorted places in any of `lists`, each once. */
export function union(lists: Int32Array[], size: number): Int32Array {
  if (lists.length === 0) return EMPTY;
  if (lists.length === 1) return lists[0];
  const total = lists.reduce((sum, l) => sum + l.length, 0);
  if (total * 8 > size) {
    const marked = new Uint8Array(size);
    let count = 0;
    for (const list of lists)
      for (const place of list) {
        count += 1 - marked[place];
        marked[place] = 1;
      }
    const out = new Int32Array(count);
    for (let place = 0, at = 0; at < count; place++) if (marked[place]) out[at++] = place;
    return out;
  }
  const all = new Int32Array(total);
  let at = 0;
  for (const list of lists) {
    all.set(list, at);
    at += list.length;
  }
  all.sort();
  let kept = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[kept++] = all[i];
  return all.subarray(0, kept);
}

/** The places of `sorted` that are in any of `lists` (each sorted too). */
export function intersect(sorted: Int32Array, lists: Int32Array[], size: number): Int32Array {
  const out = new Int32Array(sorted.length);
  let kept = 0;
  if (lists.length === 1 && sorted.length * 16 < lists[0].length) {
    // One long list: each place looked up in it.
    const list = lists[0];
    for (let i = 0; i < sorted.length; i++) {
      const at = lowerBound(list, sorted[i]);
      if (list[at] === sorted[i]) out[kept++] = sorted[i];
    }
  } else if (lists.length === 1) {
    // One list: a walk through both.
    const list = lists[0];
    for (let i = 0, j = 0; i < sorted.length && j < list.length; ) {
      if (sorted[i] < list[j]) i++;
      else if (sorted[i] > list[j]) j++;
      else {
        out[kept++] = sorted[i++];
        j++;
      }
    }
  } else {
    const marked = new Uint8Array(size);
    for (const list of lists) for (const place of list) marked[place] = 1;
    for (let i = 0; i < sorted.length; i++) if (marked[sorted[i]]) out[kept++] = sorted[i];
  }
  return out.subarray(0, kept);
}

/** How many candidates are checked between two turns of the worker's message loop while counting. */
const CHECKS_A_TURN = 50_000;

/**
 * The messages of an answer, found as they are asked for: its candidates (in display order) are
 * checked only as far as the screen needs, so the first screenful of a million messages is answered
 * before the rest are counted (`finish`, a turn of the message loop at a time).
 */
export function foundMessages(
  messages: readonly IndexedMessage[],
  candidates: Int32Array,
  test: ((m: IndexedMessage) => boolean) | null,
) {
  let places = test ? new Int32Array(Math.min(candidates.length, 1024)) : candidates;
  let found = test ? 0 : candidates.length;
  let checked = found;
  /** Checks candidates until `wanted` are found or `budget` were checked; true when none is left. */
  const reach = (wanted: number, budget = Number.POSITIVE_INFINITY) => {
    if (!test) return true;
    const end = Math.min(candidates.length, checked + budget);
    while (found < wanted && checked < end) {
      const place = candidates[checked++];
      if (!test(messages[place])) continue;
      if (found === places.length) {
        const grown = new Int32Array(Math.min(candidates.length, places.length * 4));
        grown.set(places);
        places = grown;
      }
      places[found++] = place;
    }
    return checked === candidates.length;
  };
  return {
    get count() {
      return found;
    },
    get complete() {
      return checked === candidates.length;
    },
    /** Finds at least `wanted` (or all there are). */
    reach: (wanted: number) => void reach(wanted),
    /** The ids from..to (exclusive), found first where needed. */
    ids(from: number, to: number): string[] {
      reach(to);
      return Array.from(places.subarray(from, Math.min(to, found)), (place) => messages[place].id);
    },
    /** Finds them all; `turn` yields to the message loop between turns (null: no waiting). */
    async finish(turn: (() => Promise<boolean>) | null = null): Promise<number | null> {
      while (!reach(Number.POSITIVE_INFINITY, turn ? CHECKS_A_TURN : Number.POSITIVE_INFINITY))
        if (turn && !(await turn())) return null;
      return found;
    },
    /** Finds them all now. */
    all(): string[] {
      reach(Number.POSITIVE_INFINITY);
      return this.ids(0, found);
    },
  };
}

export type FoundMessages = ReturnType<typeof foundMessages>;
