import { AgentKeyCreate } from "@schema/conversation.ts";
import { useState } from "react";
import * as v from "valibot";
import { Button } from "@/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogDoneFooter,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/ui/dialog.tsx";
import { formProps, useAppForm, validateWith } from "@/ui/form.tsx";
import { SecretShownOnce } from "@/ui/secret-shown-once.tsx";
import { type CreatedAgentKey, useCreateAgentKey } from "./agent-keys-api.ts";

/** Name a key, then see it once: the server stores only its hash. */
export function CreateKeyDialog({ disabled }: { disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedAgentKey | null>(null);
  const createKey = useCreateAgentKey();
  const form = useAppForm({
    defaultValues: { name: "" },
    validators: { onSubmit: validateWith(AgentKeyCreate) },
    onSubmit: async ({ value }) => {
      await createKey.mutateAsync(v.parse(AgentKeyCreate, value).name).then(setCreated, () => {});
    },
  });

  const onOpenChange = (o: boolean) => {
    setOpen(o);
    if (!o) {
      setCreated(null);
      form.reset({ name: "" });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button disabled={disabled}>Create Key</Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        {created ? (
          <ShowKeyOnce created={created} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Create Agent Key</DialogTitle>
              <DialogDescription>
                The AI agent sends this key as a bearer token to post messages and summaries and to read its prompt.
              </DialogDescription>
            </DialogHeader>
            <form {...formProps(form)} className="grid gap-4">
              <form.AppField name="name">
                {(f) => <f.TextField label="Name" placeholder="e.g. Voice agent (production)" />}
              </form.AppField>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <form.AppForm>
                  <form.SubmitButton pendingLabel="Creating...">Create Key</form.SubmitButton>
                </form.AppForm>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ShowKeyOnce({ created }: { created: CreatedAgentKey }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Agent key created</DialogTitle>
        <DialogDescription>Key "{created.name}"</DialogDescription>
      </DialogHeader>
      <SecretShownOnce
        label="Agent key"
        secret={created.key}
        warning="Copy this key now. It will not be shown again; if it is lost, revoke it and create a new one."
      />
      <DialogDoneFooter />
    </>
  );
}
