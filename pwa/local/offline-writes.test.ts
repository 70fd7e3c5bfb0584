import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, type TestContext } from "../../sync-server/test/harness.ts";
import { addMessage } from "../../sync-server/test/sync-rows.ts";
import { createDevice, homework, patient, writesOf } from "./testing.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("offline writes", () => {
  it("edits made offline reach the server exactly once after reconnecting", async () => {
    const device = createDevice(t, await t.as("clinician"));
    await device.engine.sync();
    device.network.offline = true;

    const { rowId: patientId } = await device.engine.mutate({
      kind: "patient.create",
      values: { ...patient("offline_ada"), password: "secret1" },
    });
    const { rowId: homeworkId } = await device.engine.mutate({
      kind: "homework.create",
      values: homework("offline_ada", "Being judged"),
    });
    await device.engine.mutate({ kind: "homework.update", id: homeworkId, values: { fear: "Being judged by peers" } });
    await device.engine.mutate({ kind: "homework.update", id: homeworkId, values: { roundNumber: 3 } });
    const { rowId: dropped } = await device.engine.mutate({
      kind: "homework.create",
      values: homework("offline_ada", "x"),
    });
    await device.engine.mutate({ kind: "homework.delete", id: dropped });
    await device.engine.sync();

    expect(device.engine.getState()).toMatchObject({ online: false, pending: 6 });
    const shown = await device.store.homework.get(homeworkId);
    expect(shown).toMatchObject({ fear: "Being judged by peers", roundNumber: 3, _pending: true });
    expect(await device.store.homework.get(dropped)).toBeUndefined();

    device.network.offline = false;
    await device.engine.sync();

    expect(device.engine.getState()).toMatchObject({ online: true, pending: 0, failed: [], error: null });
    expect(await t.sql`SELECT id FROM patients WHERE username = 'offline_ada'`).toEqual([{ id: patientId }]);
    const rows = await t.sql`SELECT id, fear, round_number, version FROM homework WHERE patient_name = 'offline_ada'`;
    expect(rows).toEqual([{ id: homeworkId, fear: "Being judged by peers", round_number: 3, version: 3 }]);
    const local = await device.store.homework.get(homeworkId);
    expect(local).toMatchObject({ fear: "Being judged by peers", roundNumber: 3, version: 3 });
    expect(local?._pending).toBeUndefined();
    expect(await device.store.outbox.count()).toBe(0);
    expect(writesOf(device)).toHaveLength(6);
  });

  it("a change whose answer was lost is sent again and stored once", async () => {
    const device = createDevice(t, await t.as("clinician"));
    await device.client.post("/api/patients", patient("lost_answer"));
    await device.engine.sync();

    device.network.loseNextAnswer = true;
    const { rowId } = await device.engine.mutate({
      kind: "homework.create",
      values: homework("lost_answer", "Phones"),
    });
    await device.engine.sync();
    expect(device.engine.getState()).toMatchObject({ pending: 1, online: false });
    expect(device.engine.getState().error).toEqual({ code: "offline" });

    await device.engine.sync();
    expect(device.engine.getState()).toMatchObject({ pending: 0, online: true, error: null });
    expect(await t.sql`SELECT id FROM homework WHERE patient_name = 'lost_answer'`).toEqual([{ id: rowId }]);
    const posts = writesOf(device);
    expect(posts).toEqual([
      { method: "POST", path: "/api/homework" },
      { method: "POST", path: "/api/homework" },
    ]);
    expect((await device.store.homework.get(rowId))?._pending).toBeUndefined();
  });

  it("a second tab on the same device does not send the same change twice", async () => {
    const first = createDevice(t, await t.as("clinician"));
    const second = createDevice(t, first.client, first.indexedDB);
    await first.client.post("/api/patients", patient("two_tabs"));
    await first.engine.mutate({ kind: "homework.create", values: homework("two_tabs", "Crowds") });
    await first.engine.mutate({ kind: "homework.create", values: homework("two_tabs", "Buses") });

    await Promise.all([first.engine.sync(), second.engine.sync(), first.engine.sync()]);

    expect(await t.sql`SELECT fear FROM homework WHERE patient_name = 'two_tabs' ORDER BY fear`).toEqual([
      { fear: "Buses" },
      { fear: "Crowds" },
    ]);
    expect(writesOf(first).length + writesOf(second).length).toBe(2);
    const [{ count }] =
      await t.sql`SELECT count(*)::int AS count FROM idempotency_keys WHERE user_id = ${first.user.id}`;
    expect(count).toBe(2);
    expect(await second.store.homework.where("patientName").equals("two_tabs").count()).toBe(2);
  });

  it("a change the server refuses is marked failed with its message, then retried or discarded", async () => {
    const device = createDevice(t, await t.as("clinician"));
    const { rowId, mutationId } = await device.engine.mutate({
      kind: "homework.create",
      values: homework("nobody_here", "Dogs"),
    });
    await device.engine.sync();

    const { failed } = device.engine.getState();
    expect(failed).toEqual([
      expect.objectContaining({
        id: mutationId,
        refused: expect.objectContaining({ message: "No patient with the username nobody_here" }),
      }),
    ]);
    expect(await device.store.homework.get(rowId)).toMatchObject({ fear: "Dogs", _failed: failed[0].refused });

    await device.client.post("/api/patients", patient("nobody_here"));
    await device.engine.retryFailed(mutationId);
    await device.engine.sync();
    expect(device.engine.getState()).toMatchObject({ failed: [], pending: 0 });
    expect(await t.sql`SELECT id FROM homework WHERE id = ${rowId}`).toEqual([{ id: rowId }]);

    const refused = await device.engine.mutate({ kind: "homework.create", values: homework("nobody_else", "Cats") });
    await device.engine.sync();
    await device.engine.discardMutation(device.engine.getState().failed[0].id);
    expect(device.engine.getState().failed).toEqual([]);
    expect(await device.store.homework.get(refused.rowId)).toBeUndefined();
  });

  it("a started engine sends a change by itself shortly after it is made", async () => {
    const device = createDevice(t, await t.as("clinician"));
    const { body: ada } = await device.client.post("/api/patients", patient("started_engine"));
    const summary = { id: "conversation-started", patient_name: "started_engine", summary: "First try" };
    await addMessage(t.sql, "started_engine", summary.id); // a summary belongs to a conversation with messages
    expect((await device.client.post("/api/conversation-summaries", summary)).status).toBe(201);
    await device.engine.start();
    expect(await device.store.conversation_summaries.get(summary.id)).toMatchObject({ summary: "First try" });

    await device.engine.mutate({ kind: "summary.update", id: summary.id, values: { summary: "Went well" } });
    await device.engine.mutate({
      kind: "patient.update",
      id: ada.id,
      values: { ...patient("started_engine"), age: 16 },
    });
    await vi.waitFor(() => expect(device.engine.getState()).toMatchObject({ pending: 0, syncing: false }), 5000);
    device.engine.stop();

    expect(await t.sql`SELECT summary, version FROM conversation_summaries WHERE id = ${summary.id}`).toEqual([
      { summary: "Went well", version: 2 },
    ]);
    expect(await t.sql`SELECT age FROM patients WHERE id = ${ada.id}`).toEqual([{ age: 16 }]);
    expect(await device.store.patients.get(ada.id)).toMatchObject({ age: 16, version: 2 });
  });

  it("a change's `sent` says whether the server has it: sent online, queued offline, refused with the server's words", async () => {
    const device = createDevice(t, await t.as("clinician"));
    await device.client.post("/api/patients", patient("sent_or_queued"));
    await device.engine.start();

    const online = await device.engine.mutate({ kind: "homework.create", values: homework("sent_or_queued", "Calls") });
    expect(await online.sent).toEqual({ status: "sent" });
    expect(await t.sql`SELECT fear FROM homework WHERE id = ${online.rowId}`).toEqual([{ fear: "Calls" }]);

    const refused = await device.engine.mutate({ kind: "homework.create", values: homework("nobody_else", "Cats") });
    expect(await refused.sent).toMatchObject({
      status: "refused",
      refusal: { code: expect.any(String), status: expect.any(Number), message: expect.stringMatching(/\w/) },
    });

    device.network.offline = true;
    const offline = await device.engine.mutate({
      kind: "homework.update",
      id: online.rowId,
      values: { fear: "Texts" },
    });
    expect(await offline.sent).toEqual({ status: "queued" });
    // Known to be offline now: the next change is answered at once, without trying the network.
    const before = device.network.requests.length;
    const next = await device.engine.mutate({ kind: "homework.update", id: online.rowId, values: { fear: "Mail" } });
    expect(await next.sent).toEqual({ status: "queued" });
    expect(device.network.requests.length).toBe(before);
    device.engine.stop();
  });
});
