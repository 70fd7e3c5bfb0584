import { messages } from "@schema/messages.ts";
import { RefreshCwIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { errorMessage } from "@/lib/api.ts";
import { cn } from "@/lib/cn.ts";
import { notify } from "@/lib/notify.tsx";
import { PAGE_SIZE, pageOf } from "@/lib/paging.ts";
import { useOnline } from "@/lib/use-online.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { ConfirmDialog } from "@/ui/alert-dialog.tsx";
import { Badge } from "@/ui/badge.tsx";
import { Button } from "@/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "@/ui/card.tsx";
import { OfflineNotice } from "@/ui/offline-notice.tsx";
import { Pager } from "@/ui/pager.tsx";
import { Skeleton } from "@/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/ui/table.tsx";
import { AddUserDialog } from "./add-user-dialog.tsx";
import { EditUserDialog } from "./edit-user-dialog.tsx";
import { type IssuedPassword, OneTimePasswordDialog } from "./one-time-password-dialog.tsx";
import { ROLE_LABELS } from "./roles.ts";
import { UserActions } from "./user-actions.tsx";
import { type AdminUser, useAdminUsers, useDeleteUser, useResetPassword } from "./users-api.ts";

export default function ManageUsersPage() {
  usePageTitle("Manage Users");
  const online = useOnline();
  const { user: me } = useAuth();
  const users = useAdminUsers();
  // The server sends every account, sorted by email; one page of them is in the table.
  const [page, setPage] = useState(0);
  const shown = pageOf(users.data ?? [], page);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const resetPassword = useResetPassword();
  const deleteUser = useDeleteUser();

  useEffect(() => {
    if (users.error) notify.error(messages.users.fetchFailed, errorMessage(users.error, messages.users.fetchFailed));
  }, [users.error]);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <h1 className="text-2xl font-semibold leading-tight">Manage Users</h1>
          <CardDescription>Staff accounts: add clinicians and admins, edit them, reset passwords.</CardDescription>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => void users.refetch()} disabled={!online || users.isFetching}>
            <RefreshCwIcon className={cn(users.isFetching && "animate-spin")} aria-hidden /> Refresh
          </Button>
          <AddUserDialog disabled={!online} onCreated={(user) => setIssued({ reason: "created", user })} />
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!online && (
          <OfflineNotice>Managing users needs a connection. Reconnect to see and change accounts.</OfflineNotice>
        )}
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Email</TableHead>
              <TableHead>Name</TableHead>
              <TableHead>Role</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.isPending ? (
              [0, 1, 2].map((i) => (
                <TableRow key={i}>
                  <TableCell colSpan={4}>
                    <Skeleton className="h-8 w-full" />
                  </TableCell>
                </TableRow>
              ))
            ) : !users.data?.length ? (
              <TableRow>
                <TableCell colSpan={4} className="py-10 text-center text-muted-foreground">
                  {messages.users.empty}
                </TableCell>
              </TableRow>
            ) : (
              shown.rows.map((u) => (
                <TableRow key={u.id}>
                  <TableCell className="font-medium">{u.username}</TableCell>
                  <TableCell>{[u.first_name, u.last_name].filter(Boolean).join(" ")}</TableCell>
                  <TableCell>
                    <Badge variant={u.role === "admin" ? "default" : "secondary"}>{ROLE_LABELS[u.role]}</Badge>
                    {u.must_change_password && (
                      <Badge variant="warning" className="ml-2">
                        Must change password
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell>
                    <UserActions
                      user={u}
                      isMe={u.id === me?.id}
                      online={online}
                      onEdit={setEditing}
                      onReset={setResetting}
                      onDelete={setDeleting}
                    />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
        {shown.total > PAGE_SIZE && (
          <Pager label="User pages" page={shown.page} pageSize={PAGE_SIZE} total={shown.total} onPage={setPage} />
        )}
      </CardContent>
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <OneTimePasswordDialog issued={issued} onClose={() => setIssued(null)} />
      <ConfirmDialog
        open={resetting !== null}
        onOpenChange={(o) => !o && setResetting(null)}
        title="Reset password?"
        description={`${resetting?.username} gets a new one-time password, shown to you once, and is signed out everywhere. Their current password stops working; they choose a new one at their next sign-in.`}
        confirmLabel="Reset Password"
        onConfirm={() =>
          resetting && resetPassword.mutate(resetting, { onSuccess: (user) => setIssued({ reason: "reset", user }) })
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete user?"
        description={`${deleting?.username} will no longer be able to sign in.`}
        confirmLabel="Delete"
        onConfirm={() => deleting && deleteUser.mutate(deleting)}
      />
    </Card>
  );
}
