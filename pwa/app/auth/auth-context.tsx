import { messages } from "@schema/messages.ts";
import { CurrentUser } from "@schema/rows.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import * as v from "valibot";
import { ApiError, api, errorMessage } from "@/lib/api.ts";
import { notify } from "@/lib/notify.tsx";
import { forgetUser, lastKnownUser, rememberUser } from "./last-user.ts";

export const USER_QUERY_KEY = ["/api/user"] as const;

export interface LoginInput {
  username: string;
  password: string;
}
export interface RegisterInput {
  token: string;
  username: string;
  password: string;
  first_name: string;
  last_name: string;
}

interface AuthValue {
  /** undefined while the first lookup runs, null when signed out. */
  user: CurrentUser | null | undefined;
  isLoading: boolean;
  isAdmin: boolean;
  login: (input: LoginInput) => Promise<CurrentUser>;
  register: (input: RegisterInput) => Promise<CurrentUser>;
  logout: () => Promise<void>;
  /** Re-reads the user (after a profile edit or a password change). */
  refresh: () => Promise<unknown>;
}

const AuthContext = createContext<AuthValue | null>(null);

/**
 * The session lookup. A 401 means signed out. Without a connection the last signed-in user on
 * this device is kept, so the installed app opens offline on the data it already holds.
 */
async function fetchUser(): Promise<CurrentUser | null> {
  try {
    const user = v.parse(CurrentUser, await api("/api/user"));
    rememberUser(user);
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      forgetUser();
      return null;
    }
    const known = !(err instanceof ApiError) ? lastKnownUser() : null;
    if (known) return known;
    throw err;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const userQuery = useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: fetchUser,
    staleTime: 300_000,
    refetchOnWindowFocus: true,
    retry: false,
  });

  const signedIn = (user: CurrentUser) => {
    rememberUser(user);
    queryClient.setQueryData(USER_QUERY_KEY, user);
  };

  const loginMutation = useMutation({
    mutationFn: async (input: LoginInput) =>
      v.parse(CurrentUser, await api("/api/login", { method: "POST", body: input })),
    onSuccess: signedIn,
    onError: (err) => notify.error(messages.auth.loginFailedTitle, errorMessage(err, messages.auth.loginFailedTitle)),
  });
  const registerMutation = useMutation({
    mutationFn: async (input: RegisterInput) =>
      v.parse(CurrentUser, await api("/api/register", { method: "POST", body: input })),
    onSuccess: signedIn,
    onError: (err) =>
      notify.error(messages.auth.registrationFailedTitle, errorMessage(err, messages.auth.registrationFailedTitle)),
  });
  const logoutMutation = useMutation({
    mutationFn: () => api("/api/logout", { method: "POST" }),
    onSuccess: () => {
      forgetUser();
      // Nothing of the previous user stays in memory; the device store is wiped by the SyncProvider.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
      queryClient.setQueryData(USER_QUERY_KEY, null);
    },
    onError: (err) => notify.error(messages.auth.logoutFailedTitle, errorMessage(err, messages.auth.logoutFailedTitle)),
  });

  const user = userQuery.data;
  const value = useMemo<AuthValue>(
    () => ({
      user: userQuery.isPending ? undefined : (user ?? null),
      isLoading: userQuery.isPending,
      isAdmin: user?.role === "admin",
      login: loginMutation.mutateAsync,
      register: registerMutation.mutateAsync,
      logout: async () => {
        await logoutMutation.mutateAsync();
      },
      refresh: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
    }),
    [
      user,
      userQuery.isPending,
      loginMutation.mutateAsync,
      registerMutation.mutateAsync,
      logoutMutation.mutateAsync,
      queryClient,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(messages.auth.outsideProvider);
  return value;
}
