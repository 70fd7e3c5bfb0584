import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSession, cleanDevicePerTest, DEMO_CLINICIAN, signIn } from "./support.ts";

let context: BrowserContext;
let page: Page;
cleanDevicePerTest((fresh) => {
  ({ context, page } = fresh);
});

type Rows = Record<string, Record<string, unknown>[] | undefined>;

/** The longest text of `field` among the rows (long, so it cannot turn up in random bytes by chance). */
const longest = (rows: Record<string, unknown>[], field: string) =>
  rows
    .map((r) => r[field])
    .filter((v): v is string => typeof v === "string")
    .sort((a, b) => b.length - a.length)[0];

/**
 * Which of `secrets` appear in the clear anywhere in the page's IndexedDB: every database, every
 * object store, every value and key, byte arrays read as text too.
 */
function secretsInIndexedDB(tab: Page, secrets: string[]): Promise<string[]> {
  return tab.evaluate(async (wanted) => {
    const found = new Set<string>();
    const decoder = new TextDecoder("latin1");
    const look = (text: string) => {
      for (const s of wanted) if (text.includes(s)) found.add(s);
    };
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      for (const store of [...db.objectStoreNames]) {
        const [values, keys] = await Promise.all(
          ["getAll", "getAllKeys"].map(
            (how) =>
              new Promise<unknown[]>((resolve, reject) => {
                const req = db.transaction(store).objectStore(store)[how as "getAll"]();
                req.onsuccess = () => resolve(req.result);
                req.onerror = () => reject(req.error);
              }),
          ),
        );
        look(
          JSON.stringify([values, keys], (_k, v) =>
            v instanceof Uint8Array || v instanceof ArrayBuffer
              ? decoder.decode(v)
              : ArrayBuffer.isView(v)
                ? decoder.decode(v.buffer)
                : v,
          ),
        );
      }
      db.close();
    }
    return [...found];
  }, secrets);
}

describe("the encrypted device store", () => {
  it("after a clinician's sync holds no message, summary, patient or homework text in the clear, and shows them after unlocking offline", async () => {
    const api = await apiSession(DEMO_CLINICIAN);
    const stamp = Date.now();
    const username = `crypt_${stamp}`;
    const patient = { first_name: "Philomena", last_name: "Wraxhollow", age: 15, gender: "female", username };
    expect((await api("POST", "/api/patients", patient)).status).toBe(201);
    const fear = `Riding the funicular ${stamp}`;
    const homework = {
      patientName: username,
      fear,
      exposurePractice: `Stand on the platform ${stamp}`,
      frequency: "once a week",
      roundNumber: 1,
      roundDuration: "10 minutes",
    };
    expect((await api("POST", "/api/homework", homework)).status).toBe(201);
    // A message and a summary text of the demo clinic, as the server hands them to this clinician.
    const rows: Rows = {};
    for (let cursor = "", more = true; more; ) {
      const { body } = await api("GET", `/api/sync/pull?cursor=${encodeURIComponent(cursor)}&limit=5000`);
      for (const [table, list] of Object.entries(body.changes as Rows))
        rows[table] = [...(rows[table] ?? []), ...(list ?? [])];
      ({ cursor, hasMore: more } = body);
    }
    const messageText = longest(rows.conversation_messages ?? [], "data");
    const summaryFields = Object.keys(rows.conversation_summaries?.[0] ?? {});
    const summaryText = summaryFields
      .map((field) => longest(rows.conversation_summaries ?? [], field))
      .filter((text) => text && text.length > 20 && !/^[\d-]+T/.test(text))
      .sort((a, b) => b.length - a.length)[0];
    expect(messageText?.length).toBeGreaterThan(20);
    expect(summaryText?.length).toBeGreaterThan(20);

    await signIn(page, DEMO_CLINICIAN);
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
    await page.goto("/patients");
    await page.getByRole("cell", { name: username, exact: true }).waitFor({ timeout: 60_000 });
    await page.getByRole("status").filter({ hasText: "Synced" }).first().waitFor({ timeout: 90_000 });

    const secrets = [messageText, summaryText, "Philomena", "Wraxhollow", username, fear, homework.exposurePractice];
    expect(await secretsInIndexedDB(page, secrets)).toEqual([]);

    // Offline, a new page load is locked; the PIN (entered by signIn's helper) shows the rows again.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    await page.reload();
    await page.getByRole("cell", { name: username, exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Edit Philomena Wraxhollow" }).waitFor();
  }, 180_000);
});
