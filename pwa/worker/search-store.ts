import type { Message, Summary } from "@schema/rows.ts";
import { openBytes, openRows, readRaw, sealBytes } from "@/local/encrypted-store.ts";
import type { LocalStore } from "@/local/index.ts";
import { type MessageGroup, messageIn, messagesOf } from "@/local/message-groups.ts";
import type { RecentRows, SearchChange } from "@/local/search-changes.ts";
import { deserialize, serialize } from "./search-bytes.ts";
import type { Lists } from "./search-lists.ts";
import type { ConversationGroup, IndexedMessage } from "./search-logic.ts";

/**
 * Where Chat History's search index is kept between visits: the only module that reads or writes
 * the user's `search_index` and `search_changes` tables. Rows are kept in columns (a few large
 * values read at once, not a million small ones), repeated names once. Each record is stored
 * encrypted as a whole (AES-GCM under the data key, by Web Crypto), so neither a word nor a text
 * of the index is ever stored in the clear.
 */
export interface KeptIndex {
  /** The last noted change (search-changes.ts) the index holds. */
  marker: number;
  /** Messages in the store's own order (by id), as a scan reads them. */
  stored: IndexedMessage[];
  /** For each place in display order (newest first), the message's place in `stored`. */
  origin: Int32Array;
  /** Conversations whose summary flags a safety risk. */
  risky: string[];
  /** The places (in display order) of each word's, patient's and conversation's messages. */
  lists: KeptLists;
  /** The grouped view with nothing filtered. */
  groups: ConversationGroup[];
}

/** The grouped view in columns (the safety flag is read from `risky`). */
type GroupColumns = {
  ids: string[];
  patients: Int32Array;
  times: Float64Array;
  counts: Int32Array;
  /** -1: no prompt. */
  prompts: Int32Array;
};

interface KeptLists {
  words: Lists;
  patients: Lists;
  conversations: Lists;
}

/** A kind of lists in three values: the keys, each one's count, and every place one after another. */
type ListColumns = { keys: string[]; counts: Int32Array; places: Int32Array };

function listColumns(lists: Lists): ListColumns {
  const keys = [...lists.keys()];
  const counts = Int32Array.from(lists.values(), (l) => l.length);
  const places = new Int32Array(counts.reduce((sum, n) => sum + n, 0));
  let at = 0;
  for (const list of lists.values()) {
    places.set(list, at);
    at += list.length;
  }
  return { keys, counts, places };
}

function listsFrom({ keys, counts, places }: ListColumns): Lists {
  const lists: Lists = new Map();
  let at = 0;
  for (const [i, key] of keys.entries()) {
    lists.set(key, places.subarray(at, at + counts[i]));
    at += counts[i];
  }
  return lists;
}

const PART = 65_536;
const HEAD = "head";
const LISTS = "lists";

/** The names the parts point to and the grouped view: small, so the parts are decoded soon after it is read. */
type Head = {
  key: typeof HEAD;
  marker: number;
  parts: number;
  conversations: string[];
  patients: string[];
  prompts: string[];
  risky: string[];
  groups: GroupColumns;
};

/** The display order and the lists: the largest record, opened beside the parts. */
type ListsRecord = {
  key: typeof LISTS;
  origin: Int32Array;
  words: ListColumns;
  patientLists: ListColumns;
  conversationLists: ListColumns;
};

type Part = {
  key: `part:${number}`;
  /** The ids one after another, and each one's length: one string reads far faster than thousands. */
  ids: string;
  idLengths: Int32Array;
  texts: string;
  textLengths: Int32Array;
  conversation: Int32Array;
  patient: Int32Array;
  /** -1: no prompt. */
  prompt: Int32Array;
  time: Float64Array;
  serial: Float64Array;
};

function dictionary() {
  const names: string[] = [];
  const at = new Map<string, number>();
  return {
    names,
    of(name: string) {
      let i = at.get(name);
      if (i === undefined) {
        i = names.length;
        names.push(name);
        at.set(name, i);
      }
      return i;
    },
  };
}

function encode(kept: KeptIndex): [Head, ListsRecord, ...Part[]] {
  const conversations = dictionary();
  const patients = dictionary();
  const prompts = dictionary();
  const parts: Part[] = [];
  for (let from = 0; from < kept.stored.length; from += PART) {
    const slice = kept.stored.slice(from, from + PART);
    parts.push({
      key: `part:${parts.length}`,
      ids: slice.map((m) => m.id).join(""),
      idLengths: Int32Array.from(slice, (m) => m.id.length),
      texts: slice.map((m) => m.text).join(""),
      textLengths: Int32Array.from(slice, (m) => m.text.length),
      conversation: Int32Array.from(slice, (m) => conversations.of(m.conversationId)),
      patient: Int32Array.from(slice, (m) => patients.of(m.patientName)),
      prompt: Int32Array.from(slice, (m) => (m.promptId === null ? -1 : prompts.of(m.promptId))),
      time: Float64Array.from(slice, (m) => m.time),
      serial: Float64Array.from(slice, (m) => m.serial),
    });
  }
  const lists: ListsRecord = {
    key: LISTS,
    origin: kept.origin,
    words: listColumns(kept.lists.words),
    patientLists: listColumns(kept.lists.patients),
    conversationLists: listColumns(kept.lists.conversations),
  };
  const head: Head = {
    key: HEAD,
    marker: kept.marker,
    parts: parts.length,
    conversations: conversations.names,
    patients: patients.names,
    prompts: prompts.names,
    risky: kept.risky,
    groups: {
      ids: kept.groups.map((g) => g.conversation_id),
      patients: Int32Array.from(kept.groups, (g) => patients.of(g.patient_name)),
      times: Float64Array.from(kept.groups, (g) => Date.parse(g.created_at)),
      counts: Int32Array.from(kept.groups, (g) => g.message_count),
      prompts: Int32Array.from(kept.groups, (g) => (g.prompt_id === null ? -1 : prompts.of(g.prompt_id))),
    },
  };
  return [head, lists, ...parts];
}

/** A part's messages, read with the head's names. */
function decodePart(head: Head, part: Part): IndexedMessage[] {
  const messages: IndexedMessage[] = new Array(part.idLengths.length);
  for (let i = 0, id = 0, text = 0; i < part.idLengths.length; i++) {
    const idEnd = id + part.idLengths[i];
    const textEnd = text + part.textLengths[i];
    messages[i] = {
      id: part.ids.slice(id, idEnd),
      conversationId: head.conversations[part.conversation[i]],
      patientName: head.patients[part.patient[i]],
      time: part.time[i],
      serial: part.serial[i],
      promptId: part.prompt[i] < 0 ? null : head.prompts[part.prompt[i]],
      text: part.texts.slice(text, textEnd),
    };
    id = idEnd;
    text = textEnd;
  }
  return messages;
}

function decode(head: Head, kept: ListsRecord, parts: IndexedMessage[][]): KeptIndex {
  const stored = parts.flat();
  const lists = {
    words: listsFrom(kept.words),
    patients: listsFrom(kept.patientLists),
    conversations: listsFrom(kept.conversationLists),
  };
  return { marker: head.marker, stored, origin: kept.origin, risky: head.risky, lists, groups: groupsOf(head) };
}

/** The grouped view as the head keeps it. */
function groupsOf(head: Head): ConversationGroup[] {
  const risky = new Set(head.risky);
  const { ids, patients, times, counts, prompts } = head.groups;
  return ids.map((id, i) => ({
    conversation_id: id,
    patient_name: head.patients[patients[i]],
    created_at: new Date(times[i]).toISOString(),
    message_count: counts[i],
    prompt_id: prompts[i] < 0 ? null : head.prompts[prompts[i]],
    safety_risk: risky.has(id),
  }));
}

/** A record as stored: its key (head, part:N) and its fields, encrypted. */
type SealedRecord = { key: string; marker?: number; parts?: number; sealed: Uint8Array };

async function sealRecord(store: LocalStore, record: Head | ListsRecord | Part): Promise<SealedRecord> {
  const sealed = await sealBytes(store.userId, serialize(record));
  // The head's marker and number of parts stay clear (they name nothing): read before any opening.
  if (record.key !== HEAD) return { key: record.key, sealed };
  const { marker, parts } = record as Head;
  return { key: HEAD, marker, parts, sealed };
}

/**
 * The head opened last and not yet taken, by its IV and tag (random for each sealing): opening the
 * page reads the grouped view from the head (readKeptGroups), then the whole index (readKept), and
 * the head, megabytes at a million messages, is opened and decoded once between the two.
 */
let lastHead: { userId: string; id: string; head: Promise<Head> } | null = null;

function openHead(store: LocalStore, record: SealedRecord, keep: boolean): Promise<Head> {
  const { sealed } = record;
  const id = `${sealed.length}:${String.fromCharCode(...sealed.subarray(0, 12), ...sealed.subarray(sealed.length - 16))}`;
  const last = lastHead?.userId === store.userId && lastHead.id === id ? lastHead.head : null;
  const head = last ?? openBytes(store.userId, sealed).then((bytes) => deserialize(bytes) as Head);
  lastHead = keep ? { userId: store.userId, id, head } : null;
  head.catch(() => {
    if (lastHead?.head === head) lastHead = null;
  });
  return head;
}

/**
 * The kept index, or null when none was kept (or it is incomplete). Each record is opened as soon as
 * it is read, and each part decoded once the (small) head is open, so IndexedDB's reading, Web
 * Crypto's opening and this worker's decoding overlap instead of waiting for one another.
 */
export async function readKept(store: LocalStore): Promise<KeptIndex | null> {
  const opened = async <T>(record: SealedRecord) => deserialize(await openBytes(store.userId, record.sealed)) as T;
  // Awaited once every record was read; until then a failure must not count as unhandled.
  const quiet = <T>(promise: Promise<T>) => {
    promise.catch(() => {});
    return promise;
  };
  // One transaction reads the head and its records (a single version of them); they are opened outside
  // it, which cannot wait on Web Crypto, and all are asked for at once (their answers come in order).
  // (Each opening is handed on wrapped: a promise returned from a read's callback would hold the transaction on it.)
  const read = await store.transaction("r", store.search_index, async () => {
    const first = (await store.search_index.get(HEAD)) as SealedRecord | undefined;
    if (!first?.sealed || first.parts === undefined) return null;
    const head = quiet(openHead(store, first, false));
    const ask = (key: string) => store.search_index.get(key) as Promise<SealedRecord | undefined>;
    const lists = ask(LISTS).then((record) => ({
      opening: record?.sealed ? quiet(opened<ListsRecord>(record)) : null,
    }));
    const parts = Array.from({ length: first.parts }, (_, i) =>
      ask(`part:${i}`).then((record) => ({
        opening: record?.sealed
          ? quiet(Promise.all([head, opened<Part>(record)]).then(([h, p]) => decodePart(h, p)))
          : null,
      })),
    );
    return { head, lists: (await lists).opening, parts: (await Promise.all(parts)).map((p) => p.opening) };
  });
  if (!read || read.parts.some((part) => !part)) return null;
  // An index an older version kept holds its lists in the head: it is made again, once.
  if (!read.lists) return null;
  return decode(await read.head, await read.lists, await Promise.all(read.parts as Promise<IndexedMessage[]>[]));
}

/**
 * The grouped view of the kept index when it is the store's as it is now (no change noted since it
 * was kept), read from its small head alone: the page opens on it while the rest is read.
 */
export async function readKeptGroups(store: LocalStore): Promise<ConversationGroup[] | null> {
  const first = await store.transaction("r", store.search_index, store.search_changes, async () => {
    const head = (await store.search_index.get(HEAD)) as SealedRecord | undefined;
    if (!head?.sealed || head.marker === undefined) return null;
    return (await store.search_changes.where("seq").above(head.marker).count()) === 0 ? head : null;
  });
  if (!first) return null;
  return groupsOf(await openHead(store, first, true));
}

/** The marker of the kept index (0: none kept). Another tab's worker may have kept a newer one. */
export async function keptMarker(store: LocalStore): Promise<number> {
  const head = (await store.search_index.get(HEAD)) as SealedRecord | undefined;
  return head?.marker ?? 0;
}

/**
 * Keeps the index unless a newer one is kept already, then drops the changes it holds. The changes
 * are dropped only up to the kept marker, so whoever reads the kept index finds every later one.
 */
export async function keep(store: LocalStore, kept: KeptIndex): Promise<void> {
  // Sealed before the transaction, which cannot wait on Web Crypto.
  const rows = await Promise.all(encode(kept).map((record) => sealRecord(store, record)));
  const marker = await store.transaction("rw", store.search_index, async () => {
    const saved = await keptMarker(store);
    if (saved > kept.marker) return saved;
    await store.search_index.clear();
    await store.search_index.bulkPut(rows);
    return kept.marker;
  });
  await store.search_changes.where("seq").belowOrEqual(marker).delete();
}

/** Changes noted after `marker`, oldest first. */
export function changesSince(store: LocalStore, marker: number): Promise<SearchChange[]> {
  return store.search_changes.where("seq").above(marker).toArray();
}

/**
 * The messages and summaries of these ids (undefined where one is gone), each given with the seq of
 * the last change that touched it. A row the sync worker told with that very change (`recent`) is
 * taken as told; the rest are read as stored and opened by Web Crypto together. During a first sync
 * every arriving message comes through here once: reading and opening each again cost the search
 * worker as much as the sync worker spent storing it.
 */
export async function readChanged(
  store: LocalStore,
  recent: RecentRows,
  messageSeqs: Map<string, number>,
  summarySeqs: Map<string, number>,
): Promise<{ messages: (Message | undefined)[]; summaries: (Summary | undefined)[] }> {
  const [messages, summaries] = await Promise.all([
    readTold<Message>(store, recent, store.conversation_messages, messageSeqs),
    readTold<Summary>(store, recent, store.conversation_summaries, summarySeqs),
  ]);
  return { messages, summaries };
}

async function readTold<T>(
  store: LocalStore,
  recent: RecentRows,
  table: LocalStore["conversation_messages"] | LocalStore["conversation_summaries"],
  seqs: Map<string, number>,
): Promise<(T | undefined)[]> {
  const name = table.name as "conversation_messages" | "conversation_summaries";
  const ids = [...seqs.keys()];
  const rows = ids.map((id) => recent.take(name, id, seqs.get(id) ?? 0) as T | undefined);
  const missing = ids.flatMap((_, i) => (rows[i] === undefined ? [i] : []));
  const raw = await readRaw<unknown[]>(store, [table], () => table.bulkGet(missing.map((i) => ids[i])));
  // Messages are read as the records of their conversations, each opened once (message-groups.ts).
  const grouped = name === "conversation_messages";
  const records = grouped ? [...new Set(raw)] : raw;
  const opened = await openRows<unknown>(store.userId, records);
  const openedOf = new Map(records.map((record, i) => [record, opened[i]]));
  missing.forEach((at, i) => {
    const row = openedOf.get(raw[i]);
    rows[at] = (grouped ? messageIn(row as MessageGroup | undefined, ids[at]) : row) as T | undefined;
  });
  return rows;
}

/** Every message and summary, and the last change they hold, read at one moment. */
export async function readEverything(
  store: LocalStore,
): Promise<{ marker: number; messages: Message[]; summaries: Summary[] }> {
  // Read as stored, then opened all at once by Web Crypto: far faster than one by one in the read.
  const raw = await readRaw(
    store,
    [store.conversation_messages, store.conversation_summaries, store.search_changes, store.search_index],
    async () => {
      const last = await store.search_changes.orderBy("seq").last();
      const [messages, summaries] = await Promise.all([
        store.conversation_messages.toArray(),
        store.conversation_summaries.toArray(),
      ]);
      return { marker: last?.seq ?? (await keptMarker(store)), messages, summaries };
    },
  );
  const [groups, summaries] = await Promise.all([
    openRows<MessageGroup>(store.userId, raw.messages),
    openRows<Summary>(store.userId, raw.summaries),
  ]);
  // In the order IndexedDB gives a table's rows (by id): a conversation's prompt is its first message's that names one.
  const messages = (messagesOf(groups) as Message[]).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { marker: raw.marker, messages, summaries };
}
