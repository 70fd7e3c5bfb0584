import type { Message, Summary } from "@schema/rows.ts";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { type LocalStore, openStore } from "@/local/index.ts";
import { unlockForTests } from "@/local/testing.ts";
import { createSearchEngine, type SearchApi } from "./search-engine.ts";
import { allGroups, buildIndex, KEYS, regroup, type SearchIndex, searchIndexed, wordsOf } from "./search-index.ts";
import { movedLists } from "./search-lists.ts";
import {
  type ChatFilters,
  type IndexedMessage,
  indexMessage,
  NO_FILTERS,
  safetyRiskIds,
  search,
} from "./search-logic.ts";
import { conversationsTouched, mergeChanges } from "./search-merge.ts";

/** Deterministic numbers (Park–Miller), so a failure names the same corpus every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

const WORDS = [
  "I",
  "felt",
  "Nervous",
  "at",
  "the",
  "counter,",
  "heart-racing",
  "SUDS",
  "60",
  "café",
  "Straße",
  "naïve",
  "İstanbul",
  "don't",
  "well.",
  "round",
  "rounds",
  "around",
];

/**
 * Messages as a sync leaves them, with what makes ordering hard: equal timestamps across and inside
 * conversations, repeated serials, a conversation with two prompts, one whose patient name changes.
 */
function corpus(size: number, seed = 1): Message[] {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const base = Date.parse("2025-03-01T00:00:00.000Z");
  const out: Message[] = [];
  for (let i = 0; i < size; i++) {
    const conversation = Math.floor(rnd() * Math.max(1, size / 8));
    const time = base + Math.floor(rnd() * 20) * 3_600_000 * 6;
    const timestamp = new Date(time).toISOString();
    out.push({
      id: `m-${Math.floor(rnd() * 1e9).toString(36)}-${i}`,
      version: 1,
      updated_at: timestamp,
      conversation_id: `conv-${conversation % 3 === 0 ? "a" : "b"}${conversation}`,
      patient_name: conversation === 1 && rnd() < 0.5 ? "teen_x" : `teen_${conversation % 4}`,
      prompt_id: rnd() < 0.2 ? pick(["prompt-1", "prompt-2"]) : null,
      data_type: i % 2 ? "user" : "agent",
      serial_num: Math.floor(rnd() * 5),
      data: rnd() < 0.03 ? null : Array.from({ length: 1 + Math.floor(rnd() * 8) }, () => pick(WORDS)).join(" "),
      timestamp,
    } as Message);
  }
  return out;
}

const day = (d: number, end = false) =>
  new Date(Date.parse("2025-03-01T00:00:00.000Z") + d * 86_400_000 + (end ? 86_399_999 : 0)).toISOString();

/** Every combination of what the screen offers, with texts that start, end and sit inside words. */
function* everyFilter(): Generator<ChatFilters> {
  const texts = [
    "",
    "  ",
    "nervous",
    "NERV",
    "ound",
    "rou",
    "roun",
    "at the",
    "t the c",
    "counter, h",
    "elt n",
    "ound r",
    "s 60",
    "café",
    "İst",
    "'",
    "60 ",
    "zzz",
  ];
  for (const text of texts)
    for (const conversationIdText of ["", "a", "b1", "conv-a3", "none"])
      for (const selectedConversationId of [null, "conv-b1", "conv-a0", "gone"])
        for (const patientName of [null, "teen_1", "teen_x", "nobody"])
          for (const startDate of [null, day(1)])
            for (const endDate of [null, day(3, true)])
              for (const safetyOnly of [false, true])
                yield { text, conversationIdText, selectedConversationId, patientName, startDate, endDate, safetyOnly };
}

describe("Chat History search from the index", () => {
  it("answers what the scan answers (same ids, same order, same groups) for every filter the screen offers", () => {
    const rows = corpus(400).map(indexMessage);
    const risky = new Set(["conv-b1", "conv-a3", "conv-b4", "conv-a0"]);
    const index = buildIndex(rows, risky);
    let compared = 0;
    let nonEmpty = 0;
    for (const filters of everyFilter()) {
      const expected = search(rows, risky, filters);
      expect({ filters, ...searchIndexed(index, filters) }).toEqual({ filters, ...expected });
      compared += 1;
      if (expected.messageIds.length > 0) nonEmpty += 1;
    }
    // The corpus is not one where every answer is empty.
    expect(compared).toBe(18 * 5 * 4 * 4 * 2 * 2 * 2);
    expect(nonEmpty).toBeGreaterThan(compared / 8);
  });

  it("answers what the scan answers from a kept index of the newest messages that took in older ones", () => {
    // A first sync brings messages newest first: each page's are older than all the index holds.
    const now = corpus(400, 7)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map(indexMessage);
    const risky = new Set(["conv-b1", "conv-a3"]);
    const cut = [...now].sort((a, b) => b.time - a.time)[150].time;
    const kept = buildIndex(
      now.filter((m) => m.time > cut),
      risky,
    );
    const changed = new Map(now.filter((m) => m.time <= cut).map((m) => [m.id, m] as const));
    const { lists, index } = takeIn(kept, changed, risky);
    const fresh = buildIndex(now, risky);
    expect(index.origin).toEqual(fresh.origin);
    expect(lists).toEqual({ words: wordsOf(fresh), patients: fresh.patients, conversations: fresh.conversations });
    expect(index.allGroups).toEqual(allGroups(fresh));
    for (const filters of everyFilter())
      expect({ filters, ...searchIndexed(index, filters) }).toEqual({ filters, ...search(now, risky, filters) });
  });

  it("answers what the scan answers from a kept index that took in edits, deletes and new messages", () => {
    // The store's order (by id), as a scan of the store reads it.
    const now = corpus(400, 5)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map(indexMessage);
    const risky = new Set(["conv-b1", "conv-a3", "conv-b4", "conv-a0"]);
    // What was kept before: a third of today's messages not there yet, a third with other words and
    // times (edited since), and some messages since deleted; the rest as they are now.
    const gone = corpus(40, 6).map(indexMessage);
    const edited = (i: number) => i % 3 === 1;
    const before = [
      ...now.flatMap((m, i) => (i % 3 === 0 ? [] : edited(i) ? [{ ...m, text: "old words", time: m.time + 7 }] : [m])),
      ...gone,
    ].sort((a, b) => (a.id < b.id ? -1 : 1));
    // A safety flag cleared and one raised since.
    const kept = buildIndex(before, new Set(["conv-b1", "conv-a3", "conv-b4", "conv-b2"]));
    const changed = new Map<string, IndexedMessage | null>([
      ...now.filter((_, i) => i % 3 !== 2).map((m) => [m.id, m] as const),
      ...gone.map((m) => [m.id, null] as const),
    ]);
    const { merged, lists, index } = takeIn(kept, changed, risky);
    expect(merged.stored.map((m) => m.id)).toEqual(now.map((m) => m.id));
    // The moved lists and the grouped view are those made afresh.
    const fresh = buildIndex(now, risky);
    expect(index.allGroups).toEqual(allGroups(fresh));
    expect(index.origin).toEqual(fresh.origin);
    expect(lists).toEqual({ words: wordsOf(fresh), patients: fresh.patients, conversations: fresh.conversations });
    let compared = 0;
    for (const filters of everyFilter()) {
      expect({ filters, ...searchIndexed(index, filters) }).toEqual({ filters, ...search(now, risky, filters) });
      compared += 1;
    }
    expect(compared).toBe(18 * 5 * 4 * 4 * 2 * 2 * 2);
  });

  it("answers as the scan does whichever order the messages were read in, with nothing filtered or a big corpus", () => {
    const rows = corpus(3000, 7).map(indexMessage);
    const risky = new Set(["conv-b2"]);
    const index = buildIndex(rows, risky);
    for (const filters of [
      NO_FILTERS,
      { ...NO_FILTERS, text: "r" },
      { ...NO_FILTERS, text: "round" },
      { ...NO_FILTERS, startDate: day(2), text: "e" },
      { ...NO_FILTERS, safetyOnly: true },
      { ...NO_FILTERS, conversationIdText: "1" },
    ])
      expect(searchIndexed(index, filters)).toEqual(search(rows, risky, filters));
  });
});

/** What the page can read of an answer: the answer and every id or group, a range at a time. */
/** A kept index with `changed` taken in as the search worker does: merged, lists moved, regrouped. */
function takeIn(kept: SearchIndex, changed: Map<string, IndexedMessage | null>, risky: Set<string>) {
  const merged = mergeChanges(kept.stored, kept.origin, changed);
  const lists = {
    words: movedLists(wordsOf(kept), merged.moved, merged.added, KEYS.words),
    patients: movedLists(kept.patients, merged.moved, merged.added, KEYS.patients),
    conversations: movedLists(kept.conversations, merged.moved, merged.added, KEYS.conversations),
  };
  const index = buildIndex(merged.stored, risky, merged.origin, lists);
  index.allGroups = regroup(index, allGroups(kept), conversationsTouched(kept.stored, changed));
  return { merged, lists, index };
}

async function readAll(engine: SearchApi, filters: ChatFilters, version: string) {
  const {
    resultKey,
    messageCount: counted,
    complete,
    groupCount,
    conversationCount,
    ...answer
  } = await engine.search(filters, version);
  // As the page does: the rest of the messages are counted after the first screenful.
  const messageCount = complete ? counted : await engine.finish(resultKey);
  if (messageCount === null) throw new Error("The count was given up");
  const messageIds: string[] = [];
  for (let from = 0; from < messageCount; from += 100)
    messageIds.push(...(await engine.messageIds(resultKey, from, from + 100)));
  const groups = [];
  for (let from = 0; from < groupCount; from += 100) groups.push(...(await engine.groups(resultKey, from, from + 100)));
  const conversations = [];
  for (let from = 0; from < conversationCount; from += 100)
    conversations.push(...(await engine.conversations(resultKey, from, from + 100)));
  return { ...answer, conversations, messageIds, groups };
}

const QUESTIONS: ChatFilters[] = [
  NO_FILTERS,
  { ...NO_FILTERS, text: "ound" },
  { ...NO_FILTERS, text: "zebra" },
  { ...NO_FILTERS, text: "the c", patientName: "teen_1" },
  { ...NO_FILTERS, safetyOnly: true },
  { ...NO_FILTERS, conversationIdText: "b1", text: "e" },
  { ...NO_FILTERS, startDate: day(2), endDate: day(3, true) },
];

/** The worker's answers on the store as it now is, beside the scan's answers on the same rows. */
async function expectScanAnswers(engine: SearchApi, store: LocalStore, version: string) {
  const rows = (await store.conversation_messages.toArray()).map(indexMessage);
  const risky = safetyRiskIds(await store.conversation_summaries.toArray());
  for (const filters of QUESTIONS)
    expect(await readAll(engine, filters, version)).toEqual(search(rows, risky, filters));
}

const summary = (id: string, is_safetychecker: boolean) =>
  ({ id, patient_name: "teen_0", is_safetychecker, version: 1 }) as unknown as Summary;

describe("the search worker's index on the device store", () => {
  it("stays right after edits, deletes, a start-over and a reload", async () => {
    const indexedDB = new IDBFactory();
    let store = openStore("clinician-1", { indexedDB, IDBKeyRange });
    unlockForTests("clinician-1");
    const rows = corpus(600, 3);
    await store.conversation_messages.bulkPut(rows);
    await store.conversation_summaries.bulkPut([summary("conv-b1", true), summary("conv-a3", false)]);
    let engine = createSearchEngine(store);
    await expectScanAnswers(engine, store, "v1");

    // Edits and deletes, as a pull or a local change writes them.
    await store.conversation_messages.update(rows[0].id, { data: "A Zebra at the counter" });
    await store.conversation_messages.bulkDelete(rows.slice(1, 200).map((r) => r.id));
    await store.conversation_summaries.bulkPut([summary("conv-a3", true), summary("conv-b1", false)]);
    const zebra = await readAll(engine, { ...NO_FILTERS, text: "zebra" }, "v2");
    expect(zebra.messageIds).toEqual([rows[0].id]);
    await expectScanAnswers(engine, store, "v2");

    // A role change's start-over: every row forgotten, then pulled again.
    await store.conversation_messages.clear();
    await store.conversation_summaries.clear();
    expect((await readAll(engine, { ...NO_FILTERS, text: "ound" }, "v3")).messageIds).toEqual([]);
    await store.conversation_messages.bulkPut(corpus(300, 4));
    await expectScanAnswers(engine, store, "v4");

    // A reload: the page and its worker start again on the same database, from the kept index.
    await engine.keepNow();
    await store.conversation_messages.bulkDelete(rows.slice(300, 320).map((r) => r.id));
    store.close();
    store = openStore("clinician-1", { indexedDB, IDBKeyRange });
    engine = createSearchEngine(store);
    expect((await readAll(engine, { ...NO_FILTERS, text: "ound" }, "v1")).messageIds.length).toBeGreaterThan(0);
    await expectScanAnswers(engine, store, "v1");
  });
});

/** Writes a message straight into IndexedDB, past Dexie and so past the noting of changes. */
async function writeUnnoted(indexedDB: IDBFactory, name: string, row: Message) {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  await new Promise<void>((resolve, reject) => {
    // As the store keeps messages: its conversation's record (pwa/local/message-groups.ts), here in the clear.
    const tx = db.transaction("message_groups", "readwrite");
    tx.objectStore("message_groups").put({
      conversation_id: row.conversation_id,
      patient_name: row.patient_name,
      ids: [row.id],
      messages: [row],
    });
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

describe("the search index kept in the device store", () => {
  it("is kept less often while a first sync fills the store (once it grew by half), and at the sync's end", async () => {
    const store = openStore("clinician-6", { indexedDB: new IDBFactory(), IDBKeyRange });
    unlockForTests("clinician-6");
    const rows = corpus(17_500, 12);
    await store.meta.put({ key: "firstSync", value: "{}" });
    await store.conversation_messages.bulkPut(rows.slice(0, 12_000));
    const engine = createSearchEngine(store);
    await readAll(engine, NO_FILTERS, "v1");
    await engine.keepNow();
    expect(await store.search_changes.count()).toBe(0);

    // 5,500 more: past the usual 5,000, short of half the index's 17,500.
    await store.conversation_messages.bulkPut(rows.slice(12_000));
    await readAll(engine, NO_FILTERS, "v2");
    await engine.keepNow();
    expect(await store.search_changes.count()).toBeGreaterThan(0);

    await store.meta.delete("firstSync");
    await readAll(engine, NO_FILTERS, "v3");
    await engine.keepNow();
    expect(await store.search_changes.count()).toBe(0);
    store.close();
  });

  it("is read on the next visit with the changes noted since, not made again from every message", async () => {
    const indexedDB = new IDBFactory();
    const name = "clinician-2";
    let store = openStore(name, { indexedDB, IDBKeyRange });
    unlockForTests(name);
    const rows = corpus(500, 9);
    await store.conversation_messages.bulkPut(rows);
    await store.conversation_summaries.bulkPut([summary("conv-b1", true)]);
    const first = createSearchEngine(store);
    await expectScanAnswers(first, store, "v1");
    await first.keepNow();
    expect(await store.search_index.get("head")).toBeDefined();
    // Kept: the changes it holds are dropped.
    expect(await store.search_changes.count()).toBe(0);

    // Changes while the page is closed (a pull, a local edit): noted beside the rows.
    await store.conversation_messages.update(rows[5].id, { data: "Zebra crossing" });
    await store.conversation_messages.bulkDelete(rows.slice(10, 30).map((r) => r.id));
    await store.conversation_messages.bulkPut(corpus(50, 10));
    await store.conversation_summaries.bulkPut([summary("conv-b1", false), summary("conv-a3", true)]);
    expect(await store.search_changes.count()).toBe(4);
    store.close();

    // A row that reached the database without being noted is not seen: the visit read the kept index.
    const unnoted = { ...rows[0], id: "m-unnoted", conversation_id: "conv-unnoted", data: "zebra unnoted" };
    await writeUnnoted(indexedDB, "stepwise-clinician-2", unnoted);
    store = openStore(name, { indexedDB, IDBKeyRange });
    const second = createSearchEngine(store);
    const zebra = await readAll(second, { ...NO_FILTERS, text: "zebra" }, "v1");
    expect(zebra.messageIds).toEqual([rows[5].id]);
    await store.conversation_messages.delete(unnoted.id);
    await expectScanAnswers(second, store, "v2");
    // Only a safety flag changes: the grouped view shows it.
    await store.conversation_summaries.bulkPut([summary("conv-a3", false), summary("conv-b2", true)]);
    await expectScanAnswers(second, store, "v3");
  });

  it("opens on the grouped view from its head, then answers every search from the whole kept index", async () => {
    const indexedDB = new IDBFactory();
    const name = "clinician-4";
    let store = openStore(name, { indexedDB, IDBKeyRange });
    unlockForTests(name);
    await store.conversation_messages.bulkPut(corpus(400, 6));
    await store.conversation_summaries.bulkPut([summary("conv-b1", true)]);
    const first = createSearchEngine(store);
    const kept = await readAll(first, NO_FILTERS, "v1");
    await first.keepNow();
    store.close();

    store = openStore(name, { indexedDB, IDBKeyRange });
    const second = createSearchEngine(store);
    expect((await readAll(second, NO_FILTERS, "v1")).groups).toEqual(kept.groups);
    await expectScanAnswers(second, store, "v2");
  });

  it("opens on the grouped view from its head alone, before the rest of it is read", async () => {
    const indexedDB = new IDBFactory();
    const name = "clinician-3";
    let store = openStore(name, { indexedDB, IDBKeyRange });
    unlockForTests(name);
    await store.conversation_messages.bulkPut(corpus(300, 4));
    const first = createSearchEngine(store);
    const kept = await readAll(first, NO_FILTERS, "v1");
    await first.keepNow();
    store.close();

    // A message in a conversation of its own reaches the database unnoted, and a part of the kept
    // index is lost: its head still opens the page, whatever reading the rest comes to.
    await writeUnnoted(indexedDB, "stepwise-clinician-3", {
      ...corpus(1, 5)[0],
      id: "m-late",
      conversation_id: "conv-late",
    });
    store = openStore(name, { indexedDB, IDBKeyRange });
    await store.search_index.delete("part:0");
    const second = createSearchEngine(store);
    const opened = await readAll(second, NO_FILTERS, "v1");
    expect(opened.groups).toEqual(kept.groups);
    // The rest could not be read: the index was made again from every message, the late one too.
    const again = await readAll(second, { ...NO_FILTERS, text: "" }, "v2");
    expect(again.groups.map((g) => g.conversation_id)).toContain("conv-late");
  });
});
