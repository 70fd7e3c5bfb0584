import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../sync-server/test/harness.ts";
import { createHttp } from "./http.ts";
import { pullChanges } from "./pull.ts";
import { appFetch, createDevice, homework, patient } from "./testing.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** One clinician, two tablets that both hold the same homework, each editing it while the other is offline. */
async function twoDevicesEditing(username: string) {
  const client = await t.as("clinician");
  await client.post("/api/patients", patient(username));
  const { body: created } = await client.post("/api/homework", homework(username, "Original"));
  const tablet = createDevice(t, client);
  const laptop = createDevice(t, client);
  await tablet.engine.sync();
  await laptop.engine.sync();
  await tablet.engine.mutate({ kind: "homework.update", id: created.id, values: { fear: "Tablet's fear" } });
  await laptop.engine.mutate({ kind: "homework.update", id: created.id, values: { fear: "Laptop's fear" } });
  await tablet.engine.sync();
  await laptop.engine.sync();
  return { tablet, laptop, id: created.id as string };
}

const fearOnServer = async (id: string) => (await t.sql`SELECT fear FROM homework WHERE id = ${id}`)[0]?.fear;

describe("conflicts between two devices", () => {
  it("two devices editing one homework give a conflict that keeps both values", async () => {
    const { laptop, id } = await twoDevicesEditing("conflict_both");

    expect(await fearOnServer(id)).toBe("Tablet's fear");
    expect(laptop.engine.getState()).toMatchObject({ conflicts: 1, pending: 0, failed: [] });
    const [conflict] = await laptop.store.conflicts.toArray();
    expect(conflict).toMatchObject({
      table: "homework",
      rowId: id,
      mine: { fear: "Laptop's fear" },
      theirs: { id, fear: "Tablet's fear", version: 2 },
    });
    expect(await laptop.store.homework.get(id)).toMatchObject({ fear: "Tablet's fear", version: 2 });
  });

  it("keeping mine sends my change again over the server's row", async () => {
    const { tablet, laptop, id } = await twoDevicesEditing("conflict_mine");
    const [conflict] = await laptop.store.conflicts.toArray();

    await laptop.engine.resolveConflict(conflict.id, "mine");
    await laptop.engine.sync();

    expect(await fearOnServer(id)).toBe("Laptop's fear");
    expect(laptop.engine.getState()).toMatchObject({ conflicts: 0, pending: 0 });
    expect(await laptop.store.homework.get(id)).toMatchObject({ fear: "Laptop's fear", version: 3 });
    await tablet.engine.sync();
    expect(await tablet.store.homework.get(id)).toMatchObject({ fear: "Laptop's fear", version: 3 });
  });

  it("keeping theirs keeps the server's row and drops my change", async () => {
    const { laptop, id } = await twoDevicesEditing("conflict_theirs");
    const [conflict] = await laptop.store.conflicts.toArray();

    await laptop.engine.resolveConflict(conflict.id, "theirs");
    await laptop.engine.sync();

    expect(await fearOnServer(id)).toBe("Tablet's fear");
    expect(laptop.engine.getState()).toMatchObject({ conflicts: 0, pending: 0 });
    expect(await laptop.store.outbox.count()).toBe(0);
    const row = await laptop.store.homework.get(id);
    expect(row).toMatchObject({ fear: "Tablet's fear", version: 2 });
    expect(row?._pending).toBeUndefined();
  });

  it("a pulled row never hides an edit still waiting to be sent", async () => {
    const client = await t.as("clinician");
    await client.post("/api/patients", patient("no_flicker"));
    const { body: created } = await client.post("/api/homework", homework("no_flicker", "Original"));
    const tablet = createDevice(t, client);
    await tablet.engine.sync();

    tablet.network.offline = true;
    await tablet.engine.mutate({ kind: "homework.update", id: created.id, values: { fear: "Edited offline" } });
    await client.put(`/api/homework/${created.id}`, { frequency: "every day" });
    tablet.network.offline = false;
    // Only the pull runs: the push would turn the edit into a conflict.
    const send = createHttp(appFetch(t, client));
    expect(await pullChanges(tablet.store, send)).toBe("done");

    expect(await tablet.store.homework.get(created.id)).toMatchObject({
      fear: "Edited offline",
      frequency: "every day",
      version: 2,
      _pending: true,
    });
  });
});
