import { nameHash } from "./encrypted-store.ts";
import type { LocalStore } from "./store.ts";

/**
 * The session-prep digest's "discussed" mark: when this user last marked a patient's digest as
 * discussed. It lives in the user's own device store (its meta table), so it stays on this device,
 * is never synced, and goes with the user's other rows when their store is deleted.
 */
// The patient's keyed hash, not their name: meta keys are stored in the clear.
const keyOf = (store: LocalStore, patientName: string) => `discussed:${nameHash(store.userId, patientName)}` as const;

/** When the digest of `patientName` was last marked discussed on this device (ISO), or null. */
export async function discussedAt(store: LocalStore, patientName: string): Promise<string | null> {
  return (await store.meta.get(keyOf(store, patientName)))?.value ?? null;
}

export async function markDiscussed(store: LocalStore, patientName: string, at: Date): Promise<void> {
  await store.meta.put({ key: keyOf(store, patientName), value: at.toISOString() });
}
