import { importWhenOnline } from "@/lib/when-online.ts";
import type { SyncEngine } from "@/local/index.ts";
import { importLocal } from "./import-local.ts";

/**
 * Opens `userId`'s device store and sync engine and starts syncing, unless `signal` was aborted
 * meanwhile (the user changed or signed out). Tests pass their own, with an engine they drive.
 */
export type ConnectDevice = (
  userId: string,
  options: { onAuthLost: () => void; signal: AbortSignal },
) => Promise<SyncEngine>;

/** The browser's: the engine in its worker, started, the store kept if the browser agrees. */
const connectWorker: ConnectDevice = async (userId, { onAuthLost, signal }) => {
  const local = await importWhenOnline(importLocal);
  const engine = local.openSyncClient(userId, onAuthLost);
  if (!signal.aborted) {
    void engine.start();
    void engine.requestPersistence();
    void forgetIdleOtherUsers(userId);
  }
  return engine;
};

/**
 * Another user's store on this tablet (their session expired without a sign-out) is deleted when
 * nothing in it waits to be sent; with unsent changes or record views it stays until that user signs in again.
 */
async function forgetIdleOtherUsers(userId: string) {
  const local = await importWhenOnline(importLocal);
  for (const other of await local.otherUsersOnDevice(userId)) {
    const store = local.openStore(other);
    try {
      const waiting = (await store.outbox.count()) + (await store.views.count());
      store.close();
      if (waiting === 0) await local.deleteStore(other);
    } catch {
      store.close();
    }
  }
}

interface Early {
  userId: string;
  engine: Promise<SyncEngine>;
  stopped: AbortController;
  /** The sync provider's, once it adopted the device. */
  hooks: { onAuthLost: () => void };
}

/** A device opened before the sync provider connected, and the user the provider is connected for. */
let early: Early | null = null;
let connected: string | null = null;

/**
 * Opens the device of `userId` the moment they signed in (see open-on-sign-in.ts), before the
 * signed-in frame has loaded and rendered, and on a device without their PIN begins the PIN
 * set-up's key, under which the first sync runs while the PIN is chosen. The sync provider adopts
 * it (`adoptDevice`). Another user, or nobody, stops a device not adopted yet; a user the provider
 * is connected for already (an app reopened on a remembered user) gets no second one.
 */
export function openDeviceEarly(userId: string | null, connect: ConnectDevice = connectForSignIn) {
  if (early && early.userId !== userId) {
    early.stopped.abort();
    void early.engine.then((engine) => engine.stop()).catch(() => {});
    early = null;
  }
  if (!userId || early || connected === userId) return;
  const hooks = { onAuthLost: () => {} };
  const stopped = new AbortController();
  const engine = connect(userId, { onAuthLost: () => hooks.onAuthLost(), signal: stopped.signal });
  engine.catch(() => {});
  early = { userId, engine, stopped, hooks };
}

/** The browser's device for a sign-in; on a device without the user's PIN, the PIN set-up's key begun. */
const connectForSignIn: ConnectDevice = async (userId, options) => {
  const engine = await connectWorker(userId, options);
  if (!options.signal.aborted) void beginPinSetUp(engine).catch(() => {});
  return engine;
};

/** The set-up's key, on a device without the user's PIN: what the PIN set-up screen will ask for. */
async function beginPinSetUp(engine: SyncEngine) {
  const [{ readDeviceKey }, { setUpKey }] = await Promise.all([
    import("@/local/device-key.ts"),
    import("@/local/set-up-key.ts"),
  ]);
  if (!(await readDeviceKey(engine.store))) await setUpKey(engine.store);
}

/**
 * What the sync provider connects with: the device opened early for `userId`, or else a new one.
 * The provider calls `releaseDevice` as it lets the device go (sign-out, another user).
 */
export const adoptDevice: ConnectDevice = (userId, options) => {
  connected = userId;
  if (early?.userId !== userId || options.signal.aborted) return connectWorker(userId, options);
  const adopted = early;
  early = null;
  adopted.hooks.onAuthLost = options.onAuthLost;
  return adopted.engine;
};

export function releaseDevice(userId: string) {
  if (connected === userId) connected = null;
}
