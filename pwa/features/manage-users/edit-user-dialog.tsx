import { EditUserBody } from "@schema/auth.ts";
import * as v from "valibot";
import { Button } from "@/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/ui/dialog.tsx";
import { formProps, useAppForm, validateWith } from "@/ui/form.tsx";
import { ROLE_OPTIONS } from "./roles.ts";
import { type AdminUser, useEditUser } from "./users-api.ts";

export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>{user && <EditUserForm key={user.id} user={user} onClose={onClose} />}</DialogContent>
    </Dialog>
  );
}

function EditUserForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const editUser = useEditUser();
  const form = useAppForm({
    defaultValues: { first_name: user.first_name ?? "", last_name: user.last_name ?? "", role: user.role },
    validators: { onSubmit: validateWith(EditUserBody) },
    onSubmit: async ({ value }) => {
      await editUser.mutateAsync({ id: user.id, ...v.parse(EditUserBody, value) }).then(onClose, () => {});
    },
  });
  return (
    <>
      <DialogHeader>
        <DialogTitle>Edit User</DialogTitle>
        <DialogDescription>{user.username}</DialogDescription>
      </DialogHeader>
      <form {...formProps(form)} className="grid gap-4">
        <form.AppField name="first_name">{(f) => <f.TextField label="First name" />}</form.AppField>
        <form.AppField name="last_name">{(f) => <f.TextField label="Last name" />}</form.AppField>
        <form.AppField name="role">{(f) => <f.SelectField label="Role" options={ROLE_OPTIONS} />}</form.AppField>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <form.AppForm>
            <form.SubmitButton pendingLabel="Saving...">Save Changes</form.SubmitButton>
          </form.AppForm>
        </DialogFooter>
      </form>
    </>
  );
}
