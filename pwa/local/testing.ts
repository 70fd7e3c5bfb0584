import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import type { Client, TestContext } from "../../sync-server/test/harness.ts";
import { createSyncEngine } from "./engine.ts";
import type { SyncFetch } from "./http.ts";
import { openStore } from "./store.ts";

/**
 * A tablet for tests: its own IndexedDB (fake-indexeddb), a network that can be cut or can lose
 * the next answer, and a sync engine whose fetch goes to the real server app as `client`.
 */
export function createDevice(t: TestContext, client: Client, indexedDB = new IDBFactory()) {
  const network = { offline: false, loseNextAnswer: false, requests: [] as { method: string; path: string }[] };
  const fetch: SyncFetch = async (input, init) => {
    if (network.offline) throw new TypeError("Failed to fetch");
    network.requests.push({ method: init.method ?? "GET", path: input });
    const headers = { ...init.headers, ...(client.cookie ? { cookie: client.cookie } : {}) };
    const res = await t.app.request(`http://localhost${input}`, { ...init, headers });
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
