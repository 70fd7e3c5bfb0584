import type { LocalStore } from "@/local/index.ts";
import { listenToStoredRows } from "@/local/search-changes.ts";
import {
  allGroups,
  buildIndex,
  type FoundResult,
  groupsResult,
  KEYS,
  regroup,
  type SearchIndex,
  searchFound,
  wordsOf,
} from "./search-index.ts";
import { movedLists } from "./search-lists.ts";
import {
  type ChatFilters,
  type ConversationGroup,
  type IndexedMessage,
  indexMessage,
  type SearchResult,
  safetyRiskIds,
  showsMessages,
} from "./search-logic.ts";
import { conversationsTouched, mergeChanges } from "./search-merge.ts";
import {
  changesSince,
  type KeptIndex,
  keep,
  keptMarker,
  readChanged,
  readEverything,
  readKept,
  readKeptGroups,
} from "./search-store.ts";

/**
 * A search result without its message ids and groups: those cross to the page a screenful at a time.
 * Its messages are counted as far as the first screenful (`complete`: all of them); `finish` counts the rest.
 */
export type SearchAnswer = Omit<SearchResult, "messageIds" | "groups" | "conversations"> & {
  resultKey: number;
  messageCount: number;
  complete: boolean;
  groupCount: number;
  /** The left column's list, handed over a range at a time too (a date range may hold thousands). */
  conversationCount: number;
};

export interface SearchApi {
  /**
   * Runs the search on the index of the device store. `version` names the store's state (it
   * changes whenever messages or summaries change); only then are the noted changes taken in.
   */
  search(filters: ChatFilters, version: string): Promise<SearchAnswer>;
  /**
   * Counts all of a result's messages, a turn of the worker's message loop at a time, so a newer
   * search is answered first (then this one gives up: null, as for a forgotten result).
   */
  finish(resultKey: number): Promise<number | null>;
  /** The ids of a result's messages from..to (exclusive); empty once the result is forgotten. */
  messageIds(resultKey: number, from: number, to: number): Promise<string[]>;
  /** A result's conversation groups from..to (exclusive); empty once the result is forgotten. */
  groups(resultKey: number, from: number, to: number): Promise<ConversationGroup[]>;
  /** A result's left-column conversations from..to (exclusive); empty once the result is forgotten. */
  conversations(resultKey: number, from: number, to: number): Promise<ConversationGroup[]>;
  /** Keeps the index in the store now if it waits to be kept (the benchmark's "after a sync"). */
  keepNow(): Promise<void>;
  /**
   * No page uses the search for now: it stops taking in changes (until the next search) and gives
   * up the results and counts under way.
   */
  rest(): Promise<void>;
}

const KEPT_RESULTS = 4;
/** Messages found before a search answers: a screenful and more. */
const FIRST_SCREEN = 100;
/** Rows changed since the kept index before it is kept again: fewer are cheaper to take in at the next visit than to rewrite. */
const KEEP_AFTER_CHANGES = 5_000;
const KEEP_AFTER_MS = 3_000;

interface Held {
  kept: KeptIndex;
  index: SearchIndex;
  /** Rows changed since the index was last kept in the store (Infinity: none kept). */
  unkept: number;
}

/**
 * Keeps an index of the messages in memory between keystrokes (search-index.ts), so typing costs a
 * look-up, neither an IndexedDB read nor a scan, and keeps the last results, so a million matches or
 * 36k groups never cross to the page at once. The index is kept in the store too (search-store.ts),
 * so opening the page reads it and the changes noted since (search-changes.ts), not every message.
 */
export function createSearchEngine(store: LocalStore): SearchApi {
  let held: Promise<Held> | null = null;
  let heldVersion: string | null = null;
  const results = new Map<number, Pick<FoundResult, "found" | "groups" | "conversations">>();
  let nextKey = 1;
  let waiting: { held: Held; timer: ReturnType<typeof setTimeout> } | null = null;
  let keeping: Promise<void> = Promise.resolve();
  let resting = false;

  const recent = listenToStoredRows(store.userId);

  const everything = async (): Promise<Held> => {
    recent.clear();
    const { marker, messages, summaries } = await readEverything(store);
    const stored = messages.map(indexMessage);
    const index = buildIndex(stored, safetyRiskIds(summaries));
    const lists = { words: wordsOf(index), patients: index.patients, conversations: index.conversations };
    const groups = allGroups(index);
    return {
      kept: { marker, stored, origin: index.origin, risky: [...index.risky], lists, groups },
      index,
      unkept: Infinity,
    };
  };

  const open = async (): Promise<Held> => {
    const kept = await readKept(store);
    if (!kept) return everything();
    const index = buildIndex(kept.stored, new Set(kept.risky), kept.origin, kept.lists);
    index.allGroups = kept.groups;
    return { kept, index, unkept: 0 };
  };

  /** Takes in the changes noted since the index was made. */
  const update = async (current: Held): Promise<Held> => {
    // Asked before the page went: the next search takes the changes in.
    if (resting) return current;
    // Another tab's worker kept a newer index and dropped the changes it holds: start from that one.
    if ((await keptMarker(store)) > current.kept.marker) return update(await open());
    const changes = await changesSince(store, current.kept.marker);
    if (changes.length === 0) return current;
    if (changes.some((c) => c.keys === null)) return everything();
    // Each changed row with the seq of the last change that touched it (changes come oldest first).
    const messageSeqs = new Map<string, number>();
    const summarySeqs = new Map<string, number>();
    for (const c of changes)
      for (const id of c.keys ?? [])
        (c.table === "conversation_messages" ? messageSeqs : summarySeqs).set(id, c.seq ?? 0);
    const messageIds = [...messageSeqs.keys()];
    const summaryIds = [...summarySeqs.keys()];
    const { messages: rows, summaries } = await readChanged(store, recent, messageSeqs, summarySeqs);
    const risky = new Set(current.kept.risky);
    for (const [i, id] of summaryIds.entries()) {
      if (summaries[i]?.is_safetychecker) risky.add(id);
      else risky.delete(id);
    }
    const marker = changes[changes.length - 1].seq ?? current.kept.marker;
    const changed = new Map<string, IndexedMessage | null>();
    for (const [i, id] of messageIds.entries()) {
      const row = rows[i];
      changed.set(id, row ? indexMessage(row) : null);
    }
    const marked = { ...current.kept, marker, risky: [...risky] };
    if (changed.size === 0) {
      // Only safety flags changed: the lists stand, the groups show the flags read again.
      const index = { ...current.index, risky, spans: null };
      index.allGroups = regroup(index, current.kept.groups, new Set());
      return { kept: { ...marked, groups: index.allGroups }, index, unkept: current.unkept + summaryIds.length };
    }
    const touched = conversationsTouched(current.kept.stored, changed);
    const { stored, origin, moved, added } = mergeChanges(current.kept.stored, current.kept.origin, changed);
    const old = current.kept.lists;
    const lists = {
      words: movedLists(old.words, moved, added, KEYS.words),
      patients: movedLists(old.patients, moved, added, KEYS.patients),
      conversations: movedLists(old.conversations, moved, added, KEYS.conversations),
    };
    const index = buildIndex(stored, risky, origin, lists);
    index.allGroups = regroup(index, current.kept.groups, touched);
    return {
      kept: { ...marked, stored, origin, lists, groups: index.allGroups },
      index,
      unkept: current.unkept + changed.size + summaryIds.length,
    };
  };

  let newest: Held | null = null;
  /** Whether the last index taken in is to be kept, being decided. */
  let deciding: Promise<void> = Promise.resolve();
  const keepSoon = async (h: Held) => {
    newest = h;
    // While a first sync fills the store, each keep rewrites an index that keeps growing (at a
    // million messages, seconds a time): it is kept once it grew by half since, so all the keeps
    // of a first sync cost a few rewrites of the last one. The sync's end keeps it as usual.
    const growing = (await store.meta.get("firstSync").catch(() => undefined)) !== undefined;
    const due = growing ? Math.max(KEEP_AFTER_CHANGES, h.kept.stored.length / 2) : KEEP_AFTER_CHANGES;
    if (h.unkept < due || newest !== h) return;
    if (waiting) clearTimeout(waiting.timer);
    const timer = setTimeout(() => {
      waiting = null;
      keepHeld(h);
    }, KEEP_AFTER_MS);
    waiting = { held: h, timer };
  };

  const keepHeld = (h: Held) => {
    keeping = keeping
      .then(() => keep(store, h.kept))
      .then(
        () => {
          h.unkept = 0;
        },
        // Not kept (storage full, the store closed): the next visit reads every message again.
        () => {},
      );
  };

  return {
    async search(filters, version) {
      resting = false;
      recent.listen(true);
      const opening = !held;
      if (!held || heldVersion !== version) {
        heldVersion = version;
        held = (held ?? open()).then(update, () => open().then(update));
        deciding = held.then(keepSoon, () => {
          held = null;
        });
      }
      // The page opens on the grouped view: from the kept index's head alone, while the rest is read.
      const early = opening && !showsMessages(filters) ? await readKeptGroups(store).catch(() => null) : null;
      const { found, groups, conversations, ...rest } = early
        ? groupsResult(early)
        : searchFound((await held).index, filters);
      found.reach(FIRST_SCREEN);
      const resultKey = nextKey++;
      results.set(resultKey, { found, groups, conversations });
      for (const key of results.keys()) if (results.size > KEPT_RESULTS) results.delete(key);
      return {
        ...rest,
        resultKey,
        messageCount: found.count,
        complete: found.complete,
        groupCount: groups.length,
        conversationCount: conversations.length,
      };
    },
    async finish(resultKey) {
      // Once a newer search came (now or between turns), this count is not wanted any more.
      const newest = () => nextKey === resultKey + 1;
      const found = results.get(resultKey)?.found;
      if (!found || !newest()) return null;
      return found.finish(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(newest()), 0)));
    },
    async messageIds(resultKey, from, to) {
      return results.get(resultKey)?.found.ids(from, to) ?? [];
    },
    async groups(resultKey, from, to) {
      return results.get(resultKey)?.groups.slice(from, to) ?? [];
    },
    async conversations(resultKey, from, to) {
      return results.get(resultKey)?.conversations.slice(from, to) ?? [];
    },
    async keepNow() {
      await deciding;
      if (waiting) {
        clearTimeout(waiting.timer);
        keepHeld(waiting.held);
        waiting = null;
      }
      await keeping;
    },
    async rest() {
      resting = true;
      recent.listen(false);
      // The index is not up to date any more: the next search takes in the changes, whatever its version.
      heldVersion = null;
      results.clear();
      // A count under way gives up, as it does for a newer search.
      nextKey++;
    },
  };
}
