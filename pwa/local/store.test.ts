// Dexie's live queries look for the global IndexedDB, whatever factory a store was opened with.
import "fake-indexeddb/auto";
import type { Message } from "@schema/rows.ts";
import Dexie, { liveQuery } from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetDeviceKey, holdDataKey } from "./device-key.ts";
import { sealClearRows } from "./encrypted-store.ts";
import { presealMessages } from "./message-groups.ts";
import { openStore, readConversation, readMessages, readOpened, readPatientMessages, storeName } from "./store.ts";

afterEach(() => forgetDeviceKey());

const message: Message = {
  id: "m1",
  version: 1,
  updated_at: "2026-01-01T10:00:00.000Z",
  conversation_id: "c1",
  patient_name: "ada01",
  prompt_id: "p1",
  data_type: "user",
  serial_num: 1,
  data: "I stayed at the bus stop",
  timestamp: "2026-01-01T10:00:00.000Z",
};

/** User u1's store as an app of an older store version left it: its tables at that version, with `rows`. */
async function storeLeftBy(
  indexedDB: IDBFactory,
  version: number,
  tables: Record<string, string>,
  rows: Record<string, object[]>,
) {
  const before = new Dexie(storeName("u1"), { indexedDB, IDBKeyRange });
  before.version(version).stores(tables);
  for (const [table, values] of Object.entries(rows)) await before.table(table).bulkPut(values);
  before.close();
}

/** The records of an object store as IndexedDB holds them. */
const recordsOf = (indexedDB: IDBFactory, name: string, table: string) =>
  new Promise<Record<string, unknown>[]>((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result.transaction(table).objectStore(table).getAll();
      all.onsuccess = () => {
        resolve(all.result);
        open.result.close();
      };
    };
  });

const another = (id: string, conversation_id: string, timestamp: string): Message => ({
  ...message,
  id,
  conversation_id,
  timestamp,
  updated_at: timestamp,
});

/** m1 and m3 in conversation c1, m2 in c2: all of patient ada01. */
const threeMessages = () => [
  message,
  another("m2", "c2", "2026-01-02T10:00:00.000Z"),
  another("m3", "c1", "2026-01-03T10:00:00.000Z"),
];

/** A user's store on a fresh IndexedDB, with its data key held. */
function keyedStore(userId: string) {
  const indexedDB = new IDBFactory();
  const store = openStore(userId, { indexedDB, IDBKeyRange });
  holdDataKey(userId, crypto.getRandomValues(new Uint8Array(32)));
  return { indexedDB, store };
}

/** A user's keyed store holding `rows` as its messages. */
async function storeWithMessages(userId: string, rows: Message[]) {
  const { store } = keyedStore(userId);
  await store.conversation_messages.bulkPut(rows);
  return { store, messages: store.conversation_messages };
}

describe("the device store's tables", () => {
  it("keeps a conversation's messages in one record and answers every read of them as a table of messages", async () => {
    const { indexedDB, store } = keyedStore("u2");
    const rows = [
      message,
      another("m3", "c1", "2026-01-03T10:00:00.000Z"),
      another("m2", "c1", "2026-01-02T10:00:00.000Z"),
      another("m4", "c2", "2026-01-04T10:00:00.000Z"),
    ];
    await store.conversation_messages.bulkPut(rows);
    const records = await recordsOf(indexedDB, storeName("u2"), "message_groups");
    expect(records.map((r) => [r.conversation_id, r.ids])).toEqual([
      ["c1", ["m1", "m3", "m2"]],
      ["c2", ["m4"]],
    ]);
    expect(await recordsOf(indexedDB, storeName("u2"), "conversation_messages")).toEqual([]);

    const messages = store.conversation_messages;
    expect(await messages.count()).toBe(4);
    expect(await messages.get("m2")).toEqual(rows[2]);
    expect((await messages.bulkGet(["m4", "nope", "m1"])).map((m) => m?.id)).toEqual(["m4", undefined, "m1"]);
    // IndexedDB's order: by the index's key, then by id.
    expect(await messages.where("conversation_id").equals("c1").primaryKeys()).toEqual(["m1", "m2", "m3"]);
    expect(await messages.where("conversation_id").anyOf(["c2", "c1"]).primaryKeys()).toEqual(["m1", "m2", "m3", "m4"]);
    expect(
      await messages
        .where("[patient_name+timestamp]")
        .between(["ada01", "2026-01-02"], ["ada01", "\uffff"])
        .primaryKeys(),
    ).toEqual(["m2", "m3", "m4"]);
    expect(await messages.where("patient_name").equals("ada01").reverse().primaryKeys()).toEqual([
      "m4",
      "m3",
      "m2",
      "m1",
    ]);
    expect(
      (
        await messages
          .where("conversation_id")
          .equals("c1")
          .filter((m) => m.serial_num === 1)
          .first()
      )?.id,
    ).toBe("m1");
    expect(await messages.orderBy("id").limit(2).primaryKeys()).toEqual(["m1", "m2"]);

    // A change is put in its conversation's record; a removal takes it out, and the last one the record.
    await messages.put({ ...rows[1], data: "changed" });
    expect((await messages.get("m3"))?.data).toBe("changed");
    await messages.bulkDelete(["m1", "m4"]);
    expect(await messages.toCollection().primaryKeys()).toEqual(["m2", "m3"]);
    expect((await recordsOf(indexedDB, storeName("u2"), "message_groups")).map((r) => r.conversation_id)).toEqual([
      "c1",
    ]);
    await messages.clear();
    expect(await messages.count()).toBe(0);
    store.close();
  });

  it("reads and removes many messages by id in one read of the records, with the same answers", async () => {
    const { store } = keyedStore("u3");
    const rows = Array.from({ length: 700 }, (_, i) =>
      another(
        `m${String(i).padStart(3, "0")}`,
        `c${i % 30}`,
        `2026-01-01T10:${String(i % 60).padStart(2, "0")}:00.000Z`,
      ),
    );
    await store.conversation_messages.bulkPut(rows);
    const asked = [...rows.map((r) => r.id).reverse(), "nope"];
    expect((await store.conversation_messages.bulkGet(asked)).map((m) => m?.id)).toEqual([
      ...rows.map((r) => r.id).reverse(),
      undefined,
    ]);
    await store.conversation_messages.bulkDelete(rows.slice(0, 650).map((r) => r.id));
    expect(await store.conversation_messages.toCollection().primaryKeys()).toEqual(rows.slice(650).map((r) => r.id));
    store.close();
  });

  it("reads rows opened off the main thread, a whole table or by an index, and a live query of them hears their writes", async () => {
    const { indexedDB, store } = keyedStore("u5");
    const patient = (id: string, username: string) => ({
      id,
      version: 1,
      updated_at: "2026-01-01T10:00:00.000Z",
      created_at: "2026-01-01T10:00:00.000Z",
      username,
      first_name: "Ada",
      last_name: username,
      age: 15,
      gender: "female" as const,
      clinician_id: "c1",
      clinician_name: "Dr Rivera",
    });
    await store.patients.bulkPut([patient("p1", "ada01"), patient("p2", "ada02")]);
    expect(JSON.stringify(await recordsOf(indexedDB, storeName("u5"), "patients"))).not.toContain("ada01");
    expect(await readOpened(store, store.patients)).toEqual(await store.patients.toArray());
    const byUsername = () => store.patients.where("username").equals("ada02").toArray();
    expect(await readOpened(store, store.patients, byUsername)).toEqual([patient("p2", "ada02")]);
    const answers: string[][] = [];
    const live = liveQuery(() => readOpened(store, store.patients)).subscribe((rows) =>
      answers.push(rows.map((p) => p.username).sort()),
    );
    await vi.waitFor(() => expect(answers).toEqual([["ada01", "ada02"]]));
    await store.patients.put(patient("p3", "ada03"));
    await vi.waitFor(() => expect(answers.at(-1)).toEqual(["ada01", "ada02", "ada03"]));
    live.unsubscribe();
    store.close();
  });

  it("reads a conversation's messages opened off the main thread, as its table answers them, once, and live", async () => {
    const { store, messages } = await storeWithMessages("u6", [
      another("m3", "c1", "2026-01-03T10:00:00.000Z"),
      message,
      another("m2", "c2", "2026-01-02T10:00:00.000Z"),
      another("m10", "c1", "2026-01-04T10:00:00.000Z"),
    ]);
    const table = () => messages.where("conversation_id").equals("c1").toArray();
    expect((await readConversation(store, "c1")).map((m) => m.id)).toEqual(["m1", "m10", "m3"]);
    expect(await readConversation(store, "c1")).toEqual(await table());
    expect(await readConversation(store, "none")).toEqual([]);
    // Opened once: a screen's reads of it again (after each write of a first sync) take what was kept.
    const decrypt = vi.spyOn(crypto.subtle, "decrypt");
    await readConversation(store, "c1");
    expect(decrypt).not.toHaveBeenCalled();
    // Reads of it at the same moment (a screen's several reads as it opens) share one opening.
    await Promise.all([readConversation(store, "c2"), readConversation(store, "c2")]);
    expect(decrypt).toHaveBeenCalledTimes(1);
    decrypt.mockRestore();
    const answers: string[][] = [];
    const live = liveQuery(() => readConversation(store, "c1")).subscribe((rows) =>
      answers.push(rows.map((m) => m.id)),
    );
    await vi.waitFor(() => expect(answers).toEqual([["m1", "m10", "m3"]]));
    await messages.put(another("m4", "c1", "2026-01-05T10:00:00.000Z"));
    await vi.waitFor(() => expect(answers.at(-1)).toEqual(["m1", "m10", "m3", "m4"]));
    live.unsubscribe();
    store.close();
  });

  it("reads messages by id as bulkGet answers them, each conversation's record opened once", async () => {
    const { store, messages } = await storeWithMessages("u7", threeMessages());
    const ids = ["m3", "none", "m2", "m1"];
    const decrypt = vi.spyOn(crypto.subtle, "decrypt");
    const read = await readMessages(store, ids);
    expect(read).toEqual(await messages.bulkGet(ids));
    expect(read.map((m) => m?.id)).toEqual(["m3", undefined, "m2", "m1"]);
    // m3 and m1 share c1's record: two records, two openings.
    expect(decrypt).toHaveBeenCalledTimes(2);
    decrypt.mockRestore();
    store.close();
  });

  it("reads a patient's messages from a time on, as the patient and time index answers them", async () => {
    const { store, messages } = await storeWithMessages("u8", [
      ...threeMessages(),
      { ...another("m4", "c3", "2026-01-04T10:00:00.000Z"), patient_name: "bea02" },
    ]);
    const from = "2026-01-02T00:00:00.000Z";
    const table = await messages
      .where("[patient_name+timestamp]")
      .between(["ada01", from], ["ada01", "\uffff"], true, true)
      .toArray();
    const read = await readPatientMessages(store, "ada01", from);
    expect(read).toEqual(table);
    expect(read.map((m) => m.id)).toEqual(["m2", "m3"]);
    store.close();
  });

  it("writes the groups a page sealed ahead, and merges again one another tab changed in between", async () => {
    const { indexedDB, store } = keyedStore("u4");
    const messages = store.conversation_messages;
    await messages.put(message);
    const page = [another("m2", "c1", "2026-01-02T10:00:00.000Z"), another("m3", "c2", "2026-01-03T10:00:00.000Z")];
    await presealMessages(store, page);
    // Another tab adds to c1 after the page was sealed ahead and before its write.
    const tab = openStore("u4", { indexedDB, IDBKeyRange });
    await tab.conversation_messages.put(another("m4", "c1", "2026-01-04T10:00:00.000Z"));
    tab.close();
    await store.transaction("rw", messages, () => messages.bulkPut(page));
    expect(await messages.where("conversation_id").equals("c1").primaryKeys()).toEqual(["m1", "m2", "m4"]);
    expect(await messages.where("conversation_id").equals("c2").primaryKeys()).toEqual(["m3"]);

    // Nothing changed in between: the group sealed ahead is the one stored.
    const next = [another("m5", "c1", "2026-01-05T10:00:00.000Z")];
    await presealMessages(store, next);
    await store.transaction("rw", messages, () => messages.bulkPut(next));
    expect(await messages.where("conversation_id").equals("c1").primaryKeys()).toEqual(["m1", "m2", "m4", "m5"]);
    store.close();
  });

  it("drops the messages a store made before kept a record each, and makes its cursor one the server refuses", async () => {
    const indexedDB = new IDBFactory();
    await storeLeftBy(
      indexedDB,
      5,
      {
        conversation_messages: "id, conversation_id, [patient_name+timestamp]",
        meta: "key",
        search_index: "key",
        search_changes: "++seq",
      },
      {
        conversation_messages: [message],
        meta: [{ key: "cursor", value: "eyJ0eCI6MTJ9" }],
        search_index: [{ key: "head" }],
      },
    );

    const store = openStore("u1", { indexedDB, IDBKeyRange });
    holdDataKey("u1", crypto.getRandomValues(new Uint8Array(32)));
    await sealClearRows(store);
    expect(await store.conversation_messages.count()).toBe(0);
    expect(await recordsOf(indexedDB, storeName("u1"), "conversation_messages")).toEqual([]);
    expect(await store.search_index.count()).toBe(0);
    // Not a cursor the server made: the next pull starts over (pull.ts), bringing every message again.
    expect((await store.meta.get("cursor"))?.value).toBe("regrouped");
    await store.conversation_messages.put(message);
    expect(await store.conversation_messages.where("patient_name").equals("ada01").primaryKeys()).toEqual(["m1"]);
    store.close();
  });

  it("opens a store an app of store version 3 left (before the kept search index), with its views and without its messages", async () => {
    const indexedDB = new IDBFactory();
    const view = { id: "v1", viewedAt: "2026-01-02T10:00:00.000Z" };
    await storeLeftBy(
      indexedDB,
      3,
      {
        conversation_messages: "id, conversation_id, patient_name, timestamp, [patient_name+timestamp], prompt_id",
        outbox: "++seq, &id, status, [table+rowId]",
        meta: "key",
        views: "id, viewedAt",
      },
      { conversation_messages: [message], meta: [{ key: "cursor", value: "eyJ0eCI6MTJ9" }], views: [view] },
    );

    const store = openStore("u1", { indexedDB, IDBKeyRange });
    await store.open();
    expect(await recordsOf(indexedDB, storeName("u1"), "conversation_messages")).toEqual([]);
    expect((await store.meta.get("cursor"))?.value).toBe("regrouped");
    expect(await recordsOf(indexedDB, storeName("u1"), "views")).toEqual([view]);
    expect(await store.search_index.count()).toBe(0);
    holdDataKey("u1", crypto.getRandomValues(new Uint8Array(32)));
    await sealClearRows(store);
    await store.conversation_messages.put(message);
    expect(await store.conversation_messages.where("conversation_id").equals("c1").primaryKeys()).toEqual(["m1"]);
    store.close();
  });
});
