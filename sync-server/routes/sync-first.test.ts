import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PullProgress, PullResponse, SyncedTable } from "../../schema/rows.ts";
import { type Client, createTestContext, type TestContext } from "../test/harness.ts";
import { addConversation, addHomework, addPatient, addSummary } from "../test/sync-rows.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A clinician with three patients, each with homework, a summary and a conversation of 10 messages. */
async function clinicianWithCaseload() {
  const client = await t.as("clinician");
  const id = client.user!.id;
  for (let i = 0; i < 3; i++) {
    const p = await addPatient(t.sql, id);
    await addHomework(t.sql, p.username, id);
    await addSummary(t.sql, p.username);
    await addConversation(t.sql, p.username, 10, `2025-03-0${i + 1}T12:00:00Z`);
  }
  return client;
}

interface Page {
  body: PullResponse;
  rows: { table: SyncedTable; row: any }[];
}

const SENT_ORDER: SyncedTable[] = [
  "patients",
  "homework",
  "conversation_summaries",
  "prompts",
  "clinicians",
  "conversation_messages",
];

async function pullPages(client: Client, limit: number, cursor = ""): Promise<Page[]> {
  const pages: Page[] = [];
  for (;;) {
    const res = await client.get<PullResponse>(`/api/sync/pull?cursor=${cursor}&limit=${limit}`);
    expect(res.status).toBe(200);
    // A page is applied as a whole; within it, list the rows in the order they were sent.
    const rows = SENT_ORDER.flatMap((table) => (res.body.changes[table] ?? []).map((row) => ({ table, row })));
    pages.push({ body: res.body, rows });
    cursor = res.body.cursor;
    if (!res.body.hasMore) return pages;
    expect(pages.length).toBeLessThan(200);
  }
}

const newestFirst = (a: any, b: any) =>
  Date.parse(b.timestamp) - Date.parse(a.timestamp) || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);

describe("a first sync (no cursor)", () => {
  it("sends patients, homework, summaries, prompts and clinicians before any conversation, and conversations newest first", async () => {
    const client = await clinicianWithCaseload();
    const pages = await pullPages(client, 7);
    const order = pages.flatMap((p) => p.rows);
    const firstMessage = order.findIndex((r) => r.table === "conversation_messages");
    expect(firstMessage).toBeGreaterThan(0);
    const before = new Set(order.slice(0, firstMessage).map((r) => r.table));
    for (const table of ["patients", "homework", "conversation_summaries", "clinicians"])
      expect(before).toContain(table);
    const messages = order.slice(firstMessage).map((r) => r.row);
    expect(messages.every((_, i) => order[firstMessage + i].table === "conversation_messages")).toBe(true);
    expect(messages).toHaveLength(30);
    expect(messages.map((m) => m.id)).toEqual([...messages].sort(newestFirst).map((m) => m.id));
    expect(new Set(order.map((r) => r.row.id)).size).toBe(order.length);
  });

  it("says with each page what is downloading and how much is left, and not once the first sync is over", async () => {
    const client = await clinicianWithCaseload();
    const pages = await pullPages(client, 7);
    const progress = pages.map((p) => p.body.progress);
    const during = progress.filter((p): p is PullProgress => p !== undefined);
    const all = pages.reduce((sum, p) => sum + p.rows.length, 0);
    expect(during[0]).toMatchObject({ remaining: all - 7 });
    for (const [i, p] of during.entries()) {
      const sent = pages.slice(0, i + 1).reduce((sum, page) => sum + page.rows.length, 0);
      expect(p.remaining).toBe(all - sent);
    }
    const downloading = during.filter((p) => p.table === "conversation_messages");
    expect(downloading.length).toBeGreaterThan(2);
    for (const p of downloading) expect(p).toEqual({ ...p, total: 30, remaining: 30 - p.done });
    expect(during.at(-1)).toEqual({ table: "conversation_messages", done: 30, total: 30, remaining: 0 });
    // The delta that follows the pass, and every pull after it, carries no progress.
    expect(progress.at(-1)).toBeUndefined();
    const later = await client.get<PullResponse>(`/api/sync/pull?cursor=${pages.at(-1)!.body.cursor}`);
    expect(later.body.progress).toBeUndefined();
  });

  it("a caseload that fits in one page arrives in one answer", async () => {
    const client = await clinicianWithCaseload();
    const pages = await pullPages(client, 1000);
    expect(pages).toHaveLength(1);
    expect(pages[0].body).toMatchObject({ hasMore: false, progress: { remaining: 0 } });
  });

  it("what changes while a first sync pages still arrives: a newer message and an edited patient", async () => {
    const client = await clinicianWithCaseload();
    const first = await client.get<PullResponse>("/api/sync/pull?limit=5");
    const [patient] = first.body.changes.patients ?? [];
    await t.sql`UPDATE patients SET first_name = 'Renamed' WHERE id = ${patient.id}`;
    const [{ username }] = await t.sql`SELECT username FROM patients WHERE id = ${patient.id}`;
    await addConversation(t.sql, username, 1, "2030-01-01T00:00:00Z");
    const rest = await pullPages(client, 5, first.body.cursor);
    const rows = rest.flatMap((p) => p.rows);
    expect(rows.filter((r) => r.table === "patients" && r.row.id === patient.id).at(-1)?.row).toMatchObject({
      first_name: "Renamed",
      version: 2,
    });
    expect(rows.filter((r) => r.row.timestamp === "2030-01-01T00:00:00.000Z")).toHaveLength(1);
    const everything = [...Object.values(first.body.changes).flat(), ...rows.map((r) => r.row)] as { id: string }[];
    expect(new Set(everything.map((r) => r.id)).size).toBe(everything.length - 1);
  });

  it("refuses a first-sync cursor that was tampered with", async () => {
    const client = await t.as("clinician");
    for (const f of [[9], [5, "not a time", "id"], [0, "abc", "id"], [5, "2025-01-01T00:00:00Z"]]) {
      const bad = Buffer.from(JSON.stringify({ x: "0", n: "5", f, t: [1], d: 0 })).toString("base64url");
      const res = await client.get(`/api/sync/pull?cursor=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("The sync cursor is not valid. Pull again without a cursor.");
    }
  });
});

// PGlite is a single connection, so two transactions cannot be open at once there.
describe.runIf(process.env.TEST_DB === "postgres")("a first sync on real PostgreSQL", () => {
  it("a message whose transaction began before the first sync and committed during it is not skipped", async () => {
    const client = await clinicianWithCaseload();
    const [{ username }] = await t.sql`SELECT username FROM patients WHERE clinician_id = ${client.user!.id} LIMIT 1`;
    const slow = await t.sql.reserve();
    try {
      await slow`BEGIN`;
      await addConversation(slow, username as string, 1, "2020-01-01T00:00:00Z");
      const first = await client.get<PullResponse>("/api/sync/pull?limit=5");
      await slow`COMMIT`;
      const rest = await pullPages(client, 5, first.body.cursor);
      const rows = rest.flatMap((p) => p.rows);
      expect(rows.filter((r) => r.row.timestamp === "2020-01-01T00:00:00.000Z")).toHaveLength(1);
    } finally {
      slow.release();
    }
  });
});
