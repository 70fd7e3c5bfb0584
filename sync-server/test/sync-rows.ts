import { expect } from "vitest";
import { type PullResponse, REMOVED_CONVERSATIONS_PARAM, type RemovedConversation } from "../../schema/rows.ts";
import type { Db } from "../db/connect.ts";
import type { Client } from "./harness.ts";

/** Rows written straight to the database, and a pull loop as a device runs it: for the sync tests. */
let serial = 0;
const unique = (prefix: string) => `${prefix}_${++serial}_${Math.random().toString(36).slice(2, 7)}`;

export async function addPatient(sql: Db, clinicianId: string | null) {
  const username = unique("patient");
  const [row] = await sql`INSERT INTO patients (username, password, first_name, last_name, age, gender, clinician_id)
    VALUES (${username}, 'x', 'Pat', 'Ient', 15, 'female', ${clinicianId}) RETURNING id, username`;
  return { id: row.id as string, username };
}

export async function addHomework(sql: Db, patientName: string, clinicianId: string | null) {
  const [row] = await sql`INSERT INTO homework (patient_name, clinician_id, exposure_practice, frequency)
    VALUES (${patientName}, ${clinicianId}, 'Say hello to a stranger', 'once a week') RETURNING id, txid::text`;
  return { id: row.id as string, txid: row.txid as string };
}

export async function addMessage(sql: Db, patientName: string, conversationId = unique("conv")) {
  const [row] =
    await sql`INSERT INTO conversation_messages (conversation_id, patient_name, data_type, serial_num, data, timestamp)
    VALUES (${conversationId}, ${patientName}, 'user', 1, 'hello', now()) RETURNING id`;
  return row.id as string;
}

/** `count` messages of one conversation, a minute apart, the last two at the same time (ties go by id). */
export async function addConversation(sql: Db, patientName: string, count: number, endsAt = "2025-03-01T12:00:00Z") {
  const conversation = unique("conv");
  await sql`INSERT INTO conversation_messages (conversation_id, patient_name, data_type, serial_num, data, timestamp)
    SELECT ${conversation}, ${patientName}, 'user', n, 'hello',
      ${endsAt}::timestamptz - make_interval(mins => greatest(${count} - 2 - n, 0))
    FROM generate_series(0, ${count} - 1) AS n`;
  return conversation;
}

export async function addSummary(sql: Db, patientName: string) {
  const [row] = await sql`INSERT INTO conversation_summaries (id, patient_name, summary)
    VALUES (${unique("conv")}, ${patientName}, 'went well') RETURNING id`;
  return row.id as string;
}

export type Collected = {
  cursor: string;
  pages: number;
  changes: Record<string, any[]>;
  removed: Record<string, string[]>;
  removedConversations: RemovedConversation[];
};

/** Pulls page after page until hasMore is false, the way the device's sync engine does. */
export async function pullAll(client: Client, cursor = "", limit?: number): Promise<Collected> {
  const out: Collected = { cursor, pages: 0, changes: {}, removed: {}, removedConversations: [] };
  for (;;) {
    const query = new URLSearchParams({
      cursor: out.cursor,
      ...(limit ? { limit: String(limit) } : {}),
      [REMOVED_CONVERSATIONS_PARAM]: "1",
    });
    const res = await client.get<PullResponse>(`/api/sync/pull?${query}`);
    expect(res.status).toBe(200);
    out.pages++;
    for (const [table, rows] of Object.entries(res.body.changes))
      out.changes[table] = [...(out.changes[table] ?? []), ...(rows ?? [])];
    for (const [table, ids] of Object.entries(res.body.removed))
      out.removed[table] = [...(out.removed[table] ?? []), ...(ids ?? [])];
    out.removedConversations.push(...(res.body.removedConversations ?? []));
    out.cursor = res.body.cursor;
    if (!res.body.hasMore) return out;
    expect(out.pages).toBeLessThan(1000);
  }
}

export const ids = (rows: { id: string }[] | undefined) => new Set((rows ?? []).map((r) => r.id));
