/**
 * What the tabs of one user share about the device lock, in localStorage: the last use in any tab
 * (the idle time counts from it, so typing in one tab keeps the others open) and the last lock (a
 * lock in one tab locks them all). Read again at every check, so a background tab the tablet froze is
 * right when it wakes; the storage event tells the live tabs at once. Unlocking stays per tab: each
 * tab holds the data key in its own memory, and only the PIN entered there brings it back.
 * A sign-out in one tab takes the others to sign-in, and removes these keys: nothing of a signed-out user stays.
 */
const keys = (userId: string) => ({
  use: `stepwise.lastUse.${userId}`,
  lock: `stepwise.lockedAt.${userId}`,
  signOut: `stepwise.signedOut.${userId}`,
});

function read(key: string): number {
  try {
    return Number(localStorage.getItem(key)) || 0;
  } catch {
    return 0;
  }
}

function write(key: string, time: number) {
  try {
    localStorage.setItem(key, String(time));
  } catch {}
}

export const lastUseInAnyTab = (userId: string) => read(keys(userId).use);
export const lastLockInAnyTab = (userId: string) => read(keys(userId).lock);
export const noteUse = (userId: string, time: number) => write(keys(userId).use, time);
export const noteLock = (userId: string, time: number) => write(keys(userId).lock, time);

/** Calls `heard` with the time at which another tab of `userId` locked, or signed out from its lock screen. */
export function onOtherTab(userId: string, what: "lock" | "signOut", heard: (time: number) => void): () => void {
  const key = keys(userId)[what];
  const listener = (event: StorageEvent) => {
    if (event.key === key && event.newValue) heard(Number(event.newValue));
  };
  window.addEventListener("storage", listener);
  return () => window.removeEventListener("storage", listener);
}

/** Tells the other tabs that `userId` signed out (only the event counts) and removes all this file keeps for them. */
export function noteSignOut(userId: string) {
  const { use, lock, signOut } = keys(userId);
  write(signOut, Date.now());
  try {
    for (const key of [signOut, use, lock]) localStorage.removeItem(key);
  } catch {}
}
