/**
 * Safari and others may evict a site's storage after days unused; a persisted store is kept.
 * Both answer null where the Storage API is missing (older browsers, tests).
 */
export async function requestPersistence(): Promise<boolean | null> {
  const storage = typeof navigator === "undefined" ? undefined : navigator.storage;
  if (!storage?.persist) return null;
  return storage.persist();
}

export async function isPersisted(): Promise<boolean | null> {
  const storage = typeof navigator === "undefined" ? undefined : navigator.storage;
  if (!storage?.persisted) return null;
  return storage.persisted();
}
