import type { CurrentUser } from "@schema/rows.ts";
import { ApiError, api, BadAnswerError } from "@/lib/api.ts";
import { forgetDeviceWiped } from "./device-wiped.ts";
import { forgetUser, lastKnownUser, rememberUser } from "./last-user.ts";

/**
 * Who is signed in, without a query cache: the landing page and sign-in load only this.
 * Spec section 2: the lookup counts as fresh for 5 minutes, is read again when the window
 * regains focus (once stale) and is not retried; a 401 means signed out.
 */
export interface Session {
  /** undefined while the first lookup runs, null when signed out. */
  user: CurrentUser | null | undefined;
}

const FRESH_MS = 5 * 60_000;

let session: Session = { user: undefined };
let checkedAt = 0;
let lookup: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(user: CurrentUser | null) {
  checkedAt = Date.now();
  // The same answer again keeps the same object, so nothing re-renders for a routine re-check.
  if (JSON.stringify(user) !== JSON.stringify(session.user ?? undefined)) {
    session = { user };
    for (const listener of listeners) listener();
  }
}

export const getSession = (): Session => session;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Reads the user from the server. Without a connection the last signed-in user on this device is
 * kept, so the installed app opens offline on the data it already holds.
 */
export function loadUser({ force = false } = {}): Promise<void> {
  if (lookup) return lookup;
  if (!force && session.user !== undefined && Date.now() - checkedAt < FRESH_MS) return Promise.resolve();
  lookup = (async () => {
    try {
      // The parser loads beside the answer, not with the first load.
      const parser = import("./parse-user.ts");
      parser.catch(() => {});
      const body = await api<unknown>("/api/user");
      signedIn((await parser).parseUser(body));
    } catch (err) {
      if (err instanceof ApiError && err.code === "unauthorized") return signedOut();
      // Only without an answer (offline) does the last user on this device stand in.
      const answered = err instanceof ApiError || err instanceof BadAnswerError;
      const known = answered ? null : lastKnownUser();
      // A failed re-check keeps who was signed in; a failed first lookup counts as signed out.
      set(known ?? session.user ?? null);
    } finally {
      lookup = null;
    }
  })();
  return lookup;
}

/** After sign-in, registration or a profile change: the server's answer is the current user. */
export function signedIn(user: CurrentUser) {
  rememberUser(user);
  // The sign-in page's "device wiped" notice is said once: not again at a later sign-out.
  forgetDeviceWiped();
  set(user);
}

export function signedOut() {
  forgetUser();
  set(null);
}

if (typeof document !== "undefined") {
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void loadUser();
  });
}
