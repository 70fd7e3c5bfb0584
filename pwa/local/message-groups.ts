import type {
  DBCore,
  DBCoreGetManyRequest,
  DBCoreIndex,
  DBCoreKeyRange,
  DBCoreMutateRequest,
  DBCoreMutateResponse,
  DBCoreTable,
  DBCoreTransaction,
} from "dexie";
import Dexie, { cmp } from "dexie";
import { isRawRead, openRows, presealRows, readRaw, sealStamp, type UnopenedRead } from "./encrypted-store.ts";
import { type Entry, listCursor } from "./list-cursor.ts";

/**
 * Messages are stored a conversation to a record (issues 11 and 12). IndexedDB costs about the same
 * for each record written whatever its size, and a first sync brings tens of thousands of messages
 * (a million for an admin) in a few thousand conversations: writing them one record each was most
 * of a first sync's time. `conversation_messages` stays the table every reader and writer uses; this
 * layer keeps its rows in `message_groups` and answers its reads and writes from there, as
 * IndexedDB would answer them (same keys, same order), so screens, sync and search are unchanged.
 *
 * A message never moves to another conversation (the server appends messages to one), so a
 * message's record is found by its conversation_id when it is written, and by the `ids` index when
 * only its id is known.
 */
export const MESSAGES = "conversation_messages";
export const MESSAGE_GROUPS = "message_groups";

export interface MessageGroup {
  conversation_id: string;
  /** The patient of the conversation's messages (hashed in the store, as every patient-naming index). */
  patient_name: string;
  /** Its messages' ids, in the order of `messages`: a multi-entry index. */
  ids: string[];
  messages: Message[];
}

type Message = Record<string, unknown> & { id: string; conversation_id: string };

/** The messages of stored groups, as one list: for readers of raw (unopened) groups (search-store.ts). */
export const messagesOf = (groups: readonly (MessageGroup | undefined)[]): Message[] =>
  groups.flatMap((group) => group?.messages ?? []);

/** The message `id` of a group, when it holds it. */
export const messageIn = (group: MessageGroup | undefined, id: string): Message | undefined =>
  group?.messages.find((message) => message.id === id);

const EQUAL = 1 as const;
const NEVER = 4 as const;
const ANY: DBCoreKeyRange = { type: 3, lower: Number.NEGATIVE_INFINITY, upper: [[]] };
const equalRange = (key: unknown): DBCoreKeyRange => ({ type: EQUAL, lower: key, upper: key });

function inRange(range: DBCoreKeyRange, key: unknown): boolean {
  if (range.type === EQUAL) return cmp(key, range.lower) === 0;
  if (range.type === NEVER) return false;
  if (range.lower !== undefined) {
    const c = cmp(key, range.lower);
    if (c < 0 || (c === 0 && range.lowerOpen)) return false;
  }
  if (range.upper !== undefined) {
    const c = cmp(key, range.upper);
    if (c > 0 || (c === 0 && range.upperOpen)) return false;
  }
  return true;
}

/** A message's key in an index of the messages' table (Dexie's virtual indexes, a compound's first part, too). */
const keyOf = (message: Message, index: DBCoreIndex): unknown =>
  index.extractKey ? index.extractKey(message) : message.id;

/**
 * A group sealed ahead of its write (`presealMessages`): the stored group it was merged with (its
 * seal stamp; null: none) and the messages merged in, to tell whether the write finds the same.
 */
interface Prepared {
  group: MessageGroup;
  basis: string | null | undefined;
  incoming: readonly Message[];
}

/** Groups sealed ahead of a write, by conversation, for each store. */
const prepared = new WeakMap<Dexie, Map<string, Prepared>>();

export function groupMessages(db: Dexie): void {
  prepared.set(db, new Map());
  db.use({
    stack: "dbcore",
    name: "MessageGroups",
    create(down: DBCore): DBCore {
      return {
        ...down,
        transaction(stores, mode, options) {
          const widen = stores.includes(MESSAGES) && !stores.includes(MESSAGE_GROUPS);
          return down.transaction(widen ? [...stores, MESSAGE_GROUPS] : stores, mode, options);
        },
        table(name) {
          const table = down.table(name);
          // An upgrade from before version 6 runs its earlier steps without the groups' table.
          const grouped = name === MESSAGES && down.schema.tables.some((t) => t.name === MESSAGE_GROUPS);
          return grouped ? messagesTable(table, down.table(MESSAGE_GROUPS), prepared.get(db) ?? new Map()) : table;
        },
      };
    },
  });
}

function messagesTable(messages: DBCoreTable, groups: DBCoreTable, ahead: Map<string, Prepared>): DBCoreTable {
  const idsIndex = groups.schema.getIndexByKeyPath("ids") as DBCoreIndex;
  const patientIndex = groups.schema.getIndexByKeyPath("patient_name") as DBCoreIndex;

  /**
   * The stored group holding each id (undefined: none); raw groups in a raw read. Many ids (a
   * start-over, a bulk delete, a search worker far behind) are found in one read of every group
   * (their `ids` are clear, opened or not), not one read each: one read each fetched a
   * conversation's record again for every message of it.
   */
  async function groupsOf(trans: DBCoreTransaction, ids: readonly unknown[]): Promise<(MessageGroup | undefined)[]> {
    if (ids.length > MANY) {
      const all = await groups.query({ trans, values: true, query: { index: groups.schema.primaryKey, range: ANY } });
      const holder = new Map<unknown, MessageGroup>();
      for (const group of all.result as MessageGroup[]) for (const id of group.ids) holder.set(id, group);
      return ids.map((id) => holder.get(id));
    }
    return Promise.all(
      ids.map(async (id) => {
        const { result } = await groups.query({
          trans,
          values: true,
          limit: 1,
          query: { index: idsIndex, range: equalRange(id) },
        });
        return result[0] as MessageGroup | undefined;
      }),
    );
  }

  /** Every group an index range of messages can hold rows of, opened. */
  async function candidates(trans: DBCoreTransaction, index: DBCoreIndex, range: DBCoreKeyRange) {
    const keyPath = index.keyPath;
    const first = Array.isArray(keyPath) ? keyPath[0] : keyPath;
    if (first === "conversation_id")
      return (
        await groups.query({ trans, values: true, query: { index: groups.schema.primaryKey, range: narrow(range) } })
      ).result as MessageGroup[];
    if (first === "patient_name") {
      const patient = narrow(range);
      // Patient names are stored hashed: only one patient's range can be asked of the index.
      const exact = patient.type === EQUAL || cmp(patient.lower, patient.upper) === 0;
      return (
        await groups.query({
          trans,
          values: true,
          query: exact
            ? { index: patientIndex, range: equalRange(patient.lower) }
            : { index: groups.schema.primaryKey, range: ANY },
        })
      ).result as MessageGroup[];
    }
    if (first === null || first === "id") {
      if (range.type === EQUAL) return (await groupsOf(trans, [range.lower])).filter((g) => g !== undefined);
    }
    return (await groups.query({ trans, values: true, query: { index: groups.schema.primaryKey, range: ANY } }))
      .result as MessageGroup[];
  }

  /** The rows of an index range, in IndexedDB's order: by the index's key, then the primary key. */
  async function entries(trans: DBCoreTransaction, index: DBCoreIndex, range: DBCoreKeyRange, reverse = false) {
    const found: Entry[] = [];
    for (const group of await candidates(trans, index, range)) {
      for (const message of group.messages) {
        const key = keyOf(message, index);
        if (inRange(range, key)) found.push({ key, primaryKey: message.id, value: message });
      }
    }
    found.sort((a, b) => cmp(a.key, b.key) || cmp(a.primaryKey, b.primaryKey));
    return reverse ? found.reverse() : found;
  }

  async function put(trans: DBCoreTransaction, values: readonly Message[]): Promise<DBCoreMutateResponse> {
    const byConversation = byConversationOf(values);
    const keys = [...byConversation.keys()];
    // Read as stored first: a group sealed ahead is written as it is when the stored group is still
    // the one it was merged with (the same seal) and the same messages come; only the others are
    // opened here (by noble, slower than Web Crypto) and merged again.
    const unopened: DBCoreGetManyRequest & UnopenedRead = { trans, keys, unopened: true };
    const stamps = ((await inZone(groups.getMany(unopened))) as unknown[]).map(sealStamp);
    const written: (MessageGroup | undefined)[] = keys.map((conversationId, i) => {
      const early = ahead.get(conversationId);
      ahead.delete(conversationId);
      const fits =
        early !== undefined &&
        early.basis !== undefined &&
        early.basis === stamps[i] &&
        sameMessages(early.incoming, byConversation.get(conversationId) ?? []);
      return fits ? early.group : undefined;
    });
    const others = keys.filter((_, i) => written[i] === undefined);
    if (others.length > 0) {
      const stored = (await inZone(groups.getMany({ trans, keys: others }))) as (MessageGroup | undefined)[];
      const merged = new Map(
        others.map((conversationId, i) => [
          conversationId,
          mergedGroup(conversationId, stored[i], byConversation.get(conversationId) ?? []),
        ]),
      );
      keys.forEach((conversationId, i) => {
        written[i] ??= merged.get(conversationId);
      });
    }
    await groups.mutate({ type: "put", trans, values: broadly(written as MessageGroup[], values.length) });
    const results = values.map((value) => value.id);
    return { numFailures: 0, failures: {}, results, lastResult: results[results.length - 1] };
  }

  async function remove(trans: DBCoreTransaction, ids: readonly string[]): Promise<DBCoreMutateResponse> {
    const gone = new Set(ids);
    const found = await inZone(groupsOf(trans, ids));
    const held = new Map<string, MessageGroup>();
    for (const group of found) if (group) held.set(group.conversation_id, group);
    const kept = [...held.values()].map((group) =>
      groupOf(
        group.conversation_id,
        group.messages.filter((m) => !gone.has(m.id)),
      ),
    );
    const emptied = kept.filter((group) => group.ids.length === 0).map((group) => group.conversation_id);
    const changed = kept.filter((group) => group.ids.length > 0);
    if (changed.length > 0) await groups.mutate({ type: "put", trans, values: changed });
    if (emptied.length > 0) await groups.mutate({ type: "delete", trans, keys: emptied });
    return { numFailures: 0, failures: {}, results: [], lastResult: undefined };
  }

  return {
    ...messages,
    async mutate(req: DBCoreMutateRequest) {
      const { trans } = req;
      if (req.type === "add" || req.type === "put") return put(trans, req.values as Message[]);
      if (req.type === "delete") return remove(trans, req.keys as string[]);
      if (req.range.type === ANY.type) {
        // A clear: also of messages a store kept a record each before version 6 (store.ts).
        await messages.mutate(req);
        await groups.mutate({ ...req, range: ANY });
        return { numFailures: 0, failures: {}, results: [], lastResult: undefined };
      }
      const ids = (await inZone(entries(trans, messages.schema.primaryKey, req.range))).map(
        (entry) => entry.primaryKey,
      );
      return remove(trans, ids);
    },
    async get(req) {
      const [group] = await groupsOf(req.trans, [req.key]);
      return isRawRead(req.trans) ? group : messageIn(group, req.key);
    },
    async getMany(req) {
      const held = await groupsOf(req.trans, req.keys);
      return isRawRead(req.trans) ? held : req.keys.map((key, i) => messageIn(held[i], key));
    },
    async query(req) {
      const { index, range } = req.query;
      if (isRawRead(req.trans)) return { result: await candidates(req.trans, index, range) };
      const reverse = req.direction === "prev" || req.direction === "prevunique";
      let found = await entries(req.trans, index, range, reverse);
      if (req.direction === "nextunique" || req.direction === "prevunique")
        found = found.filter((entry, i) => i === 0 || cmp(entry.key, found[i - 1].key) !== 0);
      if (req.limit !== undefined) found = found.slice(0, req.limit);
      return { result: found.map((entry) => (req.values ? entry.value : entry.primaryKey)) };
    },
    async openCursor(req) {
      const { index, range } = req.query;
      let found = await entries(req.trans, index, range, req.reverse);
      if (req.unique) found = found.filter((entry, i) => i === 0 || cmp(entry.key, found[i - 1].key) !== 0);
      return found.length === 0 ? null : listCursor(req.trans, found, Boolean(req.reverse));
    },
    async count(req) {
      const { index, range } = req.query;
      // Every message is one entry of the groups' `ids` index.
      if (index.isPrimaryKey && range.type === ANY.type)
        return groups.count({ trans: req.trans, query: { index: idsIndex, range } });
      return (await entries(req.trans, index, range)).length;
    },
  };
}

/**
 * Dexie's live queries learn of a write of fewer than 50 records by each key it touches: for a
 * group, by each message id of its multi-entry index. A page's write of a thousand messages in
 * forty conversations would tell every tab and worker thousands of keys, and merging them cost
 * the page's main thread seconds over a first sync. A write of as many messages as Dexie tells as
 * "the whole table changed" (50 rows or more) is told so again: its last group is put again until
 * the write holds 50 records (the same record, so nothing else changes).
 */
const WHOLE_TABLE = 50;
function broadly(written: MessageGroup[], messages: number): MessageGroup[] {
  if (messages < WHOLE_TABLE || written.length >= WHOLE_TABLE || written.length === 0) return written;
  const last = written[written.length - 1];
  return [...written, ...Array.from({ length: WHOLE_TABLE - written.length }, () => last)];
}

/**
 * Messages with their conversation's, in the order their conversations first come: a write of them
 * in pieces then writes each conversation's record once, not once for each piece it is spread over.
 */
export const inConversationOrder = <T extends object>(messages: readonly T[]): T[] =>
  [...byConversationOf(messages as readonly object[] as readonly Message[]).values()].flat() as object[] as T[];

const byConversationOf = (values: readonly Message[]) => {
  const byConversation = new Map<string, Message[]>();
  for (const value of values) {
    const list = byConversation.get(value.conversation_id);
    if (list) list.push(value);
    else byConversation.set(value.conversation_id, [value]);
  }
  return byConversation;
};

/** A conversation's stored group with `incoming` messages put in it (a message already there is replaced in place). */
function mergedGroup(conversationId: string, stored: MessageGroup | undefined, incoming: readonly Message[]) {
  const rows = new Map((stored?.messages ?? []).map((m) => [m.id, m]));
  for (const message of incoming) rows.set(message.id, message);
  return groupOf(conversationId, [...rows.values()]);
}

/** The very same message objects in the same order (a pull's page hands the same rows to both). */
const sameMessages = (a: readonly Message[], b: readonly Message[]) =>
  a.length === b.length && a.every((m, i) => m === b[i]);

/**
 * Seals, by Web Crypto and before the write, the groups a write of `rows` will store: inside the
 * write's transaction only @noble/ciphers can seal (the transaction cannot wait on Web Crypto), several
 * times slower, and a first sync stores every message. The groups are read and merged as the write
 * will; the write uses them when it finds the same groups (else it seals its own: always right).
 */
export async function presealMessages(db: Dexie, rows: readonly object[]): Promise<void> {
  const ahead = prepared.get(db);
  if (!ahead) return;
  // Only the next write's: groups a failed write left are not kept.
  ahead.clear();
  if (rows.length === 0) return;
  const userId = (db as Dexie & { userId: string }).userId;
  const byConversation = byConversationOf(rows as Message[]);
  const keys = [...byConversation.keys()];
  const table = db.table(MESSAGE_GROUPS);
  const raw = await readRaw(db, [table], () => table.bulkGet(keys));
  const stored = await openRows<MessageGroup | undefined>(userId, raw);
  const groups = keys.map((key, i) => mergedGroup(key, stored[i], byConversation.get(key) ?? []));
  // Made here and handed to nobody: only the write below stores them, unchanged.
  await presealRows(db, MESSAGE_GROUPS, groups, true);
  for (const [i, group] of groups.entries())
    ahead.set(group.conversation_id, {
      group,
      basis: sealStamp(raw[i]),
      incoming: byConversation.get(group.conversation_id) ?? [],
    });
}

/**
 * Awaited as a Dexie promise, so the code after it runs in the transaction's zone again: the layers
 * below (Dexie's hooks) find the transaction there, and a native await of a longer read loses it.
 */
const inZone = <T>(promise: Promise<T>): Promise<T> => Dexie.Promise.resolve(promise) as unknown as Promise<T>;

/** Past this many ids, a read or delete by id reads every group instead of each id's. */
const MANY = 500;

const groupOf = (conversationId: string, messages: Message[]): MessageGroup => ({
  conversation_id: conversationId,
  patient_name: String(messages[messages.length - 1]?.patient_name ?? ""),
  ids: messages.map((m) => m.id),
  messages,
});

/** A range over a compound index narrowed to its first part (conversation or patient). */
function narrow(range: DBCoreKeyRange): DBCoreKeyRange {
  const first = (key: unknown) => (Array.isArray(key) ? key[0] : key);
  if (range.type === EQUAL) return equalRange(first(range.lower));
  return { type: 2, lower: first(range.lower), upper: first(range.upper) };
}
