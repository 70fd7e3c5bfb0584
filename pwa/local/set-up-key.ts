import { type DataKey, holdDataKey, onDeviceKey, readDeviceKey, setUpDevicePin } from "./device-key.ts";
import { dropSealedRows } from "./encrypted-store.ts";
import type { LocalStore } from "./store.ts";

/**
 * The data key of a PIN set-up under way. It is made when the set-up shows, so the first sync fills
 * the store while the clinician chooses a PIN (as it did before the store was encrypted), and the
 * PIN then wraps this very key. Until then it is in memory only: a set-up left before its end (a
 * reload, a sign-out) loses it, and the rows sealed under it are dropped when the next set-up starts.
 *
 * All the user's tabs at the set-up seal under one key: one tab makes it and holds a Web Lock while
 * it has it, and tells it to the others over a BroadcastChannel when they ask, so whichever tab's PIN
 * is set, it wraps the key every row was sealed under.
 */
const channelName = (userId: string) => `stepwise-pin-set-up:${userId}`;
/** A shared Web Lock each tab holding the set-up's key keeps while it has it. */
const holdersName = (userId: string) => `stepwise-pin-set-up-holders:${userId}`;

type Asked = { ask: true } | { key: DataKey };

let current: { userId: string; key: Promise<DataKey | null>; end: () => void } | null = null;

/**
 * The set-up's data key, held by this page and its workers (so the sync runs), or null when a PIN
 * was set meanwhile (in another tab): then the device is to be unlocked instead.
 */
export function setUpKey(store: LocalStore): Promise<DataKey | null> {
  if (current?.userId === store.userId) return current.key;
  const ends: (() => void)[] = [];
  const key = shareKey(store, ends).then(
    (dataKey) => {
      if (dataKey) {
        // Every tab with the key tells it, so a tab opened after the one that made it closed gets it too.
        ends.push(tellWhenAsked(channelName(store.userId), dataKey), holdWhileKept(holdersName(store.userId)));
        holdDataKey(store.userId, dataKey, { settingUp: true });
      }
      return dataKey;
    },
    (error: unknown) => {
      // Tried again at the next call (the set-up's submit says it failed).
      endSetUp(store.userId);
      throw error;
    },
  );
  current = {
    userId: store.userId,
    key,
    end: () => {
      for (const end of ends) end();
    },
  };
  return key;
}

/** The set-up is over (the PIN wraps the key) or left (lock, sign-out): other tabs get no key from here. */
export function endSetUp(userId: string) {
  if (current?.userId !== userId) return;
  current.end();
  current = null;
}

// A key forgotten (sign-out, a wipe) ends the set-up it came from.
onDeviceKey((userId, dataKey) => {
  if (!dataKey) endSetUp(userId);
});

async function shareKey(store: LocalStore, ends: (() => void)[]): Promise<DataKey | null> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  const name = channelName(store.userId);
  for (let pass = 0; ; pass++) {
    if (await readDeviceKey(store)) return null;
    // A tab alone (no tab holds a set-up key) makes its key at once instead of waiting a second for
    // answers: the first sync starts that much sooner. After a lock held elsewhere, it asks anyway.
    const alone = locks && pass === 0 && !(await locks.query()).held?.some((l) => l.name === holdersName(store.userId));
    const told = alone ? null : await askOtherTabs(name, locks ? 1000 : 50);
    if (told) return told;
    if (!locks) return makeKey(store);
    // Only the tab holding the lock makes a key; a tab that cannot take it asks the holder again.
    const made = await new Promise<DataKey | null | "held elsewhere">((resolve, reject) => {
      locks
        .request(name, { ifAvailable: true }, async (lock) => {
          if (!lock) return resolve("held elsewhere");
          if (await readDeviceKey(store)) return resolve(null);
          resolve(await makeKey(store));
          await new Promise<void>((release) => ends.push(release));
        })
        .catch(reject);
    });
    if (made !== "held elsewhere") return made;
  }
}

/** A new key, no tab having one: rows sealed under a key that is gone go first. */
async function makeKey(store: LocalStore): Promise<DataKey> {
  await dropSealedRows(store);
  return crypto.getRandomValues(new Uint8Array(32));
}

/** Holds the shared lock `name` (where Web Locks exist) until the returned function is called. */
function holdWhileKept(name: string): () => void {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  if (typeof navigator !== "undefined")
    void navigator.locks?.request(name, { mode: "shared" }, () => released).catch(() => {});
  return release;
}

/** Answers the tabs that ask for the set-up's key; the returned function stops it. */
function tellWhenAsked(name: string, dataKey: DataKey): () => void {
  const channel = new BroadcastChannel(name);
  (channel as BroadcastChannel & { unref?: () => void }).unref?.();
  channel.onmessage = (event: MessageEvent<Asked>) => {
    if ("ask" in event.data) channel.postMessage({ key: dataKey } satisfies Asked);
  };
  return () => channel.close();
}

function askOtherTabs(name: string, waitMs: number): Promise<DataKey | null> {
  const channel = new BroadcastChannel(name);
  (channel as BroadcastChannel & { unref?: () => void }).unref?.();
  return new Promise<DataKey | null>((resolve) => {
    const done = (key: DataKey | null) => {
      clearTimeout(timer);
      channel.close();
      resolve(key);
    };
    const timer = setTimeout(() => done(null), waitMs);
    channel.onmessage = (event: MessageEvent<Asked>) => {
      if ("key" in event.data) done(event.data.key);
    };
    channel.postMessage({ ask: true } satisfies Asked);
  });
}

/** The PIN wraps the set-up's key, and the device is unlocked; false when a PIN was set in another tab meanwhile. */
export async function setUpPin(store: LocalStore, pin: string): Promise<boolean> {
  const dataKey = await setUpKey(store);
  if (!dataKey) return false;
  await setUpDevicePin(store, pin, dataKey);
  endSetUp(store.userId);
  return true;
}
