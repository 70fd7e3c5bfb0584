import type { ErrorCode } from "@schema/error-codes.ts";
import type { ViewedRecord } from "@schema/record-view.ts";
import type { Clinician, Homework, Message, Patient, Prompt, Summary, SyncedTable } from "@schema/rows.ts";
import Dexie, { cmp, type EntityTable, type IndexableType } from "dexie";
import { encryptStore, openRows, readRaw } from "./encrypted-store.ts";
import { groupMessages, MESSAGE_GROUPS, MESSAGES, type MessageGroup, messageIn, messagesOf } from "./message-groups.ts";
import { noteSearchChanges, type SearchChange } from "./search-changes.ts";

/**
 * Why the server refused a change: its code and status, and its own words when it sent any. The
 * device keeps no sentences of its own; the UI words the rest (sync-texts.ts refusalText).
 */
export interface Refusal {
  code: ErrorCode;
  status: number;
  message?: string;
}

/** A refusal as kept: a Refusal, or the words alone that an older version of the app stored. */
export type Refused = Refusal | string;

/**
 * A synced row as the device keeps it: `_pending` marks a local change the server has not confirmed
 * yet; `_failed` holds why the server refused that change.
 */
export type Local<T> = T & { _pending?: true; _failed?: Refused };

/** What a queued change does to the local rows; re-applied over pulled rows until the server confirms it. */
export type LocalOp =
  | { kind: "create"; row: Record<string, unknown> }
  | { kind: "update"; fields: Record<string, unknown> }
  | { kind: "delete" }
  | { kind: "flag"; flag: "is_current" | "is_test" };

export interface OutboxEntry {
  seq?: number;
  /** The mutation's UUID, sent as Idempotency-Key. */
  id: string;
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  /** The row version the change was made on, sent as If-Match on PUT/PATCH. */
  baseVersion?: number;
  table: SyncedTable;
  rowId: string;
  op: LocalOp;
  /** Device time: a label for "waiting since", never trusted for ordering. */
  createdAt: string;
  status: "pending" | "failed";
  /** Why the server refused it (status "failed"). */
  refusal?: Refusal;
  /** Before refusals were kept as codes: the words alone (entries stored by an older version). */
  error?: string;
}

/** Why the server refused this change, as kept. */
export const refusedOf = (entry: Pick<OutboxEntry, "refusal" | "error">): Refused => entry.refusal ?? entry.error ?? "";

export interface Conflict {
  id: string;
  table: SyncedTable;
  rowId: string;
  /** The body the device tried to send. */
  mine: unknown;
  /** The server's row at the time of the conflict. */
  theirs: unknown;
  mutationId: string;
  method: OutboxEntry["method"];
  path: string;
  op: LocalOp;
  createdAt: string;
}

/**
 * The server's last known value of a row that local changes have altered (null: the server has
 * no such row). Without a shadow, the local row is the server's row.
 */
interface Shadow {
  table: SyncedTable;
  rowId: string;
  row: Record<string, unknown> | null;
}

/** A record view waiting to be sent (record-views.ts); not a synced row, so never rebased. */
export interface QueuedView {
  id: string;
  patientName: string;
  what: ViewedRecord;
  targetId: string | null;
  /** Device time of the opening; the server corrects it by the device's clock at sending. */
  viewedAt: string;
  deviceId: string | null;
}

interface MetaEntry {
  /**
   * `discussed:<patient hash>`: when this user last marked that patient's session-prep digest discussed (discussed.ts).
   * `deviceKey`: the data key wrapped under the device PIN (device-key.ts).
   * `sealed`: every row is encrypted (encrypted-store.ts); a store without it is sealed at unlock.
   */
  key: "cursor" | "lastSyncedAt" | "userId" | "firstSync" | "deviceKey" | "sealed" | `discussed:${string}`;
  value: string;
}

export type LocalStore = Dexie & {
  userId: string;
  patients: EntityTable<Local<Patient>, "id">;
  homework: EntityTable<Local<Homework>, "id">;
  conversation_messages: EntityTable<Local<Message>, "id">;
  conversation_summaries: EntityTable<Local<Summary>, "id">;
  prompts: EntityTable<Local<Prompt>, "id">;
  clinicians: EntityTable<Local<Clinician>, "id">;
  outbox: EntityTable<OutboxEntry, "seq">;
  conflicts: EntityTable<Conflict, "id">;
  shadows: Dexie.Table<Shadow, [string, string]>;
  meta: EntityTable<MetaEntry, "key">;
  views: EntityTable<QueuedView, "id">;
  /** Writes to messages and summaries not yet in the search worker's kept index (search-changes.ts). */
  search_changes: EntityTable<SearchChange, "seq">;
  /** Chat History's search index as kept between visits; only pwa/worker/search-store.ts reads or writes it. */
  search_index: Dexie.Table<SearchIndexRow, string>;
};

/** A record of the kept search index; its fields are search-store.ts's business. */
type SearchIndexRow = { key: string } & Record<string, unknown>;

/** A cursor no server accepts: the pull starts over from nothing (store version 6). */
const REGROUPED = "regrouped";

const PREFIX = "stepwise-";
export const storeName = (userId: string) => `${PREFIX}${userId}`;

/** One database per signed-in user, so another user on the same tablet never reads or sends these rows. */
export function openStore(
  userId: string,
  options?: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange },
): LocalStore {
  const db = new Dexie(storeName(userId), options) as LocalStore;
  // Only the versions with an upgrade are declared: Dexie reads an older store's schema from the
  // store itself and runs each declared upgrade above its version. It parses every declared version's
  // schema again as each is declared: six versions (1 and 3 to 5 without an upgrade) took about 20 ms
  // of the sign-in on a tablet's main thread (CPU 4× slower).
  // Version 2: devices no longer hold staff e-mails (sign-in names); strip those an older version kept.
  db.version(2)
    .stores({
      patients: "id, username, clinician_id",
      homework: "id, patientName, [patientName+created_at]",
      conversation_messages: "id, conversation_id, patient_name, timestamp, [patient_name+timestamp], prompt_id",
      // Booleans are not IndexedDB keys, so is_safetychecker is filtered, not indexed.
      conversation_summaries: "id, patient_name",
      prompts: "id, created_at",
      clinicians: "id",
      outbox: "++seq, &id, status, [table+rowId]",
      conflicts: "id, [table+rowId]",
      shadows: "[table+rowId], table",
      meta: "key",
    })
    .upgrade((tx) =>
      tx
        .table("clinicians")
        .toCollection()
        .modify((row: Record<string, unknown>) => {
          delete row.username;
        }),
    );
  db.version(6)
    .stores({
      // Record views (reads of a patient's data) queued for the audit log, sent even after days offline.
      views: "id, viewedAt",
      // Chat History's search index, kept between visits, and the writes it has not taken in yet.
      search_changes: "++seq",
      search_index: "key",
      // Messages are searched in the search worker's own index: of their IndexedDB indexes only the
      // conversation's and the patient's timeline are read (a query by patient alone is answered from
      // the latter). Each index is one more write a message, and a first sync stores tens of thousands.
      conversation_messages: "id, conversation_id, [patient_name+timestamp]",
      [MESSAGE_GROUPS]: "conversation_id, *ids, patient_name",
    })
    // Messages are kept a conversation to a record (message-groups.ts). The ones stored a record each
    // are dropped, with the search index made of them, and a kept cursor is made one the server refuses:
    // the next pull starts over (pull.ts), bringing every message again and dropping what went meanwhile.
    .upgrade(async (tx) => {
      // Straight to IndexedDB: the messages' table reads and writes message_groups above it.
      const old = tx.idbtrans.objectStore(MESSAGES).clear();
      await new Promise((resolve, reject) => {
        old.onsuccess = resolve;
        old.onerror = () => reject(old.error);
      });
      await tx.table("search_index").clear();
      await tx.table("search_changes").clear();
      if (await tx.table("meta").get("cursor")) await tx.table("meta").put({ key: "cursor", value: REGROUPED });
    });
  // Registered first, so it is the layer nearest IndexedDB: every layer above sees clear rows.
  encryptStore(db, userId);
  groupMessages(db);
  noteSearchChanges(db);
  db.userId = userId;
  return db;
}

/**
 * Rows of one of `store`'s tables (all of them, or those `read` asks for), opened by Web Crypto off
 * the page's main thread rather than by noble inside the read: for a screen's reads of many rows,
 * such as Manage Patients' whole table, whose opening took 15 ms of the page's main thread at full
 * speed in a profiled first sync (noble's first calls on a page run cold), about 60 ms on a
 * mid-range tablet. A live query that reads this way hears the table's writes as any other.
 */
export async function readOpened<T, K extends IndexableType>(
  store: LocalStore,
  table: Dexie.Table<T, K, unknown>,
  read: () => Promise<T[]> = () => table.toArray(),
): Promise<T[]> {
  return openRows<T>(store.userId, await readRaw(store, [table], read), { kept: true });
}

/**
 * The conversation records (message-groups.ts) a read of the messages table finds, read raw and
 * opened by Web Crypto, each once, as `readOpened` opens rows; and their messages as the table's type.
 */
async function openedGroups(
  store: LocalStore,
  read: (messages: LocalStore["conversation_messages"]) => Promise<unknown>,
) {
  const table = store.conversation_messages;
  const raw = (await readRaw(store, [table], () => read(table))) as unknown[];
  const groups = await openRows<MessageGroup | undefined>(store.userId, raw, { kept: true });
  return { groups, messages: messagesOf(groups) as unknown as Message[] };
}

/**
 * One conversation's messages, as its table answers them (by id). Opening an open conversation's
 * messages by noble took 14 ms of the page's main thread at full speed in a profiled first sync.
 */
export async function readConversation(store: LocalStore, conversationId: string): Promise<Message[]> {
  const { messages } = await openedGroups(store, (table) =>
    table.where("conversation_id").equals(conversationId).toArray(),
  );
  return messages.filter((m) => m.conversation_id === conversationId).sort((a, b) => cmp(a.id, b.id));
}

/**
 * Messages by id (a page of search results), as `bulkGet` answers them (undefined for one not on
 * the device): each one's conversation record opened once, however many of the ids it holds.
 */
export async function readMessages(store: LocalStore, ids: readonly string[]): Promise<(Message | undefined)[]> {
  const { groups } = await openedGroups(store, (table) => table.bulkGet([...ids]));
  return ids.map((id, i) => messageIn(groups[i], id) as unknown as Message | undefined);
}

/** A patient's messages from the time `from` (ISO) on, as the patient and time index answers them. */
export async function readPatientMessages(store: LocalStore, patientName: string, from: string): Promise<Message[]> {
  const { messages } = await openedGroups(store, (table) =>
    table.where("[patient_name+timestamp]").between([patientName, from], [patientName, "\uffff"], true, true).toArray(),
  );
  return messages
    .filter((m) => m.patient_name === patientName && m.timestamp >= from)
    .sort((a, b) => cmp([a.timestamp, a.id], [b.timestamp, b.id]));
}

/** Deletes a user's database: rows, outbox, conflicts and cursor. */
export function deleteStore(userId: string): Promise<void> {
  return Dexie.delete(storeName(userId));
}

/** Users whose database is still on this device besides `userId` (a shared tablet after a session expired). */
export async function otherUsersOnDevice(userId: string): Promise<string[]> {
  const names = await Dexie.getDatabaseNames();
  return names
    .filter((name) => name.startsWith(PREFIX) && name !== storeName(userId))
    .map((name) => name.slice(PREFIX.length));
}

export type Row = Record<string, unknown> & { id: string };

export const syncedTable = (store: LocalStore, table: SyncedTable) => store.table(table) as Dexie.Table<Row, string>;

/** One read-write transaction over every table, so a change and its outbox entry land together or not at all. */
export function writing<T>(store: LocalStore, fn: () => Promise<T>): Promise<T> {
  return store.transaction("rw", store.tables, fn);
}

/**
 * A stored pull page's write: the synced tables it holds rows of, and what setting server rows
 * reads and writes besides (queued changes, shadows, the cursor). IndexedDB runs a write after
 * every read of a table it covers and before later ones, so a write over every table would hold
 * back a screen reading patients while messages are stored, and wait for any read to end.
 */
export function writingPulled<T>(store: LocalStore, tables: Iterable<SyncedTable>, fn: () => Promise<T>): Promise<T> {
  const scope = new Set<string>([...tables, "outbox", "shadows", "meta"]);
  return store.transaction(
    "rw",
    [...scope].map((name) => store.table(name)),
    fn,
  );
}
