import type { SyncedTable } from "@schema/rows.ts";
import { compareText } from "@/lib/compare.ts";
import { type Conflict, type LocalStore, type OutboxEntry, type Refused, refusedOf } from "@/local/index.ts";
import { type Live, useLive } from "@/shared/sync/use-live.ts";
import { type ClinicianNames, changedFields, type FieldChange, subjectOf } from "./change-fields.ts";

export interface ConflictItem {
  conflict: Conflict;
  subject: string;
  changes: FieldChange[];
}

export interface FailedItem {
  entry: OutboxEntry;
  subject: string;
  /** Why the server refused it. */
  refused: Refused;
}

export interface SyncItems {
  conflicts: ConflictItem[];
  failed: FailedItem[];
}

/** The row a change is about: as shown on the device, else the server's last value (a deleted row lives there). */
async function rowOf(store: LocalStore, table: SyncedTable, rowId: string): Promise<unknown> {
  const local = await store.table(table).get(rowId);
  if (local) return local;
  return (await store.shadows.get([table, rowId]))?.row ?? null;
}

async function readItems(store: LocalStore): Promise<SyncItems> {
  const [conflicts, failed, clinicians] = await Promise.all([
    store.conflicts.toArray(),
    store.outbox.where("status").equals("failed").toArray(),
    store.clinicians.toArray(),
  ]);
  const names: ClinicianNames = new Map(clinicians.map((c) => [c.id, `${c.first_name} ${c.last_name}`.trim()]));
  conflicts.sort((a, b) => compareText(a.createdAt, b.createdAt));
  failed.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  return {
    conflicts: conflicts.map((conflict) => ({
      conflict,
      subject: subjectOf(conflict.table, conflict.theirs, conflict.mine),
      changes: changedFields(conflict.table, conflict.mine, conflict.theirs, names),
    })),
    failed: await Promise.all(
      failed.map(async (entry) => ({
        entry,
        subject: subjectOf(entry.table, await rowOf(store, entry.table, entry.rowId), entry.body),
        refused: refusedOf(entry),
      })),
    ),
  };
}

/** The conflicts and refused changes on this device, live: each resolve, retry or discard updates the list. */
export function useSyncItems(store: LocalStore): Live<SyncItems> {
  return useLive(() => readItems(store), [store]);
}
