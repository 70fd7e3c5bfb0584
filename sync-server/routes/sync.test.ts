import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PullResponse, REMOVED_CONVERSATIONS_PARAM } from "../../schema/rows.ts";
import { decodeCursor, encodeCursor } from "../sync/cursor.ts";
import { OLDER_DEVICE } from "../sync/removals.ts";
import { createTestContext, type TestContext } from "../test/harness.ts";
import { addConversation, addHomework, addMessage, addPatient, addSummary, ids, pullAll } from "../test/sync-rows.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A patient with one homework, one message and one summary. */
async function addPatientWithRows(clinicianId: string) {
  const patient = await addPatient(t.sql, clinicianId);
  return {
    ...patient,
    homework: (await addHomework(t.sql, patient.username, clinicianId)).id,
    message: await addMessage(t.sql, patient.username),
    summary: await addSummary(t.sql, patient.username),
  };
}

describe("GET /api/sync/pull", () => {
  it("needs a signed-in user", async () => {
    const res = await t.anonymous().get("/api/sync/pull");
    expect(res.status).toBe(401);
  });

  it("refuses a malformed cursor or limit with 400", async () => {
    const admin = await t.as("admin");
    for (const cursor of ["not a cursor", "bm9wZQ", Buffer.from('{"x":"abc"}').toString("base64url")]) {
      const res = await admin.get(`/api/sync/pull?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("The sync cursor is not valid. Pull again without a cursor.");
    }
    expect((await admin.get("/api/sync/pull?limit=0")).status).toBe(400);
    expect((await admin.get("/api/sync/pull?limit=ten")).status).toBe(400);
  });

  it("refuses a cursor made before the user's role changed, so the device starts over", async () => {
    const user = await t.createUser({ role: "clinician" });
    const client = await t.signIn(user);
    const { cursor } = await pullAll(client);
    await t.sql`UPDATE user_clinician SET role = 'admin' WHERE id = ${user.id}`;
    const res = await client.get(`/api/sync/pull?cursor=${cursor}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Your role changed since the last sync. Pull again without a cursor.");
    expect((await client.get("/api/sync/pull?limit=1")).status).toBe(200);
  });

  it("without a cursor answers everything the user sees, in the wire form", async () => {
    const clinician = await t.as("clinician", { first_name: "Ann", last_name: "Lee" });
    const p = await addPatientWithRows(clinician.user!.id);
    const all = await pullAll(clinician);
    expect(all.changes.patients?.find((r) => r.id === p.id)).toMatchObject({
      username: p.username,
      clinician_name: "Ann Lee",
      version: 1,
    });
    expect(all.changes.homework?.find((r) => r.id === p.homework)).toMatchObject({
      patientName: p.username,
      clinitianId: clinician.user!.id,
      exposurePractice: "Say hello to a stranger",
    });
    expect(ids(all.changes.conversation_messages).has(p.message)).toBe(true);
    expect(ids(all.changes.conversation_summaries).has(p.summary)).toBe(true);
    expect(all.changes.patients?.[0]).not.toHaveProperty("password");
    expect(all.changes.patients?.[0]).not.toHaveProperty("txid");
  });

  it("pages through a large set, every row at least once, until hasMore is false", async () => {
    const clinician = await t.as("clinician");
    const made = [];
    for (let i = 0; i < 25; i++) made.push(await addPatientWithRows(clinician.user!.id));
    const whole = await pullAll(clinician, "", 5000);
    expect(whole.pages).toBe(1);

    const paged = await pullAll(clinician, "", 7);
    expect(paged.pages).toBeGreaterThanOrEqual(Math.ceil(100 / 7));
    for (const table of ["patients", "homework", "conversation_messages", "conversation_summaries"]) {
      expect(ids(paged.changes[table])).toEqual(ids(whole.changes[table]));
    }
    const byTable = {
      patients: "id",
      homework: "homework",
      conversation_messages: "message",
      conversation_summaries: "summary",
    } as const;
    for (const [table, field] of Object.entries(byTable)) {
      for (const p of made) expect(ids(paged.changes[table]).has(p[field])).toBe(true);
    }
  });

  it("never puts more than the limit of rows in one page", async () => {
    const admin = await t.as("admin");
    const res = await admin.get<PullResponse>("/api/sync/pull?limit=5");
    const count = [...Object.values(res.body.changes), ...Object.values(res.body.removed)].flat().length;
    expect(count).toBeLessThanOrEqual(5);
    expect(res.body.hasMore).toBe(true);
  });

  it("a delta pull answers what changed since the cursor, with the new version", async () => {
    const clinician = await t.as("clinician");
    const p = await addPatientWithRows(clinician.user!.id);
    const untouched = await addPatientWithRows(clinician.user!.id);
    const { cursor } = await pullAll(clinician);
    await t.sql`UPDATE homework SET fear = 'crowds' WHERE id = ${p.homework}`;
    const delta = await pullAll(clinician, cursor);
    expect(delta.changes.homework?.find((r) => r.id === p.homework)).toMatchObject({ fear: "crowds", version: 2 });
    // On the embedded database nothing else runs, so the delta holds exactly the change.
    if (t.kind === "pglite") {
      expect([...ids(delta.changes.homework)]).toEqual([p.homework]);
      expect(ids(delta.changes.patients).has(untouched.id)).toBe(false);
    }
  });

  it("tells every device about deleted homework, messages, summaries and prompts", async () => {
    const clinician = await t.as("clinician");
    const admin = await t.as("admin");
    const p = await addPatientWithRows(clinician.user!.id);
    await t.sql`INSERT INTO prompts (id, title, owner, prompt) VALUES ('prompt-gone', 'Old prompt', 'me', 'Be kind and brief.')`;
    const mine = await pullAll(clinician);
    const all = await pullAll(admin);

    await t.sql`DELETE FROM homework WHERE id = ${p.homework}`;
    await t.sql`DELETE FROM conversation_messages WHERE id = ${p.message}`;
    await t.sql`DELETE FROM conversation_summaries WHERE id = ${p.summary}`;
    await t.sql`DELETE FROM prompts WHERE id = 'prompt-gone'`;

    for (const [client, cursor] of [
      [clinician, mine.cursor],
      [admin, all.cursor],
    ] as const) {
      const delta = await pullAll(client, cursor);
      expect(delta.removed.homework).toContain(p.homework);
      expect(delta.removed.conversation_messages).toContain(p.message);
      expect(delta.removed.conversation_summaries).toContain(p.summary);
      expect(delta.removed.prompts).toContain("prompt-gone");
      expect(ids(delta.changes.homework).has(p.homework)).toBe(false);
    }
  });

  it("a deleted patient takes its rows off its clinician's devices, and no other clinician hears of it", async () => {
    const owner = await t.as("clinician");
    const other = await t.as("clinician");
    const p = await addPatientWithRows(owner.user!.id);
    const ownerCursor = (await pullAll(owner)).cursor;
    const otherCursor = (await pullAll(other)).cursor;

    await t.sql`DELETE FROM patients WHERE id = ${p.id}`;

    const delta = await pullAll(owner, ownerCursor);
    expect(delta.removed.patients).toContain(p.id);
    expect(delta.removed.homework).toContain(p.homework);
    expect(delta.removed.conversation_messages).toContain(p.message);
    expect(delta.removed.conversation_summaries).toContain(p.summary);

    const elsewhere = await pullAll(other, otherCursor);
    const told = Object.values(elsewhere.removed).flat();
    for (const id of [p.id, p.homework, p.message, p.summary]) expect(told).not.toContain(id);
  });

  it("a reassigned patient leaves the old clinician's devices with its rows and reaches the new clinician's", async () => {
    const before = await t.as("clinician");
    const after = await t.as("clinician");
    const p = await addPatientWithRows(before.user!.id);
    const beforeCursor = (await pullAll(before)).cursor;
    const afterCursor = (await pullAll(after)).cursor;

    await t.sql`UPDATE patients SET clinician_id = ${after.user!.id} WHERE id = ${p.id}`;

    const gone = await pullAll(before, beforeCursor);
    expect(gone.removed.patients).toContain(p.id);
    expect(gone.removed.homework).toContain(p.homework);
    expect(gone.removed.conversation_messages).toContain(p.message);
    expect(gone.removed.conversation_summaries).toContain(p.summary);
    expect(ids(gone.changes.patients).has(p.id)).toBe(false);

    const arrived = await pullAll(after, afterCursor);
    expect(arrived.changes.patients?.find((r) => r.id === p.id)).toMatchObject({ clinician_id: after.user!.id });
    expect(ids(arrived.changes.homework).has(p.homework)).toBe(true);
    expect(ids(arrived.changes.conversation_messages).has(p.message)).toBe(true);
    expect(ids(arrived.changes.conversation_summaries).has(p.summary)).toBe(true);
    expect(Object.values(arrived.removed).flat()).not.toContain(p.id);
  });

  it("a patient moved away and back stays on the clinician's devices", async () => {
    const owner = await t.as("clinician");
    const other = await t.as("clinician");
    const p = await addPatientWithRows(owner.user!.id);
    const cursor = (await pullAll(owner)).cursor;
    await t.sql`UPDATE patients SET clinician_id = ${other.user!.id} WHERE id = ${p.id}`;
    await t.sql`UPDATE patients SET clinician_id = ${owner.user!.id} WHERE id = ${p.id}`;
    const delta = await pullAll(owner, cursor);
    expect(delta.removed.patients ?? []).not.toContain(p.id);
    expect(ids(delta.changes.patients).has(p.id)).toBe(true);
    expect(ids(delta.changes.homework).has(p.homework)).toBe(true);
  });

  it("a clinician never receives another clinician's patients or their rows", async () => {
    const ann = await t.as("clinician");
    const ben = await t.as("clinician");
    const annsPatient = await addPatientWithRows(ann.user!.id);
    const bensPatient = await addPatientWithRows(ben.user!.id);
    const all = await pullAll(ann, "", 3);
    expect(ids(all.changes.patients).has(annsPatient.id)).toBe(true);
    for (const r of all.changes.patients ?? []) expect(r.clinician_id).toBe(ann.user!.id);
    const annsNames = new Set((all.changes.patients ?? []).map((r) => r.username));
    for (const r of all.changes.homework ?? []) expect(annsNames.has(r.patientName)).toBe(true);
    for (const r of all.changes.conversation_messages ?? []) expect(annsNames.has(r.patient_name)).toBe(true);
    for (const r of all.changes.conversation_summaries ?? []) expect(annsNames.has(r.patient_name)).toBe(true);
    const everything = JSON.stringify(all);
    for (const id of [bensPatient.id, bensPatient.homework, bensPatient.message, bensPatient.summary]) {
      expect(everything).not.toContain(id);
    }
  });

  it("an admin receives every clinician's patients and rows", async () => {
    const clinician = await t.as("clinician");
    const admin = await t.as("admin");
    const p = await addPatientWithRows(clinician.user!.id);
    const all = await pullAll(admin);
    expect(ids(all.changes.patients).has(p.id)).toBe(true);
    expect(ids(all.changes.homework).has(p.homework)).toBe(true);
    expect(ids(all.changes.conversation_messages).has(p.message)).toBe(true);
    expect(ids(all.changes.conversation_summaries).has(p.summary)).toBe(true);
  });

  it("prompts and clinicians' names reach everyone; a deleted user is removed", async () => {
    const ann = await t.as("clinician", { first_name: "Ann", last_name: "Lee" });
    const admin = await t.as("admin", { first_name: "Ada", last_name: "Admin" });
    const leaving = await t.createUser({ role: "clinician" });
    await t.sql`INSERT INTO prompts (id, title, owner, prompt) VALUES ('prompt-all', 'For all', 'me', 'Be kind and brief.')`;
    for (const client of [ann, admin]) {
      const all = await pullAll(client);
      expect(all.changes.prompts?.find((r) => r.id === "prompt-all")).toMatchObject({ title: "For all" });
      expect(all.changes.clinicians?.find((r) => r.id === admin.user!.id)).toEqual({
        id: admin.user!.id,
        version: 1,
        updated_at: expect.any(String),
        first_name: "Ada",
        last_name: "Admin",
        role: "admin",
      });
      expect(ids(all.changes.clinicians).has(leaving.id)).toBe(true);

      await t.sql`UPDATE user_clinician SET role = 'delete' WHERE id = ${leaving.id}`;
      const delta = await pullAll(client, all.cursor);
      expect(delta.removed.clinicians).toContain(leaving.id);
      expect(ids(delta.changes.clinicians).has(leaving.id)).toBe(false);
      await t.sql`UPDATE user_clinician SET role = 'clinician' WHERE id = ${leaving.id}`;
    }
  });

  it("a clinician's device never learns e-mails, nor when an account's password was reset", async () => {
    const watcher = await t.as("clinician");
    const admin = await t.as("admin");
    const target = await t.as("admin", { first_name: "Tara", last_name: "Get" });
    const all = await pullAll(watcher);
    expect(JSON.stringify(all.changes.clinicians)).not.toContain("@");

    const stamp = (id: string) => t.sql`SELECT version, updated_at, txid::text FROM user_clinician WHERE id = ${id}`;
    const before = await stamp(target.user!.id);
    expect((await admin.post(`/api/admin/users/${target.user!.id}/reset-password`)).status).toBe(200);
    await t.sql`UPDATE user_clinician SET username = ${`moved-${target.user!.username}`} WHERE id = ${target.user!.id}`;
    expect(await stamp(target.user!.id)).toEqual(before);
    // A row may come again when other transactions were open at the last pull; it must be the same row.
    const quiet = await pullAll(watcher, all.cursor);
    const seen = all.changes.clinicians?.find((r) => r.id === target.user!.id);
    for (const again of quiet.changes.clinicians?.filter((r) => r.id === target.user!.id) ?? []) {
      expect(again).toEqual(seen);
    }

    expect((await admin.patch(`/api/admin/users/${target.user!.id}`, { first_name: "Tamara" })).status).toBe(200);
    const renamed = await pullAll(watcher, quiet.cursor);
    expect(renamed.changes.clinicians?.find((r) => r.id === target.user!.id)).toMatchObject({
      first_name: "Tamara",
      version: 2,
    });
  });
});

// PGlite is a single connection, so two transactions cannot be open at once there.
describe.runIf(process.env.TEST_DB === "postgres")("the cursor on real PostgreSQL", () => {
  it("never skips a row whose transaction began earlier but committed after a later one", async () => {
    const clinician = await t.as("clinician");
    const p = await addPatient(t.sql, clinician.user!.id);
    const { cursor: start } = await pullAll(clinician);

    const slow = await t.sql.reserve();
    try {
      await slow`BEGIN`;
      const t1 = await addHomework(slow, p.username, clinician.user!.id);
      const t2 = await addHomework(t.sql, p.username, clinician.user!.id);
      expect(BigInt(t1.txid)).toBeLessThan(BigInt(t2.txid));

      const first = await pullAll(clinician, start);
      expect(ids(first.changes.homework).has(t2.id)).toBe(true);
      expect(ids(first.changes.homework).has(t1.id)).toBe(false);

      await slow`COMMIT`;
      const second = await pullAll(clinician, first.cursor);
      expect(ids(second.changes.homework).has(t1.id)).toBe(true);
    } finally {
      slow.release();
    }
  });

  it("a pass that pages while a transaction commits still delivers its row", async () => {
    const clinician = await t.as("clinician");
    const p = await addPatient(t.sql, clinician.user!.id);
    for (let i = 0; i < 6; i++) await addHomework(t.sql, p.username, clinician.user!.id);
    const { cursor: start } = await pullAll(clinician);

    const slow = await t.sql.reserve();
    try {
      await slow`BEGIN`;
      const late = await addHomework(slow, p.username, clinician.user!.id);
      await t.sql`UPDATE homework SET fear = 'dogs' WHERE patient_name = ${p.username}`;
      const res = await clinician.get<PullResponse>(`/api/sync/pull?cursor=${start}&limit=2`);
      expect(res.body.hasMore).toBe(true);
      await slow`COMMIT`;
      const rest = await pullAll(clinician, res.body.cursor, 2);
      const next = await pullAll(clinician, rest.cursor, 2);
      const seen = new Set([
        ...ids(res.body.changes.homework),
        ...ids(rest.changes.homework),
        ...ids(next.changes.homework),
      ]);
      expect(seen.has(late.id)).toBe(true);
    } finally {
      slow.release();
    }
  });
});

// Last in the file: delete_user_data removes every patient's messages in this database.
describe("a bulk delete reaching devices", () => {
  it("sends each emptied conversation once and every removed summary, page by page in the order they were recorded", async () => {
    const clinician = await t.as("clinician");
    const admin = await t.as("admin");
    const p = await addPatient(t.sql, clinician.user!.id);
    const conversations: string[] = [];
    for (const count of [5, 4, 3, 2]) conversations.push(await addConversation(t.sql, p.username, count));
    const summary = await addSummary(t.sql, p.username);
    const synced = await pullAll(clinician);
    expect(ids(synced.changes.conversation_messages).size).toBe(14);

    const res = await admin.delete("/api/conversations/patient/delete_user_data");
    expect(res.status).toBe(200);
    const first = await clinician.get<PullResponse>(
      `/api/sync/pull?cursor=${synced.cursor}&limit=2&${REMOVED_CONVERSATIONS_PARAM}=1`,
    );
    expect(first.body.hasMore).toBe(true);
    const rest = await pullAll(clinician, first.body.cursor, 2);
    const emptied = [...(first.body.removedConversations ?? []), ...rest.removedConversations];
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    expect(emptied.filter((c) => conversations.includes(c.id)).sort(byId)).toEqual(
      conversations.map((id) => ({ id, kept: [] })).sort(byId),
    );
    expect(rest.removed.conversation_summaries).toContain(summary);
    expect(rest.pages).toBeGreaterThan(1);
    // One tombstone per conversation, none per message.
    const [tombstones] = await t.sql`SELECT count(*)::int AS n FROM sync_removed WHERE row_id = ANY(${conversations})`;
    expect(tombstones.n).toBe(4);
    expect(first.body.removed.conversation_messages ?? []).toEqual([]);
  });

  it("tells a device the messages of an emptied conversation the server has again, to keep", async () => {
    const clinician = await t.as("clinician");
    const admin = await t.as("admin");
    const p = await addPatient(t.sql, clinician.user!.id);
    const conversation = await addConversation(t.sql, p.username, 3);
    const synced = await pullAll(clinician);
    expect((await admin.delete("/api/conversations/patient/delete_user_data")).status).toBe(200);
    const again = await addMessage(t.sql, p.username, conversation);

    const after = await pullAll(clinician, synced.cursor);
    expect(after.removedConversations.find((c) => c.id === conversation)).toEqual({ id: conversation, kept: [again] });
    expect(ids(after.changes.conversation_messages).has(again)).toBe(true);
  });

  it("refuses an older device's pull that would need an emptied conversation, so it starts over", async () => {
    const clinician = await t.as("clinician");
    const admin = await t.as("admin");
    const p = await addPatient(t.sql, clinician.user!.id);
    await addConversation(t.sql, p.username, 2);
    const synced = await pullAll(clinician);
    expect((await admin.delete("/api/conversations/patient/delete_user_data")).status).toBe(200);

    const older = await clinician.get<{ code: string; message: string }>(`/api/sync/pull?cursor=${synced.cursor}`);
    expect(older.status).toBe(400);
    expect(older.body).toMatchObject({ code: "validation", message: OLDER_DEVICE });
    const fresh = await clinician.get<PullResponse>("/api/sync/pull");
    expect(fresh.status).toBe(200);
    expect(fresh.body.changes.conversation_messages?.filter((m) => m.patient_name === p.username)).toEqual([]);
  });

  it("refuses a removedConversations parameter other than 1 with 400", async () => {
    const res = await (await t.as("clinician")).get(`/api/sync/pull?${REMOVED_CONVERSATIONS_PARAM}=yes`);
    expect(res.status).toBe(400);
  });

  it("goes on from a cursor paged by table and id, as made before tombstones were numbered", async () => {
    const clinician = await t.as("clinician");
    const admin = await t.as("admin");
    const p = await addPatient(t.sql, clinician.user!.id);
    const conversations = new Set<string>();
    for (let i = 0; i < 3; i++) conversations.add(await addConversation(t.sql, p.username, 2));
    const synced = await pullAll(clinician);
    expect((await admin.delete("/api/conversations/patient/delete_user_data")).status).toBe(200);
    const pull = (cursor: string) =>
      clinician.get<PullResponse>(`/api/sync/pull?cursor=${cursor}&limit=1&${REMOVED_CONVERSATIONS_PARAM}=1`);
    // On PostgreSQL another database's open transaction can hold the removals back a moment: wait for the first one.
    let first = await pull(synced.cursor);
    for (let tries = 0; !first.body.removedConversations?.length && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      first = await pull(first.body.cursor);
    }
    const cursor = decodeCursor(first.body.cursor);
    const [stream, txid] = cursor.a!;
    const [sent] = first.body.removedConversations!;
    const old = encodeCursor({ ...cursor, a: [stream, txid, "conversations", sent.id] });
    const rest = await pullAll(clinician, old);
    const emptied = new Set([sent.id, ...rest.removedConversations.map((c) => c.id)]);
    expect([...conversations].filter((id) => !emptied.has(id))).toEqual([]);
  });
});
