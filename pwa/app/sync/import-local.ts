/**
 * The device store's code (`@/local`), its two heavy libraries evaluated first, each in a task of
 * its own. Imported in one go, the chunk ran as one task of 100–160 ms at sign-in on a tablet's
 * main thread (CPU 4× slower), most of it two modules: Dexie's, and noble's AES (which builds its
 * lookup tables of 65,536 entries as it runs). Apart, each part is a shorter task.
 */
export async function importLocal() {
  await Promise.all([import("dexie"), import("@/local/aes-gcm.ts")]);
  return import("@/local/index.ts");
}
