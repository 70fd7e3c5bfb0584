import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import type { Client, TestContext } from "../../sync-server/test/harness.ts";
import { createSyncEngine } from "./engine.ts";
import type { SyncFetch } from "./http.ts";
import { openStore } from "./store.ts";

/** The server app as `client` sees it, as the engine's fetch. */
export const appFetch =
  (t: TestContext, client: Client): SyncFetch =>
  (input, init) =>
    t.app.request(`http://localhost${input}`, {
      ...init,
      headers: { ...init.headers, ...(client.cookie ? { cookie: client.cookie } : {}) },
    });

/**
 * A tablet for tests: its own IndexedDB (fake-indexeddb), a network that can be cut or can lose
 * the next answer, and a sync engine whose fetch goes to the real server app as `client`.
 */
export function createDevice(t: TestContext, client: Client, indexedDB = new IDBFactory()) {
  const network = { offline: false, loseNextAnswer: false, requests: [] as { method: string; path: string }[] };
  const fetch: SyncFetch = async (input, init) => {
    if (network.offline) throw new TypeError("Failed to fetch");
    network.requests.push({ method: init.method ?? "GET", path: input });
    const res = await appFetch(t, client)(input, init);
    if (network.loseNextAnswer) {
      network.loseNextAnswer = false;
      throw new TypeError("The network connection was lost.");
    }
    return res;
  };
  const user = client.user as NonNullable<Client["user"]>;
  const store = openStore(user.id, { indexedDB, IDBKeyRange });
  const engine = createSyncEngine({ store, fetch, debounceMs: 20 });
  return { store, engine, network, indexedDB, client, user };
}

export type Device = ReturnType<typeof createDevice>;

/** The non-GET requests a device sent, e.g. to prove a change went out once. */
export const writesOf = (device: Device) => device.network.requests.filter((r) => r.method !== "GET");

/** A homework assignment as the form sends it. */
export const homework = (patientName: string, fear: string) => ({
  patientName,
  fear,
  exposurePractice: "Order food at a counter",
  frequency: "once a week" as const,
  roundNumber: 1,
  roundDuration: "15 minutes",
  safetyBehavior: null,
});

export const patient = (username: string) => ({
  first_name: "Ada",
  last_name: "Lane",
  username,
  age: 15,
  gender: "female" as const,
});
