import type { IndexedMessage } from "./search-logic.ts";
import { lowerBound } from "./search-places.ts";

/** For each key (a word, a patient, a conversation), the places (ascending) of the messages holding it. */
export type Lists = Map<string, Int32Array>;

/** Letters, digits and marks make words; anything else separates them. */
export const WORD = /[\p{L}\p{N}\p{M}]+/gu;

export function wordsIn(m: IndexedMessage): string[] {
  return m.text.match(WORD) ?? [];
}

/** The lists of `messages` (at their places) by the keys each holds, made with counts, not growing arrays. */
export function listsOf(messages: readonly IndexedMessage[], keysOf: (m: IndexedMessage) => readonly string[]): Lists {
  const idOf = new Map<string, number>();
  const names: string[] = [];
  const counts: number[] = [];
  const last: number[] = [];
  const pairs: number[] = [];
  for (let place = 0; place < messages.length; place++) {
    for (const key of keysOf(messages[place])) {
      let id = idOf.get(key);
      if (id === undefined) {
        id = names.length;
        idOf.set(key, id);
        names.push(key);
        counts.push(0);
        last.push(-1);
      }
      if (last[id] === place) continue;
      last[id] = place;
      counts[id] += 1;
      pairs.push(id, place);
    }
  }
  const lists = names.map((_, id) => new Int32Array(counts[id]));
  const filled = new Int32Array(names.length);
  for (let i = 0; i < pairs.length; i += 2) {
    const id = pairs[i];
    lists[id][filled[id]++] = pairs[i + 1];
  }
  return new Map(names.map((name, id) => [name, lists[id]]));
}

/**
 * The lists after a merge: each place moved to its new place (`moved[old]`, -1: gone; the kept keep
 * their order, so a list stays sorted) and the added messages' places joined to their keys' lists.
 */
export function movedLists(
  lists: Lists,
  moved: Int32Array,
  added: readonly { place: number; message: IndexedMessage }[],
  keysOf: (m: IndexedMessage) => readonly string[],
): Lists {
  const extra = new Map<string, number[]>();
  for (const { place, message } of added)
    for (const key of keysOf(message)) {
      const more = extra.get(key);
      if (!more) extra.set(key, [place]);
      else if (more[more.length - 1] !== place) more.push(place);
    }
  // The places before the first one that moved keep theirs (all of them, when a first sync's older
  // messages were placed after the rest): that part of each list is copied, not mapped, and a list
  // with nothing after it and nothing added is the very same list.
  let still = 0;
  while (still < moved.length && moved[still] === still) still++;
  const out: Lists = new Map();
  for (const [key, list] of lists) {
    const more = extra.get(key) ?? [];
    extra.delete(key);
    const cut = lowerBound(list, still);
    if (cut === list.length && more.length === 0) {
      out.set(key, list);
      continue;
    }
    const next = new Int32Array(list.length + more.length);
    next.set(list.subarray(0, cut));
    let n = cut;
    for (let i = cut; i < list.length; i++) {
      const place = moved[list[i]];
      if (place >= 0) next[n++] = place;
    }
    const joined = n;
    for (const place of more) next[n++] = place;
    // The added come in ascending places: sorted again only when they do not all follow the rest.
    if (more.length > 0 && joined > 0 && next[joined - 1] > more[0]) next.subarray(0, n).sort();
    if (n > 0) out.set(key, n === next.length ? next : next.slice(0, n));
  }
  for (const [key, more] of extra) out.set(key, Int32Array.from(more).sort());
  return out;
}
