import type { IndexedMessage } from "./search-logic.ts";

/** Display order (search-index.ts): newest first, then conversation id, then highest serial, then store order. */
function displayOrder(stored: readonly IndexedMessage[]) {
  return (i: number, j: number) => {
    const a = stored[i];
    const b = stored[j];
    return b.time - a.time || a.conversationId.localeCompare(b.conversationId) || b.serial - a.serial || i - j;
  };
}

export interface Merged {
  /** In store order. */
  stored: IndexedMessage[];
  /** Display order: for each place, the message's place in `stored`. */
  origin: Int32Array;
  /** For each place in the old display order, its new place (-1: removed or replaced). */
  moved: Int32Array;
  /** The written rows and their places in the new display order. */
  added: { place: number; message: IndexedMessage }[];
}

/**
 * The kept messages with some rows written or removed (`changed`: id → the row now, null when gone),
 * in store order, and their display order, made by merging: the unchanged keep their relative order,
 * so only the changed rows are sorted.
 */
export function mergeChanges(
  stored: readonly IndexedMessage[],
  origin: Int32Array,
  changed: Map<string, IndexedMessage | null>,
): Merged {
  const added = [...changed.values()].filter((m): m is IndexedMessage => m !== null).sort(byId);
  const next: IndexedMessage[] = [];
  /** For each old place in `stored`, its new place (-1: removed or replaced). */
  const moved = new Int32Array(stored.length).fill(-1);
  const addedAt = new Int32Array(added.length);
  let a = 0;
  for (const [i, m] of stored.entries()) {
    while (a < added.length && added[a].id < m.id) {
      addedAt[a++] = next.length;
      next.push(added[a - 1]);
    }
    if (changed.has(m.id)) continue;
    moved[i] = next.length;
    next.push(m);
  }
  while (a < added.length) {
    addedAt[a++] = next.length;
    next.push(added[a - 1]);
  }

  const compare = displayOrder(next);
  const fresh = Array.from(addedAt).sort(compare);
  const order = new Int32Array(next.length);
  const placeMoved = new Int32Array(origin.length).fill(-1);
  const placed: Merged["added"] = [];
  let at = 0;
  let f = 0;
  const addFresh = () => {
    placed.push({ place: at, message: next[fresh[f]] });
    order[at++] = fresh[f++];
  };
  // A first sync brings messages older than all the index holds: when the first of them comes
  // after the last kept one, all do, and the kept ones are placed without a comparison each.
  let lastKept = origin.length - 1;
  while (lastKept >= 0 && moved[origin[lastKept]] < 0) lastKept--;
  const allAfter = fresh.length === 0 || lastKept < 0 || compare(fresh[0], moved[origin[lastKept]]) > 0;
  for (let oldPlace = 0; oldPlace < origin.length; oldPlace++) {
    const place = moved[origin[oldPlace]];
    if (place < 0) continue;
    if (!allAfter) while (f < fresh.length && compare(fresh[f], place) < 0) addFresh();
    placeMoved[oldPlace] = at;
    order[at++] = place;
  }
  while (f < fresh.length) addFresh();
  return { stored: next, origin: order, moved: placeMoved, added: placed };
}

const byId = (a: IndexedMessage, b: IndexedMessage) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The conversations a change touches: each changed row's conversation before (`stored` is by id) and after. */
export function conversationsTouched(
  stored: readonly IndexedMessage[],
  changed: Map<string, IndexedMessage | null>,
): Set<string> {
  const touched = new Set<string>();
  for (const [id, now] of changed) {
    if (now) touched.add(now.conversationId);
    let lo = 0;
    let hi = stored.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (stored[mid].id < id) lo = mid + 1;
      else hi = mid;
    }
    if (stored[lo]?.id === id) touched.add(stored[lo].conversationId);
  }
  return touched;
}
