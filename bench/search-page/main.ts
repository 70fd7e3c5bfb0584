// Runs in Chromium, driven by bench/search.ts: fills a device store like the demo clinic's and
// times the Chat History search in the web worker against the same search on the main thread.
import type { Message, Summary } from "@schema/rows.ts";
import { holdDataKey } from "@/local/device-key.ts";
import { presealRows } from "@/local/encrypted-store.ts";
import { openStore } from "@/local/index.ts";
import { borrowSearch } from "@/worker/kept-search.ts";
import { createSearchClient, type SearchClient } from "@/worker/search-client.ts";
import {
  type ChatFilters,
  type IndexedMessage,
  indexMessage,
  NO_FILTERS,
  safetyRiskIds,
  search,
} from "@/worker/search-logic.ts";

const USER_ID = "bench-user";
const store = openStore(USER_ID);
// An unlocked device (issue 15): rows are stored encrypted under this data key, the search worker gets it.
holdDataKey(USER_ID, crypto.getRandomValues(new Uint8Array(32)));

/** Deterministic numbers, so every run searches the same rows. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const WORDS =
  "I felt nervous at the counter my heart was racing SUDS was around sixty then it dropped to forty after the second round I stayed without my phone ordering food talking to the cashier was hard but I did it great job what did you notice about your anxiety rate your fear from zero to a hundred let us try one more round you are doing well".split(
    " ",
  );
const DAY = 86_400_000;

async function seed(messageCount: number) {
  const rnd = random(100);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const patients = Array.from({ length: 1002 }, (_, i) => `teen_${i}`);
  const reference = Date.parse("2026-01-01T00:00:00.000Z");
  let made = 0;
  let conversation = 0;
  const sentence = () => Array.from({ length: 6 + Math.floor(rnd() * 18) }, () => pick(WORDS)).join(" ");
  while (made < messageCount) {
    const batch: Message[] = [];
    const summaries: Summary[] = [];
    while (batch.length < 20_000 && made + batch.length < messageCount) {
      const id = `conv-${(conversation++).toString(36).padStart(6, "0")}-${Math.floor(rnd() * 1e9).toString(36)}`;
      const patient = pick(patients);
      const start = reference - Math.floor(rnd() * 150) * DAY + Math.floor(rnd() * 6 * 3_600_000);
      const length = Math.min(18 + Math.floor(rnd() * 20), messageCount - made - batch.length);
      for (let i = 0; i < length; i++) {
        const at = new Date(start + i * 40_000).toISOString();
        batch.push({
          id: `${id}-${i}`,
          version: 1,
          updated_at: at,
          conversation_id: id,
          patient_name: patient,
          prompt_id: i === 0 ? "prompt-1" : null,
          data_type: i % 2 === 0 ? "agent" : "user",
          serial_num: i + 1,
          data: sentence(),
          timestamp: at,
        });
      }
      summaries.push({
        id,
        version: 1,
        updated_at: new Date(start).toISOString(),
        patient_name: patient,
        summary: sentence(),
        exposure_practice: "Order food at a counter",
        targeted_fear: "Being judged",
        treatment_goal: null,
        safety_behaviors: null,
        worst_case_outcome: null,
        expected_peak_suds: 70,
        actual_peak_suds: 50,
        expected_round_number: 3,
        actual_round_number: 3,
        expected_round_duration: 15,
        actual_average_duration: 14,
        is_patient_override: false,
        is_adjusted_in_the_middle: false,
        is_safetychecker: rnd() < 0.006,
        is_completed: true,
        is_patient_think_helpful: 4,
        willingness_to_continue: 4,
        number_of_times_checking_in: 1,
        started_at: new Date(start).toISOString(),
        ended_at: new Date(start + 1_800_000).toISOString(),
        created_at: new Date(start).toISOString(),
        safety_reviewed_at: null,
        safety_reviewed_by: null,
        safety_reviewed_by_name: null,
      });
    }
    // Sealed ahead by Web Crypto, as a pulled page is.
    await presealRows(store, "conversation_messages", batch);
    await presealRows(store, "conversation_summaries", summaries);
    await store.transaction("rw", store.conversation_messages, store.conversation_summaries, async () => {
      await store.conversation_messages.bulkPut(batch);
      await store.conversation_summaries.bulkPut(summaries);
    });
    made += batch.length;
  }
  return { messages: made, conversations: conversation, patients: patients.length };
}

/** 50 queries of the kinds a clinician runs: words, a patient, a date range, safety risk, and mixes. */
function queries(): ChatFilters[] {
  const rnd = random(7);
  const day = (offset: number) => new Date(Date.parse("2026-01-01T00:00:00.000Z") - offset * DAY).toISOString();
  const out: ChatFilters[] = [];
  for (let i = 0; i < 50; i++) {
    const word = WORDS[Math.floor(rnd() * WORDS.length)];
    const patient = `teen_${Math.floor(rnd() * 1002)}`;
    const kind = i % 5;
    out.push({
      ...NO_FILTERS,
      text:
        kind === 0 || kind === 3
          ? `${word} ${WORDS[(WORDS.indexOf(word) + 1) % WORDS.length]}`
          : kind === 4
            ? word
            : "",
      patientName: kind === 1 || kind === 3 ? patient : null,
      startDate: kind === 2 || kind === 4 ? day(40 + Math.floor(rnd() * 60)) : null,
      endDate: kind === 2 ? day(Math.floor(rnd() * 30)) : null,
      safetyOnly: kind === 2 && i % 2 === 0,
    });
  }
  return out;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p95: s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)] };
};

let worker = createSearchClient(store);

/** What the page waits for: the search, then the ids of the first screenful of messages. */
async function firstScreen(filters: ChatFilters, client: SearchClient = worker) {
  const answer = await client.search(filters, VERSION);
  await client.messageIds(answer.resultKey, 0, 100);
}
const VERSION = "bench";
let main: { messages: IndexedMessage[]; risky: Set<string> } | null = null;

async function mainSnapshot() {
  const t0 = performance.now();
  const [rows, summaries] = await Promise.all([
    store.conversation_messages.toArray(),
    store.conversation_summaries.toArray(),
  ]);
  main = { messages: rows.map(indexMessage), risky: safetyRiskIds(summaries) };
  return performance.now() - t0;
}

/**
 * The index made once from every message (as after a first sync) and kept in the store; then the
 * page opened again (a new worker) times its first search, its first search with text, and 50 queries.
 */
async function timeWorker() {
  let t0 = performance.now();
  await worker.search(NO_FILTERS, VERSION);
  const made = performance.now() - t0;
  t0 = performance.now();
  await worker.keepNow();
  const kept = performance.now() - t0;
  worker.close();
  t0 = performance.now();
  worker = createSearchClient(store);
  await worker.messageIds(0, 0, 0);
  const started = performance.now() - t0;
  t0 = performance.now();
  await firstScreen(NO_FILTERS);
  const opened = performance.now() - t0;
  t0 = performance.now();
  await firstScreen({ ...NO_FILTERS, text: "nervous" });
  const firstText = performance.now() - t0;
  const times: number[] = [];
  for (const q of queries()) {
    const t = performance.now();
    await firstScreen(q);
    times.push(performance.now() - t);
  }
  // The page left and came back within KEEP_SEARCH_MS: the search it used was kept (kept-search.ts).
  const left = borrowSearch(store);
  await firstScreen({ ...NO_FILTERS, text: "counter" }, left.client);
  left.release();
  t0 = performance.now();
  const back = borrowSearch(store);
  await firstScreen(NO_FILTERS, back.client);
  const reopened = performance.now() - t0;
  back.release();
  return { made, kept, started, opened, firstText, reopened, ...stats(times) };
}

function timeMain() {
  const times: number[] = [];
  for (const q of queries()) {
    const t = performance.now();
    if (main) search(main.messages, main.risky, q);
    times.push(performance.now() - t);
  }
  return stats(times);
}

/**
 * Types a phrase one key every 120 ms (a quick typist), searching on each key as the page does, and
 * reports the longest main-thread task seen (Long Tasks API, ≥ 50 ms) and the longest gap between
 * ticks of a 0-delay message loop (a finer view of how long the main thread was blocked).
 */
async function typing(where: "worker" | "main") {
  const phrase = "nervous counter";
  const box = document.getElementById("box") as HTMLInputElement;
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longest = Math.max(longest, e.duration);
  });
  observer.observe({ type: "longtask", buffered: false });
  let maxGap = 0;
  let last = performance.now();
  let ticking = true;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
    if (ticking) channel.port2.postMessage(0);
  };
  channel.port2.postMessage(0);
  const pending: Promise<unknown>[] = [];
  for (let i = 1; i <= phrase.length; i++) {
    box.value = phrase.slice(0, i);
    const filters = { ...NO_FILTERS, text: box.value };
    if (where === "worker") pending.push(firstScreen(filters));
    else if (main) search(main.messages, main.risky, filters);
    await new Promise((r) => setTimeout(r, 120));
  }
  await Promise.all(pending);
  await new Promise((r) => setTimeout(r, 200));
  ticking = false;
  observer.disconnect();
  return { longestTask: longest, maxGap };
}

Object.assign(window, {
  bench: {
    seed,
    count: () => store.conversation_messages.count(),
    timeWorker,
    mainSnapshot,
    timeMain,
    typing,
  },
});
document.title = "ready";
