import { AddUserBody } from "@schema/auth.ts";
import { useState } from "react";
import * as v from "valibot";
import { formProps, useAppForm, validateWith } from "@/lib/form.tsx";
import { Button } from "@/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/ui/dialog.tsx";
import { type Role, RoleSelect } from "./role-select.tsx";
import { useAddUser } from "./users-api.ts";

const AddUserForm = v.omit(AddUserBody, ["password"]);
const empty = { username: "", first_name: "", last_name: "", role: "clinician" as Role };

export function AddUserDialog({ disabled }: { disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const addUser = useAddUser();
  const form = useAppForm({
    defaultValues: empty,
    validators: { onSubmit: validateWith(AddUserForm) },
    onSubmit: async ({ value, formApi }) => {
      await addUser.mutateAsync(v.parse(AddUserForm, value)).then(
        () => {
          formApi.reset(empty);
          setOpen(false);
        },
        () => {},
      );
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) form.reset(empty);
      }}
    >
      <DialogTrigger asChild>
        <Button disabled={disabled}>Add User</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add User</DialogTitle>
          <DialogDescription>
            The initial password is the user's email address. They must change it the first time they sign in.
          </DialogDescription>
        </DialogHeader>
        <form {...formProps(form)} className="grid gap-4">
          <form.AppField name="username">
            {(f) => <f.TextField label="Email" type="email" autoComplete="off" />}
          </form.AppField>
          <form.AppField name="first_name">{(f) => <f.TextField label="First name" />}</form.AppField>
          <form.AppField name="last_name">{(f) => <f.TextField label="Last name" />}</form.AppField>
          <form.Field name="role">{(f) => <RoleSelect value={f.state.value} onChange={f.handleChange} />}</form.Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <form.AppForm>
              <form.SubmitButton pendingLabel="Adding...">Add User</form.SubmitButton>
            </form.AppForm>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
