import { CurrentUser } from "@schema/rows.ts";
import * as v from "valibot";

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
    return raw ? v.parse(CurrentUser, JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}
