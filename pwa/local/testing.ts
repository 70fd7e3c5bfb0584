import { expose, type Remote, wrap } from "comlink";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import type { Client, TestContext } from "../../sync-server/test/harness.ts";
import { holdDataKey } from "./device-key.ts";
import type { SyncFetch } from "./http.ts";
import { openStore } from "./store.ts";
import { createSyncClient, type SyncClientOptions } from "./sync-client.ts";
import { createSyncHost, type SyncHost, type SyncHostDeps } from "./sync-host.ts";

/**
 * The sync worker in-process: the same host the worker runs, behind comlink on a MessageChannel,
 * so every call and answer crosses by structured clone as it does between a page and its worker.
 */
export function connectHost(deps: SyncHostDeps): { host: Remote<SyncHost>; release: () => void } {
  const { port1, port2 } = new MessageChannel();
  expose(createSyncHost(deps), port1);
  const host = wrap<SyncHost>(port2);
  return {
    host,
    release: () => {
      port1.close();
      port2.close();
    },
  };
}

/** The server app as `client` sees it, as the engine's fetch. */
export const appFetch =
  (t: TestContext, client: Client): SyncFetch =>
  (input, init) =>
    t.app.request(`http://localhost${input}`, {
      ...init,
      headers: { ...init.headers, ...(client.cookie ? { cookie: client.cookie } : {}) },
    });

/**
 * A tablet for tests: its own IndexedDB (fake-indexeddb), a network that can be cut, lose the next
 * answer or hand back another answer in place of the server's (`answerInstead`), and a sync engine (in its in-process "worker") whose fetch goes to the real
 * server app as `client`.
 */
export function createDevice(
  t: TestContext,
  client: Client,
  indexedDB = new IDBFactory(),
  options: Pick<SyncClientOptions, "onAuthLost"> = {},
) {
  const network = {
    offline: false,
    loseNextAnswer: false,
    requests: [] as { method: string; path: string }[],
    /** An answer the device gets instead of the server's `real` one (the server handled the request), or undefined. */
    answerInstead: undefined as
      | ((method: string, path: string, real: Response) => Response | undefined | Promise<Response | undefined>)
      | undefined,
  };
  const fetch: SyncFetch = async (input, init) => {
    if (network.offline) throw new TypeError("Failed to fetch");
    const method = init.method ?? "GET";
    network.requests.push({ method, path: input });
    const res = (await appFetch(t, client)(input, init)) as Response;
    const instead = await network.answerInstead?.(method, input, res.clone());
    if (instead) return instead;
    if (network.loseNextAnswer) {
      network.loseNextAnswer = false;
      throw new TypeError("The network connection was lost.");
    }
    return res;
  };
  const user = client.user as NonNullable<Client["user"]>;
  const open = (userId: string) => openStore(userId, { indexedDB, IDBKeyRange });
  const store = open(user.id);
  // Unlocked, as after PIN set-up: the user's data key held here and handed to the engine's worker.
  unlockForTests(user.id);
  // The engine opens its own connection to the same database, as the worker does.
  const engine = createSyncClient({ store, ...connectHost({ fetch, openStore: open }), debounceMs: 20, ...options });
  return { store, engine, network, indexedDB, client, user };
}

export type Device = ReturnType<typeof createDevice>;

/** One data key per user, as their tablets would each make one (any key works for a new store). */
const testKeys = new Map<string, Uint8Array>();

/** `userId`'s device unlocked, as after PIN set-up: their data key held in this page and handed to its workers. */
export function unlockForTests(userId: string) {
  let key = testKeys.get(userId);
  if (!key) {
    key = crypto.getRandomValues(new Uint8Array(32));
    testKeys.set(userId, key);
  }
  holdDataKey(userId, key);
}

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
