import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../sync-server/db/connect.ts";
import { createTestContext, type TestContext } from "../../sync-server/test/harness.ts";
import { addConversation, addPatient, addSummary } from "../../sync-server/test/sync-rows.ts";
import { createDevice, type Device } from "./testing.ts";

/**
 * A Data Management bulk delete leaves one tombstone per conversation, not per message: a device's
 * next sync must still drop every message it removed, and keep what the server kept.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** Messages of one conversation, some stamped as test data at intake (0080) and some not. */
async function addMixedConversation(sql: Db, patientName: string, conversationId: string) {
  await sql`INSERT INTO conversation_messages (conversation_id, patient_name, prompt_id, data_type, serial_num, data, timestamp, is_test)
    SELECT ${conversationId}, ${patientName}, 'p-mixed', 'user', n, 'hello', now(), n < 2 FROM generate_series(0, 3) AS n`;
  return (
    await sql`SELECT id, is_test FROM conversation_messages WHERE conversation_id = ${conversationId} ORDER BY id`
  ).map((r) => ({ id: r.id as string, isTest: r.is_test as boolean }));
}

/** Syncs, and checks it went on from the device's cursor: no start over, which would also clear the rows. */
async function syncOnFromCursor(device: Device) {
  const before = device.network.requests.length;
  await device.engine.sync();
  const pulls = device.network.requests.slice(before).filter((r) => r.path.startsWith("/api/sync/pull"));
  expect(pulls.length).toBeGreaterThan(0);
  expect(pulls.filter((r) => r.path.includes("cursor=&"))).toEqual([]);
  expect(device.engine.getState().error).toBeNull();
}

const messagesOn = async (device: Device, patientName: string) =>
  (
    (await device.store.conversation_messages.where("patient_name").equals(patientName).primaryKeys()) as string[]
  ).sort();

// In this order: delete_user_data removes every patient's messages in this database.
describe("a device after a bulk delete", () => {
  it("drops a conversation's test messages after delete_test_data and keeps the rest of it", async () => {
    const clinician = await t.as("clinician");
    const admin = await t.as("admin");
    const p = await addPatient(t.sql, clinician.user!.id);
    const mixed = await addMixedConversation(t.sql, p.username, "conv-mixed");
    const device = createDevice(t, clinician);
    await device.engine.sync();
    expect(await messagesOn(device, p.username)).toEqual(mixed.map((m) => m.id));

    const res = await admin.delete("/api/conversations/patient/delete_test_data");
    expect(res.status).toBe(200);
    expect(res.body.deletedCount).toBe(2);
    await syncOnFromCursor(device);

    expect(await messagesOn(device, p.username)).toEqual(mixed.filter((m) => !m.isTest).map((m) => m.id));
  });

  it("holds none of the messages and summaries delete_user_data removed", async () => {
    const clinician = await t.as("clinician");
    const admin = await t.as("admin");
    const p = await addPatient(t.sql, clinician.user!.id);
    for (const count of [6, 3]) await addConversation(t.sql, p.username, count);
    const summary = await addSummary(t.sql, p.username);
    const device = createDevice(t, clinician);
    await device.engine.sync();
    expect(await messagesOn(device, p.username)).toHaveLength(9);
    expect(await device.store.conversation_summaries.get(summary)).toBeDefined();

    expect((await admin.delete("/api/conversations/patient/delete_user_data")).status).toBe(200);
    await syncOnFromCursor(device);

    expect(await device.store.conversation_messages.count()).toBe(0);
    expect(await device.store.conversation_summaries.get(summary)).toBeUndefined();
  });

  it("still drops the messages of a patient deleted from Manage Patients, one tombstone each", async () => {
    const clinician = await t.as("clinician");
    const p = await addPatient(t.sql, clinician.user!.id);
    const messages = await addMixedConversation(t.sql, p.username, "conv-of-deleted-patient");
    const device = createDevice(t, clinician);
    await device.engine.sync();
    expect(await messagesOn(device, p.username)).toHaveLength(4);

    expect((await clinician.delete(`/api/patients/${p.id}`)).status).toBe(200);
    await syncOnFromCursor(device);

    expect(await messagesOn(device, p.username)).toEqual([]);
    const tombstones = await t.sql`SELECT row_id FROM sync_removed WHERE table_name = 'conversation_messages'
      AND patient_name = ${p.username} ORDER BY row_id`;
    expect(tombstones.map((r) => r.row_id)).toEqual(messages.map((m) => m.id));
    expect(await t.sql`SELECT 1 FROM prompt_conversations WHERE patient_name = ${p.username}`).toEqual([]);
  });
});
