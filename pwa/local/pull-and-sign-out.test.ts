import "fake-indexeddb/auto";
import Dexie from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../sync-server/test/harness.ts";
import { addConversation } from "../../sync-server/test/sync-rows.ts";
import { openStore, storeName } from "./store.ts";
import { createDevice, homework, patient } from "./testing.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const databases = async (factory: IDBFactory) => (await factory.databases()).map((d) => d.name);

describe("what a device pulls", () => {
  it("a patient moved to another clinician leaves the old clinician's device with its homework", async () => {
    const admin = await t.as("admin");
    const before = await t.as("clinician");
    const after = await t.createUser({ role: "clinician" });
    const { body: moved } = await before.post("/api/patients", patient("moving_away"));
    const { body: work } = await before.post("/api/homework", homework("moving_away", "Heights"));
    const device = createDevice(t, before);
    await device.engine.sync();
    expect(await device.store.patients.get(moved.id)).toMatchObject({ username: "moving_away" });
    expect(await device.store.homework.get(work.id)).toBeDefined();

    const res = await admin.put(`/api/patients/${moved.id}`, { ...patient("moving_away"), clinician_id: after.id });
    expect(res.status).toBe(200);
    await device.engine.sync();

    expect(await device.store.patients.get(moved.id)).toBeUndefined();
    expect(await device.store.homework.get(work.id)).toBeUndefined();
  });

  it("a user who loses the admin role keeps none of the other clinicians' patients on the device", async () => {
    const admin = await t.as("admin");
    const demoted = await t.as("admin");
    const clinician = await t.as("clinician");
    const { body: theirs } = await clinician.post("/api/patients", patient("not_yours_anymore"));
    await addConversation(t.sql, theirs.username, 4);
    const device = createDevice(t, demoted);
    await device.engine.sync();
    expect(await device.store.patients.get(theirs.id)).toBeDefined();
    const messages = () => device.store.conversation_messages.where("patient_name").equals(theirs.username).count();
    expect(await messages()).toBe(4);

    expect((await admin.patch(`/api/admin/users/${demoted.user!.id}`, { role: "clinician" })).status).toBe(200);
    await device.engine.sync();

    expect(await device.store.patients.get(theirs.id)).toBeUndefined();
    expect(await messages()).toBe(0);
    expect(device.engine.getState().error).toBeNull();
  });

  it("a delete on one device removes the row from the other", async () => {
    const client = await t.as("clinician");
    await client.post("/api/patients", patient("deleted_here"));
    const { body: work } = await client.post("/api/homework", homework("deleted_here", "Dark rooms"));
    const tablet = createDevice(t, client);
    const phone = createDevice(t, client);
    await Promise.all([tablet.engine.sync(), phone.engine.sync()]);
    expect(await phone.store.homework.get(work.id)).toBeDefined();

    await tablet.engine.mutate({ kind: "homework.delete", id: work.id });
    expect(await tablet.store.homework.get(work.id)).toBeUndefined();
    await tablet.engine.sync();
    await phone.engine.sync();

    expect(await t.sql`SELECT id FROM homework WHERE id = ${work.id}`).toEqual([]);
    expect(await phone.store.homework.get(work.id)).toBeUndefined();
    expect(tablet.engine.getState()).toMatchObject({ pending: 0, failed: [] });
  });

  it("setting the current prompt offline moves the mark at once and on the server after reconnecting", async () => {
    const admin = await t.as("admin");
    for (const id of ["prompt-1", "prompt-2"]) {
      const body = { id, title: `Prompt ${id}`, owner: "test_prompt", prompt: "Be a calm coach.", is_test: false };
      expect((await admin.post("/api/prompt-history", body)).status).toBe(201);
    }
    await admin.post("/api/prompt-history/set-current", { promptId: "prompt-1" });
    const device = createDevice(t, await t.as("clinician"));
    await device.engine.sync();
    device.network.offline = true;

    await device.engine.mutate({ kind: "prompt.setCurrent", id: "prompt-2" });
    expect(await device.store.prompts.get("prompt-1")).toMatchObject({ is_current: false, _pending: true });
    expect(await device.store.prompts.get("prompt-2")).toMatchObject({ is_current: true, _pending: true });

    device.network.offline = false;
    await device.engine.sync();
    const current = await t.sql`SELECT id FROM prompts WHERE is_current`;
    expect(current).toEqual([{ id: "prompt-2" }]);
    const local = await device.store.prompts.toArray();
    expect(local.filter((p) => p.is_current).map((p) => p.id)).toEqual(["prompt-2"]);
    expect(local.every((p) => !p._pending)).toBe(true);
  });

  it("a store the browser evicted is filled again by a full pull", async () => {
    const client = await t.as("clinician");
    const { body: kept } = await client.post("/api/patients", patient("survives_eviction"));
    const device = createDevice(t, client);
    await device.engine.sync();

    await new Promise<void>((resolve, reject) => {
      const req = device.indexedDB.deleteDatabase(storeName(device.user.id));
      req.onsuccess = () => resolve();
      req.onerror = () => reject(req.error);
    });
    await device.engine.sync();

    expect(await device.store.patients.get(kept.id)).toMatchObject({ username: "survives_eviction" });
  });

  it("an ended session pauses sending until the user signs in again", async () => {
    const client = await t.as("clinician");
    await client.post("/api/patients", patient("session_ends"));
    let told = 0;
    const { engine } = createDevice(t, client, undefined, { onAuthLost: () => (told += 1) });
    await engine.sync();
    const signedIn = client.cookie;
    client.cookie = undefined;
    await engine.mutate({ kind: "homework.create", values: homework("session_ends", "Tests") });
    await engine.sync();
    await engine.sync();

    expect(engine.getState()).toMatchObject({ authLost: true, pending: 1 });
    expect(told).toBe(1);
    client.cookie = signedIn;
    await engine.resume();
    expect(engine.getState()).toMatchObject({ authLost: false, pending: 0 });
    expect(await t.sql`SELECT fear FROM homework WHERE patient_name = 'session_ends'`).toEqual([{ fear: "Tests" }]);
  });
});

describe("staff e-mails on a device", () => {
  it("a device never receives them, and an upgraded device forgets those it kept", async () => {
    const clinician = await t.as("clinician");
    const indexedDB = new IDBFactory();
    // The store as the previous app version left it: clinicians with their e-mail.
    const old = new Dexie(storeName(clinician.user!.id), { indexedDB, IDBKeyRange });
    old.version(1).stores({ clinicians: "id" });
    await old.table("clinicians").put({ id: "c-old", version: 1, username: "old@clinic.test", first_name: "O" });
    old.close();

    const device = createDevice(t, clinician, indexedDB);
    expect(await device.store.clinicians.get("c-old")).toEqual({ id: "c-old", version: 1, first_name: "O" });
    await device.engine.sync();
    const staff = await device.store.clinicians.toArray();
    expect(staff.map((c) => c.id)).toContain(clinician.user!.id);
    expect(JSON.stringify(staff)).not.toContain("@");
  });
});

describe("signing out on a shared tablet", () => {
  it("sign-out reports unsent changes, sends them when it can, and wipes the user's data", async () => {
    const client = await t.as("clinician");
    await client.post("/api/patients", patient("before_sign_out"));
    const device = createDevice(t, client);
    await device.engine.sync();
    device.network.offline = true;
    await device.engine.mutate({ kind: "homework.create", values: homework("before_sign_out", "Speaking") });

    expect(await device.engine.prepareSignOut()).toEqual({ unsent: 1, conflicts: 0, views: 0 });
    device.network.offline = false;
    expect(await device.engine.prepareSignOut()).toEqual({ unsent: 0, conflicts: 0, views: 0 });
    expect(await t.sql`SELECT fear FROM homework WHERE patient_name = 'before_sign_out'`).toEqual([
      { fear: "Speaking" },
    ]);

    await device.engine.wipe();
    expect(await databases(device.indexedDB)).not.toContain(storeName(device.user.id));
    const reopened = openStore(device.user.id, { indexedDB: device.indexedDB, IDBKeyRange });
    expect(await reopened.patients.count()).toBe(0);
    reopened.close();
  });

  it("another user on the same tablet neither sees the first user's rows nor sends their changes", async () => {
    const first = createDevice(t, await t.as("clinician"));
    await first.client.post("/api/patients", patient("first_users_patient"));
    await first.engine.sync();
    first.network.offline = true;
    await first.engine.mutate({ kind: "homework.create", values: homework("first_users_patient", "Unsent") });

    const second = createDevice(t, await t.as("clinician"), first.indexedDB);
    await second.engine.sync();

    expect(await second.store.patients.count()).toBe(0);
    expect(await second.store.outbox.count()).toBe(0);
    expect(second.network.requests.filter((r) => r.method !== "GET")).toEqual([]);
    expect(await t.sql`SELECT id FROM homework WHERE fear = 'Unsent'`).toEqual([]);
    expect(await first.store.outbox.count()).toBe(1);
  });
});
