import type { Message } from "@schema/rows.ts";
import Dexie from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import { forgetDeviceKey, holdDataKey } from "./device-key.ts";
import { sealClearRows } from "./encrypted-store.ts";
import { openStore, storeName } from "./store.ts";

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

const messageIndexes = (indexedDB: IDBFactory, name: string) =>
  new Promise<string[]>((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const store = open.result.transaction("conversation_messages").objectStore("conversation_messages");
      resolve([...store.indexNames].sort());
      open.result.close();
    };
  });

describe("the device store's tables", () => {
  it("index messages only as they are read (by conversation, by patient and time); a store made before drops the rest and keeps its messages", async () => {
    const indexedDB = new IDBFactory();
    const before = new Dexie(storeName("u1"), { indexedDB, IDBKeyRange });
    before.version(4).stores({
      conversation_messages: "id, conversation_id, patient_name, timestamp, [patient_name+timestamp], prompt_id",
    });
    await before.table("conversation_messages").put(message);
    before.close();

    const store = openStore("u1", { indexedDB, IDBKeyRange });
    holdDataKey("u1", crypto.getRandomValues(new Uint8Array(32)));
    expect(await store.conversation_messages.where("conversation_id").equals("c1").first()).toEqual(message);
    // By patient alone: answered from the patient-and-time index, under the name's keyed hash (once
    // the row is sealed, as the first unlock does).
    await sealClearRows(store);
    expect(await store.conversation_messages.where("patient_name").equals("ada01").primaryKeys()).toEqual(["m1"]);
    expect(await messageIndexes(indexedDB, storeName("u1"))).toEqual(["[patient_name+timestamp]", "conversation_id"]);
    store.close();
  });
});
