import { AddUserBody } from "@schema/auth.ts";
import { useState } from "react";
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
  DialogTrigger,
} from "@/ui/dialog.tsx";
import { formProps, useAppForm, validateWith } from "@/ui/form.tsx";
import { ROLE_OPTIONS, type Role } from "./roles.ts";
import { type UserWithPassword, useAddUser } from "./users-api.ts";

const AddUserForm = v.omit(AddUserBody, ["password"]);
const empty = { username: "", first_name: "", last_name: "", role: "clinician" as Role };

export function AddUserDialog({
  disabled,
  onCreated,
}: {
  disabled?: boolean;
  /** Receives the new account with its one-time password, to show once. */
  onCreated: (user: UserWithPassword) => void;
}) {
  const [open, setOpen] = useState(false);
  const addUser = useAddUser();
  const form = useAppForm({
    defaultValues: empty,
    validators: { onSubmit: validateWith(AddUserForm) },
    onSubmit: async ({ value, formApi }) => {
      await addUser.mutateAsync(v.parse(AddUserForm, value)).then(
        (created) => {
          formApi.reset(empty);
          setOpen(false);
          onCreated(created);
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
            You will see the user's one-time password once, to give to them (it is also e-mailed when e-mail is set up).
            It expires after 24 hours and must be changed the first time they sign in.
          </DialogDescription>
        </DialogHeader>
        <form {...formProps(form)} className="grid gap-4">
          <form.AppField name="username">
            {(f) => <f.TextField label="Email" type="email" autoComplete="off" />}
          </form.AppField>
          <form.AppField name="first_name">{(f) => <f.TextField label="First name" />}</form.AppField>
          <form.AppField name="last_name">{(f) => <f.TextField label="Last name" />}</form.AppField>
          <form.AppField name="role">{(f) => <f.SelectField label="Role" options={ROLE_OPTIONS} />}</form.AppField>
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
