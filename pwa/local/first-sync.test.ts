import "fake-indexeddb/auto";
import Dexie from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PullResponse } from "../../schema/rows.ts";
import type { Client, TestContext } from "../../sync-server/test/harness.ts";
import { createTestContext } from "../../sync-server/test/harness.ts";
import { addConversation, addHomework, addPatient, addSummary } from "../../sync-server/test/sync-rows.ts";
import type { SyncFetch } from "./http.ts";
import type { FirstSync } from "./state.ts";
import { openStore } from "./store.ts";
import { createSyncClient } from "./sync-client.ts";
import { PROGRESS_EVERY_MS } from "./sync-host.ts";
import { appFetch, connectHost, unlockForTests } from "./testing.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A clinician with four patients, each with homework, a summary and a conversation of 12 messages. */
async function clinicianWithCaseload() {
  const client = await t.as("clinician");
  const id = client.user!.id;
  for (let i = 0; i < 4; i++) {
    const p = await addPatient(t.sql, id);
    await addHomework(t.sql, p.username, id);
    await addSummary(t.sql, p.username);
    await addConversation(t.sql, p.username, 12, `2025-03-0${i + 1}T12:00:00Z`);
  }
  const messages = await t.sql`SELECT m.id FROM conversation_messages m JOIN patients p ON p.username = m.patient_name
    WHERE p.clinician_id = ${id} ORDER BY m.timestamp DESC, m.id DESC`;
  return { client, newestFirst: messages.map((m) => m.id as string) };
}

/**
 * A tablet on a connection the test can cut: `cutAfter` pull answers arrive, then the next one is lost
 * on the way (the page in flight) and the device is offline. Records the row ids of every answer it got.
 * The page hears every page's progress, unless `progressEveryMs` says how often at most. A `locked`
 * tablet has no data key until the test unlocks it (a PIN set-up's key, say).
 */
function tabletOn(client: Client, pageSize: number, { progressEveryMs = 0, locked = false } = {}) {
  const network = {
    cutAfter: Number.POSITIVE_INFINITY,
    /** How long each pull answer takes. */
    pullMs: 0,
    offline: false,
    pulls: [] as string[],
    received: [] as string[],
  };
  const fetch: SyncFetch = async (input, init) => {
    if (network.offline) throw new TypeError("Failed to fetch");
    const res = await appFetch(t, client)(input, init);
    if (!input.startsWith("/api/sync/pull")) return res;
    network.pulls.push(new URL(input, "http://localhost").searchParams.get("cursor") ?? "");
    await new Promise((resolve) => setTimeout(resolve, network.pullMs));
    if (network.pulls.length > network.cutAfter) {
      network.offline = true;
      throw new TypeError("The network connection was lost.");
    }
    const body = (await res.clone().json()) as PullResponse;
    for (const rows of Object.values(body.changes)) network.received.push(...(rows ?? []).map((r) => r.id));
    return res;
  };
  const indexedDB = new IDBFactory();
  const open = (userId: string) => openStore(userId, { indexedDB, IDBKeyRange });
  const store = open(client.user!.id);
  if (!locked) unlockForTests(client.user!.id);
  // The engine in its in-process "worker", as the page drives it.
  const engineOn = () =>
    createSyncClient({
      store,
      ...connectHost({ fetch, openStore: open, progressEveryMs }),
      pageSizes: { first: pageSize, next: pageSize },
    });
  return { store, engine: engineOn(), engineOn, network, fetch };
}

describe("a device's first sync", () => {
  it("stores the caseload before any conversation, then conversations newest first", async () => {
    const { client, newestFirst } = await clinicianWithCaseload();
    const tablet = tabletOn(client, 5);
    const seen: { patients: number; homework: number; summaries: number; messages: string[] }[] = [];
    tablet.engine.subscribe(() => {
      void Promise.all([
        tablet.store.patients.count(),
        tablet.store.homework.count(),
        tablet.store.conversation_summaries.count(),
        tablet.store.conversation_messages.toCollection().primaryKeys(),
      ]).then(([patients, homework, summaries, messages]) => {
        seen.push({ patients, homework, summaries, messages: messages as string[] });
      });
    });
    await tablet.engine.sync();
    await new Promise((resolve) => setTimeout(resolve, 50));

    const withMessages = seen.filter((s) => s.messages.length > 0);
    expect(withMessages.length).toBeGreaterThan(3);
    for (const s of withMessages) {
      expect(s).toMatchObject({ patients: 4, homework: 4, summaries: 4 });
      expect(new Set(s.messages)).toEqual(new Set(newestFirst.slice(0, s.messages.length)));
    }
    expect(await tablet.store.conversation_messages.count()).toBe(48);
  });

  it("shows what is downloading and how much is left while it runs, and nothing once synced", async () => {
    const { client } = await clinicianWithCaseload();
    const tablet = tabletOn(client, 10);
    const states: (FirstSync | null)[] = [];
    tablet.engine.subscribe((s) => states.push(s.firstSync));
    await tablet.engine.sync();

    const during = [...new Set(states)].filter((s): s is FirstSync => s !== null);
    expect(during[0].table).not.toBe("conversation_messages");
    expect(during.at(-2)).toMatchObject({ table: "conversation_messages", total: 48 });
    expect(during.at(-1)).toMatchObject({ remaining: 0, secondsLeft: 0 });
    for (const [i, s] of during.entries()) {
      if (i > 0) expect(s.remaining).toBeLessThan(during[i - 1].remaining);
      expect(s.secondsLeft).toEqual(expect.any(Number));
    }
    expect(tablet.engine.getState()).toMatchObject({ firstSync: null, error: null });
    expect(tablet.engine.getState().lastSyncedAt).not.toBeNull();
    await tablet.engine.sync();
    expect(tablet.engine.getState().firstSync).toBeNull();

    const oneAnswer = tabletOn(client, 1000);
    await oneAnswer.engine.sync();
    expect(oneAnswer.network.pulls).toHaveLength(1);
    expect(oneAnswer.engine.getState().firstSync).toBeNull();
    expect(await oneAnswer.store.meta.get("firstSync")).toBeUndefined();
  });

  it("tells the page a download's counts at most once a second, and a new table or the end at once", async () => {
    const { client } = await clinicianWithCaseload();
    const tablet = tabletOn(client, 4, { progressEveryMs: PROGRESS_EVERY_MS });
    // 12 pages of messages over about 2.4 s.
    tablet.network.pullMs = 200;
    const heard: { at: number; firstSync: FirstSync | null }[] = [];
    tablet.engine.subscribe((s) => heard.push({ at: Date.now(), firstSync: s.firstSync }));
    await tablet.engine.sync();

    const messages = heard.filter((h) => h.firstSync?.table === "conversation_messages");
    expect(messages.length).toBeGreaterThanOrEqual(2);
    expect(messages.length).toBeLessThan(12 / 2);
    for (const [i, h] of messages.entries())
      if (i > 0) expect(h.at - messages[i - 1].at).toBeGreaterThanOrEqual(PROGRESS_EVERY_MS - 50);
    // Every table a page moved the download to, as a tablet told of every page hears them, and the end.
    const tablesIn = (states: (FirstSync | null)[]) => [...new Set(states.flatMap((s) => (s ? [s.table] : [])))];
    const everyPage = tabletOn(client, 4);
    const heardEveryPage: (FirstSync | null)[] = [];
    everyPage.engine.subscribe((s) => heardEveryPage.push(s.firstSync));
    await everyPage.engine.sync();
    expect(tablesIn(heard.map((h) => h.firstSync))).toEqual(tablesIn(heardEveryPage));
    expect(heard.at(-1)?.firstSync).toBeNull();
    expect(await tablet.store.conversation_messages.count()).toBe(48);
  });

  it("asks for its first page before it holds the data key, and stores that answer once it does", async () => {
    const { client } = await clinicianWithCaseload();
    const tablet = tabletOn(client, 10, { locked: true });
    tablet.network.pullMs = 100;
    await tablet.engine.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tablet.network.pulls).toEqual([""]);
    expect(await tablet.store.meta.get("cursor")).toBeUndefined();

    unlockForTests(client.user!.id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await tablet.engine.sync();
    // The first page was asked for once; every row arrived once.
    expect(tablet.network.pulls.filter((cursor) => cursor === "")).toHaveLength(1);
    expect(tablet.network.received).toHaveLength(new Set(tablet.network.received).size);
    expect(await tablet.store.conversation_messages.count()).toBe(48);
    expect(tablet.engine.getState()).toMatchObject({ firstSync: null, error: null });
    await tablet.engine.stop();
  });

  it("stores each page a few rows at a time while it already asks for the next, and ends with every row", async () => {
    const { client } = await clinicianWithCaseload();
    const tablet = tabletOn(client, 12);
    // What the server sees and what the device commits, in the order they happen.
    const events: string[] = [];
    const slowNetwork: SyncFetch = async (input, init) => {
      if (input.startsWith("/api/sync/pull")) events.push("ask");
      await new Promise((resolve) => setTimeout(resolve, 20));
      return tablet.fetch(input, init);
    };
    const committed = (parts: Record<string, unknown>) => {
      const keys = Object.keys(parts);
      // A page's cursor is stored with its last rows.
      if (keys.some((part) => part.endsWith("/meta/"))) events.push("page");
      else if (keys.some((part) => /\/(patients|homework|conversation_summaries|message_groups)\/$/.test(part)))
        events.push("rows");
    };
    Dexie.on("storagemutated", committed);
    const engine = createSyncClient({
      store: tablet.store,
      ...connectHost({ fetch: slowNetwork, openStore: () => tablet.store }),
      pageSizes: { first: 12, next: 12, write: 5 },
    });
    await engine.sync();
    Dexie.on("storagemutated").unsubscribe(committed);

    // 4 patients, 4 homework, 4 summaries and 48 messages in pages of 12, written 5 rows at a time
    // (what the store wrote on opening, before the first pull, is no page).
    const pulled = events.slice(events.indexOf("ask"));
    const asks = pulled.filter((e) => e === "ask").length;
    expect(asks).toBeGreaterThanOrEqual(5);
    // Five full pages, each in three writes: 5 rows, 5 rows, then 2 rows with the cursor.
    expect(pulled.filter((e) => e === "rows").length).toBeGreaterThanOrEqual(10);
    // Page n+1 is asked for before page n is stored: the network is not idle while the device writes.
    for (const [i, e] of pulled.entries()) {
      const asked = pulled.slice(0, i).filter((x) => x === "ask").length;
      const pages = pulled.slice(0, i + 1).filter((x) => x === "page").length;
      if (e === "page" && pages < asks) expect(asked).toBe(pages + 1);
    }
    expect(await tablet.store.conversation_messages.count()).toBe(48);
    expect(await tablet.store.patients.count()).toBe(4);
    expect(engine.getState()).toMatchObject({ firstSync: null, error: null });
    await engine.stop();
  });

  it("stores the rows after the first ones a page at a time", async () => {
    const { client } = await clinicianWithCaseload();
    const tablet = tabletOn(client, 12);
    const writes: string[][] = [];
    const committed = (parts: Record<string, unknown>) => {
      const tables = Object.keys(parts).flatMap((part) => /\/(\w+)\/$/.exec(part)?.[1] ?? []);
      if (tables.some((t) => ["patients", "homework", "conversation_summaries", "message_groups"].includes(t)))
        writes.push(tables);
    };
    Dexie.on("storagemutated", committed);
    const engine = createSyncClient({
      store: tablet.store,
      ...connectHost({ fetch: tablet.fetch, openStore: () => tablet.store }),
      pageSizes: { first: 12, next: 12, write: 5, bulkWrite: 12, bulkAfter: 24 },
    });
    await engine.sync();
    Dexie.on("storagemutated").unsubscribe(committed);

    // 60 rows in pages of 12: the first 24 in writes of 5 (3 a page), then one write a page.
    // Each write's tables; a page's last write holds its cursor (meta). The store's opening write is no page.
    const pages = writes.filter((tables) => !tables.includes("outbox")).map((tables) => tables.includes("meta"));
    // The first 24 rows (two pages of 12) in writes of 5: 5, 5, then 2 with the cursor; then a page a write.
    expect(pages.slice(0, 6)).toEqual([false, false, true, false, false, true]);
    expect(pages.slice(6).length).toBeGreaterThanOrEqual(3);
    expect(pages.slice(6).every(Boolean)).toBe(true);
    expect(await tablet.store.conversation_messages.count()).toBe(48);
    await engine.stop();
  });

  it("cut off by a lost connection, it resumes where it stopped and ends with every row once", async () => {
    const { client } = await clinicianWithCaseload();
    const tablet = tabletOn(client, 5);
    tablet.network.cutAfter = 4;
    await tablet.engine.sync();

    const cutOff = tablet.engine.getState();
    expect(cutOff.firstSync).toMatchObject({ table: "conversation_messages" });
    expect(cutOff.error).toEqual({ code: "offline" });
    expect(await tablet.store.conversation_messages.count()).toBeLessThan(48);
    const stored = await tablet.store.meta.get("cursor");

    // The tablet is reloaded while still offline: it says the first sync is not complete.
    await tablet.engine.stop();
    const reloaded = tablet.engineOn();
    await reloaded.start();
    expect(reloaded.getState().firstSync).toMatchObject({ table: "conversation_messages" });

    tablet.network.offline = false;
    tablet.network.cutAfter = Number.POSITIVE_INFINITY;
    const before = tablet.network.pulls.length;
    await reloaded.sync();
    await reloaded.stop();

    expect(tablet.network.pulls[before]).toBe(stored?.value);
    expect(tablet.network.received).toHaveLength(new Set(tablet.network.received).size);
    expect(await tablet.store.conversation_messages.count()).toBe(48);
    expect(await tablet.store.patients.count()).toBe(4);
    expect(reloaded.getState()).toMatchObject({ firstSync: null, error: null });
  });
});
