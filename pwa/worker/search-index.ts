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
import { EMPTY, type FoundMessages, foundMessages, intersect, lowerBound, union } from "./search-places.ts";

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
  /** Every message has a time (read with the first date range). */
  timed?: boolean;
}

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

/** Whether every message has a time: then a date range is exactly a slice of the display order. */
function allTimed(ix: SearchIndex): boolean {
  ix.timed ??= ix.messages.every((m) => !Number.isNaN(m.time));
  return ix.timed;
}

/** What the patient, date range and safety filters keep, as places. */
interface Scope {
  /** The places of the date range: [lo, hi). */
  lo: number;
  hi: number;
  /** The patient's or safety's places within the range, if either is set. */
  list: Int32Array | null;
  /** The places hold just the messages the filters keep (else a superset of them). */
  exact: boolean;
}

function scopeOf(ix: SearchIndex, f: ChatFilters): Scope {
  const lo = f.endDate ? firstOlder(ix.messages, Date.parse(f.endDate), true) : 0;
  const hi = f.startDate ? firstOlder(ix.messages, Date.parse(f.startDate), false) : ix.messages.length;
  // A message without a time sorts anywhere: a date range is checked message by message then.
  const exact = (!f.startDate && !f.endDate) || allTimed(ix);
  const within = (list: Int32Array) => list.subarray(lowerBound(list, lo), lowerBound(list, hi));
  const risky = () => [...ix.risky].flatMap((id) => ix.conversations.get(id) ?? []);
  let list: Int32Array | null = null;
  if (f.patientName) {
    list = within(ix.patients.get(f.patientName) ?? EMPTY);
    if (f.safetyOnly) list = intersect(list, risky(), ix.messages.length);
  } else if (f.safetyOnly) list = within(union(risky(), ix.messages.length));
  return { lo, hi, list, exact };
}

/** The places of a scope. */
function scopePlaces({ lo, hi, list }: Scope): Int32Array {
  if (list) return list;
  const all = new Int32Array(Math.max(0, hi - lo));
  for (let i = 0; i < all.length; i++) all[i] = lo + i;
  return all;
}

/**
 * Places of the messages whose text can contain `text` (`exact`: every one of them does), or null
 * when the index cannot narrow it. A word of the query is a whole word of the message where the
 * query has a separator on both of its sides, ends a word where it starts the query, starts one
 * where it ends it, and sits anywhere in a word when it is the whole query. A message holding the
 * text holds each of its words so: the candidates are the messages found by all of them, met from
 * the word found least often. A query of one word alone needs no check (a word never spans a separator).
 */
function textCandidates(ix: SearchIndex, text: string): { places: Int32Array; exact: boolean } | null {
  // Half a character pair is not a character the word pattern sees: leave such queries to the check.
  if (/[\uD800-\uDFFF]/.test(text)) return null;
  const found = [...text.matchAll(WORD)].map((match) => {
    const token = match[0];
    const openStart = match.index === 0;
    const openEnd = match.index + token.length === text.length;
    const lists: Int32Array[] = [];
    if (!openStart && !openEnd) {
      const list = wordsOf(ix).get(token);
      if (list) lists.push(list);
    } else {
      for (const [word, list] of wordsOf(ix)) {
        const fits =
          openStart && openEnd ? word.includes(token) : openStart ? word.endsWith(token) : word.startsWith(token);
        if (fits) lists.push(list);
      }
    }
    return { lists, size: lists.reduce((sum, list) => sum + list.length, 0), whole: token === text };
  });
  found.sort((a, b) => a.size - b.size);
  // A word in most messages narrows little, and merging its many lists costs more than reading the
  // texts of a screenful of candidates: such words are left to the check.
  const narrows = found.filter(({ lists, size }) => lists.length === 1 || size * DENSE < ix.messages.length);
  if (narrows.length === 0) return null;
  let places = union(narrows[0].lists, ix.messages.length);
  for (const { lists } of narrows.slice(1)) {
    if (places.length === 0) break;
    places = intersect(places, lists, ix.messages.length);
  }
  return { places, exact: found.length === 1 && narrows.length === 1 && found[0].whole };
}

/** A word whose lists hold more than one in DENSE of the messages (several lists of it) is not looked up. */
const DENSE = 4;

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

/** Two lists of groups, each in the grouped view's order, merged in that order; `timeOf` reads the first's times. */
function mergeGroups(
  kept: readonly ConversationGroup[],
  timeOf: (g: ConversationGroup) => number,
  fresh: readonly ConversationGroup[],
): ConversationGroup[] {
  const out: ConversationGroup[] = [];
  let f = 0;
  for (const g of kept) {
    const t = timeOf(g);
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
 * The grouped view after a change, from the one before: the conversations in `touched` grouped again
 * from their messages, every safety flag read again, and the two merged in the grouped view's order.
 */
export function regroup(ix: SearchIndex, before: ConversationGroup[], touched: Set<string>): ConversationGroup[] {
  const lists = [...touched].flatMap((id) => ix.conversations.get(id) ?? []);
  const fresh = groupsOf(ix, union(lists, ix.messages.length));
  const kept = before
    .filter((g) => !touched.has(g.conversation_id))
    .map((g) => (g.safety_risk === ix.risky.has(g.conversation_id) ? g : { ...g, safety_risk: !g.safety_risk }));
  return mergeGroups(kept, groupTime, fresh);
}

/**
 * The conversations of a date range alone: those wholly inside it are their groups with nothing
 * filtered (made once, already in order); only those the range cuts through are grouped again from
 * their messages and merged in.
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
  const spans = ix.spans;
  const inside: ConversationGroup[] = [];
  const cut: Int32Array[] = [];
  for (const group of allGroups(ix)) {
    const span = spans.get(group.conversation_id);
    if (!span || span.last < from || span.first > to) continue;
    if (span.first >= from && span.last <= to) inside.push(group);
    else cut.push(ix.conversations.get(group.conversation_id) ?? EMPTY);
  }
  // A group wholly inside starts at its span's first message.
  const fresh = groupsOf(ix, keep(ix, union(cut, ix.messages.length), scoped));
  return mergeGroups(inside, (g) => spans.get(g.conversation_id)?.first ?? groupTime(g), fresh);
}

/** A search's answer with its messages found as they are asked for. */
export type FoundResult = Omit<SearchResult, "messageIds"> & { found: FoundMessages };

/** The grouped view with nothing filtered, as an answer. */
export function groupsResult(groups: ConversationGroup[]): FoundResult {
  return { mode: "groups", conversations: [], groups, found: foundMessages([], EMPTY, null), autoSelected: null };
}

/** The scan's answer (search-logic.ts `search`), read from the index. */
export function searchIndexed(ix: SearchIndex, f: ChatFilters): SearchResult {
  const { found, ...result } = searchFound(ix, f);
  return { ...result, messageIds: found.all() };
}

/** The scan's answer, read from the index, with its messages found as they are asked for. */
export function searchFound(ix: SearchIndex, f: ChatFilters): FoundResult {
  // Nothing filtered, nothing selected: the grouped view (and no list on the left).
  if (!showsMessages(f)) return groupsResult(allGroups(ix));
  const { messages } = ix;
  const scoped = inScope(f, ix.risky);
  const listed = Boolean(f.patientName || f.startDate || f.endDate || f.safetyOnly);
  const scope = scopeOf(ix, f);
  const conversations = !listed
    ? []
    : scope.list
      ? groupsOf(ix, keep(ix, scope.list, scoped))
      : rangeGroups(ix, f, scoped);

  const text = f.text.trim().toLowerCase();
  const idText = f.conversationIdText.trim();
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

  if (selected) {
    // A selected conversation reads in order: oldest first, then by serial, then as stored.
    const accepts = (m: IndexedMessage) => scoped(m) && (!text || m.text.includes(text));
    const places = keep(ix, ix.conversations.get(selected) ?? EMPTY, accepts).sort((p, q) => {
      const a = messages[p];
      const b = messages[q];
      return a.time - b.time || a.serial - b.serial || ix.origin[p] - ix.origin[q];
    });
    return { mode: "messages", conversations, groups: [], found: foundMessages(messages, places, null), autoSelected };
  }
  // The candidates: in every list that holds all the answers (the text's, the id box's, the
  // patient's or safety's) and in the date range, met from the shortest list.
  const words = text ? textCandidates(ix, text) : null;
  const lists = [words?.places, idPlaces, scope.list].filter((l): l is Int32Array => l != null);
  lists.sort((a, b) => a.length - b.length);
  let candidates = lists[0] ?? scopePlaces(scope);
  for (const list of lists.slice(1)) candidates = intersect(candidates, [list], messages.length);
  if (!scope.list) candidates = candidates.subarray(lowerBound(candidates, scope.lo), lowerBound(candidates, scope.hi));
  // What the lists cannot tell is checked message by message, as the screen asks for them.
  const checkText = text !== "" && !words?.exact;
  const test =
    checkText || !scope.exact ? (m: IndexedMessage) => scoped(m) && (!checkText || m.text.includes(text)) : null;
  return {
    mode: "messages",
    conversations,
    groups: [],
    found: foundMessages(messages, candidates, test),
    autoSelected,
  };
}
