import type { IndexedMessage } from "./search-logic.ts";

/** Display order (search-index.ts): newest first, then conversation id, then highest serial, then store order. */
function displayOrder(stored: readonly IndexedMessage[]) {
  return (i: number, j: number) => {
    const a = stored[i];
    const b = stored[j];
    return b.time - a.time || a.conversationId.localeCompare(b.conversationId) || b.serial - a.serial || i - j;
  };
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
): { stored: IndexedMessage[]; origin: Int32Array } {
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
  let at = 0;
  let f = 0;
  for (const old of origin) {
    const place = moved[old];
    if (place < 0) continue;
    while (f < fresh.length && compare(fresh[f], place) < 0) order[at++] = fresh[f++];
    order[at++] = place;
  }
  while (f < fresh.length) order[at++] = fresh[f++];
  return { stored: next, origin: order };
}

const byId = (a: IndexedMessage, b: IndexedMessage) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
