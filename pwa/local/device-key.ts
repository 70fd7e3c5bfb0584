import { DEVICE_PIN_MAX_ATTEMPTS } from "@schema/device-lock.ts";
import { forgetStoreKeys, sealClearRows, setStoreKey } from "./encrypted-store.ts";
import type { LocalStore } from "./store.ts";

/**
 * The device key of a shared tablet (issue 15). At PIN set-up a random AES-GCM data key is made
 * (the key the device store's contents will be encrypted under) and kept on the device only
 * wrapped: AES-GCM under a key derived from the PIN (PBKDF2-SHA-256, OWASP's 600,000 iterations,
 * a random salt). A wrong PIN derives another key and the wrap's tag check fails. The data key
 * itself lives only in memory while the device is unlocked: as raw bytes, because the store seals
 * rows synchronously inside IndexedDB transactions (encrypted-store.ts), where Web Crypto cannot run;
 * the page hands them to its workers (sync, search) and every holder forgets them at lock.
 */
export const PIN_KDF_ITERATIONS = 600_000;

/** What the device keeps, in the user's store (meta key `deviceKey`); bytes as base64. */
export interface DeviceKeyRecord {
  salt: string;
  iterations: number;
  /** The data key, encrypted (AES-GCM) under the PIN's key. */
  wrappedKey: string;
  iv: string;
  /** Wrong PINs since the last right one; the last allowed one wipes the device's copy. */
  failedAttempts: number;
}

/** The data key's raw bytes (AES-256). */
export type DataKey = Uint8Array;

export type UnlockResult = { unlocked: true; dataKey: DataKey } | { unlocked: false; attemptsLeft: number };

const META_KEY = "deviceKey";
const DATA_KEY = { name: "AES-GCM", length: 256 } as const;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function keyFromPin(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(pin), "PBKDF2", false, ["deriveKey"]);
  return crypto.subtle.deriveKey({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, material, DATA_KEY, false, [
    "encrypt",
    "decrypt",
  ]);
}

/**
 * A new data key and its record wrapped under `pin`. Wrapping raw bytes by AES-GCM encryption gives
 * the same bytes as Web Crypto's wrapKey("raw"), so records made before stay readable.
 */
export async function createDeviceKey(
  pin: string,
  dataKey: DataKey = crypto.getRandomValues(new Uint8Array(DATA_KEY.length / 8)),
): Promise<{ record: DeviceKeyRecord; dataKey: DataKey }> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const pinKey = await keyFromPin(pin, salt, PIN_KDF_ITERATIONS);
  const wrapped = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, pinKey, new Uint8Array(dataKey)));
  const record: DeviceKeyRecord = {
    salt: toBase64(salt),
    iterations: PIN_KDF_ITERATIONS,
    wrappedKey: toBase64(wrapped),
    iv: toBase64(iv),
    failedAttempts: 0,
  };
  return { record, dataKey };
}

async function unwrapWith(pinKey: CryptoKey, record: DeviceKeyRecord): Promise<DataKey> {
  const iv = fromBase64(record.iv);
  return new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv }, pinKey, fromBase64(record.wrappedKey)));
}

/** The data key when `pin` is the one it was wrapped under, else null. */
export async function unwrapDeviceKey(record: DeviceKeyRecord, pin: string): Promise<DataKey | null> {
  const pinKey = await keyFromPin(pin, fromBase64(record.salt), record.iterations);
  return unwrapWith(pinKey, record).catch(() => null);
}

export async function readDeviceKey(store: LocalStore): Promise<DeviceKeyRecord | null> {
  const entry = await store.meta.get(META_KEY);
  return entry ? (JSON.parse(entry.value) as DeviceKeyRecord) : null;
}

const writeDeviceKey = (store: LocalStore, record: DeviceKeyRecord) =>
  store.meta.put({ key: META_KEY, value: JSON.stringify(record) });

/**
 * PIN set-up: `dataKey` (the set-up's, which the first sync already seals under, set-up-key.ts)
 * wrapped under `pin` in the user's store, and held (the device is unlocked).
 */
export async function setUpDevicePin(store: LocalStore, pin: string, dataKey?: DataKey): Promise<DataKey> {
  const made = await createDeviceKey(pin, dataKey);
  await writeDeviceKey(store, made.record);
  await hold(store, made.dataKey);
  return made.dataKey;
}

/**
 * Unlocking: a right PIN holds the data key and clears the count of wrong ones; a wrong one counts.
 * The last allowed wrong PIN deletes the wrapped key at once (attemptsLeft 0): the caller wipes the rest.
 */
export async function unlockDevice(store: LocalStore, pin: string): Promise<UnlockResult> {
  const record = await readDeviceKey(store);
  if (!record) return { unlocked: false, attemptsLeft: 0 };
  const dataKey = await unwrapDeviceKey(record, pin);
  if (dataKey) {
    if (record.failedAttempts > 0) await writeDeviceKey(store, { ...record, failedAttempts: 0 });
    await hold(store, dataKey);
    return { unlocked: true, dataKey };
  }
  // Counted again from the store, so two tabs guessing at once cannot get more than the allowed tries.
  const failedAttempts = await store.transaction("rw", store.meta, async () => {
    const current = (await readDeviceKey(store)) ?? record;
    const failed = current.failedAttempts + 1;
    if (failed >= DEVICE_PIN_MAX_ATTEMPTS) await store.meta.delete(META_KEY);
    else await writeDeviceKey(store, { ...current, failedAttempts: failed });
    return failed;
  });
  return { unlocked: false, attemptsLeft: Math.max(0, DEVICE_PIN_MAX_ATTEMPTS - failedAttempts) };
}

let held: { userId: string; dataKey: DataKey; settingUp: boolean; since: number } | null = null;
const listeners = new Set<(userId: string, dataKey: DataKey | null) => void>();

/** The page's store gets the key (and seals what an older version kept clear), then its workers. */
async function hold(store: LocalStore, dataKey: DataKey) {
  setStoreKey(store.userId, dataKey);
  await sealClearRows(store);
  holdDataKey(store.userId, dataKey);
}

/**
 * Holds `userId`'s data key in this page and hands it to its workers (tests' devices start unlocked
 * so); a PIN set-up's key (`settingUp`) lets the sync run but leaves the device locked until the PIN is set.
 */
export function holdDataKey(userId: string, dataKey: DataKey, { settingUp = false } = {}) {
  setStoreKey(userId, dataKey);
  held = { userId, dataKey, settingUp, since: Date.now() };
  for (const listener of listeners) listener(userId, dataKey);
}

/** The data key while `userId`'s device is unlocked (or its PIN set up) in this page, else null (locked, or a new page). */
export const heldDeviceKey = (userId: string): DataKey | null => (held?.userId === userId ? held.dataKey : null);

/** Whether `userId`'s device is unlocked in this page: its key held, and not a PIN set-up's still under way. */
export const isDeviceUnlocked = (userId: string): boolean => held?.userId === userId && !held.settingUp;

/** When `userId`'s device was unlocked in this page (its key held, the PIN entered or set); null while locked. */
export const unlockedSince = (userId: string): number | null => (isDeviceUnlocked(userId) && held ? held.since : null);

/** Locking (or signing out): the data key leaves memory, the page's and its workers'; only the PIN brings it back. */
export function forgetDeviceKey() {
  const userId = held?.userId;
  held = null;
  forgetStoreKeys();
  if (userId) for (const listener of listeners) listener(userId, null);
}

/** Hears each key held (unlock, set-up) and forgotten (null); the sync client hands it to its worker. */
export function onDeviceKey(listener: (userId: string, dataKey: DataKey | null) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
