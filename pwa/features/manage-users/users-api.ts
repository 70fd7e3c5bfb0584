import type { AddUserBody, EditUserBody } from "@schema/auth.ts";
import { ROLES, TIMINGS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as v from "valibot";
import { api, errorMessage } from "@/lib/api.ts";
import { notify } from "@/lib/notify.tsx";

/** A row of GET /api/admin/users. */
export const AdminUser = v.object({
  id: v.string(),
  username: v.string(),
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
  role: v.picklist(ROLES),
  must_change_password: v.optional(v.boolean(), false),
});
export type AdminUser = v.InferOutput<typeof AdminUser>;

/** The answer of Add User and Reset Password: the account and its one-time password, shown this once. */
export const UserWithPassword = v.object({
  ...AdminUser.entries,
  initial_password: v.string(),
  email_sent: v.boolean(),
});
export type UserWithPassword = v.InferOutput<typeof UserWithPassword>;

const USERS_KEY = ["/api/admin/users"] as const;

export function useAdminUsers() {
  return useQuery({
    queryKey: USERS_KEY,
    queryFn: async () => v.parse(v.array(AdminUser), await api("/api/admin/users")),
    staleTime: TIMINGS.usersPatientsFreshMs,
  });
}

const enc = encodeURIComponent;

/** One mutation per action; each refreshes the list and speaks through one toast. */
function useUserMutation<T, R = unknown>(
  run: (input: T) => Promise<R>,
  failed: string,
  done: (input: T) => [string, string?],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (_data, input) => {
      notify.success(...done(input));
      return queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
    onError: (err) => notify.error(failed, errorMessage(err, failed)),
  });
}

export const useAddUser = () =>
  useUserMutation(
    async (body: Omit<AddUserBody, "password">) =>
      v.parse(UserWithPassword, await api("/api/admin/users", { method: "POST", body })),
    messages.users.createFailed,
    () => ["User created"],
  );

export const useEditUser = () =>
  useUserMutation(
    ({ id, ...body }: EditUserBody & { id: string }) => api(`/api/admin/users/${enc(id)}`, { method: "PATCH", body }),
    messages.users.updateFailed,
    () => ["User updated"],
  );

export const useResetPassword = () =>
  useUserMutation(
    async (user: AdminUser) =>
      v.parse(UserWithPassword, await api(`/api/admin/users/${enc(user.id)}/reset-password`, { method: "POST" })),
    messages.users.resetFailed,
    () => ["Password reset"],
  );

export const useDeleteUser = () =>
  useUserMutation(
    (user: AdminUser) => api(`/api/admin/users/${enc(user.id)}`, { method: "PATCH", body: { role: "delete" } }),
    messages.users.deleteFailed,
    (u) => ["User deleted", `${u.username} can no longer sign in.`],
  );
