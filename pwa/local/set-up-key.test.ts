import type { Patient } from "@schema/rows.ts";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetDeviceKey, heldDeviceKey, isDeviceUnlocked, readDeviceKey, unlockDevice } from "./device-key.ts";
import { readRaw } from "./encrypted-store.ts";
import { setUpKey, setUpPin } from "./set-up-key.ts";
import { openStore } from "./store.ts";

const patient = (id: string, first_name: string): Patient =>
  ({
    id,
    version: 1,
    updated_at: "2026-01-01T00:00:00.000Z",
    username: `${first_name.toLowerCase()}01`,
    first_name,
    last_name: "Lovelace",
    clinician_id: "clinician-1",
  }) as Patient;

afterEach(() => forgetDeviceKey());

describe("the first sync during the PIN set-up", () => {
  it("runs under a key made when the set-up starts: the PIN wraps that very key, so what was stored reads after unlocking", async () => {
    const store = openStore("setup-1", { indexedDB: new IDBFactory(), IDBKeyRange });
    const dataKey = await setUpKey(store);
    expect(dataKey).toHaveLength(32);
    // The workers get it (the sync runs), but the device stays locked until the PIN is set.
    expect(heldDeviceKey("setup-1")).toEqual(dataKey);
    expect(isDeviceUnlocked("setup-1")).toBe(false);
    await store.patients.put(patient("p1", "Ada"));
    expect(await readDeviceKey(store)).toBeNull();

    expect(await setUpPin(store, "246810")).toBe(true);
    expect(isDeviceUnlocked("setup-1")).toBe(true);
    forgetDeviceKey();
    const unlocked = await unlockDevice(store, "246810");
    expect(unlocked).toEqual({ unlocked: true, dataKey });
    expect((await store.patients.get("p1"))?.first_name).toBe("Ada");
    store.close();
  });

  it("a set-up left before the PIN was set loses its key: the next set-up drops the rows sealed under it and the cursor, and pulls again", async () => {
    const store = openStore("setup-2", { indexedDB: new IDBFactory(), IDBKeyRange });
    const lost = await setUpKey(store);
    await store.patients.put(patient("p1", "Ada"));
    await store.meta.put({ key: "cursor", value: "page-3" });
    // Signed out (or the page reloaded) at the set-up.
    forgetDeviceKey();

    const next = await setUpKey(store);
    expect(next).not.toEqual(lost);
    expect(await readRaw(store, [store.patients], () => store.patients.toArray())).toEqual([]);
    expect(await store.meta.get("cursor")).toBeUndefined();
    await store.patients.put(patient("p2", "Grace"));
    expect(await setUpPin(store, "135790")).toBe(true);
    expect((await store.patients.toArray()).map((p) => p.first_name)).toEqual(["Grace"]);
    store.close();
  });

  it("tabs at the set-up seal under one key, also one opened after the first closed, so the PIN set in any opens every row", async () => {
    const indexedDB = new IDBFactory();
    const tabA = openStore("setup-3", { indexedDB, IDBKeyRange });
    const keyA = await setUpKey(tabA);
    await tabA.patients.put(patient("p1", "Ada"));

    // Another tab: the same modules loaded afresh, as a second page has its own.
    vi.resetModules();
    const b = {
      ...(await import("./set-up-key.ts")),
      ...(await import("./device-key.ts")),
      ...(await import("./store.ts")),
    };
    const tabB = b.openStore("setup-3", { indexedDB, IDBKeyRange });
    expect(await b.setUpKey(tabB)).toEqual(keyA);
    await tabB.patients.put(patient("p2", "Grace"));
    // The tab that made the key closes; a third tab gets it from the second.
    forgetDeviceKey();
    vi.resetModules();
    const c = { ...(await import("./set-up-key.ts")), ...(await import("./store.ts")) };
    expect(await c.setUpKey(c.openStore("setup-3", { indexedDB, IDBKeyRange }))).toEqual(keyA);
    expect(await b.setUpPin(tabB, "975310")).toBe(true);
    b.forgetDeviceKey();

    expect((await unlockDevice(tabA, "975310")).unlocked).toBe(true);
    expect((await tabA.patients.toArray()).map((p) => p.first_name)).toEqual(["Ada", "Grace"]);
    tabA.close();
    tabB.close();
  });
});
