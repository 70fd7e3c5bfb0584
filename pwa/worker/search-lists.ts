import type { IndexedMessage } from "./search-logic.ts";

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
  const out: Lists = new Map();
  for (const [key, list] of lists) {
    const more = extra.get(key) ?? [];
    extra.delete(key);
    const next = new Int32Array(list.length + more.length);
    let n = 0;
    for (let i = 0; i < list.length; i++) {
      const place = moved[list[i]];
      if (place >= 0) next[n++] = place;
    }
    for (const place of more) next[n++] = place;
    if (more.length > 0) next.subarray(0, n).sort();
    if (n > 0) out.set(key, n === next.length ? next : next.slice(0, n));
  }
  for (const [key, more] of extra) out.set(key, Int32Array.from(more).sort());
  return out;
}
