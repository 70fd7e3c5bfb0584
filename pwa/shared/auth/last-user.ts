import type { CurrentUser } from "@schema/rows.ts";

const KEY = "stepwise.user";

/** Who last signed in on this device: only what the shell needs to open offline, never a secret. */
export function rememberUser(user: CurrentUser) {
  try {
    localStorage.setItem(KEY, JSON.stringify(user));
  } catch {}
}

export function forgetUser() {
  try {
    localStorage.removeItem(KEY);
  } catch {}
}

export function lastKnownUser(): CurrentUser | null {
  try {
    const raw = localStorage.getItem(KEY);
    // Written by this app; checked lightly so the first load needs no schema library.
    const user = raw ? (JSON.parse(raw) as CurrentUser) : null;
    return user && typeof user.id === "string" && typeof user.role === "string" ? user : null;
  } catch {
    return null;
  }
}
