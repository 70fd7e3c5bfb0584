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

/**
 * Widens every read-write transaction over messages or summaries to the change table, and notes each
 * write there. Dexie's core layer is where every write passes, whatever API made it.
 */
export function noteSearchChanges(db: Dexie): void {
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
              await noted;
              return done;
            },
          };
        },
      };
    },
  });
}
