import type { Message } from "@schema/rows.ts";
import Dexie from "dexie";
import { IDBFactory, IDBIndex, IDBKeyRange, IDBObjectStore } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetDeviceKey, holdDataKey, setUpDevicePin, unlockDevice } from "./device-key.ts";
import { discussedAt, markDiscussed } from "./discussed.ts";
import { presealRows, readRaw } from "./encrypted-store.ts";
import { type LocalStore, openStore } from "./store.ts";

/**
 * A table whose rows are kept a record each (summaries), holding message-shaped rows: what these
 * tests check of single records does not depend on what the rows are. Messages are kept a
 * conversation to a record (message-groups.ts).
 */
const rowTable = (store: LocalStore) => store.conversation_summaries as unknown as LocalStore["conversation_messages"];

const message = (id: string, patient: string, timestamp: string, text: string): Message => ({
  id,
  conversation_id: `conv-${id}`,
  patient_name: patient,
  timestamp,
  data_type: "user",
  serial_num: 1,
  data: text,
  prompt_id: null,
  version: 1,
  updated_at: timestamp,
});

/** Every value of every object store, as IndexedDB holds it (below Dexie and its middleware). */
async function dump(indexedDB: IDBFactory, name: string): Promise<string> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(name);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const names = [...db.objectStoreNames];
  const tx = db.transaction(names, "readonly");
  const all = await Promise.all(
    names.map(
      (n) =>
        new Promise<unknown[]>((resolve) => {
          const req = tx.objectStore(n).getAll();
          req.onsuccess = () => resolve(req.result);
        }),
    ),
  );
  db.close();
  const decoder = new TextDecoder("latin1");
  // Bytes as text too, so a string kept in a byte array would show.
  return JSON.stringify(all, (_k, v) => (v instanceof Uint8Array ? decoder.decode(v) : v));
}

const key = () => crypto.getRandomValues(new Uint8Array(32));

afterEach(() => forgetDeviceKey());

describe("the encrypted device store", () => {
  it("stores rows sealed, patient names hashed, and reads them back; lookups by name and by name and time still work", async () => {
    const indexedDB = new IDBFactory();
    const store = openStore("u1", { indexedDB, IDBKeyRange });
    holdDataKey("u1", key());
    await store.conversation_messages.bulkPut([
      message("m1", "alice01", "2026-01-01T10:00:00Z", "I felt scared at the bus stop"),
      message("m2", "alice01", "2026-01-02T10:00:00Z", "Today the bus was fine"),
      message("m3", "bob02", "2026-01-02T11:00:00Z", "Counting breaths helps"),
    ]);
    await store.patients.put({ id: "p1", username: "alice01", first_name: "Alicia", last_name: "Zorander" } as never);
    await store.homework.put({ id: "h1", patientName: "alice01", created_at: "2026-01-01", fear: "Buses" } as never);
    await markDiscussed(store, "alice01", new Date("2026-01-03T00:00:00Z"));

    expect((await store.conversation_messages.get("m1"))?.data).toBe("I felt scared at the bus stop");
    const alices = await store.conversation_messages.where("patient_name").equals("alice01").toArray();
    expect(alices.map((m) => m.id).sort()).toEqual(["m1", "m2"]);
    const later = await store.conversation_messages
      .where("[patient_name+timestamp]")
      .between(["alice01", "2026-01-02"], ["alice01", "\uffff"], true, true)
      .toArray();
    expect(later.map((m) => m.data)).toEqual(["Today the bus was fine"]);
    expect(await store.conversation_messages.where("patient_name").equals("bob02").count()).toBe(1);
    expect((await store.patients.where("username").equals("alice01").first())?.first_name).toBe("Alicia");
    expect(await store.homework.where("patientName").equals("alice01").count()).toBe(1);
    expect(await discussedAt(store, "alice01")).toBe("2026-01-03T00:00:00.000Z");
    // A change made through Dexie (modify) is sealed again.
    await store.conversation_messages.where("patient_name").equals("bob02").modify({ data: "Breathing slowly" });
    expect((await store.conversation_messages.get("m3"))?.data).toBe("Breathing slowly");

    const raw = await dump(indexedDB, "stepwise-u1");
    for (const secret of ["scared", "Breathing", "alice01", "bob02", "Alicia", "Zorander", "Buses"]) {
      expect(raw).not.toContain(secret);
    }
    store.close();
  });

  it("keeps the outbox's order and status readable, and counts it, without the key", async () => {
    const store = openStore("u2", { indexedDB: new IDBFactory(), IDBKeyRange });
    holdDataKey("u2", key());
    const entry = { id: "e1", method: "POST", path: "/api/x", table: "homework", rowId: "h1", createdAt: "t" };
    await store.outbox.add({ ...entry, op: { kind: "delete" }, status: "pending" } as never);
    expect((await store.outbox.toArray()).map((e) => [e.seq, e.path])).toEqual([[1, "/api/x"]]);
    forgetDeviceKey();
    expect(await store.outbox.where("status").equals("pending").count()).toBe(1);
    // Reading a sealed row without the key fails loudly: no ciphertext reaches a screen.
    await expect(store.outbox.toArray()).rejects.toThrow(/locked/);
    await expect(store.outbox.add({ ...entry, id: "e2" } as never)).rejects.toThrow(/locked/);
    store.close();
  });

  it("stores rows sealed ahead by Web Crypto as they are, and reads them like the others", async () => {
    const indexedDB = new IDBFactory();
    const store = openStore("u3", { indexedDB, IDBKeyRange });
    holdDataKey("u3", key());
    const rows = [
      message("m1", "carol03", "2026-02-01", "Pre-sealed words"),
      message("m2", "carol03", "2026-02-02", "x"),
    ];
    await presealRows(store, "conversation_messages", rows);
    await store.transaction("rw", store.conversation_messages, () => store.conversation_messages.bulkPut(rows));
    expect(
      (await store.conversation_messages.where("patient_name").equals("carol03").sortBy("timestamp"))[0].data,
    ).toBe("Pre-sealed words");
    expect(await dump(indexedDB, "stepwise-u3")).not.toContain("Pre-sealed");
    store.close();
  });

  it("reads a row read before as it is stored now: rewritten, changed by a reader, or tampered with", async () => {
    const indexedDB = new IDBFactory();
    const store = openStore("u6", { indexedDB, IDBKeyRange });
    holdDataKey("u6", key());
    await rowTable(store).put(message("m1", "fay06", "2026-03-01", "First words"));
    const read = await rowTable(store).get("m1");
    expect(read?.data).toBe("First words");
    if (read) read.data = "changed by a screen";
    expect((await rowTable(store).get("m1"))?.data).toBe("First words");

    await rowTable(store).put(message("m1", "fay06", "2026-03-01", "Second words"));
    expect((await rowTable(store).get("m1"))?.data).toBe("Second words");

    // The same IV and tag over other bytes is not the row read before: it fails to open.
    const [stored] = await readRaw(store, [store.conversation_summaries], () => store.conversation_summaries.toArray());
    const sealed = (stored as unknown as { _sealed: Uint8Array })._sealed.slice();
    sealed[14] ^= 1;
    await store.conversation_summaries.db.transaction("rw", store.conversation_summaries, async () => {
      const raw = Dexie.currentTransaction?.idbtrans.objectStore("conversation_summaries");
      await new Promise((resolve) => {
        const req = raw?.put({ ...stored, _sealed: sealed });
        if (req) req.onsuccess = resolve;
      });
    });
    await expect(rowTable(store).get("m1")).rejects.toThrow();
    store.close();
  });

  it("seals ahead a page larger than one draw of random bytes (65,536), each row under its own IV", async () => {
    const indexedDB = new IDBFactory();
    const store = openStore("u5", { indexedDB, IDBKeyRange });
    holdDataKey("u5", key());
    const rows = Array.from({ length: 6_000 }, (_, i) => message(`m${i}`, "erin05", "2026-02-01", `words ${i}`));
    await presealRows(store, "conversation_summaries", rows);
    await store.transaction("rw", store.conversation_summaries, () => rowTable(store).bulkPut(rows));
    expect((await rowTable(store).get("m5999"))?.data).toBe("words 5999");
    const stored = await readRaw(store, [store.conversation_summaries], () => store.conversation_summaries.toArray());
    const ivs = new Set(
      stored.map((row) =>
        Buffer.from((row as unknown as { _sealed: Uint8Array })._sealed.subarray(0, 12)).toString("hex"),
      ),
    );
    expect(ivs.size).toBe(6_000);
    store.close();
  });

  it("sets up the PIN of a new device without reading the rows its first sync stored meanwhile", async () => {
    const indexedDB = new IDBFactory();
    const store = openStore("u6", { indexedDB, IDBKeyRange });
    // The PIN set-up's key, which the first sync seals under while the PIN is chosen (set-up-key.ts).
    const dataKey = key();
    holdDataKey("u6", dataKey, { settingUp: true });
    const rows = Array.from({ length: 50 }, (_, i) => message(`m${i}`, "fay06", "2026-02-01", `words ${i}`));
    await store.transaction("rw", store.conversation_summaries, () => rowTable(store).bulkPut(rows));

    const read: string[] = [];
    const spies = [IDBObjectStore.prototype, IDBIndex.prototype].flatMap((proto) =>
      (["get", "getAll", "openCursor", "count"] as const).map((method) => {
        const original = proto[method] as (...args: unknown[]) => IDBRequest;
        return vi.spyOn(proto, method).mockImplementation(function (
          this: IDBObjectStore | IDBIndex,
          ...args: unknown[]
        ) {
          read.push("objectStore" in this ? this.objectStore.name : this.name);
          return original.apply(this, args);
        });
      }),
    );
    try {
      await setUpDevicePin(store, "135790", dataKey);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(read).not.toContain("conversation_summaries");
    expect((await rowTable(store).get("m49"))?.data).toBe("words 49");
    store.close();
  });

  it("seals a store an older version kept in the clear at the first unlock, and finds its rows by name after", async () => {
    const indexedDB = new IDBFactory();
    // The rows as the version before kept them: written straight to IndexedDB, in the clear.
    const before = openStore("u4", { indexedDB, IDBKeyRange });
    await before.open();
    before.close();
    await new Promise<void>((resolve) => {
      const req = indexedDB.open("stepwise-u4");
      req.onsuccess = () => {
        const tx = req.result.transaction(["conversation_summaries", "meta"], "readwrite");
        tx.objectStore("conversation_summaries").put(message("m1", "dora04", "2026-03-01", "Old clear words"));
        tx.objectStore("meta").put({ key: "discussed:dora04", value: "2026-03-02T00:00:00.000Z" });
        // Nor did it mark its store sealed, as this version does the stores it makes.
        tx.objectStore("meta").delete("sealed");
        tx.oncomplete = () => {
          req.result.close();
          resolve();
        };
      };
    });
    const store = openStore("u4", { indexedDB, IDBKeyRange });
    await setUpDevicePin(store, "135790");
    forgetDeviceKey();
    expect((await unlockDevice(store, "135790")).unlocked).toBe(true);
    expect((await rowTable(store).where("patient_name").equals("dora04").first())?.data).toBe("Old clear words");
    expect(await discussedAt(store, "dora04")).toBe("2026-03-02T00:00:00.000Z");
    const raw = await dump(indexedDB, "stepwise-u4");
    expect(raw).not.toContain("Old clear");
    expect(raw).not.toContain("dora04");
    store.close();
  });
});
