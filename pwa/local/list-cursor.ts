import { cmp, type DBCoreCursor, type DBCoreTransaction } from "dexie";

/** One row of a read: its key in the index read, its primary key, the row. */
export interface Entry {
  key: unknown;
  primaryKey: string;
  value: unknown;
}

/**
 * A cursor over rows already read, as Dexie's own cursors behave: positioned on the first row when
 * opened, each `start` callback on the current row, moved by continue (to a key), advance or stop.
 */
export function listCursor(trans: DBCoreTransaction, rows: Entry[], reverse: boolean): DBCoreCursor {
  let at = 0;
  let moved = false;
  let running = false;
  let finish: (value?: unknown) => void = () => {};
  let failed: ((error: Error) => void) | null = null;
  const before = (a: unknown, b: unknown) => (reverse ? cmp(a, b) > 0 : cmp(a, b) < 0);
  const cursor: DBCoreCursor & { done: boolean } = {
    trans,
    done: false,
    get key() {
      return rows[at]?.key;
    },
    get primaryKey() {
      return rows[at]?.primaryKey;
    },
    get value() {
      return rows[at]?.value;
    },
    continue(key?: unknown) {
      at += 1;
      if (key !== undefined) while (at < rows.length && before(rows[at].key, key)) at += 1;
      moved = true;
    },
    continuePrimaryKey(key: unknown, primaryKey: unknown) {
      at += 1;
      while (
        at < rows.length &&
        (before(rows[at].key, key) || (cmp(rows[at].key, key) === 0 && before(rows[at].primaryKey, primaryKey)))
      )
        at += 1;
      moved = true;
    },
    advance(count: number) {
      at += count;
      moved = true;
    },
    stop(value?: unknown) {
      running = false;
      finish(value);
    },
    fail(error: Error) {
      running = false;
      failed?.(error);
    },
    start(onNext: () => void) {
      return new Promise((resolve, reject) => {
        finish = resolve;
        failed = reject;
        running = true;
        // Each callback moves the cursor (or stops it) before it returns, as Dexie's iterations do.
        while (running) {
          if (at >= rows.length) {
            cursor.done = true;
            cursor.stop();
            return;
          }
          moved = false;
          try {
            onNext();
          } catch (error) {
            cursor.fail(error as Error);
            return;
          }
          if (!moved && running) {
            cursor.fail(new Error("A cursor over grouped messages must be moved or stopped at each row"));
            return;
          }
        }
      });
    },
    next() {
      let gotOne = 1;
      return cursor.start(() => (gotOne-- ? cursor.continue() : cursor.stop())).then(() => cursor);
    },
  };
  return cursor;
}
