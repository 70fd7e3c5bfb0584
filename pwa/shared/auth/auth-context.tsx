import { messages } from "@schema/messages.ts";
import type { CurrentUser, LoginAnswer } from "@schema/rows.ts";
import { createContext, type ReactNode, startTransition, useContext, useEffect, useMemo, useState } from "react";
import { api, errorMessage } from "@/lib/api.ts";
import { lastKnownUser } from "./last-user.ts";
import { getSession, loadUser, signedIn, signedOut, subscribeSession } from "./session-api.ts";

interface LoginInput {
  username: string;
  password: string;
}
interface RegisterInput {
  token: string;
  username: string;
  password: string;
  first_name: string;
  last_name: string;
}

interface AuthValue {
  /** undefined while the first lookup runs on a device nobody signed in on, null when signed out. */
  user: CurrentUser | null | undefined;
  isLoading: boolean;
  isAdmin: boolean;
  /** Signs in; the answer also says how many failed sign-ins the account had since the last one. */
  login: (input: LoginInput) => Promise<LoginAnswer>;
  register: (input: RegisterInput) => Promise<CurrentUser>;
  /**
   * Ends the session; `wipeDevice` runs after the server signed out and before the signed-in layout
   * (and its engine) goes; `leave` (the navigation away) in the same moment as the sign-out.
   */
  logout: (wipeDevice?: () => Promise<unknown>, leave?: () => void) => Promise<void>;
  /** Re-reads the user (after a password change, or when the session ended elsewhere). */
  refresh: () => Promise<unknown>;
}

const AuthContext = createContext<AuthValue | null>(null);

/** Runs `call`; a failure toasts under `title` and is thrown again for the form to react. */
async function toastOnFailure<T>(title: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    // The toast helper loads on demand: it is not part of the first load.
    void import("@/lib/notify.tsx").then(({ notify }) => notify.error(title, errorMessage(err, title)));
    throw err;
  }
}

/** The answers' parsers load beside the request, not with the first load. */
function parsers() {
  const loading = import("./parse-user.ts");
  loading.catch(() => {});
  return loading;
}

const actions = {
  login: (input: LoginInput) =>
    toastOnFailure(messages.auth.loginFailedTitle, async () => {
      const parser = parsers();
      const answer = (await parser).parseLogin(await api<unknown>("/api/login", { method: "POST", body: input }));
      const { failed_attempts_since_last_login: _, ...user } = answer;
      signedIn(user);
      return answer;
    }),
  register: (input: RegisterInput) =>
    toastOnFailure(messages.auth.registrationFailedTitle, async () => {
      const parser = parsers();
      const body = await api<unknown>("/api/register", { method: "POST", body: input });
      const user = (await parser).parseUser(body, "/api/register");
      signedIn(user);
      return user;
    }),
  // Nothing of the previous user stays in memory: the signed-in layout (query cache, device store) unmounts.
  logout: (wipeDevice?: () => Promise<unknown>, leave?: () => void) =>
    toastOnFailure(messages.auth.logoutFailedTitle, async () => {
      await api("/api/logout", { method: "POST" });
      await wipeDevice?.().catch(() => {});
      // One transition for both: React renders transitions started in different microtasks apart, and
      // a sign-out rendered before the navigation had the page's guard send it to /auth instead.
      startTransition(() => {
        leave?.();
        signedOut();
      });
    }),
  refresh: () => loadUser({ force: true }),
};

/**
 * The session as React state, each change rendered as a transition. Read through
 * useSyncExternalStore, a sign-in rendered the signed-in app in one task inside the answer's
 * continuation (React renders a store's change synchronously): 90–140 ms of a slowed tablet's main
 * thread as its first sync began. A transition renders in slices, and keeps the sign-in page on
 * screen until the signed-in layout's code has loaded. A sign-out too, in the same transition as
 * Logout's navigation away (see logout).
 */
function useSession() {
  const [current, setCurrent] = useState(getSession);
  useEffect(() => {
    const update = () => startTransition(() => setCurrent(getSession()));
    const stop = subscribeSession(update);
    // A change between the first render and this subscription.
    update();
    return stop;
  }, []);
  return current;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { user: checked } = useSession();
  // While the first lookup runs, the user this device remembers stands in (as it does offline): a
  // signed-in tablet opens on its lock screen and its data at once, not after a round trip on a
  // poor connection (or the lookup's time-out on a stalled one). A 401 then signs them out.
  const [remembered] = useState(lastKnownUser);
  const user = checked === undefined ? (remembered ?? undefined) : checked;
  useEffect(() => {
    void loadUser();
  }, []);
  const value = useMemo<AuthValue>(
    () => ({ user, isLoading: user === undefined, isAdmin: user?.role === "admin", ...actions }),
    [user],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(messages.auth.outsideProvider);
  return value;
}

/** Whom the top bar is drawn for: the signed-in user (or the one this device remembers, see AuthProvider). */
export function useBarUser(): CurrentUser | null {
  return useAuth().user ?? null;
}
