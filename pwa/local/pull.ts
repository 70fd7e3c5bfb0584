import { PullPage, REMOVED_CONVERSATIONS_PARAM, SYNCED_TABLES, type SyncedTable } from "@schema/rows.ts";
import * as v from "valibot";
import { presealRows } from "./encrypted-store.ts";
import { codeOf, type Send, serverWords } from "./http.ts";
import { inConversationOrder, presealMessages } from "./message-groups.ts";
import { setServerRows } from "./rebase.ts";
import { estimateFirstSync, type FirstSync, type SyncProblem } from "./state.ts";
import { type LocalStore, type Row, syncedTable, writing, writingPulled } from "./store.ts";

export type PullOutcome = "done" | "auth" | { error: SyncProblem };

/**
 * Rows per pull: a small first page paints the caseload quickly, larger ones finish sooner. A page
 * is stored `write` rows at a time: a screen's read waits for one such write, not a whole page's.
 * Past the first `bulkAfter` rows of a pull (patients, homework, summaries, the newest
 * conversations: what screens open on), pages are stored `bulkWrite` rows at a time: each write
 * has a cost of its own, and a first sync of a whole clinic is hundreds of pages of older messages.
 */
export interface PageSizes {
  first: number;
  next: number;
  write?: number;
  bulkWrite?: number;
  bulkAfter?: number;
}
const PAGE_SIZES: PageSizes = { first: 1000, next: 5000, write: 1000, bulkWrite: 5000, bulkAfter: 20_000 };

/**
 * Asks for the page after `cursor` ("" for a device's first). Awaited later (the page is stored
 * first, or the data key is awaited); until then a lost connection must not count as an unhandled rejection.
 */
export function askPage(send: Send, cursor: string, pageSizes: PageSizes = PAGE_SIZES) {
  const limit = cursor === "" ? pageSizes.first : pageSizes.next;
  const answer = send(
    "GET",
    `/api/sync/pull?cursor=${encodeURIComponent(cursor)}&limit=${limit}&${REMOVED_CONVERSATIONS_PARAM}=1`,
  );
  answer.catch(() => {});
  return answer;
}

interface PullOptions {
  pageSizes?: PageSizes;
  /** The answer to a device's very first page (cursor ""), asked for already: used if the device has no cursor. */
  firstPage?: ReturnType<Send>;
  /** After each stored page: where a first sync stands, or null when none is under way. */
  onFirstSync?: (firstSync: FirstSync | null) => void;
}

/**
 * Pulls every page since the saved cursor. A page's rows are stored a few hundred at a time, its
 * cursor with the last of them, so a first sync cut off by a lost connection resumes after the last
 * page stored whole (the rows of a page cut in the middle come again, and are put again). The next
 * page is asked for as soon as a page's answer says where it ends, so it travels while this one is stored.
 */
export async function pullChanges(store: LocalStore, send: Send, options: PullOptions = {}): Promise<PullOutcome> {
  const { pageSizes = PAGE_SIZES, onFirstSync } = options;
  const started = Date.now();
  let received = 0;
  const ask = (cursor: string) => askPage(send, cursor, pageSizes);
  let ahead: ReturnType<typeof ask> | undefined;
  for (let first = true; ; first = false) {
    const cursor = (await store.meta.get("cursor"))?.value ?? "";
    if (first && cursor === "") ahead = options.firstPage;
    const answer = await (ahead ?? ask(cursor));
    ahead = undefined;
    if (answer.status !== 200) {
      const code = codeOf(answer);
      if (code === "unauthorized") return "auth";
      // A cursor the server no longer accepts (a role change, an upgrade, a restored backup): start over.
      if (code === "validation" && cursor !== "") {
        await startOver(store);
        continue;
      }
      return { error: { code, message: serverWords(answer), status: answer.status } };
    }
    // Nothing of a page that is not what the contract says reaches the store: the status shows it.
    const parsed = v.safeParse(PullPage, answer.body);
    if (!parsed.success) return { error: { code: "bad_answer" } };
    const page = await withDroppedMessages(store, parsed.output);
    if (page.hasMore) ahead = ask(page.cursor);
    // The last page of a first sync that fit in one answer still says where it stood: it is over.
    const progress = page.hasMore ? page.progress : undefined;
    const write = pageSizes.write ?? PAGE_SIZES.write ?? Number.POSITIVE_INFINITY;
    const bulk = received >= (pageSizes.bulkAfter ?? Number.POSITIVE_INFINITY);
    const writes = piecesOf(page, bulk ? (pageSizes.bulkWrite ?? write) : write);
    for (const [i, pieces] of writes.entries()) {
      // Sealed by Web Crypto before the write opens (it cannot wait on Web Crypto): the write stores them as they are.
      await Promise.all(
        pieces.map(([table, server]) => {
          const rows = [...server.values()].filter((row) => row !== null);
          return table === "conversation_messages" ? presealMessages(store, rows) : presealRows(store, table, rows);
        }),
      );
      await writingPulled(
        store,
        pieces.map(([table]) => table),
        async () => {
          for (const [table, server] of pieces) await setServerRows(store, table, server);
          if (i < writes.length - 1) return;
          await store.meta.put({ key: "cursor", value: page.cursor });
          if (progress) await store.meta.put({ key: "firstSync", value: JSON.stringify(progress) });
          else await store.meta.delete("firstSync");
        },
      );
    }
    received += Object.values(page.changes).reduce((sum, rows) => sum + (rows?.length ?? 0), 0);
    onFirstSync?.(progress ? estimateFirstSync(progress, received, Date.now() - started) : null);
    if (!page.hasMore) return "done";
  }
}

type Page = v.InferOutput<typeof PullPage>;

/**
 * The page with the messages of its removedConversations (a bulk delete's one tombstone per
 * conversation) among its removed ones: those this device holds, read by the conversation_id index,
 * but the ones the server kept. Rows of the page's changes win over removals all the same (piecesOf).
 */
async function withDroppedMessages(store: LocalStore, page: Page): Promise<Page> {
  const conversations = page.removedConversations ?? [];
  if (conversations.length === 0) return page;
  const kept = new Set(conversations.flatMap((c) => c.kept));
  // One read each: a conversation's messages are one record (message-groups.ts), where a range over
  // several conversations would read every record between them.
  const held = await Promise.all(
    conversations.map((c) => store.conversation_messages.where("conversation_id").equals(c.id).primaryKeys()),
  );
  const dropped = (held.flat() as string[]).filter((id) => !kept.has(id));
  const removed = [...(page.removed.conversation_messages ?? []), ...dropped];
  return { ...page, removed: { ...page.removed, conversation_messages: removed } };
}

type Piece = [SyncedTable, Map<string, Row | null>];

/** A page's rows (null: removed) by table, in writes of at most `size` rows; always one write, for the cursor. */
function piecesOf(page: Page, size: number): Piece[][] {
  const writes: Piece[][] = [[]];
  let room = size;
  for (const table of SYNCED_TABLES) {
    const server = new Map<string, Row | null>((page.removed[table] ?? []).map((id) => [id, null]));
    const changed: Row[] = page.changes[table] ?? [];
    // A conversation's messages are one record: a write stores each conversation once, not once a piece.
    for (const row of table === "conversation_messages" ? inConversationOrder(changed) : changed)
      server.set(row.id, row);
    const entries = [...server];
    while (entries.length > 0) {
      if (room === 0) {
        writes.push([]);
        room = size;
      }
      const piece = entries.splice(0, room);
      writes[writes.length - 1].push([table, new Map(piece)]);
      room -= piece.length;
    }
  }
  return writes;
}

/**
 * Forgets every synced row except those with changes still waiting, then pulls from nothing: what
 * the user may no longer see (say, after losing the admin role) must not stay on the device.
 */
async function startOver(store: LocalStore) {
  await writing(store, async () => {
    const waiting = new Set((await store.outbox.toArray()).map((e) => `${e.table}:${e.rowId}`));
    for (const table of SYNCED_TABLES) {
      const rows = syncedTable(store, table);
      // A table with no change waiting is cleared whole (messages above all: reading each costs).
      if (![...waiting].some((key) => key.startsWith(`${table}:`))) await rows.clear();
      else
        await rows.bulkDelete(
          ((await rows.toCollection().primaryKeys()) as string[]).filter((id) => !waiting.has(`${table}:${id}`)),
        );
    }
    await store.meta.delete("cursor");
  });
}
