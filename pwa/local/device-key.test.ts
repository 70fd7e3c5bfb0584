import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import {
  createDeviceKey,
  forgetDeviceKey,
  heldDeviceKey,
  PIN_KDF_ITERATIONS,
  readDeviceKey,
  setUpDevicePin,
  unlockDevice,
  unwrapDeviceKey,
} from "./device-key.ts";
import { openStore } from "./store.ts";

const tablet = (userId = "clinician-1") => openStore(userId, { indexedDB: new IDBFactory(), IDBKeyRange });
const bytes = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The raw data key, recovered the standard way (PBKDF2-SHA-256 then AES-GCM) from what the device stored. */
async function rawKeyFrom(stored: { salt: string; iterations: number; wrappedKey: string; iv: string }, pin: string) {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(pin), "PBKDF2", false, ["deriveKey"]);
  const pinKey = await crypto.subtle.deriveKey(
    { name: "PBKDF2", hash: "SHA-256", salt: bytes(stored.salt), iterations: stored.iterations },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["decrypt"],
  );
  const raw = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes(stored.iv) }, pinKey, bytes(stored.wrappedKey));
  return new Uint8Array(raw);
}

describe("the device key", () => {
  it("is wrapped under the PIN with PBKDF2-SHA-256 (600,000 iterations, 16-byte salt) and unwraps with the same PIN", async () => {
    const { record, dataKey } = await createDeviceKey("246810");
    expect(record.iterations).toBeGreaterThanOrEqual(600_000);
    expect(record.iterations).toBe(PIN_KDF_ITERATIONS);
    expect(bytes(record.salt)).toHaveLength(16);
    expect(record.failedAttempts).toBe(0);

    const unwrapped = await unwrapDeviceKey(record, "246810");
    expect(unwrapped).not.toBeNull();
    // The same raw AES-256 key comes back (held in memory only while unlocked).
    expect(unwrapped).toHaveLength(32);
    expect(unwrapped).toEqual(dataKey);
    expect(await rawKeyFrom(record, "246810")).toEqual(dataKey);
  });

  it("a wrong PIN does not unwrap it", async () => {
    const { record } = await createDeviceKey("246810");
    expect(await unwrapDeviceKey(record, "246811")).toBeNull();
  });

  it("the stored record holds the key only wrapped: never the raw key, in any encoding", async () => {
    const store = tablet();
    await setUpDevicePin(store, "13572468");
    const entry = await store.meta.get("deviceKey");
    const stored = JSON.parse(entry?.value ?? "{}");
    expect(Object.keys(stored).sort()).toEqual(["failedAttempts", "iterations", "iv", "salt", "wrappedKey"]);

    const raw = await rawKeyFrom(stored, "13572468");
    expect(raw).toHaveLength(32);
    const hex = Buffer.from(raw).toString("hex");
    const base64 = Buffer.from(raw).toString("base64");
    const base64url = Buffer.from(raw).toString("base64url");
    const everything = JSON.stringify(await store.meta.toArray());
    for (const form of [hex, base64, base64url, base64.replace(/=+$/, "")]) expect(everything).not.toContain(form);
    expect(everything).not.toContain("13572468");
    store.close();
  });

  it("unlocking holds the key in memory for that user; locking forgets it; a wrong PIN counts down", async () => {
    const store = tablet("clinician-2");
    await setUpDevicePin(store, "112233");
    expect(heldDeviceKey("clinician-2")).not.toBeNull();
    expect(heldDeviceKey("someone-else")).toBeNull();
    forgetDeviceKey();
    expect(heldDeviceKey("clinician-2")).toBeNull();

    expect(await unlockDevice(store, "000000")).toEqual({ unlocked: false, attemptsLeft: 4 });
    expect((await readDeviceKey(store))?.failedAttempts).toBe(1);
    const right = await unlockDevice(store, "112233");
    expect(right.unlocked).toBe(true);
    expect(heldDeviceKey("clinician-2")).not.toBeNull();
    // A right PIN starts the count again.
    expect((await readDeviceKey(store))?.failedAttempts).toBe(0);
    forgetDeviceKey();
    store.close();
  });

  it("the fifth wrong PIN in a row deletes the wrapped key, so the right PIN no longer unlocks", async () => {
    const store = tablet("clinician-3");
    const record = (await createDeviceKey("987654")).record;
    // Four wrong PINs already counted (each try costs a full key derivation, so the test starts there).
    await store.meta.put({ key: "deviceKey", value: JSON.stringify({ ...record, failedAttempts: 4 }) });
    expect(await unlockDevice(store, "123456")).toEqual({ unlocked: false, attemptsLeft: 0 });
    expect(await readDeviceKey(store)).toBeNull();
    expect(await unlockDevice(store, "987654")).toEqual({ unlocked: false, attemptsLeft: 0 });
    expect(heldDeviceKey("clinician-3")).toBeNull();
    store.close();
  });
});
