import { type Lists, listsOf, WORD, wordsIn } from "./search-lists.ts";
import {
  type ChatFilters,
  type ConversationGroup,
  firstConversationMatching,
  groupConversations,
  type IndexedMessage,
  inScope,
  type SearchResult,
  showsMessages,
} from "./search-logic.ts";

/**
 * Chat History's search answered from an index instead of a scan: the messages kept in display
 * order (so a date range is a slice and no answer needs sorting), and for each word, patient and
 * conversation the places of its messages. A query reads only the smallest of those lists and checks
 * each candidate against the same tests the scan makes, so its answers are the scan's answers.
 */
export interface SearchIndex {
  /** Newest first, then conversation id, then the highest serial, then the order they were read in. */
  messages: IndexedMessage[];
  /** The messages in the order they were read (the order the scan sees them). */
  stored: readonly IndexedMessage[];
  /** For each place in `messages`, the message's place in `stored`. */
  origin: Int32Array;
  risky: Set<string>;
  /** Places (ascending) of the messages holding each word (made on the first search with text), patient, conversation. */
  words: Map<string, Int32Array> | null;
  patients: Map<string, Int32Array>;
  conversations: Map<string, Int32Array>;
  /** The grouped view with nothing filtered, made once. */
  allGroups: ConversationGroup[] | null;
  /** Each conversation's oldest and newest message time, made with the first date-range-only list. */
  spans: Map<string, { first: number; last: number }> | null;
}

const EMPTY = new Int32Array(0);

/** What each list is keyed by: the words of a message's text, its patient, its conversation. */
export const KEYS = {
  words: wordsIn,
  patients: (m: IndexedMessage) => [m.patientName],
  conversations: (m: IndexedMessage) => [m.conversationId],
} as const;

/** Display order: newest first, then conversation id, then the highest serial, then the order read in. */
function displayOrigin(stored: readonly IndexedMessage[]): Int32Array {
  // Conversation ids ranked once in the scan's order (ids the collation finds equal share a rank),
  // so sorting a million messages compares numbers only.
  const ids = [...new Set(stored.map((m) => m.conversationId))].sort((a, b) => a.localeCompare(b));
  const rankOf = new Map<string, number>();
  for (const [i, id] of ids.entries())
    rankOf.set(id, i > 0 && ids[i - 1].localeCompare(id) === 0 ? (rankOf.get(ids[i - 1]) ?? i) : i);
  const time = Float64Array.from(stored, (m) => m.time);
  const rank = Int32Array.from(stored, (m) => rankOf.get(m.conversationId) ?? 0);
  const serial = Float64Array.from(stored, (m) => m.serial);
  const origin = new Int32Array(stored.length);
  for (let i = 0; i < origin.length; i++) origin[i] = i;
  return origin.sort((i, j) => time[j] - time[i] || rank[i] - rank[j] || serial[j] - serial[i] || i - j);
}

/**
 * The index of `stored`. A kept index brings its display order and lists (search-store.ts); else the
 * order is sorted and the lists made (the word lists on the first search with text).
 */
export function buildIndex(
  stored: readonly IndexedMessage[],
  risky: Set<string>,
  origin = displayOrigin(stored),
  lists?: Pick<SearchIndex, "words" | "patients" | "conversations">,
): SearchIndex {
  const messages = Array.from(origin, (i) => stored[i]);
  return {
    messages,
    stored,
    origin,
    risky,
    words: lists?.words ?? null,
    patients: lists?.patients ?? listsOf(messages, KEYS.patients),
    conversations: lists?.conversations ?? listsOf(messages, KEYS.conversations),
    allGroups: null,
    spans: null,
  };
}

/** The word lists, made on the first search with text when the index was not kept with them. */
export function wordsOf(ix: SearchIndex): Lists {
  ix.words ??= listsOf(ix.messages, KEYS.words);
  return ix.words;
}

/** The places in `list` whose message passes `test` (a loop: a typed array's filter is slow). */
function keep(ix: SearchIndex, list: Int32Array, test: (m: IndexedMessage) => boolean): Int32Array {
  const out = new Int32Array(list.length);
  let kept = 0;
  for (let i = 0; i < list.length; i++) if (test(ix.messages[list[i]])) out[kept++] = list[i];
  return out.subarray(0, kept);
}

/** The first place in `list` (ascending) at or after `value`. */
function lowerBound(list: Int32Array, value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first place whose message is older than `time` (`orEqual`: at or older). */
function firstOlder(messages: IndexedMessage[], time: number, orEqual: boolean): number {
  let lo = 0;
  let hi = messages.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const t = messages[mid].time;
    if (orEqual ? t <= time : t < time) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Sorted places in any of `lists`, each once. */
function union(lists: Int32Array[], size: number): Int32Array {
  if (lists.length === 0) return EMPTY;
  if (lists.length === 1) return lists[0];
  const total = lists.reduce((sum, l) => sum + l.length, 0);
  if (total * 8 > size) {
    const marked = new Uint8Array(size);
    for (const list of lists) for (const place of list) marked[place] = 1;
    const out: number[] = [];
    for (let place = 0; place < size; place++) if (marked[place]) out.push(place);
    return Int32Array.from(out);
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

/** Places of the messages the patient, date range and safety filters can keep (a superset of them). */
function scopeCandidates(ix: SearchIndex, f: ChatFilters): Int32Array {
  const lo = f.endDate ? firstOlder(ix.messages, Date.parse(f.endDate), true) : 0;
  const hi = f.startDate ? firstOlder(ix.messages, Date.parse(f.startDate), false) : ix.messages.length;
  const within = (list: Int32Array) => list.subarray(lowerBound(list, lo), lowerBound(list, hi));
  if (f.patientName) return within(ix.patients.get(f.patientName) ?? EMPTY);
  if (f.safetyOnly) {
    const lists = [...ix.risky].flatMap((id) => ix.conversations.get(id) ?? []);
    return within(union(lists, ix.messages.length));
  }
  const all = new Int32Array(Math.max(0, hi - lo));
  for (let i = 0; i < all.length; i++) all[i] = lo + i;
  return all;
}

/**
 * Places of the messages whose text can contain `text`, or null when the index cannot narrow it.
 * A word of the query is a whole word of the message where the query has a separator on both of its
 * sides, ends a word where it starts the query, starts one where it ends it, and sits anywhere in a
 * word when it is the whole query; the word whose matching lists are shortest gives the candidates.
 */
function textCandidates(ix: SearchIndex, text: string): Int32Array | null {
  // Half a character pair is not a character the word pattern sees: leave such queries to the check.
  if (/[\uD800-\uDFFF]/.test(text)) return null;
  let best: Int32Array[] | null = null;
  let bestSize = Number.POSITIVE_INFINITY;
  for (const found of text.matchAll(WORD)) {
    const token = found[0];
    const openStart = found.index === 0;
    const openEnd = found.index + token.length === text.length;
    const lists: Int32Array[] = [];
    let size = 0;
    if (!openStart && !openEnd) {
      const list = wordsOf(ix).get(token);
      if (list) lists.push(list);
      size = list?.length ?? 0;
    } else {
      for (const [word, list] of wordsOf(ix)) {
        const fits =
          openStart && openEnd ? word.includes(token) : openStart ? word.endsWith(token) : word.startsWith(token);
        if (fits) {
          lists.push(list);
          size += list.length;
        }
      }
    }
    if (size < bestSize) {
      best = lists;
      bestSize = size;
    }
  }
  return best ? union(best, ix.messages.length) : null;
}

/** The conversations (as the scan groups them: messages met in stored order) of the messages at `places`. */
function groupsOf(ix: SearchIndex, places: Int32Array): ConversationGroup[] {
  const n = ix.stored.length;
  const met: IndexedMessage[] = [];
  if (places.length * 16 > n) {
    const marked = new Uint8Array(n);
    for (const place of places) marked[ix.origin[place]] = 1;
    for (let i = 0; i < n; i++) if (marked[i]) met.push(ix.stored[i]);
  } else {
    const origins = Int32Array.from(places, (place) => ix.origin[place]).sort();
    for (const i of origins) met.push(ix.stored[i]);
  }
  return groupConversations(met, ix.risky);
}

export function allGroups(ix: SearchIndex): ConversationGroup[] {
  ix.allGroups ??= groupConversations(ix.stored, ix.risky);
  return ix.allGroups;
}

const groupTime = (g: ConversationGroup) => Date.parse(g.created_at);

/**
 * The grouped view after a change, from the one before: the conversations in `touched` grouped again
 * from their messages, every safety flag read again, and the two merged in the grouped view's order.
 */
export function regroup(ix: SearchIndex, before: ConversationGroup[], touched: Set<string>): ConversationGroup[] {
  const lists = [...touched].flatMap((id) => ix.conversations.get(id) ?? []);
  const fresh = groupsOf(ix, union(lists, ix.messages.length));
  const kept = before
    .filter((g) => !touched.has(g.conversation_id))
    .map((g) => (g.safety_risk === ix.risky.has(g.conversation_id) ? g : { ...g, safety_risk: !g.safety_risk }));
  const out: ConversationGroup[] = [];
  let f = 0;
  for (const g of kept) {
    const t = groupTime(g);
    while (
      f < fresh.length &&
      (groupTime(fresh[f]) > t ||
        (groupTime(fresh[f]) === t && fresh[f].conversation_id.localeCompare(g.conversation_id) < 0))
    )
      out.push(fresh[f++]);
    out.push(g);
  }
  while (f < fresh.length) out.push(fresh[f++]);
  return out;
}

/**
 * The conversations of a date range alone: those wholly inside it are their groups with nothing
 * filtered (made once); only those the range cuts through are grouped again from their messages.
 */
function rangeGroups(ix: SearchIndex, f: ChatFilters, scoped: (m: IndexedMessage) => boolean): ConversationGroup[] {
  const from = f.startDate ? Date.parse(f.startDate) : Number.NEGATIVE_INFINITY;
  const to = f.endDate ? Date.parse(f.endDate) : Number.POSITIVE_INFINITY;
  if (!ix.spans) {
    // A conversation's list is in display order, newest first: its ends are its span.
    const spans = new Map<string, { first: number; last: number }>();
    for (const [id, list] of ix.conversations)
      spans.set(id, { first: ix.messages[list[list.length - 1]].time, last: ix.messages[list[0]].time });
    ix.spans = spans;
  }
  const keyed: { time: number; group: ConversationGroup }[] = [];
  const cut: Int32Array[] = [];
  for (const group of allGroups(ix)) {
    const span = ix.spans.get(group.conversation_id);
    if (!span || span.last < from || span.first > to) continue;
    if (span.first >= from && span.last <= to) keyed.push({ time: span.first, group });
    else cut.push(ix.conversations.get(group.conversation_id) ?? EMPTY);
  }
  for (const group of groupsOf(ix, keep(ix, union(cut, ix.messages.length), scoped)))
    keyed.push({ time: Date.parse(group.created_at), group });
  keyed.sort((a, b) => b.time - a.time || a.group.conversation_id.localeCompare(b.group.conversation_id));
  return keyed.map((k) => k.group);
}

/** The scan's answer (search-logic.ts `search`), read from the index. */
export function searchIndexed(ix: SearchIndex, f: ChatFilters): SearchResult {
  const { messages } = ix;
  const scoped = inScope(f, ix.risky);
  const listed = Boolean(f.patientName || f.startDate || f.endDate || f.safetyOnly);
  let scope: Int32Array | null = null;
  const scopeList = () => {
    scope ??= scopeCandidates(ix, f);
    return scope;
  };
  const conversations = !listed
    ? []
    : f.patientName || f.safetyOnly
      ? groupsOf(ix, keep(ix, scopeList(), scoped))
      : rangeGroups(ix, f, scoped);
  if (!showsMessages(f)) {
    return { mode: "groups", conversations, groups: allGroups(ix), messageIds: [], autoSelected: null };
  }

  const text = f.text.trim().toLowerCase();
  const idText = f.conversationIdText.trim();
  const withId = (m: IndexedMessage) => m.conversationId.includes(idText);
  const idPlaces = idText
    ? union(
        [...ix.conversations].filter(([id]) => id.includes(idText)).map(([, list]) => list),
        messages.length,
      )
    : null;
  const autoSelected =
    idText && !f.selectedConversationId && idPlaces
      ? firstConversationMatching(listed ? conversations : groupsOf(ix, keep(ix, idPlaces, scoped)), idText)
      : null;
  const selected = f.selectedConversationId ?? autoSelected;
  const accepts = (m: IndexedMessage) =>
    scoped(m) && (selected ? m.conversationId === selected : !idText || withId(m)) && (!text || m.text.includes(text));

  let places: Int32Array;
  if (selected) {
    // A selected conversation reads in order: oldest first, then by serial, then as stored.
    places = keep(ix, ix.conversations.get(selected) ?? EMPTY, accepts).sort((p, q) => {
      const a = messages[p];
      const b = messages[q];
      return a.time - b.time || a.serial - b.serial || ix.origin[p] - ix.origin[q];
    });
  } else {
    // The shortest list that holds every answer: the text's, the id box's, the patient's or safety's, else the date range.
    const lists = [text ? textCandidates(ix, text) : null, idPlaces].filter((l): l is Int32Array => l !== null);
    if (f.patientName || f.safetyOnly || lists.length === 0) lists.push(scopeList());
    places = keep(
      ix,
      lists.reduce((a, b) => (b.length < a.length ? b : a)),
      accepts,
    );
  }
  return {
    mode: "messages",
    conversations,
    groups: [],
    messageIds: Array.from(places, (place) => messages[place].id),
    autoSelected,
  };
}
