import type { Tx } from "../db/connect.ts";
import type { TestContext } from "./harness.ts";

/**
 * Runs requests so that, on real PostgreSQL, every one of them has started
 * before any can write the row: a test transaction locks the row, the
 * requests queue behind it (in their SELECT ... FOR UPDATE, or in their
 * UPDATE when a handler forgot the lock), then the lock is released.
 * PGlite is a single connection, so there the requests simply run together.
 */
export function raceOnRow<T>(t: TestContext, table: string, id: string, requests: (() => Promise<T>)[]) {
  return raceBehind(t, (tx) => tx`SELECT 1 FROM ${tx(table)} WHERE id = ${id} FOR UPDATE`, requests);
}

/**
 * Runs inserting requests so that, on real PostgreSQL, each has made its checks
 * before any can insert: a test transaction holds the table in SHARE mode
 * (reads pass, inserts wait), the requests queue at their INSERT, then the lock
 * is released. On PGlite they simply run together.
 */
export function raceOnInsert<T>(t: TestContext, table: string, requests: (() => Promise<T>)[]) {
  return raceBehind(t, (tx) => tx`LOCK TABLE ${tx(table)} IN SHARE MODE`, requests);
}

async function raceBehind<T>(
  t: TestContext,
  lock: (tx: Tx) => Promise<unknown>,
  requests: (() => Promise<T>)[],
): Promise<T[]> {
  if (t.kind !== "postgres") return Promise.all(requests.map((send) => send()));
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holder = t.sql.begin(async (tx) => {
    await lock(tx);
    locked();
    await released;
  });
  await isLocked;
  const results = Promise.all(requests.map((send) => send()));
  await waitForLockWaiters(t, requests.length);
  release();
  await holder;
  return results;
}

/** Waits until `count` sessions of this database wait for a lock (real PostgreSQL only). */
export async function waitForLockWaiters(t: TestContext, count: number, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [row] = await t.sql`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    if ((row.n as number) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Expected ${count} requests waiting for the row lock`);
}
