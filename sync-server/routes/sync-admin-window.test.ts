import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Message } from "../../schema/rows.ts";
import { createTestContext, type TestContext } from "../test/harness.ts";
import { addConversation, addPatient, pullAll } from "../test/sync-rows.ts";

const DAY = 86_400_000;
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ config: { adminMessageWindowDays: 30 } });
});
afterAll(() => t.close());

const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** A clinician's patient with a conversation of 3 messages 200 days ago and one of 4 messages yesterday. */
async function patientWithOldAndNew() {
  const clinician = await t.as("clinician");
  const patient = await addPatient(t.sql, clinician.user!.id);
  await addConversation(t.sql, patient.username, 3, daysAgo(200));
  await addConversation(t.sql, patient.username, 4, daysAgo(1));
  const [old] = await t.sql`SELECT conversation_id FROM conversation_messages
    WHERE patient_name = ${patient.username} ORDER BY timestamp LIMIT 1`;
  return { clinician, patient, oldConversation: old.conversation_id as string };
}

const ofPatient = (rows: Message[] | undefined, username: string) =>
  (rows ?? []).filter((m) => m.patient_name === username);

describe("an admin's device keeps the text of recent messages only (ADMIN_MESSAGE_WINDOW_DAYS)", () => {
  it("an admin's first sync sends messages older than the window without their text, marked held back", async () => {
    const { patient, oldConversation } = await patientWithOldAndNew();
    const admin = await t.as("admin");
    const messages = ofPatient((await pullAll(admin, "", 3)).changes.conversation_messages, patient.username);
    // Every message comes, so the conversation lists and counts stay whole.
    expect(messages).toHaveLength(7);
    const old = messages.filter((m) => m.conversation_id === oldConversation);
    expect(old).toHaveLength(3);
    for (const m of old) expect(m).toMatchObject({ data: null, held_back: true });
    const recent = messages.filter((m) => m.conversation_id !== oldConversation);
    for (const m of recent) {
      expect(m.data).toBe("hello");
      expect(m).not.toHaveProperty("held_back");
    }
  });

  it("a clinician's first sync sends every message with its text, however old", async () => {
    const { clinician, patient } = await patientWithOldAndNew();
    const messages = ofPatient((await pullAll(clinician)).changes.conversation_messages, patient.username);
    expect(messages).toHaveLength(7);
    for (const m of messages) {
      expect(m.data).toBe("hello");
      expect(m).not.toHaveProperty("held_back");
    }
  });

  it("an admin's delta pull holds back the text of an old message that changed", async () => {
    const { patient, oldConversation } = await patientWithOldAndNew();
    const admin = await t.as("admin");
    const { cursor } = await pullAll(admin);
    await t.sql`UPDATE conversation_messages SET data = 'edited', version = version + 1
      WHERE conversation_id = ${oldConversation} AND serial_num = 0`;
    const delta = ofPatient((await pullAll(admin, cursor)).changes.conversation_messages, patient.username);
    // A delta may send a row again (cursor.ts: at least once); the edited one is among them, without its text.
    const edited = delta.filter((m) => m.conversation_id === oldConversation && m.serial_num === 0);
    expect(edited).toHaveLength(1);
    expect(edited[0]).toMatchObject({ version: 2, data: null, held_back: true });
  });
});

describe("GET /api/conversations/{id}/messages", () => {
  it("gives an admin the held-back messages with their text, oldest first", async () => {
    const { oldConversation } = await patientWithOldAndNew();
    const admin = await t.as("admin");
    const res = await admin.get<Message[]>(`/api/conversations/${encodeURIComponent(oldConversation)}/messages`);
    expect(res.status).toBe(200);
    expect(res.body.map((m) => m.serial_num)).toEqual([0, 1, 2]);
    for (const m of res.body) expect(m).toMatchObject({ conversation_id: oldConversation, data: "hello" });
    expect(res.body[0]).not.toHaveProperty("held_back");
  });

  it("gives a clinician their own patient's conversation", async () => {
    const { clinician, oldConversation } = await patientWithOldAndNew();
    const res = await clinician.get<Message[]>(`/api/conversations/${encodeURIComponent(oldConversation)}/messages`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
  });

  it("answers 404 to a clinician for another clinician's patient, as for a conversation that does not exist", async () => {
    const { oldConversation } = await patientWithOldAndNew();
    const other = await t.as("clinician");
    const hidden = await other.get(`/api/conversations/${encodeURIComponent(oldConversation)}/messages`);
    expect(hidden.status).toBe(404);
    const unknown = await other.get("/api/conversations/no-such-conversation/messages");
    expect(unknown.status).toBe(404);
    expect(hidden.body).toEqual(unknown.body);
  });

  it("answers 401 without a session", async () => {
    const { oldConversation } = await patientWithOldAndNew();
    const res = await t.anonymous().get(`/api/conversations/${encodeURIComponent(oldConversation)}/messages`);
    expect(res.status).toBe(401);
  });
});
