import type Dexie from "dexie";
import type { DBCore, DBCoreMutateRequest, DBCoreTable } from "dexie";

/** The tables Chat History's search index is made from. */
const SEARCHED_TABLES = ["conversation_messages", "conversation_summaries"] as const;
type SearchedTable = (typeof SEARCHED_TABLES)[number];

/** The table the changes are noted in, in the user's own database. */
const SEARCH_CHANGES = "search_changes";

/**
 * A write to messages or summaries, noted in the same transaction as the write itself (so no
 * writer, in the page, the sync worker or another tab, can change rows without it): the search
 * worker brings its kept index up to date from these instead of reading every message again.
 */
export interface SearchChange {
  seq?: number;
  table: SearchedTable;
  /** The rows written or removed; null when a whole range went (a clear): the index is made again. */
  keys: string[] | null;
}

const searched = (name: string): name is SearchedTable => (SEARCHED_TABLES as readonly string[]).includes(name);

function keysOf(table: DBCoreTable, req: DBCoreMutateRequest): string[] | null {
  if (req.type === "deleteRange") return null;
  if (req.type === "delete") return req.keys as string[];
  const extract = table.schema.primaryKey.extractKey;
  return req.keys ?? (extract ? req.values.map((v) => extract(v) as string) : null);
}

/** Rows just written, with the seq of the change noted for them, told once their transaction committed. */
interface StoredRows {
  table: SearchedTable;
  seq: number;
  rows: readonly unknown[];
}

const channelName = (userId: string) => `stepwise-stored-rows:${userId}`;

/** A channel that does not keep Node (the tests) running; browsers have no `unref`. */
function openChannel(userId: string): BroadcastChannel {
  const channel = new BroadcastChannel(channelName(userId));
  (channel as BroadcastChannel & { unref?: () => void }).unref?.();
  return channel;
}

/**
 * The clear rows other writers (the sync worker above all) stored lately, as they told them: the
 * search worker takes a row from here instead of reading and opening it again, but only when the
 * change it takes in is the very one the row came with (`seq`); any later write or removal of that
 * row has a later change, so the row is read from the store. Held in memory only, never stored.
 */
export interface RecentRows {
  take(table: SearchedTable, key: string, seq: number): unknown;
  clear(): void;
  /**
   * Stops (false) or starts again (true) taking in what writers tell. A search no page uses rests:
   * taking in a first sync's pages (each a thousand rows to copy from the channel) cost its worker
   * more than a second of a tablet's two cores while nobody searched.
   */
  listen(on: boolean): void;
}

/** Past this many rows waiting, the oldest are dropped (read from the store if still wanted). */
const RECENT_LIMIT = 60_000;

export function listenToStoredRows(userId: string): RecentRows {
  const recent = new Map<string, { seq: number; row: unknown }>();
  const hear = (event: MessageEvent<StoredRows>) => {
    const { table, seq, rows } = event.data;
    for (const row of rows) {
      const key = `${table}:${(row as { id: string }).id}`;
      recent.delete(key);
      recent.set(key, { seq, row });
    }
    for (const key of recent.keys()) {
      if (recent.size <= RECENT_LIMIT) break;
      recent.delete(key);
    }
  };
  let channel: BroadcastChannel | null = null;
  const listen = (on: boolean) => {
    if (on && !channel) {
      channel = openChannel(userId);
      channel.onmessage = hear;
    } else if (!on && channel) {
      channel.close();
      channel = null;
      // Rows told from now on are missed: the changes noted for them read them from the store.
      recent.clear();
    }
  };
  listen(true);
  return {
    take(table, key, seq) {
      const entry = recent.get(`${table}:${key}`);
      recent.delete(`${table}:${key}`);
      return entry?.seq === seq ? entry.row : undefined;
    },
    clear: () => recent.clear(),
    listen,
  };
}

/**
 * Widens every read-write transaction over messages or summaries to the change table, and notes each
 * write there. Dexie's core layer is where every write passes, whatever API made it. Written rows are
 * also told to the search workers once their transaction commits (`listenToStoredRows`).
 */
export function noteSearchChanges(db: Dexie): void {
  let channel: BroadcastChannel | null = null;
  const tell = (message: StoredRows) => {
    channel ??= openChannel((db as Dexie & { userId: string }).userId);
    channel.postMessage(message);
  };
  db.on("close", () => {
    channel?.close();
    channel = null;
  });
  db.use({
    stack: "dbcore",
    name: "SearchChanges",
    create(down: DBCore): DBCore {
      return {
        ...down,
        transaction(stores, mode, options) {
          const widen = mode === "readwrite" && stores.some(searched) && !stores.includes(SEARCH_CHANGES);
          return down.transaction(widen ? [...stores, SEARCH_CHANGES] : stores, mode, options);
        },
        table(name) {
          const table = down.table(name);
          if (!searched(name)) return table;
          return {
            ...table,
            async mutate(req) {
              const keys = keysOf(table, req);
              const change: SearchChange = { table: name, keys };
              // Both requests go to the transaction at once: it commits both or neither.
              const noted =
                keys === null || keys.length > 0
                  ? down.table(SEARCH_CHANGES).mutate({ type: "add", trans: req.trans, values: [change] })
                  : null;
              const done = table.mutate(req);
              const seq = (await noted)?.lastResult;
              if ((req.type === "put" || req.type === "add") && typeof seq === "number") {
                const message = { table: name, seq, rows: req.values };
                (req.trans as IDBTransaction).addEventListener("complete", () => tell(message));
              }
              return done;
            },
          };
        },
      };
    },
  });
}
