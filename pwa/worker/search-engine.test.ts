import type { Message } from "@schema/rows.ts";
import { describe, expect, it } from "vitest";
import { listenToStoredRows } from "@/local/search-changes.ts";
import { openTestDevice } from "@/test/render.tsx";
import { userOf } from "@/test/rows.ts";
import { createSearchEngine } from "./search-engine.ts";
import { NO_FILTERS } from "./search-logic.ts";

const message = (i: number): Message => {
  const timestamp = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
  return {
    id: `m${i}`,
    version: 1,
    updated_at: timestamp,
    conversation_id: `conv-${String(i).padStart(3, "0")}`,
    patient_name: "ada",
    prompt_id: null,
    data_type: "user",
    serial_num: 1,
    data: `words ${i}`,
    timestamp,
  };
};

describe("the search worker's engine", () => {
  it("answers the grouped view with a count and hands its groups over a range at a time", async () => {
    const device = openTestDevice(userOf("clinician"));
    await device.store.conversation_messages.bulkPut(Array.from({ length: 250 }, (_, i) => message(i)));
    const engine = createSearchEngine(device.store);

    const answer = await engine.search(NO_FILTERS, "v1");
    expect(answer.mode).toBe("groups");
    expect(answer.groupCount).toBe(250);
    expect(answer).not.toHaveProperty("groups");

    const first = await engine.groups(answer.resultKey, 0, 100);
    expect(first.map((g) => g.conversation_id).slice(0, 2)).toEqual(["conv-249", "conv-248"]);
    const last = await engine.groups(answer.resultKey, 200, 300);
    expect(last).toHaveLength(50);
    expect(last.at(-1)?.conversation_id).toBe("conv-000");
  });

  it("answers a date range's conversation list with a count and hands it over a range at a time", async () => {
    const device = openTestDevice(userOf("clinician"));
    await device.store.conversation_messages.bulkPut(Array.from({ length: 250 }, (_, i) => message(i)));
    const engine = createSearchEngine(device.store);

    const answer = await engine.search(
      { ...NO_FILTERS, startDate: new Date(Date.UTC(2025, 0, 1)).toISOString() },
      "v1",
    );
    expect(answer.conversationCount).toBe(250);
    expect(answer).not.toHaveProperty("conversations");
    const last = await engine.conversations(answer.resultKey, 200, 300);
    expect(last).toHaveLength(50);
    expect(last.at(-1)?.conversation_id).toBe("conv-000");
  });

  it("forgets old results, so an old range is empty rather than wrong", async () => {
    const device = openTestDevice(userOf("clinician"));
    await device.store.conversation_messages.bulkPut([message(1)]);
    const engine = createSearchEngine(device.store);
    const old = await engine.search(NO_FILTERS, "v1");
    for (let i = 0; i < 5; i++) await engine.search(NO_FILTERS, "v1");
    expect(await engine.groups(old.resultKey, 0, 100)).toEqual([]);
  });

  it("takes in rows stored after its index was made, and never a told row a later removal or write replaced", async () => {
    const device = openTestDevice(userOf("clinician"));
    await device.store.conversation_messages.bulkPut([message(1)]);
    const engine = createSearchEngine(device.store);
    await engine.search(NO_FILTERS, "v1");
    // A page stored (and told to the search workers), then one of its rows removed and one rewritten.
    await device.store.conversation_messages.bulkPut([2, 3, 4].map((i) => ({ ...message(i), data: `arrived ${i}` })));
    await device.store.conversation_messages.delete("m3");
    await device.store.conversation_messages.put({ ...message(4), data: "rewritten later" });
    await new Promise((resolve) => setTimeout(resolve, 20));

    const arrived = await engine.search({ ...NO_FILTERS, text: "arrived" }, "v2");
    expect(await engine.messageIds(arrived.resultKey, 0, 10)).toEqual(["m2"]);
    const rewritten = await engine.search({ ...NO_FILTERS, text: "rewritten" }, "v2");
    expect(await engine.messageIds(rewritten.resultKey, 0, 10)).toEqual(["m4"]);
  });
});

describe("a search no page uses", () => {
  const told = () => new Promise((resolve) => setTimeout(resolve, 20));

  it("takes in no rows told while it rests, and again from its next search", async () => {
    const device = openTestDevice(userOf("clinician"));
    const recent = listenToStoredRows(device.store.userId);
    const lastSeq = async () => (await device.store.search_changes.orderBy("seq").last())?.seq ?? -1;

    recent.listen(false);
    await device.store.conversation_messages.put(message(1));
    await told();
    expect(recent.take("conversation_messages", "m1", await lastSeq())).toBeUndefined();

    recent.listen(true);
    await device.store.conversation_messages.put(message(2));
    await told();
    expect(recent.take("conversation_messages", "m2", await lastSeq())).toEqual(message(2));
    recent.listen(false);
  });

  it("finds at its next search the rows stored while it rested, read from the store", async () => {
    const device = openTestDevice(userOf("clinician"));
    await device.store.conversation_messages.bulkPut([message(1)]);
    const engine = createSearchEngine(device.store);
    const before = await engine.search({ ...NO_FILTERS, text: "words" }, "v1");
    await engine.rest();
    // Its results went with the page.
    expect(await engine.messageIds(before.resultKey, 0, 10)).toEqual([]);
    await device.store.conversation_messages.bulkPut([2, 3].map((i) => ({ ...message(i), data: `meanwhile ${i}` })));
    await told();

    // Even asked with the version it last saw, it takes in what changed while it rested.
    const answer = await engine.search({ ...NO_FILTERS, text: "meanwhile" }, "v1");
    expect(await engine.messageIds(answer.resultKey, 0, 10)).toEqual(["m3", "m2"]);
  });
});

describe("a search of many messages", () => {
  const many = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      ...message(i),
      data: i % 3 === 0 ? `felt calm ${i}` : `felt nervous ${i}`,
    }));

  it("answers with its first screenful counted, then counts the rest when asked, and the ids match the count", async () => {
    const device = openTestDevice(userOf("clinician"));
    await device.store.conversation_messages.bulkPut(many(900));
    const engine = createSearchEngine(device.store);

    const answer = await engine.search({ ...NO_FILTERS, text: "felt nervous" }, "v1");
    expect(answer.complete).toBe(false);
    expect(answer.messageCount).toBeGreaterThanOrEqual(100);
    expect(answer.messageCount).toBeLessThan(600);
    expect(await engine.messageIds(answer.resultKey, 0, 2)).toEqual(["m899", "m898"]);

    expect(await engine.finish(answer.resultKey)).toBe(600);
    const last = await engine.messageIds(answer.resultKey, 590, 700);
    expect(last).toHaveLength(10);
    expect(last.at(-1)).toBe("m1");
  });

  it("answers a query of one word from the index alone, counted at once", async () => {
    const device = openTestDevice(userOf("clinician"));
    await device.store.conversation_messages.bulkPut(many(900));
    const engine = createSearchEngine(device.store);
    const answer = await engine.search({ ...NO_FILTERS, text: "calm" }, "v1");
    expect(answer).toMatchObject({ complete: true, messageCount: 300 });
  });

  it("gives up counting an answer once a newer search came", async () => {
    const device = openTestDevice(userOf("clinician"));
    await device.store.conversation_messages.bulkPut(many(900));
    const engine = createSearchEngine(device.store);
    const old = await engine.search({ ...NO_FILTERS, text: "felt nervous" }, "v1");
    await engine.search({ ...NO_FILTERS, text: "felt calm" }, "v1");
    expect(await engine.finish(old.resultKey)).toBeNull();
  });
});
