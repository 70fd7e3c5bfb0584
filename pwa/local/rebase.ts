import type { SyncedTable } from "@schema/rows.ts";
import { type LocalStore, type OutboxEntry, type Row, refusedOf, syncedTable } from "./store.ts";

/**
 * Local rows = the server's rows + the still-pending changes, re-applied in order. Callers run these
 * inside `writing(store, …)`. The server's value of a row that pending changes alter is kept in
 * `shadows`, so a pulled row, a confirmed write or a dropped change recomputes what the screen shows
 * without a flicker back to an older value.
 */
type Rows = Map<string, Row | null>;

export function applyOp(rows: Rows, entry: Pick<OutboxEntry, "op" | "rowId">): void {
  const { op, rowId } = entry;
  const current = rows.get(rowId) ?? null;
  if (op.kind === "create") rows.set(rowId, { ...current, ...op.row, id: rowId });
  else if (op.kind === "update") rows.set(rowId, current ? { ...current, ...op.fields } : null);
  else if (op.kind === "delete") rows.set(rowId, null);
  else {
    for (const [id, row] of rows) {
      if (row && id !== rowId && row[op.flag]) rows.set(id, { ...row, [op.flag]: false });
    }
    if (current) rows.set(rowId, { ...current, [op.flag]: true });
  }
}

const strip = (row: Row | undefined | null): Row | null => {
  if (!row) return null;
  const { _pending, _failed, ...rest } = row;
  return rest as Row;
};

const same = (a: Row | null, b: Row | null) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const sorted = (row: Row | null) => row && Object.fromEntries(Object.entries(row).sort(([x], [y]) => (x < y ? -1 : 1)));

/** The queued changes of a table in order; failed ones stay applied so what was typed stays on screen. */
async function queuedOf(store: LocalStore, table: SyncedTable): Promise<OutboxEntry[]> {
  const entries = await store.outbox.orderBy("seq").toArray();
  return entries.filter((e) => e.table === table);
}

/** The server's rows for `ids` plus every row the pending changes of `table` may touch. */
export async function loadBase(store: LocalStore, table: SyncedTable, ids: Iterable<string>): Promise<Rows> {
  const pending = await queuedOf(store, table);
  const shadows = await store.shadows.where("table").equals(table).toArray();
  const wanted = new Set([...ids, ...pending.map((e) => e.rowId), ...shadows.map((s) => s.rowId)]);
  // Moving the current/test flag touches whichever prompt holds it now.
  if (pending.some((e) => e.op.kind === "flag")) {
    const holders = await store.prompts.filter((p) => p.is_current || p.is_test).primaryKeys();
    for (const id of holders) wanted.add(id);
  }
  const list = [...wanted];
  const locals = await syncedTable(store, table).bulkGet(list);
  const shadowOf = new Map(shadows.map((s) => [s.rowId, s.row as Row | null]));
  const base: Rows = new Map();
  list.forEach((id, i) => {
    base.set(id, shadowOf.has(id) ? (shadowOf.get(id) ?? null) : strip(locals[i]));
  });
  return base;
}

/** Recomputes the local rows of `table` touched by pending changes (and `ids`) from the server's rows. */
export async function rebase(store: LocalStore, table: SyncedTable, ids: Iterable<string> = []): Promise<void> {
  const base = await loadBase(store, table, ids);
  const pending = await queuedOf(store, table);
  const result: Rows = new Map(base);
  for (const entry of pending) applyOp(result, entry);
  const targeted = new Set(pending.map((e) => e.rowId));
  const failed = new Map(pending.filter((e) => e.status === "failed").map((e) => [e.rowId, refusedOf(e)]));
  const rows = syncedTable(store, table);
  const ids_ = [...result.keys()];
  const locals = await rows.bulkGet(ids_);
  for (const [i, id] of ids_.entries()) {
    const mine = result.get(id) ?? null;
    const server = base.get(id) ?? null;
    const changed = !same(mine, server);
    if (changed) await store.shadows.put({ table, rowId: id, row: server });
    else await store.shadows.delete([table, id]);
    let shown = mine && (changed || targeted.has(id)) ? { ...mine, _pending: true as const } : mine;
    if (shown && failed.has(id)) shown = { ...shown, _failed: failed.get(id) };
    const local = locals[i] ?? null;
    if (same(shown, local)) continue;
    if (shown) await rows.put(shown);
    else await rows.delete(id);
  }
}

/** Records what the server now holds for these rows (null: gone), then recomputes the local view. */
export async function setServerRows(store: LocalStore, table: SyncedTable, server: Rows): Promise<void> {
  const ids = [...server.keys()];
  const anyShadow = (await store.shadows.where("table").equals(table).count()) > 0;
  const shadows = anyShadow ? await store.shadows.bulkGet(ids.map((id) => [table, id] as [string, string])) : [];
  const rows = syncedTable(store, table);
  const puts: Row[] = [];
  const deletes: string[] = [];
  for (const [i, id] of ids.entries()) {
    const row = server.get(id) ?? null;
    if (shadows[i]) await store.shadows.put({ table, rowId: id, row });
    else if (row) puts.push(row);
    else deletes.push(id);
  }
  await rows.bulkPut(puts);
  await rows.bulkDelete(deletes);
  await rebase(store, table);
}
