import type { HomeworkCreate, HomeworkUpdate } from "@schema/homework.ts";
import { defaultPatientUsername, type PatientCreate, type PatientUpdate } from "@schema/patient.ts";
import type { SyncedTable } from "@schema/rows.ts";
import type { SummaryChanges } from "@schema/summary.ts";
import { rebase } from "./rebase.ts";
import { type LocalOp, type LocalStore, type OutboxEntry, syncedTable, writing } from "./store.ts";

/** Every change a clinician can make offline; values are the REST bodies (schema/*.ts) without `id`. */
export type Mutation =
  | { kind: "patient.create"; values: Omit<PatientCreate, "id"> }
  | { kind: "patient.update"; id: string; values: PatientUpdate }
  | { kind: "patient.delete"; id: string }
  | { kind: "homework.create"; values: Omit<HomeworkCreate, "id"> }
  | { kind: "homework.update"; id: string; values: HomeworkUpdate }
  | { kind: "homework.delete"; id: string }
  | { kind: "summary.update"; id: string; values: SummaryChanges }
  | { kind: "summary.delete"; id: string }
  /** Marks the summary's safety flag reviewed by this user, now; no body (the server records who and when). */
  | { kind: "summary.safetyReview"; id: string }
  | { kind: "prompt.setCurrent"; id: string }
  | { kind: "prompt.setTest"; id: string };

type Request = Pick<OutboxEntry, "method" | "path" | "body" | "table" | "rowId" | "op">;

const enc = encodeURIComponent;

/** This user as a change shows them until the server answers: their id and name as the device knows it. */
interface Me {
  id: string;
  name: string | null;
}

function toRequest(m: Mutation, me: Me, now: string): Request {
  const userId = me.id;
  const stamps = { version: 0, updated_at: now, created_at: now };
  switch (m.kind) {
    case "patient.create": {
      const id = crypto.randomUUID();
      const { password, ...shown } = m.values;
      const username = shown.username ?? defaultPatientUsername(shown.first_name, shown.last_name);
      const clinician_id = shown.clinician_id ?? userId;
      const row = { ...stamps, ...shown, id, username, clinician_id, clinician_name: null };
      return { method: "POST", path: "/api/patients", body: { id, ...m.values }, ...local("patients", id, row) };
    }
    case "patient.update": {
      // A blank username means "keep it" on the server, so the device keeps it too.
      const { username, ...rest } = m.values;
      const shown = username ? m.values : rest;
      return { ...update("PUT", `/api/patients/${enc(m.id)}`, "patients", m.id, shown), body: m.values };
    }
    case "patient.delete":
      return remove(`/api/patients/${enc(m.id)}`, "patients", m.id);
    case "homework.create": {
      const id = crypto.randomUUID();
      const row = { ...stamps, ...m.values, id, clinitianId: userId, safetyBehavior: m.values.safetyBehavior ?? null };
      return { method: "POST", path: "/api/homework", body: { id, ...m.values }, ...local("homework", id, row) };
    }
    case "homework.update":
      return update("PUT", `/api/homework/${enc(m.id)}`, "homework", m.id, m.values);
    case "homework.delete":
      return remove(`/api/homework/${enc(m.id)}`, "homework", m.id);
    case "summary.update":
      return update("PATCH", `/api/conversation-summaries/${enc(m.id)}`, "conversation_summaries", m.id, m.values);
    case "summary.delete":
      return remove(`/api/conversation-summaries/${enc(m.id)}`, "conversation_summaries", m.id);
    case "summary.safetyReview": {
      const fields = { safety_reviewed_at: now, safety_reviewed_by: me.id, safety_reviewed_by_name: me.name };
      const path = `/api/conversation-summaries/${enc(m.id)}/safety-review`;
      return { method: "POST", path, table: "conversation_summaries", rowId: m.id, op: { kind: "update", fields } };
    }
    case "prompt.setCurrent":
    case "prompt.setTest": {
      const which = m.kind === "prompt.setCurrent" ? "current" : "test";
      const op: LocalOp = { kind: "flag", flag: which === "current" ? "is_current" : "is_test" };
      const path = `/api/prompt-history/set-${which}`;
      return { method: "POST", path, body: { promptId: m.id }, table: "prompts", rowId: m.id, op };
    }
  }
}

const local = (table: SyncedTable, rowId: string, row: Record<string, unknown>) => ({
  table,
  rowId,
  op: { kind: "create", row } as LocalOp,
});

const update = (method: "PUT" | "PATCH", path: string, table: SyncedTable, rowId: string, values: object): Request => ({
  method,
  path,
  body: values,
  table,
  rowId,
  op: { kind: "update", fields: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) },
});

const remove = (path: string, table: SyncedTable, rowId: string): Request => ({
  method: "DELETE",
  path,
  table,
  rowId,
  op: { kind: "delete" },
});

/** The name a safety review shows until the server's answer: this user's as the device holds it (synced staff). */
async function myName(store: LocalStore, mutation: Mutation): Promise<string | null> {
  if (mutation.kind !== "summary.safetyReview") return null;
  const me = await store.clinicians.get(store.userId);
  return [me?.first_name.trim(), me?.last_name.trim()].filter(Boolean).join(" ") || null;
}

/**
 * Applies a change to the local rows and queues its REST request, in one transaction: either both
 * happen or neither. Returns the mutation's id (its Idempotency-Key) and the row's id (new for creates).
 * It runs on the page, so the edit shows at once; the client then tells the sync worker to push it.
 */
export async function mutate(store: LocalStore, mutation: Mutation): Promise<{ mutationId: string; rowId: string }> {
  const now = new Date().toISOString();
  const request = toRequest(mutation, { id: store.userId, name: await myName(store, mutation) }, now);
  const id = crypto.randomUUID();
  await writing(store, async () => {
    const current = await syncedTable(store, request.table).get(request.rowId);
    const version = current?.version;
    const sendsVersion = request.method === "PUT" || request.method === "PATCH";
    const baseVersion = sendsVersion && typeof version === "number" && version > 0 ? version : undefined;
    await store.outbox.add({ ...request, id, baseVersion, createdAt: now, status: "pending" });
    await rebase(store, request.table, [request.rowId]);
  });
  return { mutationId: id, rowId: request.rowId };
}
