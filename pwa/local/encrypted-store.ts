import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { SYNCED_TABLES } from "@schema/rows.ts";
import type { DBCore, DBCoreCursor, DBCoreKeyRange, DBCoreTable } from "dexie";
import Dexie from "dexie";
import { gcm } from "./aes-gcm.ts";
import { type OpenedRows, openedRows } from "./opened-rows.ts";

/**
 * The device store encrypted at rest (issue 15). Each row of the tables below is kept as its
 * primary key and clear index fields (which identify nobody: ids, times, statuses), a keyed hash
 * of the index fields that name a patient (HMAC-SHA-256 under a key derived from the data key, so
 * equality lookups still work), and one AES-GCM ciphertext of the whole row (12-byte random IV,
 * 16-byte tag). Reads give the clear row back, so screens, sync and search code are unchanged.
 *
 * Inside an IndexedDB transaction every step must be synchronous (awaiting Web Crypto lets the
 * transaction commit), so rows written there are sealed by @noble/ciphers with the raw key; bulk
 * writes of pulled pages are sealed beforehand with Web Crypto (`presealRows`), which is native and
 * several times faster. Both make the same bytes, so either side opens the other's.
 */

/** Index fields that name a patient: stored as their keyed hash, never in the clear. */
const HASHED: Record<string, readonly string[]> = {
  patients: ["username"],
  homework: ["patientName"],
  message_groups: ["patient_name"],
  conversation_summaries: ["patient_name"],
};

/** Tables whose rows are sealed; the others hold ids, times and wrapped or hashed values only. */
const SEALED_TABLES: readonly string[] = [
  // Messages are stored a conversation to a record (message-groups.ts).
  ...SYNCED_TABLES.filter((name) => name !== "conversation_messages"),
  "message_groups",
  "outbox",
  "conflicts",
  "shadows",
  "views",
];
const sealedTable = (name: string) => SEALED_TABLES.includes(name);

/** The field holding a sealed row's ciphertext (IV then ciphertext and tag). */
const SEALED = "_sealed";
/** A presealed row's text as sealed, to tell whether the row changed before its write. */
const TEXT = Symbol("text");

interface StoreKeys {
  /** The data key's raw bytes, for sealing synchronously inside a transaction. */
  raw: Uint8Array;
  /** The same key for Web Crypto (bulk sealing and opening outside a transaction). */
  aes: Promise<CryptoKey>;
  /** The key of the patient-name hashes, derived from the data key. */
  mac: Uint8Array;
  hashes: Map<string, string>;
  /** Rows opened lately (see openNow); dropped with the key. */
  opened: OpenedRows;
}

const held = new Map<string, StoreKeys>();

/** Holds (or, with null, forgets) the data key of `userId`'s store in this page or worker. */
export function setStoreKey(userId: string, raw: Uint8Array | null): void {
  if (!raw) {
    held.delete(userId);
    return;
  }
  // The same key again (the PIN set-up's, once its PIN wraps it): what was derived from it holds.
  // Derived anew, the name key cost 20 ms of a slowed tablet's main thread right as the app opened.
  const kept = held.get(userId);
  if (kept && kept.raw.length === raw.length && kept.raw.every((byte, i) => byte === raw[i])) return;
  const aes = crypto.subtle.importKey("raw", new Uint8Array(raw), "AES-GCM", false, ["encrypt", "decrypt"]);
  const mac = hmac(SHA256, raw, new TextEncoder().encode("stepwise patient name index"));
  held.set(userId, {
    raw: new Uint8Array(raw),
    aes,
    mac,
    hashes: new Map(),
    opened: openedRows(),
  });
}

/** Forgets every held key (lock, sign-out). */
export function forgetStoreKeys(): void {
  held.clear();
}

class StoreLockedError extends Error {
  constructor() {
    super("The device store is locked: its rows cannot be read or written without the PIN");
    this.name = "StoreLockedError";
  }
}

function keysOf(userId: string): StoreKeys {
  const keys = held.get(userId);
  if (!keys) throw new StoreLockedError();
  return keys;
}

/** The keyed hash a patient-naming index holds for `name` (also the `discussed:` meta keys). */
export function nameHash(userId: string, name: string): string {
  const keys = keysOf(userId);
  let hash = keys.hashes.get(name);
  if (hash === undefined) {
    hash = encodeBase64urlNoPadding(hmac(SHA256, keys.mac, new TextEncoder().encode(name)));
    keys.hashes.set(name, hash);
  }
  return hash;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** What a sealed row keeps in the clear besides its ciphertext: key and index fields. */
function clearPart(userId: string, table: DBCoreTable, row: Record<string, unknown>): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  const hashed = HASHED[table.name] ?? [];
  for (const field of indexedFields(table)) {
    if (!(field in row)) continue;
    const value = row[field];
    stored[field] = hashed.includes(field) && typeof value === "string" ? nameHash(userId, value) : value;
  }
  return stored;
}

const fieldsCache = new WeakMap<DBCoreTable, string[]>();
function indexedFields(table: DBCoreTable): string[] {
  let fields = fieldsCache.get(table);
  if (!fields) {
    const paths = [table.schema.primaryKey, ...table.schema.indexes].flatMap((ix) => ix.keyPath ?? []);
    fields = [...new Set(paths.flat())];
    fieldsCache.set(table, fields);
  }
  return fields;
}

function sealNow(userId: string, table: DBCoreTable, row: Record<string, unknown>): Record<string, unknown> {
  const { raw } = keysOf(userId);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = gcm(raw, iv).encrypt(encoder.encode(JSON.stringify(row)));
  const bytes = new Uint8Array(12 + sealed.length);
  bytes.set(iv);
  bytes.set(sealed, 12);
  return { ...clearPart(userId, table, row), [SEALED]: bytes };
}

/**
 * The clear row of a stored one; rows stored before encryption (no ciphertext) are clear already.
 * A live query reads its rows again after every write to its tables (each page of a first sync),
 * and noble's opening takes about 1 ms a row on a slow tablet's main thread, so the text of rows
 * opened lately is kept while the key is held. A hit is the very same bytes, compared in full.
 */
function openNow(userId: string, stored: unknown): unknown {
  if (!stored || typeof stored !== "object" || !(SEALED in stored)) return stored;
  const bytes = (stored as Record<string, Uint8Array>)[SEALED];
  const keys = keysOf(userId);
  let text = keys.opened.text(bytes);
  if (text === undefined) {
    text = decoder.decode(gcm(keys.raw, bytes.subarray(0, 12)).decrypt(bytes.subarray(12)));
    keys.opened.keep(bytes, text);
  }
  return withStoredKey(stored as Record<string, unknown>, JSON.parse(text));
}

/** An auto-incremented key (the outbox's seq) is given by IndexedDB after sealing: it comes from the stored row. */
function withStoredKey(stored: Record<string, unknown>, row: Record<string, unknown>) {
  if ("seq" in stored && !("seq" in row)) row.seq = stored.seq;
  return row;
}

/** `count` random 12-byte IVs end to end; getRandomValues gives at most 65,536 bytes a call. */
function randomIvs(count: number): Uint8Array<ArrayBuffer> {
  const ivs = new Uint8Array(12 * count);
  for (let at = 0; at < ivs.length; at += 65_532) crypto.getRandomValues(ivs.subarray(at, at + 65_532));
  return ivs;
}

/** Rows sealed ahead of their write by Web Crypto: the middleware stores these as they are. */
const presealed = new WeakMap<object, Record<string, unknown>>();

/**
 * Seals `rows` of `table` with Web Crypto before the transaction that writes them opens: the write
 * then stores them as they are. A row changed after this is sealed again in the write; with `fixed`,
 * the caller vouches that nobody changes the rows before their write (rows it made itself and hands
 * to nobody else), and the write does not write each row out as text again to compare it.
 */
export async function presealRows(db: Dexie, tableName: string, rows: readonly object[], fixed = false): Promise<void> {
  const userId = (db as Dexie & { userId: string }).userId;
  if (!sealedTable(tableName) || rows.length === 0) return;
  if (!db.isOpen()) await db.open();
  const table = db.core.table(tableName);
  // One key lookup and one draw of random IVs for the page: a page holds thousands of rows.
  const aes = await keysOf(userId).aes;
  const ivs = randomIvs(rows.length);
  await Promise.all(
    rows.map(async (row, i) => {
      const text = JSON.stringify(row);
      const bytes = await sealWith(aes, ivs.subarray(12 * i, 12 * i + 12), encoder.encode(text));
      const stored = { ...clearPart(userId, table, row as Record<string, unknown>), [SEALED]: bytes };
      presealed.set(row, fixed ? stored : { ...stored, [TEXT]: text });
    }),
  );
}

function sealOne(userId: string, table: DBCoreTable, row: Record<string, unknown>) {
  const ready = presealed.get(row);
  if (ready) {
    // A fixed row is stored as sealed however often it is written (the same row, the same record).
    if (!(TEXT in ready)) return ready;
    presealed.delete(row);
    const { [TEXT]: text, ...stored } = ready;
    // The row as sealed is the row to store, unless someone changed it since.
    if (text === JSON.stringify(row)) return stored;
  }
  return sealNow(userId, table, row);
}

/**
 * Opens many stored rows with Web Crypto, in parallel (for whole-table reads outside a
 * transaction, such as the search worker's first index). Reading them needs no transaction.
 * `kept`: for a screen's reads, which run again after every write: rows opened lately are taken
 * from the same memory the reads inside a transaction keep, and rows opened here are kept there
 * too, so a screen's other reads of them open nothing again.
 */
export async function openRows<T>(userId: string, stored: readonly unknown[], { kept = false } = {}): Promise<T[]> {
  const keys = keysOf(userId);
  return Promise.all(
    stored.map(async (value) => {
      if (!value || typeof value !== "object" || !(SEALED in value)) return value as T;
      const bytes = (value as Record<string, Uint8Array>)[SEALED];
      const text = kept
        ? (keys.opened.text(bytes) ?? (await keys.opened.openOnce(bytes, () => openText(userId, bytes))))
        : await openText(userId, bytes);
      return withStoredKey(value as Record<string, unknown>, JSON.parse(text)) as T;
    }),
  );
}

const openText = async (userId: string, bytes: Uint8Array) => decoder.decode(await openBytes(userId, bytes));

/** A getMany of a layer above that wants the stored rows as they are (to compare, not to read). */
export interface UnopenedRead {
  unopened?: true;
}

/**
 * What tells a stored row's sealing apart from any other (its random IV): the same stamp is the
 * very same stored row. Null for no row; undefined for a row stored clear, which tells nothing.
 */
export function sealStamp(stored: unknown): string | null | undefined {
  if (stored === undefined || stored === null) return null;
  if (typeof stored !== "object" || !(SEALED in stored)) return undefined;
  return String.fromCharCode(...(stored as Record<string, Uint8Array>)[SEALED].subarray(0, 12));
}

/** Transactions whose reads hand back stored rows unopened (`readRaw`). */
const rawTransactions = new WeakSet<object>();

/** Whether reads in this (IndexedDB) transaction hand back stored rows unopened. */
export const isRawRead = (trans: object) => rawTransactions.has(trans);

/**
 * A read-only transaction over `tables` whose reads give the stored rows as they are, for opening
 * them all at once with `openRows` after it: only the reads of this transaction, never a screen's.
 */
export function readRaw<T>(db: Dexie, tables: Dexie.Table[], fn: () => Promise<T>): Promise<T> {
  return db.transaction("r", tables, () => {
    const current = Dexie.currentTransaction;
    if (current) rawTransactions.add(current.idbtrans);
    return fn();
  });
}

/** Seals bytes with Web Crypto (the kept search index, a few large values). */
export async function sealBytes(userId: string, plain: Uint8Array): Promise<Uint8Array> {
  return sealWith(await keysOf(userId).aes, crypto.getRandomValues(new Uint8Array(12)), plain);
}

async function sealWith(aes: CryptoKey, iv: Uint8Array<ArrayBuffer>, plain: Uint8Array): Promise<Uint8Array> {
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, aes, plain as BufferSource));
  const bytes = new Uint8Array(12 + sealed.length);
  bytes.set(iv);
  bytes.set(sealed, 12);
  return bytes;
}

export async function openBytes(userId: string, bytes: Uint8Array): Promise<Uint8Array> {
  const aes = await keysOf(userId).aes;
  // Views, not copies: the kept search index is opened in records of tens of megabytes.
  const view = bytes as Uint8Array<ArrayBuffer>;
  return new Uint8Array(
    await crypto.subtle.decrypt({ name: "AES-GCM", iv: view.subarray(0, 12) }, aes, view.subarray(12)),
  );
}

/** A range over an index that names a patient, in the hashes the index holds. */
function hashedRange(userId: string, table: string, keyPath: string | string[] | null, range: DBCoreKeyRange) {
  const hashed = HASHED[table];
  if (!hashed || !keyPath) return range;
  const first = Array.isArray(keyPath) ? keyPath[0] : keyPath;
  if (!hashed.includes(first)) return range;
  // A name alone may come on a compound index too: Dexie answers a query on the first field from it.
  const map = (key: unknown): unknown => {
    if (Array.isArray(key)) return typeof key[0] === "string" ? [nameHash(userId, key[0]), ...key.slice(1)] : key;
    return typeof key === "string" ? nameHash(userId, key) : key;
  };
  return { ...range, lower: map(range.lower), upper: map(range.upper) };
}

function openingCursor(userId: string, cursor: DBCoreCursor): DBCoreCursor {
  let opened: { from: unknown; value: unknown } | null = null;
  // As Dexie's own virtual cursors: IndexedDB's getters need the real cursor as `this`.
  return Object.create(cursor, {
    key: { get: () => cursor.key },
    primaryKey: { get: () => cursor.primaryKey },
    value: {
      get() {
        const raw = cursor.value;
        if (opened?.from !== raw) opened = { from: raw, value: openNow(userId, raw) };
        return opened?.value;
      },
    },
  });
}

/** The meta key of a store whose rows are all sealed. */
const SEALED_META = "sealed";

/** Seals rows on their way to IndexedDB and opens them on their way back, for the tables above. */
export function encryptStore(db: Dexie, userId: string): void {
  // A store this version makes holds no clear rows: it says so as it is made, so its first unlock
  // (the PIN set-up, with a first sync under way) does not read every stored row looking for some.
  db.on("populate", (tx) => {
    void tx.table("meta").put({ key: SEALED_META, value: "1" });
  });
  db.use({
    stack: "dbcore",
    name: "EncryptedStore",
    create(down: DBCore): DBCore {
      return {
        ...down,
        table(name) {
          const table = down.table(name);
          if (!sealedTable(name)) return table;
          const opener = (trans: object) => (value: unknown) =>
            rawTransactions.has(trans) ? value : openNow(userId, value);
          const keyPathOf = (index: { keyPath: string | string[] | null }) => index.keyPath;
          return {
            ...table,
            mutate(req) {
              if (req.type !== "add" && req.type !== "put") return table.mutate(req);
              const values = req.values.map((v) => sealOne(userId, table, v as Record<string, unknown>));
              return table.mutate({ ...req, values });
            },
            async get(req) {
              return opener(req.trans)(await table.get(req));
            },
            async getMany(req) {
              const values = await table.getMany(req);
              return (req as UnopenedRead).unopened ? values : values.map(opener(req.trans));
            },
            async query(req) {
              const range = hashedRange(userId, name, keyPathOf(req.query.index), req.query.range);
              const result = await table.query({ ...req, query: { ...req.query, range } });
              return req.values ? { ...result, result: result.result.map(opener(req.trans)) } : result;
            },
            async openCursor(req) {
              const range = hashedRange(userId, name, keyPathOf(req.query.index), req.query.range);
              const cursor = await table.openCursor({ ...req, query: { ...req.query, range } });
              return cursor && (req.values && !rawTransactions.has(req.trans) ? openingCursor(userId, cursor) : cursor);
            },
            count(req) {
              const range = hashedRange(userId, name, keyPathOf(req.query.index), req.query.range);
              return table.count({ ...req, query: { ...req.query, range } });
            },
          };
        },
      };
    },
  });
}

/**
 * Drops the rows sealed under a data key that is gone (a PIN set-up left before its end: its key was
 * never wrapped), which nothing can open any more, with the kept search index and, when synced rows
 * went, the cursor, so the next pull brings them again. Rows an older version kept clear stay.
 */
export async function dropSealedRows(db: Dexie): Promise<void> {
  const tables = [...SEALED_TABLES, "search_index", "search_changes", "meta"].map((name) => db.table(name));
  await db.transaction("rw", tables, async () => {
    let dropped = false;
    for (const name of SEALED_TABLES) {
      const table = db.table(name);
      const stored = await readRaw(db, [table], () => table.toArray());
      // A stored row keeps its primary key in the clear.
      const sealed = stored
        .filter((row) => SEALED in row)
        .map((row) => Dexie.getByKeyPath(row, table.schema.primKey.keyPath ?? ""));
      if (sealed.length === 0) continue;
      await table.bulkDelete(sealed);
      dropped = true;
    }
    if (!dropped) return;
    await db.table("search_index").clear();
    await db.table("search_changes").clear();
    await db.table("meta").bulkDelete(["cursor", "firstSync", "lastSyncedAt"]);
  });
}

/**
 * A store an older version kept in the clear is sealed at the first unlock after the upgrade (until
 * then its clear rows read as they are); also the `discussed:<patient>` marks get hashed keys.
 */
export async function sealClearRows(db: Dexie): Promise<void> {
  const meta = db.table("meta");
  if (await meta.get(SEALED_META)) return;
  const userId = (db as Dexie & { userId: string }).userId;
  for (const name of SEALED_TABLES) {
    const table = db.table(name);
    await db.transaction("rw", table, async () => {
      const stored = await readRaw(db, [table], () => table.toArray());
      const clear = stored.filter((row) => !(SEALED in row));
      // Put through the middleware, which seals them.
      if (clear.length > 0) await table.bulkPut(clear);
    });
  }
  await db.transaction("rw", meta, async () => {
    const marks = await meta.where("key").startsWith("discussed:").toArray();
    for (const mark of marks as { key: string; value: string }[]) {
      const name = mark.key.slice("discussed:".length);
      if (!/^[A-Za-z0-9_-]{43}$/.test(name)) {
        await meta.delete(mark.key);
        await meta.put({ key: `discussed:${nameHash(userId, name)}`, value: mark.value });
      }
    }
    await meta.put({ key: SEALED_META, value: "1" });
  });
}
